import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { applyPlan, billTotals, planPayment, type BillTotals, type PaymentIntent } from '~/domain/bill'
import { billEvent, type BillEvent } from '~/domain/live'
import type { PaymentRequest } from '~/domain/schemas/payments'
import type { SplitPaid } from '~/domain/split'
import { taxAddedTo } from '~/domain/tax'
import type { WirePayment } from '~/domain/wire'
import { billLinesQuery, openTableQuery, paidCentsQuery, splitPaidQuery, toWirePayment } from '../bill.server'
import type { Db } from '../db/client.server'
import { billItems, payments, type BillItemRow, type PaymentRow } from '../db/schema.server'
import type { PaymentProvider } from '../payments/provider.server'
import { isDemoSession } from '../table-session.server'
import { fail, type WriteResult } from '../write-result.server'
import { notOpen } from './open-bill.server'
import { findReplay, hashRequest, replayOf } from './payment-replay.server'

export type PayResult = WriteResult<{ payment: WirePayment; replayed: boolean }>

/**
 * The bill as the object last committed it. Only the object writes a bill's
 * lines and payments, so what it wrote stays true until it writes again.
 */
export interface HeldBill {
  sessionId: string
  lines: BillItemRow[]
  paidCents: number
  splitPaid: SplitPaid[]
}

export interface WaitingPayment {
  sessionId: string
  request: PaymentRequest
  resolve: (result: PayResult) => void
  reject: (error: unknown) => void
}

/** Payments per commit: the transactionIds of a group are looked up in one statement, within D1's 100 bound values. */
const MAX_GROUP = 50

/** Takes from `waiting` the payments that can be committed together: one bill, each transactionId once, at most MAX_GROUP. */
export function takeGroup(waiting: WaitingPayment[]): WaitingPayment[] {
  const [first] = waiting
  if (!first) return []
  const group: WaitingPayment[] = []
  const transactionIds = new Set<string>()
  const rest: WaitingPayment[] = []
  for (const payment of waiting) {
    const joins = group.length < MAX_GROUP && payment.sessionId === first.sessionId && !transactionIds.has(payment.request.transactionId)
    if (joins) {
      group.push(payment)
      transactionIds.add(payment.request.transactionId)
    } else rest.push(payment)
  }
  waiting.splice(0, waiting.length, ...rest)
  return group
}

function toIntent(request: PaymentRequest): PaymentIntent {
  if (request.paymentType === 'item') {
    return { type: 'item', amountCents: request.amount, items: (request.itemIds ?? []).map((itemId) => ({ itemId, quantity: request.itemQuantities?.[itemId] ?? null })) }
  }
  if (request.paymentType === 'split') {
    return { type: 'split', amountCents: request.amount, splitCount: request.splitCount ?? null, partySize: request.partySize ?? 1 }
  }
  return { type: 'full', amountCents: request.amount }
}

export interface GroupOutcome {
  /** One answer per request, in order. */
  results: PayResult[]
  /** What the object may keep of the bill for the next group; null to read it again. */
  held: HeldBill | null
  committed: boolean
  /** The table to tell, with one event per recorded payment. */
  announce: { userId: string; events: BillEvent[] } | null
}

/**
 * Checks, charges and records `requests` in order against one read of the
 * bill, committed in one D1 batch: the next payment is checked against the
 * bill as the one before it leaves it, so the answers are the ones each would
 * get alone. If the batch fails nothing is recorded and every charge is
 * refunded.
 */
