import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { paymentRequestSchema } from '~/domain/schemas/payments'
import { recordPayment } from '~/server/bills/bill-writes.server'
import { api, json, methodNotAllowed, readJson } from '~/server/http/api.server'
import { apiFailure } from '~/server/bills/write-result.server'

export const loader = methodNotAllowed('POST')

/**
 * POST /api/payments: records a payment through the table's TableSession
 * object, which decides what the request may pay. A retry with the same
 * transactionId answers the first result (200) and records nothing.
 */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const body = await readJson(request, paymentRequestSchema)
  const result = await recordPayment(context.cloudflare.env, body, context.clientAddress)
  if (!result.ok) return apiFailure(request, result)
  return json({ payment: result.payment, replayed: result.replayed }, result.replayed ? 200 : 201)
})
