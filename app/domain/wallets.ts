import type { PaymentMethod } from './bill'

export type Wallet = Exclude<PaymentMethod, 'card'>

/**
 * The wallets a device offers, in Stripe.js's words: the `availablePaymentMethods`
 * of the Express Checkout Element's `ready` event, undefined when it shows no
 * button at all.
 */
export type WalletOffer = Partial<Record<'applePay' | 'googlePay', boolean>> | undefined

/** The methods the payment step lists, in order, and the one it starts with. */
export interface MethodChoice {
  methods: PaymentMethod[]
  preselected: PaymentMethod
}

const OFFERED_AS = { apple: 'applePay', google: 'googlePay' } as const satisfies Record<Wallet, string>

/** Apple's own devices (iPadOS Safari names itself a Mac), whose own wallet is Apple Pay. */
export const isAppleDevice = (userAgent: string) => /\b(iPhone|iPad|iPod|Macintosh)\b/.test(userAgent)

/**
 * Only the wallets the device offers, then the card. The one wallet offered
 * is chosen for the diner; when both are, the device's own (Apple Pay on
 * Apple's devices, Google Pay elsewhere) comes first and is chosen. With no
 * wallet, the card is.
 */
export function methodChoice(offer: WalletOffer, appleDevice: boolean): MethodChoice {
  const order: Wallet[] = appleDevice ? ['apple', 'google'] : ['google', 'apple']
  const wallets = order.filter((wallet) => offer?.[OFFERED_AS[wallet]] === true)
  return { methods: [...wallets, 'card'], preselected: wallets[0] ?? 'card' }
}

/**
 * What a device offers when no Stripe.js is there to ask (the demo's
 * simulated payments): Apple Pay where `applePayCanPay` (Safari's
 * ApplePaySession once the page runs; before, on the server, whether it is
 * one of Apple's devices), Google Pay on Android, whose own wallet it is.
 * Never Apple Pay on Android.
 */
export function offerWithoutStripe(userAgent: string, applePayCanPay: boolean): WalletOffer {
  return { applePay: applePayCanPay, googlePay: /\bAndroid\b/.test(userAgent) }
}
