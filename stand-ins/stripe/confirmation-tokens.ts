import type Stripe from 'stripe'
import { invalidRequest } from './errors'
import { Params } from './params'
import { cardDetails, findTestCard, NO_BILLING_DETAILS } from './payment-methods'
import { type Call, find, keep, newId } from './state'

type ConfirmationTokenObject = Pick<
  Stripe.ConfirmationToken,
  | 'id'
  | 'object'
  | 'created'
  | 'expires_at'
  | 'livemode'
  | 'mandate_data'
  | 'payment_intent'
  | 'payment_method_options'
  | 'return_url'
  | 'setup_future_usage'
  | 'setup_intent'
  | 'shipping'
  | 'use_stripe_sdk'
> & {
  payment_method_preview: {
    type: 'card'
    card: ReturnType<typeof cardDetails>
    billing_details: typeof NO_BILLING_DETAILS
    customer: null
    allow_redisplay: 'unspecified'
  }
}

/** A token and the test payment method it carries, which its public shape only previews. */
export interface ConfirmationTokenRecord {
  id: string
  token: ConfirmationTokenObject
  paymentMethod: string
}

/** How long a token can confirm a payment in the stand-in. */
const LIFETIME_SECONDS = 12 * 60 * 60

/**
 * Stands in for what Stripe.js makes in the diner's browser
 * (`stripe.createConfirmationToken`): a token on the platform or, with the
 * Stripe-Account header, on that connected account.
 */
export function createConfirmationToken(call: Call): ConfirmationTokenObject {
  const params = new Params(call.form, ['payment_method', 'return_url'])
  const card = findTestCard(params.requiredString('payment_method'), 'payment_method')
  const returnUrl = params.url('return_url')
  const token: ConfirmationTokenObject = {
    id: newId('ctoken'),
    object: 'confirmation_token',
    created: call.now,
    expires_at: call.now + LIFETIME_SECONDS,
    livemode: false,
    mandate_data: null,
    payment_intent: null,
    payment_method_options: null,
    payment_method_preview: {
      type: 'card',
      card: cardDetails(card),
      billing_details: NO_BILLING_DETAILS,
      customer: null,
      allow_redisplay: 'unspecified',
    },
    return_url: returnUrl ?? null,
    setup_future_usage: null,
    setup_intent: null,
    shipping: null,
    use_stripe_sdk: true,
  }
  keep(call, call.state.confirmationTokens, { id: token.id, token, paymentMethod: card.id })
  return token
}

export function retrieveConfirmationToken(call: Call): ConfirmationTokenObject {
  Params.none(call.form)
  return find(call, call.state.confirmationTokens, call.path.id!, 'confirmationtoken', 'confirmation_token').token
}

/** A token a confirmation may use: on the request's account, unexpired, and never used before. */
export function usableToken(call: Call, id: string): ConfirmationTokenRecord {
  const record = find(call, call.state.confirmationTokens, id, 'confirmationtoken', 'confirmation_token')
  if (record.token.payment_intent !== null) {
    throw invalidRequest(
      `This ConfirmationToken has already been used to confirm PaymentIntent ${record.token.payment_intent}; a ConfirmationToken can be used only once.`,
      {
        param: 'confirmation_token',
      },
    )
  }
  if (record.token.expires_at !== null && record.token.expires_at <= call.now) {
    throw invalidRequest('This ConfirmationToken has expired.', { param: 'confirmation_token' })
  }
  return record
}
