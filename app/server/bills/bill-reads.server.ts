import { and, asc, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import {
  billTotals,
  lineRemaining,
  NOTHING_PAID,
  paymentKind,
  sumsOf,
  totalsOf,
  type BillTotals,
  type PaidLine,
  type PaidSums,
} from '~/domain/bill'
import { withHolds, type Hold } from '~/domain/holds'
import { centsToPesos } from '~/domain/money'
import type { SplitPaid } from '~/domain/split'
import type { PublicPayment, WireBillItem, WirePayment, WireTableSession } from '~/domain/wire'
import type { Db } from '../db/client.server'
import type { OrderProgress } from '../table-session/order-store.server'
import type { WaiterCall } from '../table-session/floor-store.server'
import { ledgerOfBill, type Ledger } from '../books/ledger.server'
import {
  billItems,
  payments,
  refunds,
  refundStands,
  tables,
  tableSessions,
  restaurants,
  type AdjustmentRow,
  type BillItemRow,
  type PaymentRow,
} from '../db/schema.server'

export const billTableColumns = {
  tableId: tables.id,
  userId: tables.restaurantId,
  tableNumber: tables.tableNumber,
  tableName: tables.tableName,
  capacity: tables.capacity,
  isActive: tables.isActive,
  restaurantName: restaurants.restaurantName,
  taxRateBps: restaurants.taxRateBps,
  taxIncludedInPrice: restaurants.taxIncludedInPrice,
  showTaxSeparately: restaurants.showTaxSeparately,
  stripeAccountId: restaurants.stripeAccountId,
  stripeChargesEnabled: restaurants.stripeChargesEnabled,
  unconnectedPayments: restaurants.unconnectedPayments,
  walkoutMinutes: restaurants.walkoutMinutes,
}

/** The table (and restaurant settings) of the open bill a session id names, as a query to batch. */
export const openTableQuery = (db: Db, sessionId: string) =>
  db
    .select(billTableColumns)
    .from(tables)
    .innerJoin(restaurants, eq(restaurants.id, tables.restaurantId))
    .where(and(eq(tables.sessionId, sessionId), eq(tables.isActive, true)))
    .limit(1)

/** The table of any bill of the ledger's restaurant, open or closed, for receipts of a bill closed since: an archived table's receipts stay too. */
async function findBillTable({ db, restaurantId }: Ledger, sessionId: string) {
  const [row] = await db
    .select({ ...billTableColumns, openedAt: tableSessions.openedAt, closedAt: tableSessions.closedAt })
    .from(tableSessions)
    .innerJoin(tables, eq(tables.id, tableSessions.tableId))
    .innerJoin(restaurants, eq(restaurants.id, tables.restaurantId))
    .where(
      and(
        eq(tableSessions.id, sessionId),
        eq(tables.restaurantId, restaurantId),
        or(eq(tables.isActive, true), isNotNull(tables.archivedAt)),
      ),
    )
    .limit(1)
  return row ?? null
}

export const billLinesQuery = ({ db }: Ledger, sessionId: string) =>
  db
    .select()
    .from(billItems)
    .where(eq(billItems.sessionId, sessionId))
    .orderBy(asc(billItems.createdAt), asc(sql`rowid`))

/**
 * A bill's figures as the ledger holds them: its lines' total and its
 * PaidSums, as columns correlated on `sessionId` (an SQL expression: a bound
 * id, or a column of the query); billTotals reads them (`ledgerTotals`).
 * D1 gets a refund only once it went through.
 */
export const ledgerSumsColumns = (sessionId: SQL) => ({
  totalCents: sql<number>`(SELECT coalesce(sum(bi.price_cents), 0) FROM bill_items bi WHERE bi.session_id = ${sessionId})`,
  paymentsCents: sql<number>`(SELECT coalesce(sum(p.amount_cents), 0) FROM payments p WHERE p.session_id = ${sessionId})`,
  refundedCents: sql<number>`(SELECT coalesce(sum(${refunds.amountCents}), 0) FROM ${refunds} WHERE ${refunds.sessionId} = ${sessionId} AND ${refundStands})`,
})

/** The bill's figures from ledgerSumsColumns. */
export const ledgerTotals = (sums: { totalCents: number } & PaidSums): BillTotals => totalsOf(sums.totalCents, sums)

const paidSumsQuery = ({ db }: Ledger, sessionId: string) =>
  db
    .select(ledgerSumsColumns(sql`${sessionId}`))
    .from(tableSessions)
    .where(eq(tableSessions.id, sessionId))

/** Equal-split shares paid on a bill, by table size (see quoteSplit). */
export const splitPaidQuery = ({ db }: Ledger, sessionId: string) =>
  db
    .select({
      tableSize: sql<number>`${payments.splitCount}`,
      shares: sql<number>`sum(coalesce(${payments.splitShares}, 1))`,
    })
    .from(payments)
    // A share refunded whole is a share to pay again.
    .where(
      and(
        eq(payments.sessionId, sessionId),
        eq(payments.paymentType, 'split'),
        sql`${payments.splitCount} IS NOT NULL`,
        sql`${payments.amountCents} > (SELECT coalesce(sum(${refunds.amountCents}), 0) FROM ${refunds} WHERE ${refunds.paymentId} = ${payments.id} AND ${refundStands})`,
      ),
    )
    .groupBy(payments.splitCount)

export interface BillView {
  tableId: string
  sessionId: string
  userId: string
  restaurantName: string | null
  taxRateBps: number
  taxIncludedInPrice: boolean
  showTaxSeparately: boolean
  tableNumber: string
  tableName: string | null
  capacity: number | null
  /** The restaurant's Stripe account and whether it takes charges yet (see BillTable). */
  stripeAccountId?: string | null
  stripeChargesEnabled?: boolean
  unconnectedPayments?: 'off' | 'demo'
  lines: BillItemRow[]
  totals: BillTotals
  splitPaid: SplitPaid[]
  openedAt: number
  /** Null while the bill is open. */
  closedAt: number | null
  /** The table's bill after this one, once this one is closed (when known). */
  nextSessionId: string | null
  /** The bill's orders, oldest first, and where the kitchen has each; a bill read from D1 has none. */
  orders?: OrderProgress[]
  /** A diner's call for the waiter the diners still see; a bill read from D1 has none. */
  call?: WaiterCall | null
  /** Newest first; only when asked for. */
  payments: PaymentRow[]
  /** Voids and comps, oldest first; only with the payments. */
  adjustments?: Omit<AdjustmentRow, 'tableId' | 'sessionId'>[]
  /** Refunds (pending ones too), oldest first; only with the payments. */
  refunds?: {
    id: string
    paymentId: string
    amountCents: number
    taxCents: number
    tipCents: number
    units: string
    reason: string
    staff: string
    staffId: string | null
    status: string
    /** Why a failed one gave nothing back (REFUND_FAILURES). */
    failure: string | null
    method: string
    provider: string
    providerReference: string | null
    createdAt: number
  }[]
  /** How a closed bill was left and who closed it (null when nobody signed its close); only with the payments. */
  settlement?: { unpaidCents: number; reason: string | null; staff: string } | null
  /** Payments in progress and what they keep, oldest first (none once the bill is closed). */
  holds: Hold[]
}

/**
 * A closed bill as the ledger has it, for a receipt of a bill its object
 * never held (closed before bills lived in their objects), or null.
 */
export async function readClosedBill(env: Env, sessionId: string): Promise<BillView | null> {
  const ledger = await ledgerOfBill(env, sessionId)
  const table = ledger && (await findBillTable(ledger, sessionId))
  if (!ledger || !table) return null
  const [lines, paidRows, splitPaid, paymentRows] = await ledger.db.batch([
    billLinesQuery(ledger, sessionId),
    paidSumsQuery(ledger, sessionId),
    splitPaidQuery(ledger, sessionId),
    sessionPaymentsQuery(ledger, sessionId),
  ])
  const { isActive: _isActive, ...info } = table
  return {
    ...info,
    sessionId,
    lines,
    totals: billTotals(lines, paidRows[0] ?? NOTHING_PAID),
    splitPaid,
    closedAt: table.closedAt,
    nextSessionId: null,
    payments: paymentRows,
    holds: [],
  }
}

/**
 * The bill as a new payment sees it: what payments in progress keep counts
 * as paid, so a diner is shown, and asked to pay, only what nobody is paying.
 */
export function payableBill(bill: BillView): BillView {
  if (bill.holds.length === 0) return bill
  const seen = withHolds({ lines: bill.lines, paid: sumsOf(bill.totals), splitPaid: bill.splitPaid }, bill.holds)
  return { ...bill, lines: seen.lines, splitPaid: seen.splitPaid, totals: billTotals(seen.lines, seen.paid) }
}

/** The bill as GET /api/tables/session/{id} answers it (docs/api.md), amounts in pesos. */
export function toWireSession(bill: BillView): WireTableSession {
  return {
    id: bill.tableId,
    sessionId: bill.sessionId,
    userId: bill.userId,
    restaurantName: bill.restaurantName,
    tableNumber: bill.tableNumber,
    tableName: bill.tableName,
    capacity: bill.capacity,
    items: bill.lines.map(toWireItem),
    totalAmount: centsToPesos(bill.totals.total),
    paidAmount: centsToPesos(bill.totals.paid),
    remainingAmount: centsToPesos(bill.totals.remaining),
  }
}

/** Payments of a bill in the ledger, newest first, in cents. */
const sessionPaymentsQuery = ({ db }: Ledger, sessionId: string) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.sessionId, sessionId))
    .orderBy(desc(payments.createdAt), desc(sql`rowid`))

