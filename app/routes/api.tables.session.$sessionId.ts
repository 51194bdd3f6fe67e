import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { readBill, toWireSession } from '~/server/bill.server'
import { getDb } from '~/server/db/client.server'
import { api, invariantApi, json } from '~/server/http.server'
import { isDemoSession, tableSessionStub } from '~/server/table-session.server'
import { isIdLike } from '~/domain/schemas/fields'

/** GET /api/tables/session/{sessionId}: the table's bill with its totals (SPEC §7). */
export const loader = api(async ({ params, context }: LoaderFunctionArgs) => {
  const sessionId = params.sessionId ?? ''
  invariantApi(isIdLike(sessionId), 404, 'Table not found.')
  const { env } = context.cloudflare
  if (isDemoSession(sessionId)) await tableSessionStub(env, sessionId).restoreDemo(sessionId)
  const bill = await readBill(getDb(env.DB), sessionId)
  invariantApi(bill, 404, 'Table not found.')
  return json(toWireSession(bill))
})
