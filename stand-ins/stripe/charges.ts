import type Stripe from 'stripe'
import { collectApplicationFee } from './application-fees'
import { Params } from './params'
import { type PaymentIntentObject } from './payment-intents'
import { cardDetails, NO_BILLING_DETAILS, type TestCard } from './payment-methods'
import { type Call, find, keep, newId } from './state'
import { calculatedDescriptor } from './statement-descriptors'

export type ChargeObject = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'application_fee'
  | 'application_fee_amount'
  | 'balance_transaction'
  | 'billing_details'
  | 'calculated_statement_descriptor'
  | 'captured'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'disputed'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'on_behalf_of'
  | 'outcome'
  | 'paid'
  | 'payment_intent'
  | 'payment_method'
  | 'receipt_email'
  | 'refunded'
  | 'status'
  | 'transfer_data'
> & { payment_method_details: { type: 'card'; card: ReturnType<typeof cardDetails> & { network: string } } }

const NO_NETWORK_CODES = { advice_code: null, network_advice_code: null, network_decline_code: null }

/** The charge a confirmation makes: authorised (captured at once unless the capture is manual), or declined by the issuer. */
export function createCharge(call: Call, intent: PaymentIntentObject, card: TestCard): ChargeObject {
  const declined = card.outcome.kind === 'declined' ? card.outcome : null
  const captured = !declined && intent.capture_method !== 'manual'
  const charge = keep(call, call.state.charges, {
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: captured ? intent.amount : 0,
    amount_refunded: 0,
    application_fee: null,
    application_fee_amount: intent.application_fee_amount,
    balance_transaction: null,
    billing_details: NO_BILLING_DETAILS,
    calculated_statement_descriptor: calculatedDescriptor(call, intent.statement_descriptor_suffix),
    captured,
    created: call.now,
    currency: intent.currency,
    customer: null,
    description: intent.description,
    disputed: false,
    failure_code: declined ? 'card_declined' : null,
    failure_message: declined?.message ?? null,
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: declined
      ? {
          ...NO_NETWORK_CODES,
          type: 'issuer_declined',
          network_status: 'declined_by_network',
          reason: declined.declineCode,
          risk_level: 'normal',
          seller_message: 'The bank did not return any further details with this decline.',
        }
      : {
          ...NO_NETWORK_CODES,
          type: 'authorized',
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          seller_message: 'Payment complete.',
        },
    paid: !declined,
    payment_intent: intent.id,
    payment_method: card.id,
    payment_method_details: { type: 'card', card: { ...cardDetails(card), network: card.brand } },
    receipt_email: null,
    refunded: false,
    status: declined ? 'failed' : 'succeeded',
    transfer_data: null,
  })
  if (captured) collectApplicationFee(call, charge, charge.application_fee_amount ?? 0)
  return charge
}

/** What is left to give back: the captured amount less what was refunded (the uncaptured rest was released, and counts as refunded on Stripe's charge). */
export function refundable(charge: ChargeObject): number {
  return charge.amount - charge.amount_refunded
}

/** The charge of an intent that was authorised, which always has one. */
export function chargeOf(call: Call, intent: PaymentIntentObject): ChargeObject {
  return call.state.charges.get(intent.latest_charge!)!
}

export function retrieveCharge(call: Call): ChargeObject {
  Params.none(call.form)
  return find(call, call.state.charges, call.path.id!, 'charge', 'id')
}
