import { chargeOf } from './charges'
import { invalidParameter, invalidRequest, noSuch } from './errors'
import { type RefundObject, refundCharge } from './refunds'
import { type Call, find } from './state'

/** Why Stripe says a card refund failed (the Refund object's `failure_reason`). */
export const REFUND_FAILURE_REASONS = [
  'charge_for_pending_refund_disputed',
  'declined',
  'expired_or_canceled_card',
  'insufficient_funds',
  'lost_or_stolen_card',
  'merchant_request',
  'unknown',
] as const

/**
 * A pending refund's end, as the card network reports it: `refund.updated`
 * and `charge.refund.updated`, and for a failure `refund.failed` too. A failed
 * refund's amount goes back on the charge (it can be refunded again). As
 * Stripe's refund guide warns, a refund reported `succeeded` can still fail
 * later (the issuer returns it): a succeeded refund can be failed too.
 */
export function settleRefund(
  call: Call,
  id: string,
  result: 'succeeded' | 'failed',
  failureReason: string = 'expired_or_canceled_card',
): RefundObject {
  const refund = call.state.refunds.get(id)
  if (!refund) throw noSuch('refund', id, 'refund')
  if (refund.status !== 'pending' && !(refund.status === 'succeeded' && result === 'failed'))
    throw invalidRequest(
      `Refund ${id} is ${refund.status}; only a pending refund can be settled, or a succeeded one failed.`,
    )
  if (!(REFUND_FAILURE_REASONS as readonly string[]).includes(failureReason))
    throw invalidParameter(`Invalid failure_reason: must be one of ${REFUND_FAILURE_REASONS.join(', ')}`, {
      param: 'failure_reason',
    })
  const previous = { status: refund.status }
  refund.status = result
  if (result === 'failed') {
    refund.failure_reason = failureReason
    const charge = call.state.charges.get(refund.charge as string)!
    charge.amount_refunded -= refund.amount
    charge.refunded = false
  }
  call.emit('refund.updated', refund, { previousAttributes: previous })
  call.emit('charge.refund.updated', refund, { previousAttributes: previous })
  if (result === 'failed') call.emit('refund.failed', refund)
  return refund
}

/** A refund the restaurant makes in its own Stripe Dashboard: no metadata, no reason, none of Mesa's doing. */
export function dashboardRefund(call: Call, intentId: string, amount?: number): RefundObject {
  const intent = find(call, call.state.paymentIntents, intentId, 'payment_intent', 'payment_intent')
  if (intent.status !== 'succeeded')
    throw invalidRequest(`PaymentIntent ${intent.id} has no captured charge to refund: its status is ${intent.status}.`)
  return refundCharge(call, chargeOf(call, intent), {
    amount,
    reason: null,
    metadata: {},
    refundApplicationFee: false,
  })
}
