import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { toWireSession } from '~/server/bill.server'
import { readApiBill } from '~/server/customer.server'
import { api, invariantApi, json } from '~/server/http.server'

/** GET /api/tables/session/{sessionId}: the table's bill with its totals; a closed bill's id answers the table's current one. */
export const loader = api(async ({ params, context }: LoaderFunctionArgs) => {
  const bill = await readApiBill(context.cloudflare.env, params.sessionId ?? '')
  invariantApi(bill, 404, 'Table not found.')
  return json(toWireSession(bill))
})