export function toWireItem(row: BillItemRow): WireBillItem {
  return {
    id: row.id,
    tableId: row.tableId,
    name: row.name,
    price: centsToPesos(row.priceCents),
    remainingPrice: centsToPesos(lineRemaining(row)),
    description: row.description,
    nameEn: row.nameEn,
    descriptionEn: row.descriptionEn,
    note: row.note,
    category: row.category,
    quantity: row.quantity,
    paidQuantity: row.paidQuantity,
    isPaid: row.paidQuantity >= row.quantity,
    comped: row.comped ?? false,
    paidBy: row.paidBy,
    customerName: row.customerName,
    menuItemId: row.menuItemId,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

/** The lines an item payment paid, as recorded with it. */
export function paidLinesOf(row: Pick<PaymentRow, 'paidItems'>): PaidLine[] {
  return row.paidItems ? (JSON.parse(row.paidItems) as PaidLine[]) : []
}

/** A payment as anyone at the table may read it: its kind as staff screens name it, not the payer's transaction id. */
export function toPublicPayment(row: PaymentRow): PublicPayment {
  const { paymentType: _type, transactionId: _transaction, ...shown } = toWirePayment(row)
  return { ...shown, kind: paymentKind(row) }
}

export function toWirePayment(row: PaymentRow): WirePayment {
  const items = paidLinesOf(row)
  return {
    id: row.id,
    tableId: row.tableId,
    sessionId: row.sessionId,
    amount: centsToPesos(row.amountCents + row.taxCents + row.tipCents),
    baseAmount: centsToPesos(row.amountCents),
    taxAmount: centsToPesos(row.taxCents),
    tipAmount: centsToPesos(row.tipCents),
    tipPercentage: row.tipPercentage,
    paymentMethod: row.paymentMethod,
    paymentType: row.paymentType,
    customerName: row.customerName,
    transactionId: row.transactionId,
    items: items.map((item) => ({
      itemId: item.itemId,
      quantity: item.quantity,
      amount: centsToPesos(item.amountCents),
    })),
    splitCount: row.splitCount,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}
