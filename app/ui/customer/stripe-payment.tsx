import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import type { PaymentMethod } from '~/domain/bill'
import { methodChoice, type Wallet, type WalletOffer } from '~/domain/wallets'
import type { StripeCheckout } from '~/server/payments/stripe-checkout.server'
import { buttonClass } from '~/ui/button'
import { onAppleDevice } from '~/ui/customer/device-wallets'
import { MethodChoice } from '~/ui/customer/method-choice'
import { useI18n } from '~/ui/i18n'
import {
  loadStripeJs,
  type ExpressCheckoutElement,
  type ExpressConfirmEvent,
  type ExpressPaymentType,
  type Stripe,
  type StripeElements,
} from '~/ui/stripe-js'
import { useDark } from '~/ui/use-dark'
import { useHydrated } from '~/ui/use-hydrated'

/** The wallets a payment can be recorded as; Stripe's other express buttons are not offered. */
const WALLETS: Partial<Record<ExpressPaymentType, PaymentMethod>> = { apple_pay: 'apple', google_pay: 'google' }

/**
 * The Express Checkout Element's options: of Apple Pay and Google Pay, the
 * `wallets` given, wherever Stripe says the device supports them ('always':
 * even before the diner has a card in that wallet, which it lets them add);
 * Stripe's other buttons never.
 */
const expressOptions = (wallets: readonly Wallet[]) => ({
  paymentMethods: {
    applePay: wallets.includes('apple') ? 'always' : 'never',
    googlePay: wallets.includes('google') ? 'always' : 'never',
    link: 'never',
    paypal: 'never',
    amazonPay: 'never',
    klarna: 'never',
  },
  buttonHeight: 48,
})

/** Stripe's forms in the colours and corners of the app's own, light or dark as the page is drawn. */
const SHAPE = { borderRadius: '12px', fontSizeBase: '16px' }
const APPEARANCE = {
  light: { theme: 'stripe', variables: { ...SHAPE, colorPrimary: '#047857', colorText: '#1c1917' } },
  dark: {
    theme: 'night',
    variables: { ...SHAPE, colorPrimary: '#34d399', colorText: '#f5f5f4', colorBackground: '#0c0a09' },
  },
}

/**
 * Where a tap stands: nothing under way, Stripe.js making a token of the
 * card, the form sent, the bank asking the diner, the form sent again.
 */
type Phase = 'idle' | 'tokenizing' | 'sent' | 'bank' | 'resent'

interface StripePaymentProps {
  config: StripeCheckout
  /** The charge in centavos, exactly the total the summary shows. */
  amount: number
  payLabel: string
  /** Sends the step's form with what Stripe.js made of the card or wallet. */
  onPay: (paymentToken: string, method: PaymentMethod) => void
  /** Sends the same payment again (the same transactionId), once the bank has had its say. */
  onPayAgain: () => void
  /** The action's last answer, and the client secret in it when the bank wants the diner to confirm. */
  answer: object | undefined
  clientSecret: string | null
  /** The form is on its way to the server. */
  sending: boolean
  /** What the last answer says, when it refused the payment. */
  notice: ReactNode
}

/**
 * The card (Payment Element) and Apple Pay / Google Pay (Express Checkout
 * Element) of a bill paid through Stripe. Elements are made in deferred-intent
 * mode for the amount shown; the card or wallet becomes a ConfirmationToken,
 * which the step's own form posts, so the action, its refusals and its
 * redirect are the same as for any payment. Stripe.js is asked for only
 * here, once the page is on screen. Once Stripe has said which wallets this
 * device offers, those are listed beside the card and the device's own is
 * chosen: a wallet chosen shows its Stripe button, the card its form.
 */
