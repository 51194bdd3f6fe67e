import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { tableCodeInPath } from '~/domain/table-code'
import { BILL_SESSION_HEADER } from '~/server/bill-read-cache.server'
import { toWireSession, type BillView } from '~/server/bill.server'
import { missedLookup, readApiBill } from '~/server/customer.server'
import { api, apiError, json, methodNotAllowed } from '~/server/http.server'
import { tooManyResponse } from '~/server/rate-limit.server'
import { lookupTableCode } from '~/server/table-codes.server'

const billAnswer = (bill: BillView) => json(toWireSession(bill), { headers: { [BILL_SESSION_HEADER]: bill.sessionId } })

/**
 * GET /api/tables/session/{sessionId}: the table's bill with its totals; a
 * closed bill's id answers the table's current one. The table's short code
 * (`K7MQ-4XPD`, in any case, with or without the dash) answers its current
 * bill too, under the short codes' own limit (lookupTableCode).
 */
export const loader = api(async ({ params, context, request }: LoaderFunctionArgs) => {
  const env = context.cloudflare.env
  const asked = params.sessionId ?? ''
  const code = tableCodeInPath(asked)
  if (code) {
    const found = await lookupTableCode(env, code, context.clientAddress)
    if (found.found) {
      const bill = await readApiBill(env, found.sessionId)
      return bill ? billAnswer(bill) : apiError(404, 'Table not found.')
    }
    return found.limit ? tooManyResponse(request, found.limit) : apiError(404, 'Table not found.')
  }
  const bill = await readApiBill(env, asked)
  if (bill) return billAnswer(bill)
  const limit = await missedLookup(env, context.clientAddress)
  return limit ? tooManyResponse(request, limit) : apiError(404, 'Table not found.')
})

export const action = methodNotAllowed('GET')
