import type Stripe from 'stripe'
import { chargeOf } from './charges'
import { invalidParameter, invalidRequest, noSuch } from './errors'
import { Params } from './params'
import { type Call, find, keep, newId } from './state'

/** Stripe's Dispute, without `evidence` (the stand-in takes no evidence) and its balance transactions always empty. */
export type DisputeObject = Pick<
  Stripe.Dispute,
  | 'id'
  | 'object'
  | 'amount'
  | 'created'
  | 'currency'
  | 'is_charge_refundable'
  | 'livemode'
  | 'metadata'
  | 'reason'
  | 'status'
> & {
  balance_transactions: []
  charge: string
  payment_intent: string | null
  evidence_details: Pick<Stripe.Dispute.EvidenceDetails, 'due_by' | 'has_evidence' | 'past_due' | 'submission_count'>
}

/** Stripe's dispute reasons (the Dispute object's `reason`). */
export const DISPUTE_REASONS = [
  'bank_cannot_process',
  'check_returned',
  'credit_not_processed',
  'customer_initiated',
  'debit_not_authorized',
  'duplicate',
  'fraudulent',
  'general',
  'incorrect_account_details',
  'insufficient_funds',
  'noncompliant',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'unrecognized',
] as const

/** The statuses an open dispute moves through before it is closed won or lost. */
const OPEN_DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'needs_response',
  'under_review',
] as const
const CLOSED_DISPUTE_STATUSES = ['won', 'lost'] as const

/**
 * How long the restaurant has to answer. Stripe's due date depends on the card
 * network and is usually longer; the stand-in gives the shortest commonly
 * seen, 7 days, so a test does not count on more.
 */
const EVIDENCE_WINDOW_SECONDS = 7 * 24 * 60 * 60

/** The diner's bank disputing a captured payment: `charge.dispute.created`, and the charge shows it. */
export function openDispute(
  call: Call,
  intentId: string,
  { reason = 'fraudulent', amount }: { reason?: string; amount?: number },
): DisputeObject {
  const intent = find(call, call.state.paymentIntents, intentId, 'payment_intent', 'payment_intent')
  if (intent.status !== 'succeeded')
    throw invalidRequest(
      `PaymentIntent ${intent.id} has no captured charge to dispute: its status is ${intent.status}.`,
    )
  const charge = chargeOf(call, intent)
  if (charge.disputed) throw invalidRequest(`Charge ${charge.id} is already disputed.`)
  if (!(DISPUTE_REASONS as readonly string[]).includes(reason))
    throw invalidParameter(`Invalid reason: must be one of ${DISPUTE_REASONS.join(', ')}`, { param: 'reason' })
  const disputed = amount ?? charge.amount_captured
  if (disputed < 1 || disputed > charge.amount_captured)
    throw invalidParameter(`Invalid amount: a dispute is for 1 to ${charge.amount_captured}`, { param: 'amount' })
  const dispute = keep(call, call.state.disputes, {
    id: newId('dp'),
    object: 'dispute',
    amount: disputed,
    balance_transactions: [],
    charge: charge.id,
    created: call.now,
    currency: charge.currency,
    evidence_details: {
      due_by: call.now + EVIDENCE_WINDOW_SECONDS,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    // A chargeback's money is already taken back from the restaurant: Stripe refuses a refund on top of it.
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: intent.id,
    reason,
    status: 'needs_response',
  })
  charge.disputed = true
  call.emit('charge.dispute.created', dispute)
  return dispute
}

/** The dispute moving on while it is open (the bank reviewing the evidence): `charge.dispute.updated`. */
export function updateDispute(call: Call, id: string, status: string): DisputeObject {
  const dispute = openDisputeById(call, id)
  if (!(OPEN_DISPUTE_STATUSES as readonly string[]).includes(status))
    throw invalidParameter(`Invalid status: must be one of ${OPEN_DISPUTE_STATUSES.join(', ')}`, { param: 'status' })
  const previous = { status: dispute.status }
  dispute.status = status
  call.emit('charge.dispute.updated', dispute, { previousAttributes: previous })
  return dispute
}

/** The bank's decision: `charge.dispute.closed`. */
export function closeDispute(call: Call, id: string, status: string): DisputeObject {
  const dispute = openDisputeById(call, id)
  if (!(CLOSED_DISPUTE_STATUSES as readonly string[]).includes(status))
    throw invalidParameter(`Invalid status: must be one of ${CLOSED_DISPUTE_STATUSES.join(', ')}`, { param: 'status' })
  dispute.status = status
  call.emit('charge.dispute.closed', dispute)
  return dispute
}

export function retrieveDispute(call: Call): DisputeObject {
  Params.none(call.form)
  return find(call, call.state.disputes, call.path.id!, 'dispute', 'dispute')
}

function openDisputeById(call: Call, id: string): DisputeObject {
  const dispute = call.state.disputes.get(id)
  if (!dispute) throw noSuch('dispute', id, 'dispute')
  if ((CLOSED_DISPUTE_STATUSES as readonly string[]).includes(dispute.status))
    throw invalidRequest(`Dispute ${id} is already closed (${dispute.status}).`)
  return dispute
}
