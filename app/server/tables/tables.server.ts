import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { CreateTableInput, UpdateTableInput } from '~/domain/schemas/tables'
import type { TranslationKey } from '~/locales/translate'
import { ledgerSumsColumns, ledgerTotals } from '../bills/bill-reads.server'
import type { Db } from '../db/client.server'
import { ledgerOf, type Ledger } from '../books/ledger.server'
import { tables, tableSessions } from '../db/schema.server'
import { drawTableCode, withCodes, withFreshCodes, type DrawCode } from './table-codes.server'
import { billsChanged, newSessionId, tableSessionStub } from '../table-session/stub.server'
import type { FailureCode, WriteResult } from '../table-session/write-failures.server'

export type StaffTable = Awaited<ReturnType<typeof listTables>>[number]

const columns = {
  id: tables.id,
  restaurantId: tables.restaurantId,
  tableNumber: tables.tableNumber,
  tableName: tables.tableName,
  capacity: tables.capacity,
  isActive: tables.isActive,
  sessionId: tables.sessionId,
  shortCode: tables.shortCode,
  createdAt: tables.createdAt,
}

// Correlated on the table's current bill; written out with the table named, as drizzle would leave "session_id" ambiguous here.
const lastActivity = sql<number>`max(
  (SELECT coalesce(max(bi.created_at), 0) FROM bill_items bi WHERE bi.session_id = "tables"."session_id"),
  (SELECT coalesce(max(p.created_at), 0) FROM payments p WHERE p.session_id = "tables"."session_id"),
  (SELECT coalesce(max(r.created_at), 0) FROM refunds r WHERE r.session_id = "tables"."session_id"),
  (SELECT coalesce(max(a.created_at), 0) FROM bill_adjustments a WHERE a.session_id = "tables"."session_id"),
  (SELECT coalesce(max(ts.opened_at), 0) FROM table_sessions ts WHERE ts.id = "tables"."session_id"))`

// The current bill's kitchen tickets by where they are, and whether a diner's call waits (the alert of an unanswered call).
const ticketsAt = (steps: string) =>
  sql<number>`(SELECT count(*) FROM kitchen_tickets k WHERE k.session_id = "tables"."session_id" AND k.step IN (${sql.raw(steps)}))`
const calling = sql<number>`EXISTS (SELECT 1 FROM alerts al WHERE al.session_id = "tables"."session_id" AND al.kind = 'call' AND al.resolved_at IS NULL)`

// When a diner last read the current bill while nothing was on it.
const browsedAt = sql<number | null>`(SELECT ts.browsed_at FROM table_sessions ts WHERE ts.id = "tables"."session_id")`

// When the current bill's first order came: about when its party sat down (seatedAt in domain/floor.ts, in SQL).
const seatedAt = sql<
  number | null
>`(SELECT min(bi.created_at) FROM bill_items bi WHERE bi.session_id = "tables"."session_id")`

/**
 * The owner's active tables (inactive and archived ones are never listed),
 * in the order they were made, each with its short code (`K7MQ-4XPD`), its
 * open bill's figures (billTotals, in cents) and when it last changed.
 */
export async function listTables({ db, restaurantId }: Ledger) {
  const rows = await db
    .select({
      ...columns,
      ...ledgerSumsColumns(sql`"tables"."session_id"`),
      lastActivityAt: lastActivity,
      seatedAt,
      cookingTickets: ticketsAt("'new', 'preparing'"),
      readyTickets: ticketsAt("'ready'"),
      calling,
      browsedAt,
    })
    .from(tables)
    .where(and(eq(tables.restaurantId, restaurantId), eq(tables.isActive, true)))
    .orderBy(asc(tables.createdAt), asc(tables.tableNumber))
  return (await withCodes(db, rows)).map(({ totalCents, paymentsCents, refundedCents, calling, ...table }) => {
    const totals = ledgerTotals({ totalCents, paymentsCents, refundedCents })
    return {
      ...table,
      totalCents: totals.total,
      paidCents: totals.paid,
      refundedCents: totals.refunded,
      remainingCents: totals.remaining,
      calling: Boolean(calling),
    }
  })
}

/** The owner's table `tableId`, unless it is archived; a condition for queries. */
const ownTable = (restaurantId: string, tableId: string) =>
  and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt))

/** One of the owner's tables in use, with its short code; null for an archived one, another owner's or an unknown id (answered as 404). */
export async function findOwnTable(db: Db, restaurantId: string, tableId: string) {
  const rows = await db.select(columns).from(tables).where(ownTable(restaurantId, tableId)).limit(1)
  const [row] = await withCodes(db, rows)
  return row ?? null
}

/**
 * A new active table with an unguessable session id (what its QR code
 * opens), a short code no other table has (drawn again if it was taken) and
 * an open bill.
 */
export async function createTable(
  { db, restaurantId }: Ledger,
  input: CreateTableInput,
  draw: DrawCode = drawTableCode,
) {
  const id = crypto.randomUUID()
  const sessionId = newSessionId()
  try {
    await withFreshCodes(
      (next) =>
        db.batch([
          db.insert(tables).values({
            id,
            restaurantId,
            tableNumber: input.tableNumber,
            tableName: input.tableName,
            capacity: input.capacity,
            isActive: true,
            sessionId,
            shortCode: next(),
          }),
          db.insert(tableSessions).values({ id: sessionId, tableId: id }),
        ]),
      draw,
    )
  } catch (error) {
    if (String(error).includes('tables.restaurant_id, tables.table_number')) return null
    throw error
  }
  return findOwnTable(db, restaurantId, id)
}

export async function updateTable(env: Env, restaurantId: string, tableId: string, input: UpdateTableInput) {
  const { db } = ledgerOf(env, restaurantId)
  const [row] = await db
    .update(tables)
    .set({ tableName: input.tableName, capacity: input.capacity })
    .where(ownTable(restaurantId, tableId))
    .returning({ sessionId: tables.sessionId })
  if (!row) return null
  await billsChanged(env, [row.sessionId])
  return findOwnTable(db, restaurantId, tableId)
}

/**
 * Takes the table out of use; it is never deleted, so its bills and
 * payments stay in the books. Its open bill's object decides, in the bill's
 * turn: a bill with nothing left to pay and nobody paying is closed as the
 * table's last, and the ledger marks the table archived with that close;
 * otherwise nothing changes and the answer says why. Null when the table is
 * not the owner's (or already archived).
 */
export async function archiveTable(
  env: Env,
  restaurantId: string,
  tableId: string,
): Promise<WriteResult<object> | null> {
  const [own] = await ledgerOf(env, restaurantId)
    .db.select({ sessionId: tables.sessionId })
    .from(tables)
    .where(ownTable(restaurantId, tableId))
    .limit(1)
  if (!own) return null
  return tableSessionStub(env, own.sessionId).archive(own.sessionId, tableId)
}

/** Why a table was not archived, as staff are told it (a translation key). */
export function archiveRefusalKey(code: FailureCode): TranslationKey {
  if (code === 'OPEN_BALANCE') return 'admin.tables.archiveOpenBalance'
  if (code === 'BEING_PAID') return 'admin.tables.archiveBeingPaid'
  if (code === 'LEDGER_UNAVAILABLE') return 'admin.tables.archiveLater'
  return 'admin.errors.notFound'
}
