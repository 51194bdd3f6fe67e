import Stripe from 'stripe'
import { isCardFunding, type PaidCard } from '~/domain/receipt'
import { statementSuffix } from '~/domain/statement-descriptor'
import type { AppEnv } from '../env.server'
import type {
  AttemptState,
  Authorization,
  AuthorizeRequest,
  PaymentProvider,
  RefundAnswer,
  RefundState,
} from './provider.server'

/** What talking to Stripe needs of the configuration. */
type StripeConfig = Pick<AppEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE' | 'MESA_FEE_BPS'>

/** Stripe's smallest charge in pesos: MX$10.00. */
export const STRIPE_MINIMUM_CENTS = 1000

/**
 * The platform's Stripe client. It speaks to STRIPE_API_BASE through the
 * runtime's fetch, so the Worker and its Durable Objects reach whatever that
 * address names: Stripe, or the stand-in in local runs and tests.
 */
export function stripeClient(config: Pick<StripeConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set')
  const base = new URL(config.STRIPE_API_BASE)
  const protocol = base.protocol === 'http:' ? 'http' : 'https'
  return new Stripe(config.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
    protocol,
    // Every write carries an idempotency key, so asking again after a lost answer never charges twice.
    maxNetworkRetries: 1,
    // A diner waits on these calls; one cut short is asked again with the same key (their retry, or the hold's alarm).
    timeout: 15_000,
  })
}

/** Mesa's fee on a charge: MESA_FEE_BPS of the bill part, never of tax or tip, rounded to the centavo. */
const applicationFee = (billCents: number, feeBps: number) => Math.round((billCents * feeBps) / 10_000)

/** Said to the diner when Stripe refused for a reason that is ours, not their card's (logged in full). */
const NOT_TAKEN = 'The payment could not be made. Nothing was charged.'

/**
 * Charges a restaurant's own Stripe account (`accountId`): direct charges,
 * so the restaurant is the merchant of record and Mesa takes its fee as an
 * application fee. A hold becomes a PaymentIntent authorised but not
 * captured (`capture_method: manual`), captured once the bill's object
 * can commit it and cancelled (or refunded) when it cannot.
 */
