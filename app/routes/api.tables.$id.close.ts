import { demand, type ApiAccess } from '~/server/auth/guard.server'
import { closeBillSchema } from '~/domain/schemas/books'
import { signatureOf } from '~/domain/signature'
import { settleAndClose } from '~/server/bills/bill-writes.server'
import { ApiError, json } from '~/server/http/api.server'
import { staffApi, withBody } from '~/server/http/resource-routes.server'
import { findOwnTable } from '~/server/tables/tables.server'

export const access = { POST: 'bills.close' } satisfies ApiAccess

/**
 * POST /api/tables/{id}/close { sessionId, settledBy?, settledAmount?,
 * transactionId?, unpaidReason? }: closes the table's open bill, signed by
 * the member signed in, and opens a fresh one under a new session id;
 * answers the table as it is now. A bill with something unpaid closes only
 * with the reason it is left so (409 UNPAID otherwise).
 */
const close = staffApi(access, {
  POST: withBody(closeBillSchema, async ({ params, env, db, restaurant, person, role, t, body, request }) => {
    if (body.settledBy === 'unpaid' || body.unpaidReason) await demand({ role }, request, 'api', 'bills.close-unpaid')
    const table = await findOwnTable(db, restaurant.id, params.id ?? '')
    if (!table) throw new ApiError('NOT_FOUND', t('admin.errors.notFound'))
    const result = await settleAndClose(env, table.id, body, signatureOf(person))
    if (!result.ok)
      throw new ApiError(
        result.code,
        result.code === 'CLOSED'
          ? t('admin.details.alreadyClosed')
          : result.code === 'LEDGER_UNAVAILABLE'
            ? t('admin.details.closeLater')
            : result.message,
      )
    // The new bill is the table's open bill from now on, whether or not D1 has heard of it yet.
    return json({ ...table, sessionId: result.sessionId })
  }),
})

export const loader = close
export const action = close
