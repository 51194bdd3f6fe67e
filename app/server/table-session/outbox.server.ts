import { and, eq, fillPlaceholders, isNull, sql } from 'drizzle-orm'
import type { BillEvent } from '~/domain/live'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client.server'
import type { Ledger } from '../books/ledger.server'
import {
  billAdjustments,
  billItems,
  kitchenTickets,
  menuItems,
  payments,
  receipts,
  refunds,
  tables,
  tableSessions,
} from '../db/schema.server'
import type { BillHeader, BillStore } from './bill-store.server'
import type { OutboxEntry } from './outbox-store.server'
import { placeholdersOf } from './statements.server'

/**
 * Entries per delivery: each is one to five statements (most are one), so a
 * delivery stays within what one D1 batch may carry; and a table paying a
 * few hundred times a second commits fewer than this between two of its
 * restaurant's D1 batches (BATCH_GAP_MS apart), so one delivery keeps up.
 */
const BATCH_ENTRIES = 200

const D1_NOW = sql`CAST(unixepoch('subsec') * 1000 AS INTEGER)`

/** An upsert's incoming value of `column`. */
const excluded = (column: AnySQLiteColumn) => sql.raw(`excluded."${column.name}"`)

const p = (name: string) => sql.placeholder(name)
/** A placeholder where drizzle's types take only a value or SQL (an update's set). */
const v = (name: string) => sql`${sql.placeholder(name)}`

/**
 * Each statement D1's ledger is given, built once by drizzle from D1's
 * table definitions with placeholders for its values. Building a
 * statement's SQL costs more CPU than running it asks of the hub, and the
 * hub writes every payment of its restaurant.
 */
