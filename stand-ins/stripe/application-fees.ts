import type Stripe from 'stripe'
import { type ChargeObject } from './charges'
import { Params } from './params'
import { type Call, find, newId } from './state'

export type ApplicationFeeObject = Pick<
  Stripe.ApplicationFee,
  'id' | 'object' | 'amount' | 'amount_refunded' | 'created' | 'currency' | 'livemode' | 'refunded'
> & {
  account: string
  charge: string
}

/**
 * The platform's fee on a direct charge, collected when the charge is
 * captured: an object of the platform's own (not the connected account's),
 * which the charge names.
 */
export function collectApplicationFee(call: Call, charge: ChargeObject, amount: number) {
  if (!call.account || amount <= 0) return
  const fee: ApplicationFeeObject = {
    id: newId('fee'),
    object: 'application_fee',
    account: call.account,
    amount,
    amount_refunded: 0,
    charge: charge.id,
    created: call.now,
    currency: charge.currency,
    livemode: false,
    refunded: false,
  }
  call.state.applicationFees.set(fee.id, fee)
  call.state.owners.set(fee.id, null)
  charge.application_fee = fee.id
}

/** A refund with `refund_application_fee` gives back the fee in proportion to the part of the captured charge it refunds. */
export function refundApplicationFee(call: Call, charge: ChargeObject, refunded: number) {
  const fee =
    typeof charge.application_fee === 'string' ? call.state.applicationFees.get(charge.application_fee) : undefined
  if (!fee) return
  const share = Math.min(fee.amount - fee.amount_refunded, Math.round((fee.amount * refunded) / charge.amount_captured))
  fee.amount_refunded += share
  fee.refunded = fee.amount_refunded === fee.amount
}

export function retrieveApplicationFee(call: Call): ApplicationFeeObject {
  Params.none(call.form)
  return find(call, call.state.applicationFees, call.path.id!, 'application_fee', 'id')
}
