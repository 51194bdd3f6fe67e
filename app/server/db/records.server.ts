import { sql, type SQL } from 'drizzle-orm'
import { check, integer, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import { ADJUSTMENT_KINDS } from '../../domain/adjustments'
import { GUEST } from '../../domain/diners'
import { TICKET_STEPS } from '../../domain/kitchen'
import { LEDGER_METHODS, PAYMENT_TYPES } from '../../domain/bill'
import { TERMINAL_FUNDINGS } from '../../domain/receipt'
import { REFUND_KINDS } from '../../domain/refunds'

/**
 * The bill's records as both of their stores keep them: a table's object
 * (its own SQLite, table-session/schema.server.ts) and D1's ledger
 * (schema.server.ts), which receives each record from the object's outbox.
 * Each store builds its table from these columns and adds only what is its
 * own (the ledger's links to tables, bills and menus, its clock's
 * defaults; the object's statuses), so a column added here reaches both,
 * each by its own generated migration. Every amount is integer cents, every
 * timestamp epoch milliseconds.
 */

/** `column IN (…)` over one of the domain's lists, so a CHECK names what the domain names. */
export const oneOf = (column: AnySQLiteColumn, values: readonly string[]): SQL =>
  sql`${column} IN (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`

type Columns<K extends string> = Record<K, AnySQLiteColumn>

/** A bill line. `priceCents` is the line total for the whole quantity. */
export const lineColumns = () => ({
  id: text('id').primaryKey(),
  tableId: text('table_id').notNull(),
  sessionId: text('session_id').notNull(),
  menuItemId: text('menu_item_id'),
  name: text('name').notNull(),
  description: text('description'),
  // The menu's English for the dish and its chosen options, where staff wrote it: what a diner's English screens read.
  nameEn: text('name_en'),
  descriptionEn: text('description_en'),
  category: text('category').notNull().default('Order'),
  priceCents: integer('price_cents').notNull(),
  quantity: integer('quantity').notNull(),
  paidQuantity: integer('paid_quantity').notNull().default(0),
  customerName: text('customer_name'),
  paidBy: text('paid_by'),
  createdAt: integer('created_at').notNull(),
  // On the house: kept on the bill at no charge (the adjustments say who, when and why).
  comped: integer('comped', { mode: 'boolean' }).notNull().default(false),
  // What the kitchen should know ("sin cebolla").
  note: text('note'),
  // The member who entered the line, by their name as it was then; null when a diner ordered it.
  addedBy: text('added_by'),
  // Their id; null on a diner's line, and on lines entered when staff typed a name instead of signing (addedBy is that name).
  addedById: text('added_by_id'),
  // The order that put the line on the bill: the id its phone gave it, shared by the order's lines; null on lines ordered before orders had one.
  orderId: text('order_id'),
})

/**
 * An order as the kitchen's ticket: where it is (`step`, since `stepAt`),
 * who sent it (null: the table's diners), and every move of it (JSON of
 * TicketMove[]). The object keeps it on its order, D1 on the ticket the
 * kitchen board reads.
 */
export const ticketColumns = () => ({
  id: text('id').primaryKey(),
  createdAt: integer('created_at').notNull(),
  sentBy: text('sent_by'),
  sentById: text('sent_by_id'),
  step: text('step', { enum: TICKET_STEPS }).notNull().default('new'),
  stepAt: integer('step_at').notNull(),
  moves: text('moves').notNull().default('[]'),
})

export const ticketChecks = (table: string, t: Columns<'step'>) => [
  check(`${table}_step_known`, oneOf(t.step, TICKET_STEPS)),
]

export const lineChecks = (table: string, t: Columns<'priceCents' | 'quantity' | 'paidQuantity'>) => [
  check(`${table}_price_non_negative`, sql`${t.priceCents} >= 0`),
  check(`${table}_quantity_positive`, sql`${t.quantity} >= 1`),
  check(`${table}_paid_quantity_range`, sql`${t.paidQuantity} BETWEEN 0 AND ${t.quantity}`),
]

/** A payment; `amountCents` is the part of the bill it pays, the tip is apart. */
export const paymentColumns = () => ({
  id: text('id').primaryKey(),
  tableId: text('table_id').notNull(),
  sessionId: text('session_id').notNull(),
  transactionId: text('transaction_id').notNull(),
  // Hash of the request, so a replay is told apart from a reuse of the id.
  requestHash: text('request_hash').notNull(),
  amountCents: integer('amount_cents').notNull(),
  tipCents: integer('tip_cents').notNull().default(0),
  // Tax charged on top of the bill part when the restaurant's prices exclude it; 0 when they include it.
  taxCents: integer('tax_cents').notNull().default(0),
  tipPercentage: integer('tip_percentage'),
  paymentMethod: text('payment_method', { enum: LEDGER_METHODS }).notNull(),
  paymentType: text('payment_type', { enum: PAYMENT_TYPES }).notNull(),
  customerName: text('customer_name').notNull().default(GUEST),
  // JSON list of { itemId, quantity, amountCents } for item payments.
  paidItems: text('paid_items'),
  splitCount: integer('split_count'),
  // Shares of splitCount this payment covered, so the next diner divides what is left among those still to pay.
  splitShares: integer('split_shares'),
  serviceQuality: text('service_quality'),
  provider: text('provider').notNull().default('simulated'),
  providerReference: text('provider_reference'),
  createdAt: integer('created_at').notNull(),
  // The member who took a cash or terminal payment, by their name as it was then; null for a diner's own.
  recordedBy: text('recorded_by'),
  // Their id; null for a diner's own, and on payments recorded when staff typed a name instead of signing.
  recordedById: text('recorded_by_id'),
  // Cash handed over, when more than the charge: the change given is the difference.
  cashReceivedCents: integer('cash_received_cents'),
  // The register whose drawer took a cash payment (registers); null: the restaurant's own drawer, or not cash.
  registerId: text('register_id'),
  // A terminal payment's card, credit or debit, as staff said recording it: its receipt's forma de pago follows it.
  cardFunding: text('card_funding', { enum: TERMINAL_FUNDINGS }),
  // The tax rate of the bill when it was paid (a receipt breaks out the IVA it held); null on payments from before it was kept.
  taxRateBps: integer('tax_rate_bps'),
  // The secret half of the payment's receipt link (null on payments from before receipts).
  receiptToken: text('receipt_token'),
})

export const paymentChecks = (
  table: string,
  t: Columns<'amountCents' | 'tipCents' | 'taxCents' | 'paymentMethod' | 'paymentType' | 'cashReceivedCents'>,
) => [
  check(`${table}_amount_positive`, sql`${t.amountCents} > 0`),
  check(`${table}_tip_non_negative`, sql`${t.tipCents} >= 0`),
  check(`${table}_tax_non_negative`, sql`${t.taxCents} >= 0`),
  check(`${table}_method_known`, oneOf(t.paymentMethod, LEDGER_METHODS)),
  check(
    `${table}_cash_received`,
    sql`${t.cashReceivedCents} IS NULL OR ${t.cashReceivedCents} >= ${t.amountCents} + ${t.taxCents} + ${t.tipCents}`,
  ),
  check(`${table}_type_known`, oneOf(t.paymentType, PAYMENT_TYPES)),
]

/** A void (units taken off a bill) or comp (units kept on it, free), with who, when and why. */
export const adjustmentColumns = () => ({
  id: text('id').primaryKey(),
  // The line as it was named: a void of every unit takes the line itself off the bill.
  lineId: text('line_id').notNull(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ADJUSTMENT_KINDS }).notNull(),
  quantity: integer('quantity').notNull(),
  // What the units stopped costing.
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  // The member who made it, by their name as it was then; `staffId` is theirs (null when staff typed a name instead of signing).
  staff: text('staff').notNull(),
  staffId: text('staff_id'),
  createdAt: integer('created_at').notNull(),
})

