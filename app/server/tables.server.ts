import { and, asc, eq, sql } from 'drizzle-orm'
import type { CreateTableInput, UpdateTableInput } from '~/domain/schemas/tables'
import { getDb, type Db } from './db/client.server'
import { tables, tableSessions } from './db/schema.server'
import { drawTableCode, withCodes, withFreshCodes, type DrawCode } from './table-codes.server'
import { billsChanged, newSessionId, tableSessionStub } from './table-session.server'

export type StaffTable = Awaited<ReturnType<typeof listTables>>[number]

const columns = {
  id: tables.id,
  userId: tables.userId,
  tableNumber: tables.tableNumber,
  tableName: tables.tableName,
  capacity: tables.capacity,
  isActive: tables.isActive,
  sessionId: tables.sessionId,
  shortCode: tables.shortCode,
  createdAt: tables.createdAt,
}

// Correlated on the table's current bill; written out with the table named, as drizzle would leave "session_id" ambiguous here.
const openCents = sql<number>`(SELECT coalesce(sum(bi.price_cents), 0) FROM bill_items bi WHERE bi.session_id = "tables"."session_id")`
const paidCents = sql<number>`(SELECT coalesce(sum(p.amount_cents), 0) FROM payments p WHERE p.session_id = "tables"."session_id")`
const lastActivity = sql<number>`max(
  (SELECT coalesce(max(bi.created_at), 0) FROM bill_items bi WHERE bi.session_id = "tables"."session_id"),
  (SELECT coalesce(max(p.created_at), 0) FROM payments p WHERE p.session_id = "tables"."session_id"),
  (SELECT coalesce(max(ts.opened_at), 0) FROM table_sessions ts WHERE ts.id = "tables"."session_id"))`

/**
 * The owner's active tables (inactive ones are never listed), in the order
 * they were made, each with its short code (`K7MQ-4XPD`), its open bill's
 * total, what is paid and when it last changed.
 */
export async function listTables(db: Db, userId: string) {
  const rows = await db
    .select({ ...columns, totalCents: openCents, paidCents, lastActivityAt: lastActivity })
    .from(tables)
    .where(and(eq(tables.userId, userId), eq(tables.isActive, true)))
    .orderBy(asc(tables.createdAt), asc(tables.tableNumber))
  return withCodes(db, rows)
}

/** One of the owner's tables with its short code; null for another owner's or an unknown id (answered as 404). */
export async function findOwnTable(db: Db, userId: string, tableId: string) {
  const rows = await db
    .select(columns)
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.userId, userId)))
    .limit(1)
  const [row] = await withCodes(db, rows)
  return row ?? null
}

/**
 * A new active table with an unguessable session id (what its QR code
 * opens), a short code no other table has (drawn again if it was taken) and
 * an open bill.
 */
export async function createTable(db: Db, userId: string, input: CreateTableInput, draw: DrawCode = drawTableCode) {
  const id = crypto.randomUUID()
  const sessionId = newSessionId()
  try {
    await withFreshCodes(
      (next) =>
        db.batch([
          db.insert(tables).values({ id, userId, tableNumber: input.tableNumber, tableName: input.tableName, capacity: input.capacity, isActive: true, sessionId, shortCode: next() }),
          db.insert(tableSessions).values({ id: sessionId, tableId: id }),
        ]),
      draw,
    )
  } catch (error) {
    if (String(error).includes('tables.user_id, tables.table_number')) return null
    throw error
  }
  return findOwnTable(db, userId, id)
}

export async function updateTable(env: Env, userId: string, tableId: string, input: UpdateTableInput) {
  const db = getDb(env.DB)
  const [row] = await db
    .update(tables)
    .set({ tableName: input.tableName, capacity: input.capacity })
    .where(and(eq(tables.id, tableId), eq(tables.userId, userId)))
    .returning({ sessionId: tables.sessionId })
  if (!row) return null
  await billsChanged(env, [row.sessionId])
  return findOwnTable(db, userId, tableId)
}

/** Deletes the table with its bills and payments (database cascades); false when it is not the owner's. */
export async function deleteTable(env: Env, userId: string, tableId: string): Promise<boolean> {
  const db = getDb(env.DB)
  const [own] = await db.select({ sessionId: tables.sessionId }).from(tables).where(and(eq(tables.id, tableId), eq(tables.userId, userId))).limit(1)
  if (!own) return false
  // The open bill stops taking writes and gives D1 what it committed first, so the delete takes all of it.
  await tableSessionStub(env, own.sessionId).retire()
  const deleted = await db
    .delete(tables)
    .where(and(eq(tables.id, tableId), eq(tables.userId, userId)))
    .returning({ sessionId: tables.sessionId })
  await billsChanged(env, deleted.map((row) => row.sessionId))
  return deleted.length > 0
}
