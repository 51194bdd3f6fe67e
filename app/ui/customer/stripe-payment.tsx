import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import type { PaymentMethod } from '~/domain/bill'
import type { StripeCheckout } from '~/server/payments/stripe-checkout.server'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import {
  loadStripeJs,
  type ExpressConfirmEvent,
  type ExpressPaymentType,
  type Stripe,
  type StripeElements,
} from '~/ui/stripe-js'
import { useDark } from '~/ui/use-dark'
import { useHydrated } from '~/ui/use-hydrated'

/** The wallets a payment can be recorded as; Stripe's other express buttons are not offered. */
const WALLETS: Partial<Record<ExpressPaymentType, PaymentMethod>> = { apple_pay: 'apple', google_pay: 'google' }

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
 * here, once the page is on screen.
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
  const { t } = useI18n()
  const hydrated = useHydrated()
  const expressBox = useRef<HTMLDivElement>(null)
  const cardBox = useRef<HTMLDivElement>(null)
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null)
  const [ready, setReady] = useState(false)
  const [wallets, setWallets] = useState(false)
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
        stripe.current = { stripe: instance, elements }
        const express = elements.create('expressCheckout', {
          paymentMethods: {
            applePay: 'auto',
            googlePay: 'auto',
            link: 'never',
            paypal: 'never',
            amazonPay: 'never',
            klarna: 'never',
          },
          buttonHeight: 48,
        })
        express.on('ready', (event) =>
          setWallets(Boolean(event.availablePaymentMethods?.applePay || event.availablePaymentMethods?.googlePay)),
        )
        express.on('confirm', (event) => void payWithLatest.current(WALLETS[event.expressPaymentType], event))
        express.mount(expressBox.current)
        // The wallets have their own buttons above; the card form is the card alone.
        const card = elements.create('payment', { wallets: { applePay: 'never', googlePay: 'never', link: 'never' } })
        card.on('ready', () => setReady(true))
        card.on('loaderror', () => setFailed(true))
        card.mount(cardBox.current)
        made.push(express, card)
      },
      () => !stopped && setFailed(true),
    )
    return () => {
      stopped = true
      for (const element of made) element.destroy()
      stripe.current = null
      setReady(false)
      setWallets(false)
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

  return (
    <section aria-labelledby="method-heading" className="grid gap-3" data-testid="stripe-payment">
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
        <div ref={expressBox} data-testid="stripe-express" />
        {wallets ? (
          <p className="flex items-center gap-3 text-sm text-stone-600 before:h-px before:flex-1 before:bg-stone-300 after:h-px after:flex-1 after:bg-stone-300 dark:text-stone-400 dark:before:bg-stone-600 dark:after:bg-stone-600">
            {t('customer.method.stripe.orCard')}
          </p>
        ) : null}
        <div className="relative min-h-32 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
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
        <button
          type="button"
          className={`${buttonClass.primary} w-full text-lg`}
          disabled={!ready || busy}
          onClick={() => void payWith('card')}
          data-testid="pay-submit"
        >
          {busy ? t('customer.method.paying') : payLabel}
        </button>
      </div>
    </section>
  )
}
