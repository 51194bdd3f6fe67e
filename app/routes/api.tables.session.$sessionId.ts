import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { BILL_SESSION_HEADER } from '~/server/bill-read-cache.server'
import { toWireSession } from '~/server/bill.server'
import { readApiBill } from '~/server/customer.server'
import { api, invariantApi, json, methodNotAllowed } from '~/server/http.server'

/** GET /api/tables/session/{sessionId}: the table's bill with its totals; a closed bill's id answers the table's current one. */
export const loader = api(async ({ params, context }: LoaderFunctionArgs) => {
  const bill = await readApiBill(context.cloudflare.env, params.sessionId ?? '')
  invariantApi(bill, 404, 'Table not found.')
  return json(toWireSession(bill), { headers: { [BILL_SESSION_HEADER]: bill.sessionId } })
})

export const action = methodNotAllowed('GET')
