import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { billPart, charged, paidLinesOf, paymentKind } from '~/domain/bill'
import { paidWhat, whoPaidUnits } from '~/domain/payment-words'
import { paymentReference } from '~/domain/receipt'
import { seatedAt } from '~/domain/floor'
import { isIdLike } from '~/domain/ids'
import { ledgerSumsColumns, ledgerTotals } from '../bills/bill-reads.server'
import type { BillView } from '../table-session/bill-view.server'
import { ledgerOf, type Ledger } from '../books/ledger.server'
import { foliosOfBill, receiptPath } from '../receipts/receipt-reads.server'
import { ratingsOfBill } from '../ratings/ratings.server'
import { refundable, type RefundFailure, type RefundUnits } from '~/domain/refunds'
import { HANDLED_OUTSIDE } from '../table-session/refund-store.server'
import { disputesOfBill, type DisputeRow } from '../books/disputes.server'
import { fiscalOfBill } from '../invoices/fiscal-reads.server'
import { netSql } from '../db/payment-net.server'
import { payments, tableSessions } from '../db/schema.server'
import type { StaffTable } from './tables.server'
import { tableSessionStub } from '../table-session/stub.server'

const PREVIOUS_BILLS = 10

/** What staff see of a payment's dispute: how much, why, how it stands, and by when to answer it. */
const disputeOf = (row: DisputeRow | undefined) =>
  row ? { amountCents: row.amountCents, reason: row.reason, status: row.status, dueBy: row.dueBy } : null

/** What the ledger knows of a bill's payments besides them: disputes, ratings, fiscal documents, receipt folios. */
async function sidesOfBill(ledger: Ledger, sessionId: string) {
  const [disputes, rated, fiscal, folios] = await Promise.all([
    disputesOfBill(ledger, sessionId),
    ratingsOfBill(ledger, sessionId),
    fiscalOfBill(ledger, sessionId),
    foliosOfBill(ledger, sessionId),
  ])
  return { disputes, rated, fiscal, folios }
}

type PaymentSides = Awaited<ReturnType<typeof sidesOfBill>>

/** The table's open bill with its payments; the one after it if D1 has not yet heard that this one closed. */
async function readOpenBill(env: Env, sessionId: string) {
  const bill = await tableSessionStub(env, sessionId).read(sessionId, { payments: true })
  return bill?.closedAt != null && bill.nextSessionId
    ? tableSessionStub(env, bill.nextSessionId).read(bill.nextSessionId, { payments: true })
    : bill
}

/** The last bills closed on the table, with what each took in, gave back and left unpaid. */
function closedBillsOf(db: Ledger['db'], tableId: string) {
  return db
    .select({
      id: tableSessions.id,
      openedAt: tableSessions.openedAt,
      closedAt: sql<number>`${tableSessions.closedAt}`,
      ...ledgerSumsColumns(sql`${tableSessions.id}`),
      // Tips kept: what refunds gave back of them is gone, as paid is net of refunds.
      tipCents: sql<number>`coalesce(sum(${netSql(['tipCents'])}), 0)`,
      payments: sql<number>`count(${payments.id})`,
      unpaidCents: tableSessions.unpaidCents,
      unpaidReason: tableSessions.unpaidReason,
      closedBy: tableSessions.closedBy,
    })
    .from(tableSessions)
    .leftJoin(payments, eq(payments.sessionId, tableSessions.id))
    .where(and(eq(tableSessions.tableId, tableId), isNotNull(tableSessions.closedAt)))
    .groupBy(tableSessions.id)
    .orderBy(desc(tableSessions.closedAt))
    .limit(PREVIOUS_BILLS)
}

/** A payment as the staff screens list it: what readTableDetails reads of it. */
export type StaffLine = NonNullable<Awaited<ReturnType<typeof readTableDetails>>>['lines'][number]
export type StaffPayment = NonNullable<Awaited<ReturnType<typeof readTableDetails>>>['payments'][number]

/**
 * What staff see of a table: its open bill with every payment, and, for
 * those who may see the books (`previous`), the last bills closed on it.
 */
export async function readTableDetails(
  env: Env,
  table: Pick<StaffTable, 'id' | 'restaurantId' | 'sessionId'>,
  { previous: withPrevious }: { previous: boolean },
) {
  const ledger = ledgerOf(env, table.restaurantId)
  // The open bill from its object, as it is this instant; the closed ones from the ledger.
  const [bill, sides, previous] = await Promise.all([
    readOpenBill(env, table.sessionId),
    sidesOfBill(ledger, table.sessionId),
    withPrevious ? closedBillsOf(ledger.db, table.id) : null,
  ])
  if (!bill || bill.closedAt !== null) return null
  return {
    ...billRecords(bill, sides),
    // A diner's call still waiting for someone.
    call: bill.call?.answeredAt === null ? bill.call : null,
    previous:
      previous?.map(({ totalCents, paymentsCents, refundedCents, ...closed }) => ({
        ...closed,
        totals: ledgerTotals({ totalCents, paymentsCents, refundedCents }),
      })) ?? null,
  }
}

/**
 * A bill closed on the table, with its payments and what happened to it,
 * read from its object (which keeps its records): for staff to refund a
 * payment after the table moved on. Null when it is not one of the table's
 * closed bills.
 */
export async function readClosedBillDetails(
  env: Env,
  table: Pick<StaffTable, 'id' | 'restaurantId'>,
  sessionId: string,
) {
  if (!isIdLike(sessionId)) return null
  const bill = await tableSessionStub(env, sessionId).read(sessionId, { payments: true })
  if (!bill || bill.tableId !== table.id || bill.closedAt === null) return null
  const sides = await sidesOfBill(ledgerOf(env, table.restaurantId), sessionId)
  return { ...billRecords(bill, sides), closedAt: bill.closedAt, settlement: bill.settlement ?? null }
}

