import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { paymentRequestSchema } from '~/domain/schemas/payments'
import { getDb } from '~/server/db/client.server'
import { api, apiError, json, methodNotAllowed, readJson } from '~/server/http.server'
import { tableSessionStub } from '~/server/table-session.server'
import { resolveOpenSession } from '~/server/tables.server'

export const loader = methodNotAllowed('POST')

/**
 * POST /api/payments: records a payment through the table's TableSession
 * object, which decides what the request may pay. A retry with the same
 * transactionId answers the first result (200) and records nothing.
 */
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST')()
  const { env } = context.cloudflare
  const body = await readJson(request, paymentRequestSchema)
  const sessionId = await resolveOpenSession(getDb(env.DB), body.tableId, body.sessionId)
  const result = await tableSessionStub(env, sessionId).pay(sessionId, body)
  if (!result.ok) return apiError(result.status, result.message)
  return json({ payment: result.payment, replayed: result.replayed }, result.replayed ? 200 : 201)
})
