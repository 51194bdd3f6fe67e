import {
  paymentTypeOf,
  quote,
  readSelection,
  readTip,
  selectionParams,
  serviceQualityOf,
  type Selection,
} from '~/domain/checkout'
import { centsToPesos } from '~/domain/money'
import type { PaymentRequestInput } from '~/domain/schemas/payments'
import { paymentSummary } from '~/domain/tax'
import { payableBill } from '../bills/bill-reads.server'
import type { BillView } from '../table-session/bill-view.server'

/** Reads what a payment step's URL asks to pay, priced against the bill as it is now, less what others are paying right now. */
export function checkoutFromUrl(bill: BillView, params: URLSearchParams) {
  const selection: Selection | null = readSelection(params)
  const payable = payableBill(bill)
  const priced = selection ? quote(payable.lines, payable.totals.remaining, selection, payable.splitPaid) : null
  const base = priced?.base ?? 0
  const tip = readTip(params, base)
  return {
    selection,
    quote: priced,
    base,
    tip,
    summary: paymentSummary(base, tip.tip, bill),
    selectionQuery: selection ? selectionParams(selection).toString() : '',
  }
}

export type Checkout = ReturnType<typeof checkoutFromUrl>

/**
 * A payment as the payment step shows it, before the diner picks how to pay
 * and says who they are (their own name, or none: never guessed from who
 * ordered what they pay); its ids are the phone's (see attemptFor).
 */
export type ShownPayment = Omit<PaymentRequestInput, 'paymentMethod' | 'transactionId' | 'replaces' | 'customerName'>

/**
 * The payment request for what a checkout shows, as the payment form sends it:
 * the amount, tip and charge the diner sees, and exactly what they pay for.
 * The bill's object refuses it if the bill no longer costs that.
 */
export function paymentRequestFor(bill: BillView, checkout: Checkout): ShownPayment | null {
  if (!checkout.selection || checkout.base <= 0) return null
  const lines = checkout.quote?.lines ?? []
  const split = checkout.quote?.split
  return {
    tableId: bill.tableId,
    sessionId: bill.sessionId,
    amount: centsToPesos(checkout.base),
    tipAmount: centsToPesos(checkout.tip.tip),
    total: centsToPesos(checkout.summary.total),
    paymentType: paymentTypeOf(checkout.selection),
    itemIds: lines.length ? lines.map((line) => line.itemId) : undefined,
    itemQuantities: lines.length ? Object.fromEntries(lines.map((line) => [line.itemId, line.units])) : undefined,
    splitCount: split?.tableSize,
    partySize: split?.peoplePaying,
    tipPercentage: checkout.tip.percent,
    serviceQuality: serviceQualityOf(checkout.tip),
    mealType: 'dinner',
  }
}