export const adjustmentChecks = (table: string, t: Columns<'kind' | 'quantity' | 'amountCents'>) => [
  check(`${table}_kind_known`, oneOf(t.kind, ADJUSTMENT_KINDS)),
  check(`${table}_quantity_positive`, sql`${t.quantity} >= 1`),
  check(`${table}_amount_non_negative`, sql`${t.amountCents} >= 0`),
]

/** Money given back on a payment (whole or part), with who, when and why. */
export const refundColumns = () => ({
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  // The payment's method: the way the money went back (the drawer's cash, the card).
  method: text('method', { enum: LEDGER_METHODS }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  taxCents: integer('tax_cents').notNull(),
  tipCents: integer('tip_cents').notNull(),
  // JSON list of { itemId, quantity }: the units that are unpaid again.
  units: text('units').notNull(),
  reason: text('reason').notNull(),
  // The member who gave it, by their name as it was then; `staffId` is theirs (null when staff typed a name instead of signing).
  staff: text('staff').notNull(),
  staffId: text('staff_id'),
  // The register whose drawer a cash refund came out of, or a voided cash payment's; null: the restaurant's own drawer.
  registerId: text('register_id'),
  // 'void': the member who recorded the payment undid it within minutes (a mis-tap), whole; a refund otherwise (null on records from before voids).
  kind: text('kind', { enum: REFUND_KINDS }),
  provider: text('provider').notNull(),
  providerReference: text('provider_reference'),
  createdAt: integer('created_at').notNull(),
})

export const refundChecks = (table: string, t: Columns<'amountCents' | 'taxCents' | 'tipCents'>) => [
  check(`${table}_amounts_non_negative`, sql`${t.amountCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.tipCents} >= 0`),
  check(`${table}_something`, sql`${t.amountCents} + ${t.tipCents} > 0`),
]
