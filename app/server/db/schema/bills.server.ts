import { isNull, sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
  adjustmentChecks,
  adjustmentColumns,
  lineChecks,
  lineColumns,
  paymentChecks,
  paymentColumns,
  refundChecks,
  refundColumns,
} from '../records.server'
import { NOW, createdAt } from './columns.server'
import { restaurants } from './accounts.server'
import { menuItems } from './menus.server'

/**
 * A physical table. `sessionId` is its current bill, the code in its QR;
 * `shortCode` is the code printed under the QR for a person to type
 * (app/domain/table-code.ts, canonical form). Null only for a table made
 * before short codes or seeded by hand, until staff next see it: the Worker
 * draws its code then (tables/tables.server.ts; migration 0006 says why).
 * `archivedAt` is when staff took the table out of use: it is never
 * deleted, so its bills and payments stay in the books; its last bill is
 * closed and `isActive` is off from then on.
 */
export const tables = sqliteTable(
  'tables',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    tableNumber: text('table_number').notNull(),
    tableName: text('table_name'),
    capacity: integer('capacity'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    sessionId: text('session_id').notNull(),
    shortCode: text('short_code'),
    archivedAt: integer('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tables_session_id_unique').on(t.sessionId),
    // Across every restaurant: a diner types only the code, not whose table it is.
    uniqueIndex('tables_short_code_unique').on(t.shortCode),
    // One "Mesa 5" in use per restaurant: staff and diners tell tables apart by number; an archived one leaves its number free.
    uniqueIndex('tables_restaurant_number_unique')
      .on(t.restaurantId, t.tableNumber)
      .where(sql`archived_at IS NULL`),
    index('tables_restaurant_idx').on(t.restaurantId),
    check('tables_capacity_non_negative', sql`${t.capacity} IS NULL OR ${t.capacity} >= 0`),
  ],
)

/**
 * One bill of a table. A table has one open session at a time (tables.session_id);
 * closed ones keep their lines and payments for the restaurant's history.
 */
export const tableSessions = sqliteTable(
  'table_sessions',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    openedAt: integer('opened_at').notNull().default(NOW),
    closedAt: integer('closed_at'),
    // A bill closed with something unpaid: how much, why ("se fueron sin pagar"), and who closed it (their name as it was then).
    unpaidCents: integer('unpaid_cents').notNull().default(0),
    unpaidReason: text('unpaid_reason'),
    closedBy: text('closed_by'),
    // Their id; null when staff typed a name instead of signing (closedBy is that name).
    closedById: text('closed_by_id'),
    // When a diner last read the bill while nothing was on it: a party at the table choosing (the floor's "ordering").
    browsedAt: integer('browsed_at'),
  },
  (t) => [index('table_sessions_table_idx').on(t.tableId)],
)

const line = lineColumns()
/** A bill line, as the ledger receives it from its bill's object (records.server.ts). */
export const billItems = sqliteTable(
  'bill_items',
  {
    ...line,
    tableId: line.tableId.references(() => tables.id, { onDelete: 'cascade' }),
    sessionId: line.sessionId.references(() => tableSessions.id, { onDelete: 'cascade' }),
    menuItemId: line.menuItemId.references(() => menuItems.id, { onDelete: 'set null' }),
    createdAt: line.createdAt.default(NOW),
  },
  (t) => [index('bill_items_session_idx').on(t.sessionId, t.createdAt), ...lineChecks('bill_items', t)],
)

const { recordedBy, recordedById, cashReceivedCents, ...payment } = paymentColumns()
/** A payment, as the ledger receives it from its bill's object (records.server.ts). */
export const payments = sqliteTable(
  'payments',
  {
    ...payment,
    tableId: payment.tableId.references(() => tables.id, { onDelete: 'cascade' }),
    sessionId: payment.sessionId.references(() => tableSessions.id, { onDelete: 'cascade' }),
    createdAt: payment.createdAt.default(NOW),
    // When the ledger received the payment from its table's object (commit → delivered is the outbox's lag).
    deliveredAt: integer('delivered_at'),
    recordedBy,
    cashReceivedCents,
    recordedById,
  },
  (t) => [
    // A bill's object records a transactionId once; the ledger holds each bill's records as its object committed them.
    uniqueIndex('payments_session_transaction_unique').on(t.sessionId, t.transactionId),
    index('payments_session_idx').on(t.sessionId, t.createdAt),
    index('payments_table_idx').on(t.tableId, t.createdAt),
    ...paymentChecks('payments', t),
  ],
)

const { id: adjustmentId, ...adjustment } = adjustmentColumns()
/** A void or comp (records.server.ts); append-only. */
export const billAdjustments = sqliteTable(
  'bill_adjustments',
  {
    id: adjustmentId,
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => tableSessions.id, { onDelete: 'cascade' }),
    ...adjustment,
    createdAt: adjustment.createdAt.default(NOW),
  },
  (t) => [
    index('bill_adjustments_session_idx').on(t.sessionId, t.createdAt),
    index('bill_adjustments_table_idx').on(t.tableId, t.createdAt),
    ...adjustmentChecks('bill_adjustments', t),
  ],
)

const { id: refundId, ...refund } = refundColumns()
/** A refund (records.server.ts); append-only. The ledger gets a refund once it is done. */
export const refunds = sqliteTable(
  'refunds',
  {
    id: refundId,
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => tableSessions.id, { onDelete: 'cascade' }),
    ...refund,
    paymentId: refund.paymentId.references(() => payments.id, { onDelete: 'cascade' }),
    taxCents: refund.taxCents.default(0),
    tipCents: refund.tipCents.default(0),
    units: refund.units.default('[]'),
    createdAt: refund.createdAt.default(NOW),
    // When the diner's bank sent back a refund that had been given back: from then it gives nothing back, and no sum counts it.
    failedAt: integer('failed_at'),
  },
  (t) => [
    index('refunds_session_idx').on(t.sessionId, t.createdAt),
    index('refunds_table_idx').on(t.tableId, t.createdAt),
    index('refunds_payment_idx').on(t.paymentId),
    ...refundChecks('refunds', t),
  ],
)

/** A refund that gave money back: every sum of refunds counts only these (one the bank sent back later gave nothing). */
export const refundStands = isNull(refunds.failedAt)

/** A payment its member voided as a mis-tap: it never was a sale, so sales and the tables served leave it out. */
export const paymentVoided = sql`EXISTS (SELECT 1 FROM ${refunds} WHERE ${refunds.paymentId} = ${payments.id} AND ${refunds.kind} = 'void')`

/** A refund that is not the void of a payment (those are left out with their payment). */
export const notAVoid = sql`coalesce(${refunds.kind}, 'refund') <> 'void'`

/**
 * A diner's rating of their visit, one per payment (rated again, it is
 * changed): the stars and a comment for the restaurant alone. Part of the ledger.
 */
export const ratings = sqliteTable(
  'ratings',
  {
    paymentId: text('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id').notNull(),
    sessionId: text('session_id').notNull(),
    tableId: text('table_id').notNull(),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('ratings_restaurant_idx').on(t.restaurantId, t.createdAt),
    index('ratings_session_idx').on(t.sessionId),
    check('ratings_stars_range', sql`${t.stars} BETWEEN 1 AND 5`),
  ],
)

export type Table = typeof tables.$inferSelect
export type BillItemRow = typeof billItems.$inferSelect
/** A payment as its bill's object records it; the ledger adds when it received it. */
export type PaymentRow = Omit<typeof payments.$inferSelect, 'deliveredAt'>
export type AdjustmentRow = typeof billAdjustments.$inferSelect
export type RefundRow = typeof refunds.$inferSelect
