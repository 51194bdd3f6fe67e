import { requireChargesEnabled } from './accounts'
import { createCharge } from './charges'
import { type ConfirmationTokenRecord, usableToken } from './confirmation-tokens'
import { invalidRequest, noSuch, StripeError, unexpectedState } from './errors'
import { Params } from './params'
import type { PaymentIntentObject } from './payment-intents'
import { findTestCard, paymentMethodObject, type TestCard } from './payment-methods'
import { type Call, newId } from './state'

/*
 * Confirming a PaymentIntent as Stripe does: what it checks before trying
 * the card, the card's outcome (authorised, declined with a 402, or sent to
 * 3-D Secure), and the diner's answer to 3-D Secure.
 */

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action']
/**
 * Plays the diner completing (or failing) 3-D Secure in Stripe.js. Reached
 * without an API key, as Stripe's authentication pages are; the intent is
 * found by its id on whichever account it lives.
 */
export function authenticatePaymentIntent(request: Call): PaymentIntentObject {
  const params = new Params(request.form, ['result'])
  const result = params.requiredOneOf('result', ['success', 'failure'])
  const intent = request.state.paymentIntents.get(request.path.id!)
  if (!intent) throw noSuch('payment_intent', request.path.id!, 'intent')
  // What follows (its charge, its events) belongs to the intent's account.
  const call = { ...request, account: request.state.owners.get(intent.id) ?? null }
  if (intent.status !== 'requires_action') {
    throw unexpectedState(
      `This PaymentIntent has a status of ${intent.status}; only a PaymentIntent that requires_action can be authenticated.`,
    )
  }
  const card = findTestCard(intent.payment_method!, 'payment_method')
  intent.next_action = null
  if (result === 'success') return authorise(call, intent, card)
  intent.status = 'requires_payment_method'
  intent.payment_method = null
  intent.last_payment_error = {
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    message:
      'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
    payment_method: paymentMethodObject(card, call.now),
  }
  call.emit('payment_intent.payment_failed', intent)
  return intent
}

export interface Attempt {
  card: TestCard
  token: ConfirmationTokenRecord | null
}

/** Everything Stripe checks before it tries the card: a refusal here changes nothing. */
export function prepareConfirmation(call: Call, intent: PaymentIntentObject, params: Params): Attempt {
  if (!CONFIRMABLE.includes(intent.status)) {
    throw unexpectedState(
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
    )
  }
  requireChargesEnabled(call)
  const tokenId = params.string('confirmation_token')
  const token = tokenId === undefined ? null : usableToken(call, tokenId)
  // As on Stripe, what the request names wins over what the token carries.
  const paymentMethod = params.string('payment_method') ?? token?.paymentMethod ?? intent.payment_method
  if (!paymentMethod) {
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method or ConfirmationToken.",
    )
  }
  const card = findTestCard(paymentMethod, 'payment_method')
  const returnUrl = params.url('return_url') ?? token?.token.return_url
  const redirects =
    intent.automatic_payment_methods?.enabled && intent.automatic_payment_methods.allow_redirects !== 'never'
  if (redirects && !returnUrl) {
    throw invalidRequest(
      "This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
    )
  }
  return { card, token }
}

export function attemptPayment(call: Call, intent: PaymentIntentObject, { card, token }: Attempt): PaymentIntentObject {
  if (token) token.token.payment_intent = intent.id
  intent.payment_method = card.id
  intent.last_payment_error = null
  intent.next_action = null
  switch (card.outcome.kind) {
    case 'requires_authentication':
      intent.status = 'requires_action'
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: {
          type: 'three_d_secure_redirect',
          stripe_js: `${call.origin}/_standin/payment_intents/${intent.id}/authenticate`,
          source: newId('src'),
        },
      }
      call.emit('payment_intent.requires_action', intent)
      return intent
    case 'declined':
      return decline(call, intent, card, card.outcome)
    case 'succeeds':
      return authorise(call, intent, card)
  }
}

function authorise(call: Call, intent: PaymentIntentObject, card: TestCard): PaymentIntentObject {
  intent.latest_charge = createCharge(call, intent, card).id
  if (intent.capture_method === 'manual') {
    intent.status = 'requires_capture'
    intent.amount_capturable = intent.amount
    call.emit('payment_intent.amount_capturable_updated', intent)
  } else {
    intent.status = 'succeeded'
    intent.amount_received = intent.amount
    call.emit('payment_intent.succeeded', intent)
  }
  return intent
}

/** A declined card leaves the intent waiting for another payment method and answers 402, as Stripe does. */
function decline(
  call: Call,
  intent: PaymentIntentObject,
  card: TestCard,
  outcome: { declineCode: string; message: string },
): never {
  const charge = createCharge(call, intent, card)
  const paymentMethod = paymentMethodObject(card, call.now)
  intent.latest_charge = charge.id
  intent.status = 'requires_payment_method'
  intent.payment_method = null
  intent.last_payment_error = {
    type: 'card_error',
    code: 'card_declined',
    decline_code: outcome.declineCode,
    message: outcome.message,
    charge: charge.id,
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    payment_method: paymentMethod,
  }
  call.emit('payment_intent.payment_failed', intent)
  throw new StripeError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: outcome.declineCode,
    message: outcome.message,
    charge: charge.id,
    payment_intent: structuredClone(intent),
    payment_method: paymentMethod,
  })
}
