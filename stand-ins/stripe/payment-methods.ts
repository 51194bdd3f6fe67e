import type Stripe from 'stripe'
import { noSuch } from './errors'

type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'requires_authentication' }
  | { kind: 'declined'; declineCode: string; message: string }

export interface TestCard {
  id: string
  brand: string
  last4: string
  country: string
  funding: string
  outcome: CardOutcome
}

/** Stripe's test payment methods (docs.stripe.com/testing) that the stand-in knows, by their fixed ids. */
const TEST_CARDS: TestCard[] = [
  { id: 'pm_card_visa', brand: 'visa', last4: '4242', country: 'US', funding: 'credit', outcome: { kind: 'succeeds' } },
  { id: 'pm_card_mx', brand: 'visa', last4: '8001', country: 'MX', funding: 'credit', outcome: { kind: 'succeeds' } },
  {
    id: 'pm_card_visa_debit',
    brand: 'visa',
    last4: '5556',
    country: 'US',
    funding: 'debit',
    outcome: { kind: 'succeeds' },
  },
  {
    id: 'pm_card_mastercard_prepaid',
    brand: 'mastercard',
    last4: '5100',
    country: 'US',
    funding: 'prepaid',
    outcome: { kind: 'succeeds' },
  },
  {
    id: 'pm_card_chargeDeclined',
    brand: 'visa',
    last4: '0002',
    country: 'US',
    funding: 'credit',
    outcome: { kind: 'declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  },
  {
    id: 'pm_card_chargeDeclinedInsufficientFunds',
    brand: 'visa',
    last4: '9995',
    country: 'US',
    funding: 'credit',
    outcome: { kind: 'declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  {
    id: 'pm_card_authenticationRequired',
    brand: 'visa',
    last4: '3184',
    country: 'DE',
    funding: 'credit',
    outcome: { kind: 'requires_authentication' },
  },
]

export function findTestCard(id: string, param: string): TestCard {
  const card = TEST_CARDS.find((candidate) => candidate.id === id)
  if (!card) throw noSuch('PaymentMethod', id, param)
  return card
}

const EXPIRY = { exp_month: 12, exp_year: 2034 }

export function cardDetails(card: TestCard) {
  return { brand: card.brand, country: card.country, funding: card.funding, last4: card.last4, ...EXPIRY }
}

export const NO_BILLING_DETAILS = {
  address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
  email: null,
  name: null,
  phone: null,
  tax_id: null,
}

export type PaymentMethodObject = Pick<
  Stripe.PaymentMethod,
  | 'id'
  | 'object'
  | 'billing_details'
  | 'created'
  | 'customer'
  | 'customer_account'
  | 'livemode'
  | 'metadata'
  | 'type'
  | 'card'
>

/** The PaymentMethod object Stripe puts in a failed payment's error. */
export function paymentMethodObject(card: TestCard, created: number): PaymentMethodObject {
  return {
    id: card.id,
    object: 'payment_method',
    billing_details: NO_BILLING_DETAILS,
    card: {
      ...cardDetails(card),
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      display_brand: card.brand,
      generated_from: null,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created,
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  }
}
