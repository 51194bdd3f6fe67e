import type { AddItemsRequest } from '~/domain/schemas/items'
import type { PaymentRequest } from '~/domain/schemas/payments'
import type { WriteFailure } from '../../workers/table-session'
import { getDb } from './db/client.server'
import { ApiError } from './http.server'
import { tableSessionStub } from './table-session.server'
import { resolveOpenSession } from './tables.server'

async function openSessionOrFailure(env: Env, tableId: string, sessionId: string | undefined): Promise<string | WriteFailure> {
  try {
    return await resolveOpenSession(getDb(env.DB), tableId, sessionId)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { ok: false, status: error.status, code: error.status === 404 ? 'NOT_FOUND' : 'CLOSED', message: error.message }
  }
}

/** Records a payment through the TableSession object of the table's open bill. */
export async function recordPayment(env: Env, request: PaymentRequest) {
  const sessionId = await openSessionOrFailure(env, request.tableId, request.sessionId)
  if (typeof sessionId !== 'string') return sessionId
  return tableSessionStub(env, sessionId).pay(sessionId, request)
}

/** Puts an order's lines on the table's open bill, all or nothing. */
export async function addOrder(env: Env, request: AddItemsRequest) {
  const sessionId = await openSessionOrFailure(env, request.tableId, request.sessionId)
  if (typeof sessionId !== 'string') return sessionId
  return tableSessionStub(env, sessionId).addItems(sessionId, request)
}
