import { planAdjustment, type AdjustmentKind } from '~/domain/adjustments'
import { billTotals, charged, linesOwedAgain, type LedgerMethod } from '~/domain/bill'
import { formatMoney } from '~/domain/money'
import { heldUnits, type Hold } from '~/domain/holds'
import { planRefund, refundable, type RefundKind, type RefundUnits } from '~/domain/refunds'
import type { Signature } from '~/domain/signature'
import { paidLinesOf, unitsLeft } from '~/domain/bill'
import type { AdjustmentRow, BillItemRow } from '../db/schema.server'
import { fail, type WriteFailure } from './write-failures.server'
import type { BillHeader, BillState, BillStore } from './bill-store.server'
import type { StoredRefund } from './refund-store.server'

export interface AdjustmentRequest {
  kind: AdjustmentKind
  lineId: string
  quantity: number
  reason: string
  /** The member who makes it. */
  by: Signature
}

/** A void or comp checked against the bill as it is now, with every payment in progress counted: refused, or its record and the lines before and after it. */
export function adjustmentOf(
  bill: BillState,
  holds: readonly Hold[],
  header: BillHeader,
  request: AdjustmentRequest,
  now: number,
): WriteFailure | { ok: true; row: AdjustmentRow; after: BillItemRow[] } {
  const decision = planAdjustment(
    bill,
    holds,
    { kind: request.kind, lineId: request.lineId, units: request.quantity },
    crypto.randomUUID(),
  )
  if (!decision.ok) return fail(decision.code, decision.message)
  const line = bill.lines.find((each) => each.id === request.lineId)
  const row: AdjustmentRow = {
    id: crypto.randomUUID(),
    tableId: header.tableId,
    sessionId: header.sessionId,
    lineId: request.lineId,
    name: line?.name ?? '',
    kind: request.kind,
    quantity: request.quantity,
    amountCents: decision.plan.amountCents,
    reason: request.reason,
    staff: request.by.name,
    staffId: request.by.userId,
    createdAt: now,
  }
  return { ok: true, row, after: decision.plan.lines }
}

export interface RefundRequest {
  paymentId: string
  units: RefundUnits[]
  /** The bill part to give back, in cents; null gives back what the units cost. */
  amountCents: number | null
  tipCents: number
  reason: string
  /** The member who gives it. */
  by: Signature
  /** What the member confirmed it gives back in all (bill part, tax, tip): it is refused when the refund now comes to anything else. */
  confirmedCents?: number | null
  /** A refund, or the void of a payment recorded by mistake; a refund when not said. */
  kind?: RefundKind
}

/**
 * A refund of one of the bill's payments checked against what that payment
 * paid and what was given back of it already, pending ones included: so two
 * refunds at once never give back more than was paid. Refused, or the
 * refund to record as pending before its money goes back.
 */
export function refundOf(
  store: BillStore,
  request: RefundRequest,
  now: number,
): WriteFailure | { ok: true; row: StoredRefund; reference: string | null } {
  const payment = store.payment(request.paymentId)
  if (!payment) return fail('NOT_FOUND', 'That payment is not on this bill.')
  const earlier = store.refunds
    .list(payment.id)
    .filter((refund) => refund.status !== 'failed')
    .map((refund) => ({ ...refund, units: JSON.parse(refund.units) as RefundUnits[] }))
  const decision = planRefund(store.state().lines, { ...payment, paidLines: paidLinesOf(payment) }, earlier, request)
  if (!decision.ok) return fail(decision.code, decision.message)
  const { refund } = decision
  if (request.confirmedCents != null && charged(refund) !== request.confirmedCents)
    return fail(
      'BILL_CHANGED',
      `The refund now gives back ${formatMoney(charged(refund))}, not the ${formatMoney(request.confirmedCents)} confirmed.`,
    )
  const row: StoredRefund = {
    id: crypto.randomUUID(),
    paymentId: payment.id,
    method: payment.paymentMethod as LedgerMethod,
    amountCents: refund.amountCents,
    taxCents: refund.taxCents,
    tipCents: refund.tipCents,
    units: JSON.stringify(refund.units),
    reason: request.reason,
    kind: request.kind ?? 'refund',
    // Cash goes back from the drawer that took it (a void's never left it).
    registerId: payment.registerId,
    staff: request.by.name,
    staffId: request.by.userId,
    status: 'pending',
    failure: null,
    provider: payment.provider,
    providerReference: null,
    createdAt: now,
  }
  return { ok: true, row, reference: payment.providerReference }
}

/**
 * The lines once a done refund is undone (the diner's bank sent it back):
 * the units it unpaid are paid again, those still unpaid and not held by a
 * payment in progress. A unit another diner paid meanwhile stays theirs.
 */
export function linesAfterFailedRefund(
  lines: readonly BillItemRow[],
  refund: StoredRefund,
  holds: readonly Hold[],
): BillItemRow[] {
  const units = new Map((JSON.parse(refund.units) as RefundUnits[]).map((unit) => [unit.itemId, unit.quantity]))
  const held = heldUnits(holds)
  return lines.map((line) => {
    const quantity = units.get(line.id)
    if (!quantity) return line
    const free = unitsLeft(line) - (held.get(line.id) ?? 0)
    return { ...line, paidQuantity: line.paidQuantity + Math.max(0, Math.min(quantity, free)) }
  })
}

/**
 * The lines of the open bill once a refund is done: its units are unpaid
 * again; and when it leaves the bill not paid whole, so are the units the
 * payment of its rest had marked paid (linesOwedAgain): a void of that
 * payment leaves no line reading "Pagado" that nobody paid.
 */
export function linesAfterRefund(store: BillStore, refund: StoredRefund): BillItemRow[] {
  const units = new Map((JSON.parse(refund.units) as RefundUnits[]).map((unit) => [unit.itemId, unit.quantity]))
  const { lines, paid } = store.state()
  const after = lines.map((line) => {
    const quantity = units.get(line.id)
    return quantity ? { ...line, paidQuantity: Math.max(0, line.paidQuantity - quantity) } : line
  })
  const sums = { paymentsCents: paid.paymentsCents, refundedCents: paid.refundedCents + refund.amountCents }
  if (billTotals(after, sums).remaining === 0) return after
  // The units each payment still keeps once this refund and those done before it are taken off (refundable).
  const given = [...store.refunds.list().filter((each) => each.status === 'done'), refund].map((each) => ({
    ...each,
    units: JSON.parse(each.units) as RefundUnits[],
  }))
  const kept = new Map<string, number>()
  for (const payment of store.payments()) {
    const left = refundable(
      { ...payment, paidLines: paidLinesOf(payment) },
      given.filter((each) => each.paymentId === payment.id),
    )
    for (const [itemId, units] of left.units) kept.set(itemId, (kept.get(itemId) ?? 0) + units)
  }
  return linesOwedAgain(after, kept)
}