function ledgerQueries(db: Db) {
  return {
    billRow: db
      .insert(tableSessions)
      .values({ id: p('sessionId'), tableId: p('tableId'), openedAt: p('openedAt') })
      .onConflictDoNothing({ target: tableSessions.id })
      .toSQL(),
    line: db
      .insert(billItems)
      .values({
        ...placeholdersOf(billItems),
        // A menu item deleted since the order leaves the line without its link, as D1's own cascade would.
        menuItemId: sql`(SELECT ${menuItems.id} FROM ${menuItems} WHERE ${menuItems.id} = ${p('menuItemId')})`,
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
      })
      .toSQL(),
    payment: db
      .insert(payments)
      // delivered_at by D1's own clock: when the ledger received it.
      .values({ ...placeholdersOf(payments), deliveredAt: D1_NOW })
      .onConflictDoNothing({ target: payments.id })
      .toSQL(),
    // The payment's receipt, with the restaurant's next folio: D1 runs a delivery's statements one at a time, so two
    // payments delivered at once each get their own.
    receipt: db
      .insert(receipts)
      .values({
        paymentId: p('id'),
        restaurantId: sql`(SELECT ${tables.restaurantId} FROM ${tables} WHERE ${tables.id} = ${p('tableId')})`,
        folio: sql`(SELECT coalesce(max(r.folio), 0) + 1 FROM receipts r WHERE r.restaurant_id = (SELECT ${tables.restaurantId} FROM ${tables} WHERE ${tables.id} = ${p('tableId')}))`,
        // What staff said of a terminal's card: the receipt knows how the card is funded, whoever told it.
        cardFunding: p('cardFunding'),
        createdAt: p('createdAt'),
      })
      .onConflictDoNothing({ target: receipts.paymentId })
      .toSQL(),
    lineRemoved: db
      .delete(billItems)
      .where(eq(billItems.id, p('id')))
      .toSQL(),
    adjustment: db
      .insert(billAdjustments)
      .values(placeholdersOf(billAdjustments))
      .onConflictDoNothing({ target: billAdjustments.id })
      .toSQL(),
    refund: db.insert(refunds).values(placeholdersOf(refunds)).onConflictDoNothing({ target: refunds.id }).toSQL(),
    refundFailed: db
      .update(refunds)
      .set({ failedAt: v('failedAt') })
      .where(eq(refunds.id, p('id')))
      .toSQL(),
    ticket: db
      .insert(kitchenTickets)
      .values(placeholdersOf(kitchenTickets))
      .onConflictDoNothing({ target: kitchenTickets.id })
      .toSQL(),
    // Moves arrive in the order the object made them, each with every move before it.
    ticketStep: db
      .update(kitchenTickets)
      .set({ step: v('step'), stepAt: v('stepAt'), moves: v('moves') })
      .where(eq(kitchenTickets.id, p('id')))
      .toSQL(),
    forgetTickets: db
      .delete(kitchenTickets)
      .where(eq(kitchenTickets.sessionId, p('sessionId')))
      .toSQL(),
    closeBill: db
      .update(tableSessions)
      .set({
        closedAt: v('closedAt'),
        unpaidCents: v('unpaidCents'),
        unpaidReason: v('reason'),
        closedBy: v('staff'),
        closedById: v('staffId'),
      })
      .where(eq(tableSessions.id, p('sessionId')))
      .toSQL(),
    // Only if the table still names this bill as open: a later close already moved it on.
    moveTable: db
      .update(tables)
      .set({ sessionId: v('nextSessionId') })
      .where(and(eq(tables.id, p('tableId')), eq(tables.sessionId, p('sessionId'))))
      .toSQL(),
    archiveBill: db
      .update(tableSessions)
      .set({ closedAt: v('closedAt') })
      .where(eq(tableSessions.id, p('sessionId')))
      .toSQL(),
    // Delivered twice, the table keeps the time it was first archived at.
    archiveTable: db
      .update(tables)
      .set({ archivedAt: v('closedAt'), isActive: false })
      .where(and(eq(tables.id, p('tableId')), isNull(tables.archivedAt)))
      .toSQL(),
    forgetRefunds: db
      .delete(refunds)
      .where(eq(refunds.sessionId, p('sessionId')))
      .toSQL(),
    forgetPayments: db
      .delete(payments)
      .where(eq(payments.sessionId, p('sessionId')))
      .toSQL(),
    forgetAdjustments: db
      .delete(billAdjustments)
      .where(eq(billAdjustments.sessionId, p('sessionId')))
      .toSQL(),
    forgetLines: db
      .delete(billItems)
      .where(eq(billItems.sessionId, p('sessionId')))
      .toSQL(),
    reopenBill: db
      .insert(tableSessions)
      .values({ id: p('sessionId'), tableId: p('tableId'), openedAt: p('openedAt') })
      .onConflictDoUpdate({
        target: tableSessions.id,
        set: {
          openedAt: excluded(tableSessions.openedAt),
          closedAt: null,
          unpaidCents: 0,
          unpaidReason: null,
          closedBy: null,
          closedById: null,
        },
      })
      .toSQL(),
  }
}

type LedgerQuery = ReturnType<typeof ledgerQueries>[keyof ReturnType<typeof ledgerQueries>]

/**
 * A restaurant's ledger's statements: drizzle's SQL with each
 * entry's values bound. Each is idempotent on the record's id (an upsert,
 * or an insert that ignores a copy it has), so an entry delivered twice
 * (the object stopped after D1 answered and before it dropped the entry)
 * leaves the ledger as once.
 */
export class LedgerStatements {
  readonly #queries: ReturnType<typeof ledgerQueries>

  readonly #d1: D1Database

  constructor(ledger: Ledger) {
    this.#queries = ledgerQueries(ledger.db)
    this.#d1 = ledger.d1
  }

