import { describe, expect, it } from 'vitest'
import type { BillView } from '~/server/table-session/bill-view.server'
import { stripeCheckout } from '~/server/payments/stripe-checkout.server'
import { LOCAL_VARS, STANDIN_KEYS, stripeStandInVars } from '../../scripts/local-vars'

const stripeEnv = { ...LOCAL_VARS, ...stripeStandInVars('http://stripe.standin') } as unknown as Env
const connected = { sessionId: 'c0ffee-bill', stripeAccountId: 'acct_1Fonda', stripeChargesEnabled: true } as BillView

describe('whether the payment step shows Stripe’s card form', () => {
  it('does for a restaurant whose Stripe account takes charges, with the platform’s key, the restaurant’s account and Stripe’s Spanish of Latin America', () => {
    expect(stripeCheckout(stripeEnv, connected, 'es')).toEqual({
      publishableKey: STANDIN_KEYS.publishableKey,
      account: 'acct_1Fonda',
      locale: 'es-419',
      minimumCents: 1000,
    })
    expect(stripeCheckout(stripeEnv, connected, 'en')).toMatchObject({ locale: 'en' })
  })

  it.each([
    ['the simulated provider', { ...LOCAL_VARS, STRIPE_PUBLISHABLE_KEY: STANDIN_KEYS.publishableKey }, connected],
    [
      'a restaurant without an account',
      stripeEnv,
      { ...connected, stripeAccountId: null, stripeChargesEnabled: false },
    ],
    ['an account that does not take charges yet', stripeEnv, { ...connected, stripeChargesEnabled: false }],
    ['a bill stored before accounts existed', stripeEnv, { sessionId: 'c0ffee-bill' }],
    ['the public demo table, always simulated', stripeEnv, { ...connected, sessionId: 'demo7' }],
  ])('does not with %s', (_case, env, bill) => {
    expect(stripeCheckout(env as unknown as Env, bill as BillView, 'es')).toBeNull()
  })
})
