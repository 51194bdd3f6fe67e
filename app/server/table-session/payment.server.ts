import { charged, planPayment, type PaymentIntent } from '~/domain/bill'
import { commitHold, holdFor, withHolds } from '~/domain/holds'
import type { PaymentRequest } from '~/domain/schemas/payments'
import { taxAddedTo } from '~/domain/tax'
import type { PaymentRow } from '../db/schema.server'
import { fail, type WriteFailure, type WriteResult } from './write-failures.server'
import type { BillHeader, BillState } from './bill-store.server'
import { newToken } from '../crypto.server'
import type { HoldRow } from './hold-store.server'
import type { BillTable } from './open-bill.server'

/** A payment recorded (or recorded before under the same transactionId), as the bill keeps it: cents; the Worker makes the API's shape. */
export type PayResult = WriteResult<{ payment: PaymentRow; replayed: boolean }>

function toIntent(request: PaymentRequest): PaymentIntent {
  if (request.paymentType === 'item') {
    return {
      type: 'item',
      amountCents: request.amount,
      items: (request.itemIds ?? []).map((itemId) => ({ itemId, quantity: request.itemQuantities?.[itemId] ?? null })),
    }
  }
  if (request.paymentType === 'split') {
    return {
      type: 'split',
      amountCents: request.amount,
      splitCount: request.splitCount ?? null,
      partySize: request.partySize ?? 1,
    }
  }
  return { type: 'full', amountCents: request.amount }
}

/** Someone else's payment in progress keeps what this one asks for: the diner is told who, and nothing is charged. */
function beingPaid(holds: readonly HoldRow[]): WriteFailure {
  const payers = [...new Set(holds.map((row) => row.hold.payer))]
  return {
    ...fail(
      'BEING_PAID',
      `${payers.join(', ')} ${payers.length === 1 ? 'is' : 'are'} paying this right now. Try again in a moment.`,
    ),
    payers,
  }
}

/**
 * Checks a payment request against the bill as it is now, counting what
 * other payments in progress (`standing`) keep as paid (see planPayment):
 * refused, or the hold that keeps what it pays while it is charged. Pure:
 * the object commits the hold in the same turn.
 */
export function holdPayment(
  bill: BillState,
  standing: readonly HoldRow[],
  table: BillTable,
  request: PaymentRequest,
  requestHash: string,
  { provider, now, expiresAt }: { provider: string; now: number; expiresAt: number },
): WriteFailure | HoldRow {
  const seen = withHolds(
    bill,
    standing.map((row) => row.hold),
  )
  const intent = toIntent(request)
  const decision = planPayment(seen.lines, seen.paid, intent, seen.splitPaid)
  if (!decision.ok) {
    // What the diner asks for would be payable but for the payments in progress: named are those holding any of it.
    if (standing.length > 0 && planPayment(bill.lines, bill.paid, intent, bill.splitPaid).ok) {
      const asked = new Set(intent.type === 'item' ? intent.items.map((item) => item.itemId) : [])
      const holding = standing.filter(
        (row) => asked.size === 0 || row.hold.units.some((unit) => asked.has(unit.itemId)),
      )
      return beingPaid(holding.length > 0 ? holding : standing)
    }
    return fail(decision.code, decision.message)
  }
  const { plan } = decision
  // Prices that exclude tax get it added on top; the bill itself only ever holds prices.
  const taxCents = taxAddedTo(plan.amountCents, table)
  const totalCents = charged({ amountCents: plan.amountCents, taxCents, tipCents: request.tipAmount })
  // The restaurant changed its tax settings since the diner was shown the charge.
  if (request.total !== undefined && request.total !== totalCents)
    return fail('BILL_CHANGED', 'The charge changed since it was shown. Review it and try again.')
  if (request.cashReceivedCents !== undefined && request.cashReceivedCents < totalCents)
    return fail('INVALID_AMOUNT', 'The cash handed over is less than the charge.')
  const id = crypto.randomUUID()
  const share =
    request.paymentType === 'split' && request.splitCount !== undefined
      ? { tableSize: request.splitCount, shares: request.partySize ?? 1 }
      : null
  return {
    id,
    transactionId: request.transactionId,
    requestHash,
    request,
    hold: holdFor(id, request.customerName, seen, plan, share),
    taxCents,
    totalCents,
    status: 'held',
    provider,
    reference: null,
    expiresAt,
    createdAt: now,
    owedBack: false,
  }
}

/**
 * The payment a hold becomes once its money is taken, and the bill after
 * it; null when the bill can no longer take it (a hold released before its
 * charge came back, whose units someone else paid since).
 */
export function paymentOf(
  row: HoldRow,
  bill: BillState,
  others: readonly HoldRow[],
  header: Pick<BillHeader, 'sessionId' | 'table'>,
  reference: string,
): { payment: PaymentRow; state: BillState } | null {
  const after = commitHold(
    bill,
    others.map((other) => other.hold),
    row.hold,
  )
  if (!after) return null
  const { request, hold } = row
  const payment: PaymentRow = {
    id: crypto.randomUUID(),
    tableId: request.tableId,
    sessionId: header.sessionId,
    transactionId: request.transactionId,
    requestHash: row.requestHash,
    amountCents: hold.amountCents,
    tipCents: request.tipAmount,
    taxCents: row.taxCents,
    tipPercentage: request.tipPercentage == null ? null : Math.round(request.tipPercentage),
    paymentMethod: request.paymentMethod,
    paymentType: request.paymentType,
    customerName: request.customerName,
    paidItems: hold.paidLines.length ? JSON.stringify(hold.paidLines) : null,
    splitCount: request.splitCount ?? null,
    splitShares: request.paymentType === 'split' ? (request.partySize ?? 1) : null,
    serviceQuality: request.serviceQuality ?? null,
    provider: row.provider,
    providerReference: reference,
    createdAt: Date.now(),
    recordedBy: request.recordedBy ?? null,
    recordedById: request.recordedById ?? null,
    cashReceivedCents: request.cashReceivedCents ?? null,
    registerId: request.paymentMethod === 'cash' ? (request.registerId ?? null) : null,
    cardFunding: request.cardFunding ?? null,
    taxRateBps: header.table.taxRateBps,
    receiptToken: newToken(),
  }
  return { payment, state: after }
}
