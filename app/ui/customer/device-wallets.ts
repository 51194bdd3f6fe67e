import { isAppleDevice, offerWithoutStripe, type WalletOffer } from '~/domain/wallets'

declare global {
  interface Window {
    /** Safari's Apple Pay on the web; absent elsewhere. */
    ApplePaySession?: { canMakePayments(): boolean }
  }
}

/** This browser runs on one of Apple's devices. Called once the page runs, never on the server. */
export const onAppleDevice = () => isAppleDevice(navigator.userAgent)

/** What this browser says it offers, where no Stripe.js is there to ask. */
export function browserOffer(): WalletOffer {
  let applePayCanPay = false
  try {
    applePayCanPay = window.ApplePaySession?.canMakePayments() === true
  } catch {
    // Safari refuses the question on a page that is not secure: no Apple Pay there.
  }
  return offerWithoutStripe(navigator.userAgent, applePayCanPay)
}
