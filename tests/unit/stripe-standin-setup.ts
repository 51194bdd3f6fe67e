import Stripe from 'stripe'
import { expect } from 'vitest'
import { createStripeStandIn, type StripeStandIn, type StripeStandInOptions } from '../../stand-ins/stripe/handler'

/** What the Stripe stand-in's tests share: the real SDK pointed at a fresh stand-in, and a restaurant able to charge. */

export const KEY = 'sk_test_mesa_platform'
export const BASE = 'http://stripe.standin'

export function clientOf(standIn: StripeStandIn, key = KEY): Stripe {
  return new Stripe(key, {
    httpClient: Stripe.createFetchHttpClient((url, init) => standIn.fetch(new Request(url, init))),
    host: 'stripe.standin',
    port: 80,
    protocol: 'http',
    // A refusal must reach the test as the stand-in gave it, not retried.
    maxNetworkRetries: 0,
  })
}

export function setUp(options: StripeStandInOptions = {}) {
  const standIn = createStripeStandIn({ secretKey: KEY, log: () => {}, ...options })
  return { standIn, stripe: clientOf(standIn) }
}

/** A restaurant's connected account, through onboarding: able to charge. */
export async function activeRestaurant(stripe: Stripe, standIn: StripeStandIn): Promise<string> {
  const account = await stripe.accounts.create({
    type: 'express',
    country: 'MX',
    email: 'caja@fonda.mx',
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  })
  const activated = await standIn.fetch(
    new Request(`${BASE}/_standin/accounts/${account.id}/activate`, { method: 'POST' }),
  )
  expect(activated.status).toBe(200)
  return account.id
}

/** The error a call was refused with (and a failure if it was not refused). */
export async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  )
  if (!(outcome instanceof Stripe.errors.StripeError))
    throw new Error(`expected a Stripe error, got ${String(outcome)}`)
  return outcome
}

export const MANUAL = { currency: 'mxn', capture_method: 'manual', payment_method_types: ['card'] } as const

/** A stand-in-only switch, over HTTP as the worker tests reach it: form-encoded, no key. */
export async function control(standIn: StripeStandIn, path: string, form: Record<string, string> = {}) {
  const response = await standIn.fetch(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }),
  )
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A payment on a restaurant's account, authorised and captured. */
export async function capturedPayment(stripe: Stripe, standIn: StripeStandIn, amount: number) {
  const account = await activeRestaurant(stripe, standIn)
  const onAccount = { stripeAccount: account }
  const intent = await stripe.paymentIntents.create(
    { ...MANUAL, amount, confirm: true, payment_method: 'pm_card_visa' },
    onAccount,
  )
  const captured = await stripe.paymentIntents.capture(intent.id, {}, onAccount)
  return { account, onAccount, intent: captured, charge: captured.latest_charge as string }
}
