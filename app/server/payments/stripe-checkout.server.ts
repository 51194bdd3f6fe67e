import type { Language } from '~/locales'
import type { BillView } from '../table-session/bill-view.server'
import { appEnv } from '../env.server'
import { STRIPE_MINIMUM_CENTS } from './stripe.server'
import { isDemoSession } from '../table-session/stub.server'

/** What the payment step's Stripe.js needs: the platform's publishable key, the restaurant's account it charges on, the language of Stripe's own texts. */
export interface StripeCheckout {
  publishableKey: string
  account: string
  locale: 'es-419' | 'en'
  /** Stripe's smallest charge: a total under it is not offered the card form at all. */
  minimumCents: number
}

/** Stripe's Latin American Spanish, the one Mexico reads, rather than Spain's. */
const STRIPE_LOCALE: Record<Language, StripeCheckout['locale']> = { es: 'es-419', en: 'en' }

/**
 * How the diner pays this bill through Stripe, or null when it is not paid
 * through Stripe: the provider is not Stripe, the restaurant has no account
 * that takes charges yet (its tables then offer the labelled demo or
 * nothing), or it is the public demo table (always simulated). The same
 * conditions as getPaymentProvider's: the card form appears only where the
 * charge really goes to Stripe.
 */
export function stripeCheckout(env: Env, bill: BillView, language: Language): StripeCheckout | null {
  const config = appEnv(env)
  if (config.PAYMENT_PROVIDER !== 'stripe' || !config.STRIPE_PUBLISHABLE_KEY || isDemoSession(bill.sessionId))
    return null
  if (!bill.stripeAccountId || !bill.stripeChargesEnabled) return null
  return {
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    account: bill.stripeAccountId,
    locale: STRIPE_LOCALE[language],
    minimumCents: STRIPE_MINIMUM_CENTS,
  }
}
