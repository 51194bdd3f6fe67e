import type Stripe from 'stripe'
import { refundApplicationFee } from './application-fees'
import { chargeOf, type ChargeObject, refundable } from './charges'
import { format } from './currencies'
import { invalidParameter, invalidRequest } from './errors'
import { Params } from './params'
import { type Call, find, keep, newId } from './state'
import { listLimit, listPage } from './lists'

/** How a new refund comes out: done at once, or `pending` until settled (`/_standin/refunds/:id/settle`). */
export type RefundMode = 'pending' | 'succeeded'

/**
 * How long after a card payment it can still be refunded. Stripe's own error
 * (`charge_expired_for_refund`) could not be confirmed offline, nor its exact
 * window: 180 days is the one reported for cards.
 */
const REFUND_WINDOW_SECONDS = 180 * 24 * 60 * 60

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
  | 'failure_reason'
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
  return refundCharge(call, charge, {
    amount: params.integer('amount'),
    reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer']) ?? null,
    metadata: params.metadata() ?? {},
    refundApplicationFee: params.boolean('refund_application_fee') ?? false,
  })
}

interface RefundRequest {
  amount: number | undefined
  reason: RefundObject['reason']
  metadata: Record<string, string>
  refundApplicationFee: boolean
}

/** Gives back `amount` (all that is left unless given) of a captured charge: through the API, or from the Dashboard. */
export function refundCharge(call: Call, charge: ChargeObject, request: RefundRequest): RefundObject {
  const remaining = refundable(charge)
  if (remaining === 0)
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' })
  if (call.now - charge.created > REFUND_WINDOW_SECONDS)
    throw invalidRequest(`Charge ${charge.id} is too old to be refunded.`, { code: 'charge_expired_for_refund' })
  const dispute = [...call.state.disputes.values()].find((candidate) => candidate.charge === charge.id)
  if (dispute && !dispute.is_charge_refundable)
    throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
      code: 'charge_disputed',
    })
  const amount = request.amount ?? remaining
  if (amount < 1)
    throw invalidRequest('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' })
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${format(amount, charge.currency)}) is greater than unrefunded amount on charge (${format(remaining, charge.currency)})`,
      { param: 'amount' },
    )
  }
  const mode = call.state.refundModes.accounts.get(call.account ?? '') ?? call.state.refundModes.all
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
    metadata: request.metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: request.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: mode,
    transfer_reversal: null,
  })
  // Stripe counts a pending refund in amount_refunded at once, and gives it back only if it fails.
  charge.amount_refunded += amount
  charge.refunded = charge.amount_refunded === charge.amount
  if (request.refundApplicationFee) refundApplicationFee(call, charge, amount)
  call.emit('charge.refunded', charge)
  call.emit('refund.created', refund)
  return refund
}

/** `GET /v1/refunds`: the request's account's refunds, newest first; of one PaymentIntent when `payment_intent` is given. */
export function listRefunds(call: Call) {
  const params = new Params(call.form, ['payment_intent', 'limit'])
  const limit = listLimit(params, invalidParameter)
  const paymentIntent = params.string('payment_intent')
  const refunds = [...call.state.refunds.values()]
    .filter(
      (refund) =>
        call.state.owners.get(refund.id) === call.account &&
        (paymentIntent === undefined || refund.payment_intent === paymentIntent),
    )
    .reverse()
  return listPage(refunds, limit, '/v1/refunds')
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