  /** The D1 statements that give the ledger a delivery, in its order. */
  of({ bill, withBillRow, entries }: LedgerDelivery): D1PreparedStatement[] {
    const statements = entries.flatMap((entry) => this.#entry(entry))
    // The bill's records refer to its row, and a bill opened by a close may reach D1 before that close does.
    if (withBillRow) statements.unshift(this.#bind(this.#queries.billRow, bill))
    return statements
  }

  // Outbox entries written before a column existed lack it: it reads as null (or its default), as those records were.
  #bind(query: LedgerQuery, values: object): D1PreparedStatement {
    const params = fillPlaceholders(query.params, new Proxy(values, ABSENT_AS_NULL) as Record<string, unknown>)
    return this.#d1.prepare(query.sql).bind(...params)
  }

  #entry(entry: OutboxEntry): D1PreparedStatement[] {
    const q = this.#queries
    switch (entry.kind) {
      case 'line':
        return [this.#bind(q.line, entry.body)]
      case 'payment':
        return [this.#bind(q.payment, entry.body), this.#bind(q.receipt, entry.body)]
      case 'line-removed':
        // Every unit voided: the line leaves the bill, and its void (delivered next) keeps what it was.
        return [this.#bind(q.lineRemoved, entry.body)]
      case 'adjustment':
        return [this.#bind(q.adjustment, entry.body)]
      case 'refund':
        return [this.#bind(q.refund, entry.body)]
      case 'refund-failed':
        return [this.#bind(q.refundFailed, entry.body)]
      case 'ticket':
        return [this.#bind(q.ticket, entry.body)]
      case 'ticket-step':
        return [this.#bind(q.ticketStep, entry.body)]
      case 'close': {
        const { settlement, ...close } = entry.body
        return [
          this.#bind(q.closeBill, { ...close, unpaidCents: 0, ...settlement }),
          this.#bind(q.billRow, { sessionId: close.nextSessionId, tableId: close.tableId, openedAt: close.closedAt }),
          this.#bind(q.moveTable, close),
        ]
      }
      case 'archive':
        return [this.#bind(q.archiveBill, entry.body), this.#bind(q.archiveTable, entry.body)]
      case 'reset':
        return [
          this.#bind(q.forgetTickets, entry.body),
          this.#bind(q.forgetRefunds, entry.body),
          this.#bind(q.forgetPayments, entry.body),
          this.#bind(q.forgetAdjustments, entry.body),
          this.#bind(q.forgetLines, entry.body),
          this.#bind(q.reopenBill, entry.body),
        ]
    }
  }
}

/** A value the entry lacks is bound as null: D1 binds no undefined. */
const ABSENT_AS_NULL: ProxyHandler<object> = {
  has: () => true,
  get: (target, key) => (target as Record<string | symbol, unknown>)[key] ?? null,
}

/**
 * One table's entries for its restaurant's ledger, oldest first, and its bill
 * (whose row the first delivery makes sure of); with the live events of the
 * changes they complete, for the restaurant's staff screens once D1 has them.
 */
export interface LedgerDelivery {
  restaurantId: string
  bill: { sessionId: string; tableId: string; openedAt: number }
  withBillRow: boolean
  entries: OutboxEntry[]
  events: BillEvent[]
}

/** Where a table's object sends its outbox: the restaurant's hub, which writes it to D1 (see LedgerBatches). */
export interface OutboxDestination {
  record(delivery: LedgerDelivery): Promise<void>
}

/**
 * Sends the outbox to the ledger in commit order, a delivery at a time,
 * until it is empty; each delivery is dropped from the outbox only once D1
 * has all of it. `eventsUpTo(seq)` hands over the staff events of the changes
 * whose entries end at or before `seq`, to go with the delivery that ends
 * there. Throws on the first delivery that fails, leaving it and everything
 * after it for the next try.
 */
export async function deliverOutbox(
  destination: OutboxDestination,
  store: BillStore,
  header: BillHeader,
  { billRowKnown, eventsUpTo }: { billRowKnown: boolean; eventsUpTo: (seq: number) => BillEvent[] },
): Promise<void> {
  let withBillRow = !billRowKnown
  for (;;) {
    const batch = store.outbox.pending(BATCH_ENTRIES)
    const last = batch.at(-1)
    if (!last) return
    await destination.record({
      restaurantId: header.table.restaurantId,
      bill: { sessionId: header.sessionId, tableId: header.tableId, openedAt: header.openedAt },
      withBillRow,
      entries: batch.map((pending) => pending.entry),
      events: eventsUpTo(last.seq),
    })
    withBillRow = false
    store.outbox.delivered(last.seq)
  }
}
