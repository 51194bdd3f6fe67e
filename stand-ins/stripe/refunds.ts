import type Stripe from 'stripe'
import { refundApplicationFee } from './application-fees'
import { chargeOf, type ChargeObject, refundable } from './charges'
import { format } from './currencies'
import { invalidRequest } from './errors'
import { Params } from './params'
import { type Call, find, keep, newId } from './state'

export type RefundObject = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'balance_transaction'
  | 'charge'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_account'
  | 'metadata'
  | 'payment_intent'
  | 'payment_method'
  | 'reason'
  | 'receipt_number'
  | 'source_transfer_reversal'
  | 'status'
  | 'transfer_reversal'
>

/** Gives back all or part of what a payment captured, never more than is left of it. */
export function createRefund(call: Call): RefundObject {
  const params = new Params(call.form, [
    'payment_intent',
    'charge',
    'amount',
    'reason',
    'metadata',
    'refund_application_fee',
  ])
  const charge = refundedCharge(call, params)
  const remaining = refundable(charge)
  if (remaining === 0)
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' })
  const amount = params.integer('amount') ?? remaining
  if (amount < 1)
    throw invalidRequest('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' })
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${format(amount, charge.currency)}) is greater than unrefunded amount on charge (${format(remaining, charge.currency)})`,
      { param: 'amount' },
    )
  }
  const refund = keep(call, call.state.refunds, {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: call.now,
    currency: charge.currency,
    customer: null,
    customer_account: null,
    metadata: params.metadata() ?? {},
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer']) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  })
  charge.amount_refunded += amount
  charge.refunded = charge.amount_refunded === charge.amount
  if (params.boolean('refund_application_fee')) refundApplicationFee(call, charge, amount)
  call.emit('charge.refunded', charge)
  call.emit('refund.created', refund)
  return refund
}

export function retrieveRefund(call: Call): RefundObject {
  Params.none(call.form)
  return find(call, call.state.refunds, call.path.id!, 'refund', 'id')
}

/** The captured charge a refund gives money back from, named by its PaymentIntent or by itself. */
function refundedCharge(call: Call, params: Params): ChargeObject {
  const intentId = params.string('payment_intent')
  const chargeId = params.string('charge')
  if (intentId === undefined) {
    if (chargeId === undefined) {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        { code: 'parameter_missing' },
      )
    }
    const charge = find(call, call.state.charges, chargeId, 'charge', 'charge')
    if (!charge.captured)
      throw invalidRequest(`Charge ${charge.id} has no captured funds to refund.`, { param: 'charge' })
    return charge
  }
  const intent = find(call, call.state.paymentIntents, intentId, 'payment_intent', 'payment_intent')
  if (intent.status !== 'succeeded') {
    throw invalidRequest(
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund: its status is ${intent.status}.`,
      { param: 'payment_intent' },
    )
  }
  if (chargeId !== undefined && chargeId !== intent.latest_charge)
    throw invalidRequest(`Charge ${chargeId} does not belong to PaymentIntent ${intent.id}.`, { param: 'charge' })
  return chargeOf(call, intent)
}
