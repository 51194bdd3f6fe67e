/**
 * The Stripe events Mesa's webhook acts on, by what they are about: the one
 * list the handler dispatches on, docs/payments.md lists (a test compares
 * the two) and the Connect endpoint must be sent. An endpoint set up with
 * fewer never tells Mesa of what it leaves out.
 */
const STRIPE_EVENTS = {
  /** A hold's PaymentIntent moved: its bill's object settles it (settleHold). */
  payment: [
    'payment_intent.amount_capturable_updated',
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'payment_intent.canceled',
  ],
  /** A refund moved: Mesa's own are followed by their bill; one made in the Dashboard is recorded. */
  refund: ['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated'],
  /** A charge refunded, which names no refund: its payment's refunds made outside Mesa are recorded. */
  charge: ['charge.refunded'],
  /** A diner's bank disputing a charge. */
  dispute: ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed'],
  /** A restaurant's account changed, or took Mesa's access away. */
  account: ['account.updated', 'account.application.deauthorized'],
} as const

/** Every event the endpoint must be sent, in one list. */
export const HANDLED_STRIPE_EVENTS: readonly string[] = Object.values(STRIPE_EVENTS).flat()

/** Whether `type` is one of `group`'s events. */
export const isEventOf = (group: keyof typeof STRIPE_EVENTS, type: string) =>
  (STRIPE_EVENTS[group] as readonly string[]).includes(type)