export async function payGroup(db: Db, provider: PaymentProvider, sessionId: string, requests: PaymentRequest[], held: HeldBill | null): Promise<GroupOutcome> {
  const transactionIds = requests.map((request) => request.transactionId)
  const tableAndEarlier = [openTableQuery(db, sessionId), db.select().from(payments).where(inArray(payments.transactionId, transactionIds))] as const
  // The table and earlier uses of these transactionIds are read every time (staff and other tables change them);
  // the lines and the paid sums only when the object does not hold them already.
  const kept = held?.sessionId === sessionId ? held : null
  const [tableRows, earlier, lines, paidRows, splitPaidRows] = kept
    ? [...(await db.batch(tableAndEarlier)), kept.lines, [{ paid: kept.paidCents }], kept.splitPaid]
    : await db.batch([...tableAndEarlier, billLinesQuery(db, sessionId), paidCentsQuery(db, sessionId), splitPaidQuery(db, sessionId)])
  const table = tableRows[0]
  const earlierById = new Map(earlier.map((payment) => [payment.transactionId, payment]))
  const results: PayResult[] = []
  const recorded: { payment: PaymentRow; reference: string; totals: BillTotals }[] = []
  const statements: BatchItem<'sqlite'>[] = []
  let bill = lines
  let paidCents = paidRows[0]?.paid ?? 0
  let splitPaid: SplitPaid[] = splitPaidRows
  let refusedAsNotOpen: PayResult | undefined

  for (const request of requests) {
    if (!table || table.tableId !== request.tableId) {
      refusedAsNotOpen ??= await notOpen(db, sessionId)
      results.push(refusedAsNotOpen)
      continue
    }
    const requestHash = await hashRequest(request)
    const replay = replayOf(earlierById.get(request.transactionId), requestHash)
    if (replay) {
      results.push(replay)
      continue
    }
    const decision = planPayment(bill, paidCents, toIntent(request), splitPaid)
    if (!decision.ok) {
      results.push(fail(decision.status, decision.code, decision.message))
      continue
    }
    const { plan } = decision
    // Prices that exclude tax get it added on top; the bill itself only ever holds prices.
    const taxCents = taxAddedTo(plan.amountCents, table)
    if (request.total !== undefined && request.total !== plan.amountCents + taxCents + request.tipAmount) {
      // The restaurant changed its tax settings since the diner was shown the charge.
      results.push(fail(409, 'BILL_CHANGED', 'The charge changed since it was shown. Review it and try again.'))
      continue
    }
    const charge = await provider
      .charge({ transactionId: request.transactionId, totalCents: plan.amountCents + taxCents + request.tipAmount, method: request.paymentMethod, description: `Table ${table.tableNumber}` })
      .catch(async (error: unknown) => {
        // Nothing of this group is recorded yet, so nothing charged before this one may stay charged.
        await Promise.all(recorded.map(({ reference }) => provider.refund(reference)))
        throw error
      })
    if (!charge.ok) {
      results.push(fail(402, 'DECLINED', charge.message))
      continue
    }
    const payment: PaymentRow = {
      id: crypto.randomUUID(),
      tableId: table.tableId,
      sessionId,
      transactionId: request.transactionId,
      requestHash,
      amountCents: plan.amountCents,
      tipCents: request.tipAmount,
      taxCents,
      tipPercentage: request.tipPercentage == null ? null : Math.round(request.tipPercentage),
      paymentMethod: request.paymentMethod,
      paymentType: request.paymentType,
      customerName: request.customerName,
      paidItems: plan.paidLines.length ? JSON.stringify(plan.paidLines) : null,
      splitCount: request.splitCount ?? null,
      splitShares: request.paymentType === 'split' ? (request.partySize ?? 1) : null,
      serviceQuality: request.serviceQuality ?? null,
      provider: provider.id,
      providerReference: charge.reference,
      createdAt: Date.now(),
    }
    // The next payment in the group is checked against the bill as this one leaves it; the SQL records the same lines.
    bill = applyPlan(bill, plan, request.customerName)
    const paidByOf = new Map(bill.map((line) => [line.id, line.paidBy]))
    statements.push(db.insert(payments).values(payment))
    for (const update of plan.lineUpdates) {
      statements.push(
        db
          .update(billItems)
          .set({ paidQuantity: update.paidQuantity, paidBy: paidByOf.get(update.itemId) ?? request.customerName })
          .where(and(eq(billItems.id, update.itemId), eq(billItems.sessionId, sessionId))),
      )
    }
    if (plan.closesBill) {
      statements.push(
        db
          .update(billItems)
          .set({ paidQuantity: sql`${billItems.quantity}`, paidBy: sql`coalesce(${billItems.paidBy}, ${request.customerName})` })
          .where(and(eq(billItems.sessionId, sessionId), lt(billItems.paidQuantity, billItems.quantity))),
      )
    }
    paidCents += plan.amountCents
    if (request.paymentType === 'split' && request.splitCount !== undefined) splitPaid = [...splitPaid, { tableSize: request.splitCount, shares: request.partySize ?? 1 }]
    recorded.push({ payment, reference: charge.reference, totals: billTotals(bill, paidCents) })
    results.push({ ok: true as const, payment: toWirePayment(payment), replayed: false })
  }

  const [firstStatement, ...moreStatements] = statements
  if (firstStatement) {
    try {
      await db.batch([firstStatement, ...moreStatements])
    } catch (error) {
      // Nothing was recorded, so nothing may stay charged.
      await Promise.all(recorded.map(({ reference }) => provider.refund(reference)))
      const [only] = recorded
      if (requests.length === 1 && only) {
        // Another table's object may have taken the same transactionId a moment ago.
        const raced = await findReplay(db, only.payment.transactionId, only.payment.requestHash)
        if (raced) return { results: [raced], held: null, committed: false, announce: null }
      }
      throw error
    }
  }
  return {
    results,
    // The demo bill is left to the database: it resets with the clock, not only through here.
    held: table && !isDemoSession(sessionId) ? { sessionId, lines: bill, paidCents, splitPaid } : null,
    committed: statements.length > 0,
    announce:
      table && recorded.length > 0
        ? { userId: table.userId, events: recorded.map(({ payment, totals }) => billEvent('payment', sessionId, table, payment.amountCents + payment.taxCents + payment.tipCents, totals)) }
        : null,
  }
}
