import type Stripe from 'stripe'
import { billTotals, NOTHING_PAID } from '~/domain/bill'
import { billEvent } from '~/domain/live'
import { keepDispute } from '../books/disputes.server'
import { appEnv } from '../env.server'
import { restaurantHub } from '../live/live-sockets.server'
import { billOfStripeCharge, restaurantOfAccount } from './stripe-accounts.server'
import { accountGone, stripeClient } from './stripe.server'

/**
 * A dispute's event (`charge.dispute.created`, `.updated`, `.closed`): the
 * dispute as Stripe has it now (events come late and out of order) is kept
 * on its payment's bill; the table's staff are alerted when it opens and
 * when it is won or lost. A dispute of a charge Mesa did not record is none
 * of Mesa's business.
 */
export async function recordDispute(env: Env, event: Stripe.Event): Promise<void> {
  if (!event.account) return
  const restaurantId = await restaurantOfAccount(env, event.account)
  if (!restaurantId) return
  const dispute = await stripeClient(appEnv(env))
    .disputes.retrieve((event.data.object as Stripe.Dispute).id, {}, { stripeAccount: event.account })
    .catch((error: unknown) => {
      if (accountGone(error)) return null
      throw error
    })
  const charged = dispute ? await billOfStripeCharge(env, restaurantId, dispute.payment_intent) : null
  if (!dispute || !charged) return
  const { ledger, bill } = charged
  const kept = await keepDispute(ledger, {
    id: dispute.id,
    sessionId: bill.sessionId,
    paymentId: bill.paymentId,
    amountCents: dispute.amount,
    reason: dispute.reason,
    status: dispute.status,
    dueBy: dispute.evidence_details?.due_by ? dispute.evidence_details.due_by * 1000 : null,
  })
  const ended = dispute.status === 'won' || dispute.status === 'lost'
  if (kept === 'new' || (kept === 'changed' && ended))
    await restaurantHub(env, restaurantId).publish([
      billEvent(
        { change: 'dispute', amountCents: dispute.amount, ref: dispute.id, status: dispute.status },
        bill.sessionId,
        bill,
        billTotals([], NOTHING_PAID),
      ),
    ])
}