export function StripePayment({
  config,
  amount,
  payLabel,
  onPay,
  onPayAgain,
  answer,
  clientSecret,
  sending,
  notice,
}: StripePaymentProps) {
  const { t, money } = useI18n()
  const hydrated = useHydrated()
  const expressBox = useRef<HTMLDivElement>(null)
  const cardBox = useRef<HTMLDivElement>(null)
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements; express: ExpressCheckoutElement } | null>(null)
  const [ready, setReady] = useState(false)
  /** What the Express Checkout Element reported once drawn; null until then. */
  const [offered, setOffered] = useState<{ offer: WalletOffer } | null>(null)
  const [chosen, setChosen] = useState<PaymentMethod | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  const [phase, setPhaseState] = useState<Phase>('idle')
  const phaseNow = useRef<Phase>('idle')
  const setPhase = useCallback((next: Phase) => {
    phaseNow.current = next
    setPhaseState(next)
  }, [])
  // Elements are made once; the amount they start with is the one on screen then, and later changes are given to them.
  const amountNow = useRef(amount)
  const payAgain = useRef(onPayAgain)
  useEffect(() => {
    payAgain.current = onPayAgain
  })
  const appearance = APPEARANCE[useDark() ? 'dark' : 'light']
  const appearanceNow = useRef(appearance)

  /** The card or wallet the diner gave, as a ConfirmationToken id; null when Stripe.js refused it (and said why where needed). */
  const tokenOf = async (): Promise<string | null> => {
    if (!stripe.current) return null
    const { elements } = stripe.current
    const submitted = await elements.submit()
    // The Payment Element shows what is wrong with a card's fields beside them.
    if (submitted.error) {
      if (submitted.error.type !== 'validation_error') setProblem(submitted.error.message ?? null)
      return null
    }
    const made = await stripe.current.stripe.createConfirmationToken({ elements })
    if (!made.confirmationToken) setProblem(made.error?.message ?? null)
    return made.confirmationToken?.id ?? null
  }

  const payWith = async (method: PaymentMethod | undefined, wallet?: ExpressConfirmEvent) => {
    setProblem(null)
    setPhase('tokenizing')
    const token = method ? await tokenOf() : null
    if (!token || !method) {
      wallet?.paymentFailed({ reason: 'fail' })
      setPhase('idle')
      return
    }
    setPhase('sent')
    onPay(token, method)
  }
  const payWithLatest = useRef(payWith)
  useEffect(() => {
    payWithLatest.current = payWith
  })

  useEffect(() => {
    let stopped = false
    const made: { destroy(): void }[] = []
    setFailed(false)
    loadStripeJs().then(
      (Stripe) => {
        if (stopped || !expressBox.current || !cardBox.current) return
        const instance = Stripe(config.publishableKey, { stripeAccount: config.account, locale: config.locale })
        const elements = instance.elements({
          mode: 'payment',
          amount: amountNow.current,
          currency: 'mxn',
          // The server authorizes first and captures once the bill has taken the payment.
          captureMethod: 'manual',
          locale: config.locale,
          allowedPaymentMethodTypes: ['card'],
          appearance: appearanceNow.current,
        })
        const express = elements.create('expressCheckout', expressOptions(['apple', 'google']))
        express.on('ready', (event) => setOffered({ offer: event.availablePaymentMethods }))
        // Wallet buttons that cannot be drawn leave the card.
        express.on('loaderror', () => setOffered({ offer: undefined }))
        express.on('confirm', (event) => void payWithLatest.current(WALLETS[event.expressPaymentType], event))
        express.mount(expressBox.current)
        // The wallets have their own buttons; the card form is the card alone.
        const card = elements.create('payment', { wallets: { applePay: 'never', googlePay: 'never', link: 'never' } })
        card.on('ready', () => setReady(true))
        card.on('loaderror', () => setFailed(true))
        card.mount(cardBox.current)
        stripe.current = { stripe: instance, elements, express }
        made.push(card)
      },
      () => !stopped && setFailed(true),
    )
    return () => {
      stopped = true
      for (const element of made) element.destroy()
      stripe.current?.express.destroy()
      stripe.current = null
      setReady(false)
      setOffered(null)
    }
  }, [config.publishableKey, config.account, config.locale, attempt])

  useEffect(() => {
    amountNow.current = amount
    void stripe.current?.elements.update({ amount })
  }, [amount])

  // A theme chosen on this step recolours Stripe's forms in place, keeping what was typed.
  useEffect(() => {
    if (appearanceNow.current === appearance) return
    appearanceNow.current = appearance
    void stripe.current?.elements.update({ appearance })
  }, [appearance])

  // Each answer to a payment this component sent: the bank's question is put to the diner once per tap, then the same payment goes again; anything else ends the tap.
  useEffect(() => {
    if (!answer) return
    if (clientSecret && phaseNow.current === 'sent' && stripe.current) {
      setPhase('bank')
      // Whatever the bank said, the server asks Stripe where the payment stands: it finishes a confirmed one and lets go of what a refused one held.
      void stripe.current.stripe.handleNextAction({ clientSecret }).finally(() => {
        setPhase('resent')
        payAgain.current()
      })
      return
    }
    setPhase('idle')
  }, [answer, clientSecret, setPhase])

  const busy = phase !== 'idle' || sending
  const askingBank = clientSecret !== null && (phase === 'sent' || phase === 'bank')
  // Until both elements are drawn, the step shows them as they load, the pay button waiting.
  const choice = ready && offered ? methodChoice(offered.offer, onAppleDevice()) : null
  // A choice the diner made stands while it is still offered (a reload of Stripe may offer less).
  const method = choice ? (chosen && choice.methods.includes(chosen) ? chosen : choice.preselected) : null
  const byCard = method === null || method === 'card'
  // Offered both wallets, Stripe's element shows the button of the one chosen only, so the button is the wallet named above it.
  const onlyWallet = choice && choice.methods.length > 2 && method !== 'card' ? method : null

  useEffect(() => {
    const drawn = stripe.current
    if (!onlyWallet || !drawn || !expressBox.current) return
    drawn.express.destroy()
    const express = drawn.elements.create('expressCheckout', expressOptions([onlyWallet]))
    express.on('confirm', (event) => void payWithLatest.current(WALLETS[event.expressPaymentType], event))
    express.mount(expressBox.current)
    drawn.express = express
  }, [onlyWallet])

  return (
    <section
      aria-labelledby="method-heading"
      aria-busy={hydrated && !choice && !failed}
      className="grid gap-3"
      data-testid="stripe-payment"
    >
      <h2 id="method-heading" className="font-bold">
        {t('customer.method.title')}
      </h2>
      <noscript>
        <p
          className="rounded-2xl bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100"
          data-testid="stripe-needs-js"
        >
          {t('customer.method.stripe.needsJavaScript')}
        </p>
      </noscript>
      {/* Without JavaScript nothing here could work: the notice above says so instead. */}
      <div hidden={!hydrated} className="grid gap-3">
        {failed ? (
          <div
            role="alert"
            className="grid gap-3 rounded-2xl bg-red-50 p-4 text-red-900 dark:bg-red-950/60 dark:text-red-200"
            data-testid="stripe-load-failed"
          >
            <p className="font-bold">{t('customer.method.stripe.loadFailedTitle')}</p>
            <p>{t('customer.method.stripe.loadFailedText')}</p>
            <button type="button" className={buttonClass.secondary} onClick={() => setAttempt((count) => count + 1)}>
              {t('customer.method.stripe.retry')}
            </button>
          </div>
        ) : null}
        {choice && choice.methods.length > 1 ? (
          <MethodChoice methods={choice.methods} chosen={method} onChoose={setChosen} labelledBy="method-heading" />
        ) : null}
        {method && method !== 'card' ? (
          <p className="font-semibold" data-testid="wallet-total">
            {t('customer.method.stripe.walletTotal', { total: money(amount), wallet: t(`customer.method.${method}`) })}
          </p>
        ) : null}
        {/* Drawn from the start, so Stripe can say which wallets it shows; put away once the card is chosen. */}
        <div ref={expressBox} hidden={choice !== null && byCard} data-testid="stripe-express" />
        <div hidden={!byCard} className="relative min-h-32 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
          {ready || failed ? null : (
            <p
              role="status"
              className="absolute inset-0 grid animate-pulse place-items-center text-stone-600 dark:text-stone-400"
            >
              {t('customer.method.stripe.loading')}
            </p>
          )}
          <div ref={cardBox} data-testid="stripe-card" />
        </div>
        {askingBank ? (
          <p
            role="status"
            className="rounded-2xl bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100"
            data-testid="stripe-bank"
          >
            {t('customer.method.refusals.REQUIRES_ACTION')}
          </p>
        ) : problem ? (
          <div
            id="payment-error"
            role="alert"
            className="rounded-2xl bg-red-50 p-4 text-red-900 dark:bg-red-950/60 dark:text-red-200"
            data-testid="payment-error"
          >
            <p className="font-bold">{t('customer.method.failedTitle')}</p>
            <p>{problem}</p>
          </div>
        ) : (
          notice
        )}
        {byCard ? (
          <button
            type="button"
            className={`${buttonClass.primary} w-full text-lg`}
            disabled={!choice || busy}
            onClick={() => void payWith('card')}
            data-testid="pay-submit"
          >
            {busy ? t('customer.method.paying') : payLabel}
          </button>
        ) : null}
      </div>
    </section>
  )
}
