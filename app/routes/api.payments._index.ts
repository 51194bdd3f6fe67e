import { paymentRequestSchema } from '~/domain/schemas/payments'
import { recordPayment } from '~/server/bills/bill-writes.server'
import { apiFailure } from '~/server/bills/write-result.server'
import { toWirePayment } from '~/server/db/wire-rows.server'
import { json } from '~/server/http/api.server'
import { publicApi, withBody } from '~/server/http/resource-routes.server'

/**
 * POST /api/payments: records a payment through the table's TableSession
 * object, which decides what the request may pay. A retry with the same
 * transactionId answers the first result (200) and records nothing.
 */
export const action = publicApi({
  POST: withBody(paymentRequestSchema, async ({ request, context, env, body }) => {
    const result = await recordPayment(env, body, context.clientAddress)
    if (!result.ok) return apiFailure(request, result)
    return json({ payment: toWirePayment(result.payment), replayed: result.replayed }, result.replayed ? 200 : 201)
  }),
})

export const loader = action
