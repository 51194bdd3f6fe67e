import { and, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import { billTotals, NOTHING_PAID, paymentKind, sumsOf, totalsOf, type BillTotals, type PaidSums } from '~/domain/bill'
import { withHolds } from '~/domain/holds'
import { centsToPesos } from '~/domain/money'
import type { PublicPayment, WireTableSession } from '~/domain/wire'
import { netSql } from '../db/payment-net.server'
import { toWireItem, toWirePayment } from '../db/wire-rows.server'
import type { BillView } from '../table-session/bill-view.server'
import { billLinesQuery, billTableColumns } from '../table-session/open-bill.server'
import { ledgerOfBill, type Ledger } from '../books/ledger.server'
import {
  payments,
  refunds,
  refundStands,
  tables,
  tableSessions,
  restaurants,
  type PaymentRow,
} from '../db/schema.server'

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
const splitPaidQuery = ({ db }: Ledger, sessionId: string) =>
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
        sql`${netSql(['amountCents'])} > 0`,
      ),
    )
    .groupBy(payments.splitCount)

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
    userId: bill.restaurantId,
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

/** A payment as anyone at the table may read it: its kind as staff screens name it, not the payer's transaction id. */
export function toPublicPayment(row: PaymentRow): PublicPayment {
  const { paymentType: _type, transactionId: _transaction, ...shown } = toWirePayment(row)
  return { ...shown, kind: paymentKind(row) }
}
