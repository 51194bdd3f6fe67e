import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { BILL_SESSION_HEADER } from '~/server/bill-read-cache.server'
import { toWireSession } from '~/server/bill.server'
import { missedLookup, readApiBill } from '~/server/customer.server'
import { api, apiError, json, methodNotAllowed } from '~/server/http.server'
import { tooManyResponse } from '~/server/rate-limit.server'

/** GET /api/tables/session/{sessionId}: the table's bill with its totals; a closed bill's id answers the table's current one. */
export const loader = api(async ({ params, context, request }: LoaderFunctionArgs) => {
  const bill = await readApiBill(context.cloudflare.env, params.sessionId ?? '')
  if (!bill) {
    const limit = await missedLookup(context.cloudflare.env, context.clientAddress)
    return limit ? tooManyResponse(request, limit) : apiError(404, 'Table not found.')
  }
  return json(toWireSession(bill), { headers: { [BILL_SESSION_HEADER]: bill.sessionId } })
})

export const action = methodNotAllowed('GET')