/** What staff see of one bill: its lines, its payments with what each can still give back, and its history. */
function billRecords(bill: BillView, { disputes, rated, fiscal, folios }: PaymentSides) {
  const paymentRows = bill.payments
  // The bill's payments come newest first; what each paid, and who paid which units, go in the order they were made.
  const made = paymentRows.toReversed()
  const paid = new Map(made.map((payment, index) => [payment.id, paidWhat(payment, made.slice(0, index))] as const))
  const itemPayments = made.map((payment) => ({ payer: payment.customerName, paidLines: paidLinesOf(payment) }))
  // A line voided whole is gone from the bill; its void keeps its name.
  const names = new Map([
    ...(bill.adjustments ?? []).map((adjustment) => [adjustment.lineId, adjustment.name] as const),
    ...bill.lines.map((line) => [line.id, line.name] as const),
  ])
  const onBill = new Set(bill.lines.map((line) => line.id))
  /** What a payment can still give back: of its bill part, of its tip, and units of each line it paid, less what its refunds (pending ones too) gave back. */
  const refundableOf = (payment: (typeof paymentRows)[number]) => {
    const earlier = (bill.refunds ?? [])
      .filter((refund) => refund.paymentId === payment.id && refund.status !== 'failed')
      .map((refund) => ({ ...refund, units: JSON.parse(refund.units) as RefundUnits[] }))
    const left = refundable({ ...payment, paidLines: paidLinesOf(payment) }, earlier)
    return {
      amountCents: left.amountCents,
      tipCents: left.tipCents,
      units: [...left.units]
        .map(([itemId, quantity]) => ({ itemId, name: names.get(itemId) ?? '', quantity }))
        .filter((item) => item.quantity > 0 && onBill.has(item.itemId)),
    }
  }
  return {
    sessionId: bill.sessionId,
    seatedAt: seatedAt(bill.lines),
    totals: bill.totals,
    // Prices without tax get it added when a payment is taken: staff are shown the charge, not only the bill part.
    tax: { taxRateBps: bill.taxRateBps, taxIncludedInPrice: bill.taxIncludedInPrice },
    lines: bill.lines.map((line) => ({
      id: line.id,
      name: line.name,
      description: line.description,
      quantity: line.quantity,
      paidQuantity: line.paidQuantity,
      priceCents: line.priceCents,
      customerName: line.customerName,
      paidBy: line.paidBy,
      whoPaid: whoPaidUnits(line, itemPayments),
      comped: line.comped,
      note: line.note,
      addedBy: line.addedBy,
    })),
    payments: paymentRows.map((payment) => ({
      id: payment.id,
      // The one reference its diner's confirmation and receipt show, and the folio of its receipt once the ledger made it.
      reference: paymentReference(payment.transactionId),
      folio: folios.get(payment.id) ?? null,
      customerName: payment.customerName,
      method: payment.paymentMethod,
      type: paymentKind(payment),
      paid: paid.get(payment.id)!,
      // What the diner was charged for the bill itself (tax on top included), the tip apart.
      amountCents: billPart(payment),
      tipCents: payment.tipCents,
      createdAt: payment.createdAt,
      items: paidLinesOf(payment).map((item) => ({ name: names.get(item.itemId) ?? '', quantity: item.quantity })),
      refundable: refundableOf(payment),
      splitShares: payment.splitShares,
      splitCount: payment.splitCount,
      recordedBy: payment.recordedBy,
      recordedById: payment.recordedById,
      cashReceivedCents: payment.cashReceivedCents ?? null,
      refundedCents: (bill.refunds ?? [])
        .filter((refund) => refund.paymentId === payment.id && refund.status === 'done')
        .reduce((sum, refund) => sum + charged(refund), 0),
      dispute: disputeOf(disputes.get(payment.id)),
      receiptUrl: payment.receiptToken ? receiptPath(bill.sessionId, payment.receiptToken) : null,
      fiscal: fiscal.get(payment.id) ?? null,
    })),
    // Who changed the bill, when and why: voids, comps and refunds, oldest first.
    history: [
      ...(bill.adjustments ?? []).map((adjustment) => ({
        id: adjustment.id,
        kind: adjustment.kind,
        text: `${adjustment.quantity}× ${adjustment.name}`,
        amountCents: adjustment.amountCents,
        reason: adjustment.reason,
        staff: adjustment.staff,
        createdAt: adjustment.createdAt,
      })),
      ...(bill.refunds ?? []).map((refund) => ({
        id: refund.id,
        kind: refund.kind === 'void' ? ('payment-void' as const) : ('refund' as const),
        text: refund.status === 'pending' ? '…' : '',
        amountCents: charged(refund),
        reason: refund.reason,
        staff: refund.staff,
        createdAt: refund.createdAt,
        ...(refund.status === 'failed'
          ? {
              failed: {
                failure: (refund.failure ?? 'refused') as RefundFailure,
                settled: (bill.refunds ?? []).some(
                  (each) => each.provider === HANDLED_OUTSIDE && each.providerReference === refund.id,
                ),
              },
            }
          : {}),
        ...(refund.provider === HANDLED_OUTSIDE
          ? { outside: refund.method === 'cash' ? ('cash' as const) : ('other' as const) }
          : {}),
      })),
      // How each payer rated the visit: the comment is for staff alone.
      ...rated.map((rating) => ({
        id: `rating:${rating.paymentId}`,
        kind: 'rating' as const,
        text: '',
        amountCents: 0,
        stars: rating.stars,
        reason: rating.comment ?? '',
        staff: rating.payer,
        createdAt: rating.createdAt,
      })),
    ].sort((a, b) => a.createdAt - b.createdAt),
  }
}
