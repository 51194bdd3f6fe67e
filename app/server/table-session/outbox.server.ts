import {
  LINE_FIELDS,
  lineValues,
  PAYMENT_FIELDS,
  paymentValues,
  placeholders,
  type BillHeader,
  type BillStore,
  type OutboxEntry,
} from './bill-store.server'

/** Entries per delivery: each is one to five statements, well within what one D1 batch may carry. */
const BATCH_ENTRIES = 50

const D1_NOW = "CAST(unixepoch('subsec') * 1000 AS INTEGER)"

/** A bill's row in the ledger, unless it is there already. */
const billRow = (db: D1Database, sessionId: string, tableId: string, openedAt: number) =>
  db
    .prepare('INSERT INTO table_sessions (id, table_id, opened_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING')
    .bind(sessionId, tableId, openedAt)

/**
 * The statements that give D1's ledger one outbox entry. Each is idempotent
 * on the record's id (an upsert, or an insert that ignores a copy it has), so
 * an entry delivered twice (the object stopped after D1 answered and before
 * it dropped the entry) leaves the ledger as once.
 */
function ledgerStatements(db: D1Database, entry: OutboxEntry): D1PreparedStatement[] {
  switch (entry.kind) {
    case 'line':
      // A menu item deleted since the order leaves the line without its link, as D1's own cascade would.
      return [
        db
          .prepare(
            `INSERT INTO bill_items (${LINE_FIELDS.join(', ')}) VALUES (${LINE_FIELDS.map((field) => (field === 'menu_item_id' ? '(SELECT id FROM menu_items WHERE id = ?)' : '?')).join(', ')})
             ON CONFLICT (id) DO UPDATE SET quantity = excluded.quantity, price_cents = excluded.price_cents, paid_quantity = excluded.paid_quantity,
               paid_by = excluded.paid_by, comped = excluded.comped`,
          )
          .bind(...lineValues(entry.body)),
      ]
    case 'payment':
      return [
        db
          // delivered_at by D1's own clock: when the ledger received it.
          .prepare(
            `INSERT INTO payments (${PAYMENT_FIELDS.join(', ')}, delivered_at) VALUES (${placeholders(PAYMENT_FIELDS)}, ${D1_NOW}) ON CONFLICT (id) DO NOTHING`,
          )
          .bind(...paymentValues(entry.body)),
      ]
    case 'line-removed':
      // Every unit voided: the line leaves the bill, and its void (delivered next) keeps what it was.
      return [db.prepare('DELETE FROM bill_items WHERE id = ?').bind(entry.body.id)]
    case 'adjustment': {
      const { id, tableId, sessionId, lineId, name, kind, quantity, amountCents, reason, staff, createdAt } = entry.body
      return [
        db
          .prepare(
            `INSERT INTO bill_adjustments (id, table_id, session_id, line_id, name, kind, quantity, amount_cents, reason, staff, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
          )
          .bind(id, tableId, sessionId, lineId, name, kind, quantity, amountCents, reason, staff, createdAt),
      ]
    }
    case 'refund': {
      const {
        id,
        tableId,
        sessionId,
        paymentId,
        method,
        amountCents,
        taxCents,
        tipCents,
        units,
        reason,
        staff,
        provider,
        providerReference,
        createdAt,
      } = entry.body
      return [
        db
          .prepare(
            `INSERT INTO refunds (id, table_id, session_id, payment_id, method, amount_cents, tax_cents, tip_cents, units, reason, staff, provider, provider_reference, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
          )
          .bind(
            id,
            tableId,
            sessionId,
            paymentId,
            method,
            amountCents,
            taxCents,
            tipCents,
            units,
            reason,
            staff,
            provider,
            providerReference,
            createdAt,
          ),
      ]
    }
    case 'close': {
      const { sessionId, tableId, closedAt, nextSessionId, settlement } = entry.body
      return [
        db
          .prepare(
            'UPDATE table_sessions SET closed_at = ?, unpaid_cents = ?, unpaid_reason = ?, closed_by = ? WHERE id = ?',
          )
          .bind(
            closedAt,
            settlement?.unpaidCents ?? 0,
            settlement?.reason ?? null,
            settlement?.staff ?? null,
            sessionId,
          ),
        billRow(db, nextSessionId, tableId, closedAt),
        // Only if the table still names this bill as open: a later close already moved it on.
        db
          .prepare('UPDATE tables SET session_id = ? WHERE id = ? AND session_id = ?')
          .bind(nextSessionId, tableId, sessionId),
      ]
    }
    case 'archive': {
      const { sessionId, tableId, closedAt } = entry.body
      return [
        db.prepare('UPDATE table_sessions SET closed_at = ? WHERE id = ?').bind(closedAt, sessionId),
        // Delivered twice, the table keeps the time it was first archived at.
        db
          .prepare('UPDATE tables SET archived_at = ?, is_active = 0 WHERE id = ? AND archived_at IS NULL')
          .bind(closedAt, tableId),
      ]
    }
    case 'reset': {
      const { sessionId, tableId, openedAt } = entry.body
      return [
        db.prepare('DELETE FROM refunds WHERE session_id = ?').bind(sessionId),
        db.prepare('DELETE FROM payments WHERE session_id = ?').bind(sessionId),
        db.prepare('DELETE FROM bill_adjustments WHERE session_id = ?').bind(sessionId),
        db.prepare('DELETE FROM bill_items WHERE session_id = ?').bind(sessionId),
        db
          .prepare(
            `INSERT INTO table_sessions (id, table_id, opened_at) VALUES (?, ?, ?)
             ON CONFLICT (id) DO UPDATE SET opened_at = excluded.opened_at, closed_at = NULL, unpaid_cents = 0, unpaid_reason = NULL, closed_by = NULL`,
          )
          .bind(sessionId, tableId, openedAt),
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
export function deliveryStatements(
  db: D1Database,
  { bill, withBillRow, entries }: LedgerDelivery,
): D1PreparedStatement[] {
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
    const batch = store.pending(BATCH_ENTRIES)
    const last = batch.at(-1)
    if (!last) return
    await ledger.record({
      bill: { sessionId: header.sessionId, tableId: header.tableId, openedAt: header.openedAt },
      withBillRow,
      entries: batch.map((pending) => pending.entry),
    })
    withBillRow = false
    store.transaction(() => store.delivered(last.seq))
  }
}
