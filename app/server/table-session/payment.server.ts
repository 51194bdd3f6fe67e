import { applyPlan, billTotals, planPayment, type BillTotals, type PaymentIntent } from '~/domain/bill'
import type { PaymentRequest } from '~/domain/schemas/payments'
import { taxAddedTo } from '~/domain/tax'
import type { WirePayment } from '~/domain/wire'
import { toWirePayment } from '../bill.server'
import type { PaymentRow } from '../db/schema.server'
import type { PaymentProvider } from '../payments/provider.server'
import { fail, type WriteResult } from '../write-result.server'
import type { BillState, BillStore } from './bill-store.server'
import type { BillTable } from './open-bill.server'

export type PayResult = WriteResult<{ payment: WirePayment; replayed: boolean }>

function toIntent(request: PaymentRequest): PaymentIntent {
  if (request.paymentType === 'item') {
    return { type: 'item', amountCents: request.amount, items: (request.itemIds ?? []).map((itemId) => ({ itemId, quantity: request.itemQuantities?.[itemId] ?? null })) }
  }
  if (request.paymentType === 'split') {
    return { type: 'split', amountCents: request.amount, splitCount: request.splitCount ?? null, partySize: request.partySize ?? 1 }
  }
  return { type: 'full', amountCents: request.amount }
}

/** A payment the bill accepts: what to charge, and the record and bill it leaves once charged. */
export interface AcceptedPayment {
  totalCents: number
  record: (providerId: string, reference: string) => { payment: PaymentRow; state: BillState; totals: BillTotals }
}

/**
 * Checks a payment request against the bill as it is now (see planPayment):
 * refused, or what to charge and what to record once it is charged. Pure
 * over `state`; the object charges between this and the commit while no
 * other write to the bill runs.
 */
export function acceptPayment(state: BillState, table: BillTable, sessionId: string, request: PaymentRequest, requestHash: string): PayResult | AcceptedPayment {
  const decision = planPayment(state.lines, state.paidCents, toIntent(request), state.splitPaid)
  if (!decision.ok) return fail(decision.status, decision.code, decision.message)
  const { plan } = decision
  // Prices that exclude tax get it added on top; the bill itself only ever holds prices.
  const taxCents = taxAddedTo(plan.amountCents, table)
  const totalCents = plan.amountCents + taxCents + request.tipAmount
  // The restaurant changed its tax settings since the diner was shown the charge.
  if (request.total !== undefined && request.total !== totalCents) return fail(409, 'BILL_CHANGED', 'The charge changed since it was shown. Review it and try again.')
  return {
    totalCents,
    record(providerId, reference) {
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
        provider: providerId,
        providerReference: reference,
        createdAt: Date.now(),
      }
      const lines = applyPlan(state.lines, plan, request.customerName)
      const paidCents = state.paidCents + plan.amountCents
      const splitPaid = request.paymentType === 'split' && request.splitCount !== undefined ? [...state.splitPaid, { tableSize: request.splitCount, shares: request.partySize ?? 1 }] : state.splitPaid
      return { payment, state: { lines, paidCents, splitPaid }, totals: billTotals(lines, paidCents) }
    },
  }
}

export const isAccepted = (result: PayResult | AcceptedPayment): result is AcceptedPayment => 'record' in result

/**
 * Charges an accepted payment and commits it in one storage transaction; if
 * the commit throws, the charge is given back, so no charge stays unrecorded.
 */
export async function chargeAndCommit(storage: DurableObjectStorage, store: BillStore, provider: PaymentProvider, accepted: AcceptedPayment, request: PaymentRequest, description: string) {
  const charge = await provider.charge({ transactionId: request.transactionId, totalCents: accepted.totalCents, method: request.paymentMethod, description })
  if (!charge.ok) return { result: fail(402, 'DECLINED', charge.message) as PayResult, committed: null }
  try {
    const before = store.state()
    const committed = storage.transactionSync(() => {
      const recorded = accepted.record(provider.id, charge.reference)
      store.addPayment(recorded.payment, before.lines, recorded.state)
      return recorded
    })
    return { result: { ok: true as const, payment: toWirePayment(committed.payment), replayed: false }, committed }
  } catch (error) {
    await provider.refund(charge.reference)
    throw error
  }
}
