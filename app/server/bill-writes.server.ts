import { eq } from 'drizzle-orm'
import type { AddItemsRequest } from '~/domain/schemas/items'
import type { PaymentRequest } from '~/domain/schemas/payments'
import { getDb } from './db/client.server'
import { tables } from './db/schema'
import { tableSessionStub } from './table-session.server'
import { billClosed, tableNotFound, type WriteFailure } from './write-result'

/** The open bill a write goes to: the table's current session, unless the writer named one closed since. */
async function openSession(env: Env, tableId: string, sessionId: string | undefined): Promise<string | WriteFailure> {
  const [table] = await getDb(env.DB)
    .select({ sessionId: tables.sessionId, isActive: tables.isActive })
    .from(tables)
    .where(eq(tables.id, tableId))
    .limit(1)
  if (!table || !table.isActive) return tableNotFound()
  if (sessionId && sessionId !== table.sessionId) return billClosed()
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

/** Closes the table's open bill, if it is still `sessionId`, and opens the next one; answers the new session id. */
export async function closeBill(env: Env, tableId: string, sessionId: string) {
  const open = await openSession(env, tableId, sessionId)
  if (typeof open !== 'string') return open
  return tableSessionStub(env, open).close(open, tableId)
}