export function stripeProvider(
  config: StripeConfig,
  accountId: string,
  restaurantName: string | null,
): PaymentProvider {
  const stripe = stripeClient(config)
  const suffix = statementSuffix(restaurantName)
  const onAccount = (idempotencyKey?: string): Stripe.RequestOptions => ({
    stripeAccount: accountId,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  })
  const retrieve = (reference: string) => stripe.paymentIntents.retrieve(reference, {}, onAccount())
  async function stateAt(reference: string): Promise<AttemptState> {
    try {
      return stateOf(await retrieve(reference))
    } catch (error) {
      // Access taken away: nothing can be taken through Mesa any more, and an authorization lapses by itself.
      if (accountGone(error)) return 'failed'
      throw error
    }
  }

  return {
    id: 'stripe',
    isDemo: false,
    minimumCents: STRIPE_MINIMUM_CENTS,

    async open(request: AuthorizeRequest): Promise<string> {
      const fee = applicationFee(request.billCents, config.MESA_FEE_BPS)
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.totalCents,
          currency: 'mxn',
          capture_method: 'manual',
          // Cards and wallets only: a method that leaves the page (OXXO, bank redirects) cannot be held and captured at the table.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          ...(fee > 0 ? { application_fee_amount: fee } : {}),
          description: request.description,
          // The restaurant's name after its prefix, so the diner knows the charge on their statement.
          ...(suffix ? { statement_descriptor_suffix: suffix } : {}),
          metadata: request.metadata,
        },
        // The SDK's own key, kept across its retries: Stripe keeps a failed answer under a key, and an opened
        // PaymentIntent moves no money, so a lost one costs an unused PaymentIntent, never a charge.
        onAccount(),
      )
      return intent.id
    },

    async authorize(reference: string, request: AuthorizeRequest): Promise<Authorization> {
      const token = request.paymentToken
      if (!token) return { status: 'declined', message: 'No card was given. Nothing was charged.' }
      try {
        const intent = await stripe.paymentIntents.confirm(
          reference,
          // Stripe.js's ConfirmationToken; in test mode one of Stripe's test payment methods (pm_card_visa…), which live mode does not know.
          token.startsWith('pm_') ? { payment_method: token } : { confirmation_token: token },
          onAccount(),
        )
        return authorization(intent)
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return { status: 'declined', message: error.message }
        if (accountGone(error)) return { status: 'declined', message: NOT_TAKEN }
        // Whether it ran is Stripe's to say (a 500 after the charge, an answer lost, a confirmation it already had): the
        // PaymentIntent can be charged once only, so reading it tells, and a retry never charges twice.
        const intent = await retrieve(reference)
        if (stateOf(intent) !== 'unconfirmed') return authorization(intent)
        if (refusedForGood(error)) {
          console.error(`Stripe refused the charge of ${reference}: ${refusalText(error)}`)
          return { status: 'declined', message: NOT_TAKEN }
        }
        throw error
      }
    },

    state: stateAt,

    async capture(reference: string): Promise<boolean> {
      try {
        const intent = await stripe.paymentIntents.capture(reference, {}, onAccount())
        return intent.status === 'succeeded'
      } catch (error) {
        // Refused, failed after it ran, or unanswered: the PaymentIntent says whether its money was taken. (Asked again
        // under one key, Stripe would only repeat a failure; it captures a PaymentIntent once whatever the key.)
        if (accountGone(error)) return false
        const state = await stateAt(reference)
        if (state === 'captured') return true
        if (state === 'authorized') throw error
        return false
      }
    },

    async cardOf(reference: string): Promise<PaidCard | null> {
      const intent = await retrieve(reference)
      const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id
      if (!chargeId) return null
      const card = (await stripe.charges.retrieve(chargeId, {}, onAccount())).payment_method_details?.card
      return card?.last4
        ? {
            brand: card.brand ?? 'card',
            last4: card.last4,
            funding: isCardFunding(card.funding) ? card.funding : 'unknown',
          }
        : null
    },

    async refundState(reference: string): Promise<RefundState> {
      return refundStateOf(await stripe.refunds.retrieve(reference, {}, onAccount()))
    },

    async release(reference: string): Promise<void> {
      const intent = await retrieve(reference).catch((error: unknown) => {
        // Access taken away: nothing Mesa can give back; an authorization lapses by itself, a capture is the restaurant's to refund.
        if (accountGone(error)) return null
        throw error
      })
      if (!intent) return
      switch (intent.status) {
        case 'canceled':
          return
        case 'succeeded':
          // Mesa's mistake is not the restaurant's cost: its fee on the charge goes back with the money.
          await stripe.refunds
            .create(
              { payment_intent: reference, reason: 'requested_by_customer', refund_application_fee: true },
              onAccount(`${reference}:refund`),
            )
            .catch((error: unknown) => {
              // Given back already (asked again after its key was forgotten): nothing is owed.
              if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') return
              throw error
            })
          return
        default:
          await stripe.paymentIntents.cancel(reference, {}, onAccount(`${reference}:cancel`))
      }
    },

    async refund(reference: string, cents: number, key: string, sessionId: string) {
      try {
        // Mesa's fee on the charge goes back in proportion: the restaurant does not pay a fee on money it returned.
        const refund = await stripe.refunds.create(
          {
            payment_intent: reference,
            amount: cents,
            refund_application_fee: true,
            reason: 'requested_by_customer',
            metadata: { sessionId, refundId: key },
          },
          onAccount(`${key}:refund`),
        )
        return refundAnswerOf(refund)
      } catch (error) {
        if (accountGone(error))
          return {
            ok: false,
            failure: 'account-gone',
            message: 'The restaurant’s Stripe account no longer lets Mesa give money back.',
          }
        // A clear refusal (more than is left, a charge past the refund window) fails the refund: asking again changes nothing.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode !== 409)
          return {
            ok: false,
            failure: error.code === 'charge_expired_for_refund' ? 'too-old' : 'refused',
            message: error.message,
          }
        // Anything else may have given the money back (a 500 after it ran, an answer lost), and Stripe keeps a 500 under the
        // key for a day, then forgets it: the payment's refunds say whether this one was made. Not found, it is asked
        // again later with the same key, which Stripe runs afresh once it has nothing kept under it.
        const made = (await stripe.refunds.list({ payment_intent: reference, limit: 100 }, onAccount())).data.find(
          (refund) => refund.metadata?.refundId === key,
        )
        if (!made) throw error
        return refundAnswerOf(made)
      }
    },
  }
}

