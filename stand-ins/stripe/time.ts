import { cancel } from './payment-intents'
import { type Call } from './state'

/** Stripe cancels a PaymentIntent left uncaptured seven days after it was created (the capture endpoint's docs). */
const AUTHORIZATION_LIFETIME_SECONDS = 7 * 24 * 60 * 60
/** Stripe prunes an idempotency key once it is at least 24 hours old; a reuse after that runs as a new request. */
export const IDEMPOTENCY_KEY_LIFETIME_SECONDS = 24 * 60 * 60

/** What the passing of time does, up to the clock's now: run after the clock moves. */
export function passTime(call: Call): void {
  for (const intent of call.state.paymentIntents.values()) {
    if (intent.status === 'requires_capture' && intent.created + AUTHORIZATION_LIFETIME_SECONDS <= call.now) {
      // Its events belong to the intent's account, as a request on it would.
      cancel({ ...call, account: call.state.owners.get(intent.id) ?? null }, intent, 'automatic')
    }
  }
  call.state.idempotency.prune((saved) => saved.created + IDEMPOTENCY_KEY_LIFETIME_SECONDS <= call.now)
}
