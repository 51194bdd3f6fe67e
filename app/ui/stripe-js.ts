/**
 * Stripe.js, as the payment step uses it. Card data may only be touched by
 * the script Stripe serves from its own host (PCI), so it is not bundled: it
 * is added to the page at run time. These types name only the calls made
 * here, for the release the URL pins (the same one as the server's API
 * version), instead of a package whose only other job is injecting the tag.
 */
const STRIPE_JS_URL = 'https://js.stripe.com/endive/stripe.js'

export interface StripeError {
  type: string
  code?: string
  message?: string
}

/** Stripe's name for the wallet an Express Checkout payment was made with. */
export type ExpressPaymentType = 'apple_pay' | 'google_pay' | 'amazon_pay' | 'link' | 'paypal' | 'klarna'

export interface ExpressConfirmEvent {
  expressPaymentType: ExpressPaymentType
  paymentFailed(payload?: { reason?: 'fail'; message?: string }): void
}

export interface ExpressCheckoutElement {
  mount(target: HTMLElement): void
  destroy(): void
  on(
    event: 'ready',
    handler: (event: { availablePaymentMethods?: Partial<Record<'applePay' | 'googlePay', boolean>> }) => void,
  ): ExpressCheckoutElement
  on(event: 'confirm', handler: (event: ExpressConfirmEvent) => void): ExpressCheckoutElement
  on(event: 'loaderror', handler: (event: { error: StripeError }) => void): ExpressCheckoutElement
}

interface PaymentElement {
  mount(target: HTMLElement): void
  destroy(): void
  on(event: 'ready', handler: () => void): PaymentElement
  on(event: 'loaderror', handler: (event: { error: StripeError }) => void): PaymentElement
}

export interface StripeElements {
  create(type: 'expressCheckout', options: object): ExpressCheckoutElement
  create(type: 'payment', options: object): PaymentElement
  update(options: { amount: number } | { appearance: object }): unknown
  submit(): Promise<{ error?: StripeError }>
}

/** Deferred-intent Elements: the PaymentIntent is made by the server once the diner pays, for exactly this amount. */
interface ElementsOptions {
  mode: 'payment'
  amount: number
  currency: 'mxn'
  captureMethod: 'manual'
  locale: string
  allowedPaymentMethodTypes: string[]
  appearance?: object
}

export interface Stripe {
  elements(options: ElementsOptions): StripeElements
  createConfirmationToken(options: {
    elements: StripeElements
  }): Promise<{ confirmationToken?: { id: string }; error?: StripeError }>
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: StripeError }>
}

type StripeFactory = (publishableKey: string, options: { stripeAccount: string; locale: string }) => Stripe

declare global {
  interface Window {
    Stripe?: StripeFactory
  }
}

let loading: Promise<StripeFactory> | null = null

/** Stripe.js, added to the page once; a failed load may be tried again. */
export function loadStripeJs(): Promise<StripeFactory> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe)
    const script = document.createElement('script')
    script.src = STRIPE_JS_URL
    script.async = true
    script.addEventListener('load', () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js loaded without defining Stripe')),
    )
    script.addEventListener('error', () => {
      script.remove()
      reject(new Error('Stripe.js did not load'))
    })
    document.head.appendChild(script)
  }).catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}
