import type { BillHeader, BillStore, OutboxEntry } from './bill-store.server'

/** Entries per D1 batch: each is one to three statements, well within what one batch may carry. */
const BATCH_ENTRIES = 50

/**
 * The statements that give D1's ledger one outbox entry. Each is idempotent
 * on the record's id (an upsert, or an insert that ignores a copy it has), so
 * an entry delivered twice (the object stopped after D1 answered and before
 * it dropped the entry) leaves the ledger as once.
 */
function ledgerStatements(db: D1Database, entry: OutboxEntry, deliveredAt: number): D1PreparedStatement[] {
  switch (entry.kind) {
    case 'line': {
      const line = entry.body
      // A menu item deleted since the order leaves the line without its link, as D1's own cascade would.
      return [
        db
          .prepare(
            `INSERT INTO bill_items (id, table_id, session_id, menu_item_id, name, description, category, price_cents, quantity, paid_quantity, customer_name, paid_by, created_at)
             VALUES (?, ?, ?, (SELECT id FROM menu_items WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (id) DO UPDATE SET paid_quantity = excluded.paid_quantity, paid_by = excluded.paid_by`,
          )
          .bind(line.id, line.tableId, line.sessionId, line.menuItemId, line.name, line.description, line.category, line.priceCents, line.quantity, line.paidQuantity, line.customerName, line.paidBy, line.createdAt),
      ]
    }
    case 'payment': {
      const payment = entry.body
      return [
        db
          .prepare(
            `INSERT INTO payments (id, table_id, session_id, transaction_id, request_hash, amount_cents, tip_cents, tax_cents, tip_percentage, payment_method,
               payment_type, customer_name, paid_items, split_count, split_shares, service_quality, provider, provider_reference, created_at, delivered_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (id) DO NOTHING`,
          )
          .bind(
            payment.id,
            payment.tableId,
            payment.sessionId,
            payment.transactionId,
            payment.requestHash,
            payment.amountCents,
            payment.tipCents,
            payment.taxCents,
            payment.tipPercentage,
            payment.paymentMethod,
            payment.paymentType,
            payment.customerName,
            payment.paidItems,
            payment.splitCount,
            payment.splitShares,
            payment.serviceQuality,
            payment.provider,
            payment.providerReference,
            payment.createdAt,
            deliveredAt,
          ),
      ]
    }
    case 'close': {
      const { sessionId, tableId, closedAt, nextSessionId } = entry.body
      return [
        db.prepare('UPDATE table_sessions SET closed_at = ? WHERE id = ?').bind(closedAt, sessionId),
        db.prepare('INSERT INTO table_sessions (id, table_id, opened_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING').bind(nextSessionId, tableId, closedAt),
        // Only if the table still names this bill as open: a later close already moved it on.
        db.prepare('UPDATE tables SET session_id = ? WHERE id = ? AND session_id = ?').bind(nextSessionId, tableId, sessionId),
      ]
    }
    case 'reset': {
      const { sessionId, tableId, openedAt } = entry.body
      return [
        db.prepare('DELETE FROM payments WHERE session_id = ?').bind(sessionId),
        db.prepare('DELETE FROM bill_items WHERE session_id = ?').bind(sessionId),
        db
          .prepare('INSERT INTO table_sessions (id, table_id, opened_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET opened_at = excluded.opened_at, closed_at = NULL')
          .bind(sessionId, tableId, openedAt),
      ]
    }
  }
}

export interface Delivery {
  /** Entries D1 took in this call. */
  delivered: number
  /** Milliseconds from commit to D1 of each entry delivered. */
  lags: number[]
}

/**
 * Sends the outbox to D1 in commit order, a batch at a time, until it is
 * empty; each batch is one D1 transaction, dropped from the outbox only once
 * D1 has it. Throws on the first batch D1 refuses, leaving it and everything
 * after it for the next try.
 */
export async function deliverOutbox(db: D1Database, storage: DurableObjectStorage, store: BillStore, header: BillHeader): Promise<Delivery> {
  const delivery: Delivery = { delivered: 0, lags: [] }
  for (;;) {
    const batch = store.pending(BATCH_ENTRIES)
    const last = batch.at(-1)
    if (!last) return delivery
    const now = Date.now()
    // The bill's own row first: its records refer to it, and a bill opened by a close may reach D1 before that close does.
    const statements = [
      db.prepare('INSERT INTO table_sessions (id, table_id, opened_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING').bind(header.sessionId, header.tableId, header.openedAt),
      ...batch.flatMap((pending) => ledgerStatements(db, pending.entry, now)),
    ]
    await db.batch(statements)
    storage.transactionSync(() => store.delivered(last.seq))
    delivery.delivered += batch.length
    for (const pending of batch) delivery.lags.push(now - pending.committedAt)
  }
}
