import { eq } from 'drizzle-orm'
import type { AddItemsRequest } from '~/domain/schemas/items'
import type { PaymentRequest } from '~/domain/schemas/payments'
import type { WriteFailure } from '../../workers/table-session'
import { getDb } from './db/client.server'
import { tables } from './db/schema'
import { tableSessionStub } from './table-session.server'

/**
 * The open bill a diner's write goes to: the table's current session. A
 * diner still looking at a bill the restaurant has since closed is told so
 * instead of writing onto the next party's bill.
 */
async function openSession(env: Env, tableId: string, sessionId: string | undefined): Promise<string | WriteFailure> {
  const [table] = await getDb(env.DB)
    .select({ sessionId: tables.sessionId, isActive: tables.isActive })
    .from(tables)
    .where(eq(tables.id, tableId))
    .limit(1)
  if (!table || !table.isActive) return { ok: false, status: 404, code: 'NOT_FOUND', message: 'Table not found.' }
  if (sessionId && sessionId !== table.sessionId) {
    return { ok: false, status: 409, code: 'CLOSED', message: 'This bill has been closed. Scan the table code again to see the current one.' }
  }
  return table.sessionId
}

/** Records a payment through the TableSession object of the table's open bill. */
export async function recordPayment(env: Env, request: PaymentRequest) {
  const sessionId = await openSession(env, request.tableId, request.sessionId)
  if (typeof sessionId !== 'string') return sessionId
  return tableSessionStub(env, sessionId).pay(sessionId, request)
}

/** Puts an order's lines on the table's open bill, all or nothing. */
export async function addOrder(env: Env, request: AddItemsRequest) {
  const sessionId = await openSession(env, request.tableId, request.sessionId)
  if (typeof sessionId !== 'string') return sessionId
  return tableSessionStub(env, sessionId).addItems(sessionId, request)
}
