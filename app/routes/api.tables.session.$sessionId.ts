import { tableCodeInPath } from '~/domain/table-code'
import { BILL_SESSION_HEADER } from '~/server/bills/read-cache.server'
import { toWireSession } from '~/server/bills/bill-reads.server'
import type { BillView } from '~/server/table-session/bill-view.server'
import { missedLookup, readApiBill } from '~/server/bills/diner-bill.server'
import { apiError, json } from '~/server/http/api.server'
import { publicApi } from '~/server/http/resource-routes.server'
import { tooManyResponse } from '~/server/http/rate-limit.server'
import { lookupTableCode } from '~/server/tables/table-codes.server'
import { tableArchived } from '~/server/table-session/write-failures.server'

const billAnswer = (bill: BillView) => json(toWireSession(bill), { headers: { [BILL_SESSION_HEADER]: bill.sessionId } })

/** A table the restaurant archived: its codes are real, so this is said apart from an unknown one (see tableGone). */
const archivedAnswer = () => apiError('TABLE_ARCHIVED', tableArchived().message)

/**
 * GET /api/tables/session/{sessionId}: the table's bill with its totals; a
 * closed bill's id answers the table's current one. The table's short code
 * (`K7MQ-4XPD`, in any case, with or without the dash) answers its current
 * bill too, under the short codes' own limit (lookupTableCode). Either kind
 * of code of an archived table answers 410.
 */
export const loader = publicApi({
  GET: async ({ params, context, request }) => {
    const env = context.cloudflare.env
    const asked = params.sessionId ?? ''
    const code = tableCodeInPath(asked)
    if (code) {
      const found = await lookupTableCode(env, code, context.clientAddress)
      if (found.found) {
        const bill = await readApiBill(env, found.sessionId)
        if (bill === 'archived') return archivedAnswer()
        return bill ? billAnswer(bill) : apiError('NOT_FOUND', 'Table not found.')
      }
      if (found.archived) return archivedAnswer()
      return found.limit ? tooManyResponse(request, found.limit) : apiError('NOT_FOUND', 'Table not found.')
    }
    const bill = await readApiBill(env, asked)
    if (bill === 'archived') return archivedAnswer()
    if (bill) return billAnswer(bill)
    const limit = await missedLookup(env, context.clientAddress)
    return limit ? tooManyResponse(request, limit) : apiError('NOT_FOUND', 'Table not found.')
  },
})

export const action = loader
