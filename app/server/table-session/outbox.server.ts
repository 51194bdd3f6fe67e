import { and, eq, isNull, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client.server'
import { billAdjustments, billItems, menuItems, payments, refunds, tables, tableSessions } from '../db/schema.server'
import type { BillHeader, BillStore } from './bill-store.server'
import type { OutboxEntry } from './outbox-store.server'

/** Entries per delivery: each is one to five statements, well within what one D1 batch may carry. */
const BATCH_ENTRIES = 50

/** One statement of a delivery, as drizzle batches it into D1. */
export type LedgerStatement = BatchItem<'sqlite'>

const D1_NOW = sql`CAST(unixepoch('subsec') * 1000 AS INTEGER)`

/** An upsert's incoming value of `column`. */
const excluded = (column: AnySQLiteColumn) => sql.raw(`excluded."${column.name}"`)

/** A bill's row in the ledger, unless it is there already. */
const billRow = (db: Db, sessionId: string, tableId: string, openedAt: number) =>
  db
    .insert(tableSessions)
    .values({ id: sessionId, tableId, openedAt })
    .onConflictDoNothing({ target: tableSessions.id })

/**
 * The statements that give D1's ledger one outbox entry. Each is idempotent
 * on the record's id (an upsert, or an insert that ignores a copy it has), so
 * an entry delivered twice (the object stopped after D1 answered and before
 * it dropped the entry) leaves the ledger as once.
 */
function ledgerStatements(db: Db, entry: OutboxEntry): LedgerStatement[] {
  switch (entry.kind) {
    case 'line': {
      const line = entry.body
      return [
        db
          .insert(billItems)
          .values({
            ...line,
            // A menu item deleted since the order leaves the line without its link, as D1's own cascade would.
            menuItemId: sql`(SELECT ${menuItems.id} FROM ${menuItems} WHERE ${menuItems.id} = ${line.menuItemId})`,
          })
          .onConflictDoUpdate({
            target: billItems.id,
            set: {
              quantity: excluded(billItems.quantity),
              priceCents: excluded(billItems.priceCents),
              paidQuantity: excluded(billItems.paidQuantity),
              paidBy: excluded(billItems.paidBy),
              comped: excluded(billItems.comped),
            },
          }),
      ]
    }
    case 'payment':
      return [
        db
          .insert(payments)
          // delivered_at by D1's own clock: when the ledger received it.
          .values({ ...entry.body, deliveredAt: D1_NOW })
          .onConflictDoNothing({ target: payments.id }),
      ]
    case 'line-removed':
      // Every unit voided: the line leaves the bill, and its void (delivered next) keeps what it was.
      return [db.delete(billItems).where(eq(billItems.id, entry.body.id))]
    case 'adjustment':
      return [db.insert(billAdjustments).values(entry.body).onConflictDoNothing({ target: billAdjustments.id })]
    case 'refund':
      return [db.insert(refunds).values(entry.body).onConflictDoNothing({ target: refunds.id })]
    case 'close': {
      const { sessionId, tableId, closedAt, nextSessionId, settlement } = entry.body
      return [
        db
          .update(tableSessions)
          .set({
            closedAt,
            unpaidCents: settlement?.unpaidCents ?? 0,
            unpaidReason: settlement?.reason ?? null,
            closedBy: settlement?.staff ?? null,
          })
          .where(eq(tableSessions.id, sessionId)),
        billRow(db, nextSessionId, tableId, closedAt),
        // Only if the table still names this bill as open: a later close already moved it on.
        db
          .update(tables)
          .set({ sessionId: nextSessionId })
          .where(and(eq(tables.id, tableId), eq(tables.sessionId, sessionId))),
      ]
    }
    case 'archive': {
      const { sessionId, tableId, closedAt } = entry.body
      return [
        db.update(tableSessions).set({ closedAt }).where(eq(tableSessions.id, sessionId)),
        // Delivered twice, the table keeps the time it was first archived at.
        db
          .update(tables)
          .set({ archivedAt: closedAt, isActive: false })
          .where(and(eq(tables.id, tableId), isNull(tables.archivedAt))),
      ]
    }
    case 'reset': {
      const { sessionId, tableId, openedAt } = entry.body
      return [
        db.delete(refunds).where(eq(refunds.sessionId, sessionId)),
        db.delete(payments).where(eq(payments.sessionId, sessionId)),
        db.delete(billAdjustments).where(eq(billAdjustments.sessionId, sessionId)),
        db.delete(billItems).where(eq(billItems.sessionId, sessionId)),
        db
          .insert(tableSessions)
          .values({ id: sessionId, tableId, openedAt })
          .onConflictDoUpdate({
            target: tableSessions.id,
            set: {
              openedAt: excluded(tableSessions.openedAt),
              closedAt: null,
              unpaidCents: 0,
              unpaidReason: null,
              closedBy: null,
            },
          }),
      ]
    }
  }
}

/** One table's entries for the ledger, oldest first, and its bill (whose row the first delivery makes sure of). */
export interface LedgerDelivery {
  bill: { sessionId: string; tableId: string; openedAt: number }
  withBillRow: boolean
  entries: OutboxEntry[]
}

/** The D1 statements that give the ledger a delivery, in its order. */
export function deliveryStatements(db: Db, { bill, withBillRow, entries }: LedgerDelivery): LedgerStatement[] {
  const statements = entries.flatMap((entry) => ledgerStatements(db, entry))
  // The bill's records refer to its row, and a bill opened by a close may reach D1 before that close does.
  if (withBillRow) statements.unshift(billRow(db, bill.sessionId, bill.tableId, bill.openedAt))
  return statements
}

/** Where a table's object sends its outbox: the restaurant's hub, which writes it to D1 (see LedgerBatches). */
export interface Ledger {
  record(delivery: LedgerDelivery): Promise<void>
}

/**
 * Sends the outbox to the ledger in commit order, a delivery at a time,
 * until it is empty; each delivery is dropped from the outbox only once D1
 * has all of it. Throws on the first delivery that fails, leaving it and
 * everything after it for the next try.
 */
export async function deliverOutbox(
  ledger: Ledger,
  store: BillStore,
  header: BillHeader,
  { billRowKnown }: { billRowKnown: boolean },
): Promise<void> {
  let withBillRow = !billRowKnown
  for (;;) {
    const batch = store.outbox.pending(BATCH_ENTRIES)
    const last = batch.at(-1)
    if (!last) return
    await ledger.record({
      bill: { sessionId: header.sessionId, tableId: header.tableId, openedAt: header.openedAt },
      withBillRow,
      entries: batch.map((pending) => pending.entry),
    })
    withBillRow = false
    store.transaction(() => store.outbox.delivered(last.seq))
  }
}