/** A refund Stripe made, as the books take it: failed at once (the bank's card refused it), given back, or on its way. */
function refundAnswerOf(refund: Stripe.Refund): RefundAnswer {
  const state = refundStateOf(refund)
  return state === 'failed'
    ? { ok: false, failure: 'bank', message: refund.failure_reason ?? 'Stripe could not give the money back.' }
    : { ok: true, reference: refund.id, settled: state === 'succeeded' }
}

/** A Stripe refund's status as the books take it: only `succeeded` is money back. */
export function refundStateOf(refund: Stripe.Refund): RefundState {
  if (refund.status === 'succeeded') return 'succeeded'
  return refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending'
}

/** Where a PaymentIntent stands for its hold. */
function stateOf(intent: Stripe.PaymentIntent): AttemptState {
  switch (intent.status) {
    case 'requires_capture':
      return 'authorized'
    case 'succeeded':
      return 'captured'
    case 'requires_action':
    case 'processing':
      return 'requires_action'
    case 'requires_confirmation':
      return 'unconfirmed'
    case 'requires_payment_method':
      // Back here after a declined charge, which it names; never charged otherwise.
      return intent.last_payment_error ? 'failed' : 'unconfirmed'
    case 'canceled':
      return 'failed'
    default:
      throw unknownStatus(intent)
  }
}

/** What a PaymentIntent just confirmed (or read after its confirmation's answer was lost) means for its hold. */
function authorization(intent: Stripe.PaymentIntent): Authorization {
  switch (intent.status) {
    case 'requires_capture':
      return { status: 'authorized', reference: intent.id }
    case 'succeeded':
      return { status: 'authorized', reference: intent.id, captured: true }
    case 'requires_action':
    case 'requires_confirmation':
    // Seldom for a card: the hold waits as it waits on the bank, and the diner's retry or the alarm asks again.
    case 'processing':
      return { status: 'requires_action', reference: intent.id, clientSecret: intent.client_secret ?? '' }
    case 'requires_payment_method':
    case 'canceled':
      return {
        status: 'declined',
        message: intent.last_payment_error?.message ?? 'The card was declined. Nothing was charged.',
      }
    default:
      throw unknownStatus(intent)
  }
}

/** A status this Mesa does not know (a newer API): thrown, so the hold stands and is asked about again rather than guessed at. */
const unknownStatus = (intent: Stripe.PaymentIntent) =>
  new Error(`PaymentIntent ${intent.id} has a status Mesa does not know: ${intent.status}`)

/**
 * A refusal Stripe will give however often it is asked (a request it finds
 * wrong, a key or an account it no longer accepts). Anything that may pass
 * on another try (Stripe or the network failing, rate limits, two requests
 * at once) is not.
 */
function refusedForGood(error: unknown): error is Stripe.errors.StripeError {
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return error.statusCode !== 409
  return (
    error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError
  )
}

/** Stripe refusing Mesa the restaurant's account: its access was taken away (account.application.deauthorized). */
export const accountGone = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripePermissionError ||
  (error instanceof Stripe.errors.StripeError && error.statusCode === 403)

const refusalText = (error: Stripe.errors.StripeError) => `${error.type} ${error.code ?? ''} ${error.message}`
