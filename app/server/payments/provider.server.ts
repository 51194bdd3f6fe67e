import type { LedgerMethod } from '~/domain/bill'
import type { PaidCard } from '~/domain/receipt'
import type { RefundFailure } from '~/domain/refunds'
import { eq } from 'drizzle-orm'
import { getDb } from '../db/client.server'
import { restaurants } from '../db/schema.server'
import { ledgerOfBill } from '../books/ledger.server'
import { appEnv, simulatedStandsIn } from '../env.server'
import { isDemoSession } from '../table-session/stub.server'
import type { BillTable } from '../table-session/open-bill.server'
import { stripeProvider } from './stripe.server'

export interface AuthorizeRequest {
  /** Names the attempt (the hold's id): asked again with the same key, the provider answers the same attempt. */
  key: string
  /** The whole charge in cents: bill part, any tax added on top, and tip. */
  totalCents: number
  /** The bill part alone: Mesa's fee, if any, is taken on it, never on tax or tip. */
  billCents: number
  method: LedgerMethod
  description: string
  /** What pays it: Stripe.js's ConfirmationToken, or a Stripe test payment method with the simulated provider. */
  paymentToken: string | undefined
  metadata: { sessionId: string; holdId: string; transactionId: string }
}

export type Authorization =
  /** `captured`: taken already (an answer read after it was lost): not to be captured again. */
  | { status: 'authorized'; reference: string; captured?: boolean }
  /** The bank wants the diner to confirm (3-D Secure) in Stripe.js with `clientSecret`; the hold stands meanwhile. */
  | { status: 'requires_action'; reference: string; clientSecret: string }
  | { status: 'declined'; message: string }

/**
 * Where an attempt stands at the provider, asked after the diner confirmed
 * it, when its hold's time ran out, or when an answer was lost:
 * `unconfirmed` is opened and never charged (no money is at stake).
 */
export type AttemptState = 'unconfirmed' | 'authorized' | 'captured' | 'requires_action' | 'failed'

/**
 * Where money actually moves. The TableSession object holds what a payment
 * pays before it asks for the money, authorizes and captures outside its
 * turn, and then commits the payment or gives the money back: a charge
 * never goes unrecorded and never pays what someone else paid. Chosen by
 * PAYMENT_PROVIDER.
 */
export interface PaymentProvider {
  readonly id: string
  /** Whether the screens must say that no real money moves. */
  readonly isDemo: boolean
  /** The smallest charge the provider takes, in cents (Stripe: MX$10.00); smaller ones are refused before anything is held. */
  readonly minimumCents: number
  /**
   * Opens the attempt without charging anything and names it (Stripe: a
   * PaymentIntent not yet confirmed), so the hold keeps its reference before
   * any money can move: however its charge's answer is lost, the attempt can
   * be asked where it stands.
   */
  open(request: AuthorizeRequest): Promise<string>
  /**
   * Charges the opened attempt `reference` (authorizes, to capture later).
   * An answer that never came or failed is not guessed at: the attempt is
   * read, and its real state answered; it throws only while that is unknown.
   */
  authorize(reference: string, request: AuthorizeRequest): Promise<Authorization>
  state(reference: string): Promise<AttemptState>
  /**
   * Takes the authorized money: true once taken (now or before), false when
   * it cannot be (the authorization is gone); throws while that is unknown.
   */
  capture(reference: string): Promise<boolean>
  /** Gives an attempt back: cancels its authorization, or refunds it whole once captured. */
  release(reference: string): Promise<void>
  /**
   * Gives back `cents` of a captured payment (staff refunds, whole or
   * part); `key` names the refund, so asking again gives back once, and
   * `sessionId` lets the provider's later word on it find its bill.
   */
  refund(reference: string, cents: number, key: string, sessionId: string): Promise<RefundAnswer>
  /** Where a refund the provider took stands: given back, still on its way (the bank has not confirmed), or failed. */
  refundState(reference: string): Promise<RefundState>
  /** The card that paid a captured payment, as the provider tells it (for its receipt); null when it knows none. */
  cardOf(reference: string): Promise<PaidCard | null>
}

/** `settled` false: the provider took the refund but the money is not back yet (Stripe's `pending`): not done in the books. */
export type RefundAnswer =
  { ok: true; reference: string | null; settled: boolean } | { ok: false; failure: RefundFailure; message: string }
export type RefundState = 'succeeded' | 'pending' | 'failed'

/** Stripe's test payment methods, which the simulated provider answers as Stripe's test mode does. */
const DECLINED = 'pm_card_chargeDeclined'
const NEEDS_ACTION = 'pm_card_authenticationRequired'

/**
 * Approves every charge without moving money (local development, tests and
 * the public demo), except Stripe's declining and 3-D Secure test payment
 * methods, so every path of a real charge can be tried without one.
 * `delayMs` plays a provider's network time.
 */
function simulatedProvider(delayMs = 0): PaymentProvider {
  const wait = () => (delayMs > 0 ? scheduler.wait(delayMs) : Promise.resolve())
  return {
    id: 'simulated',
    isDemo: true,
    minimumCents: 1,
    async open(request) {
      return `sim_${request.key}`
    },
    async authorize(reference, request) {
      await wait()
      if (request.paymentToken === DECLINED) return { status: 'declined', message: 'Your card was declined.' }
      if (request.paymentToken === NEEDS_ACTION)
        return { status: 'requires_action', reference, clientSecret: `${reference}_secret` }
      return { status: 'authorized', reference }
    },
    // Nothing is kept between calls: a simulated attempt is taken to have been confirmed.
    async state() {
      return 'authorized'
    },
    async capture() {
      await wait()
      return true
    },
    async release() {},
    async refund(_reference, _cents, key) {
      await wait()
      return { ok: true, reference: `simref_${key}`, settled: true }
    },
    refundState: async () => 'succeeded',
    // Nothing real paid: a receipt names no card.
    cardOf: async () => null,
  }
}

/**
 * Money staff took at the table outside Mesa (cash, the restaurant's own
 * terminal): Mesa only records it, so every step answers at once, and a
 * refund of it is money handed back by staff, recorded the same way.
 */
export const recordedProvider: PaymentProvider = {
  id: 'recorded',
  isDemo: false,
  minimumCents: 1,
  open: async (request) => `recorded_${request.key}`,
  authorize: async (reference) => ({ status: 'authorized', reference }),
  state: async () => 'authorized',
  capture: async () => true,
  release: async () => {},
  refund: async () => ({ ok: true, reference: null, settled: true }),
  refundState: async () => 'succeeded',
  cardOf: async () => null,
}

/** The restaurant's side of the choice: its Stripe account, and what its tables offer until that account takes charges. */
type RestaurantPayments = Pick<BillTable, 'stripeAccountId' | 'stripeChargesEnabled' | 'unconnectedPayments'>

/**
 * How the bill `sessionId` charges now: simulated (the public demo table,
 * PAYMENT_PROVIDER "simulated", or the labelled demo an owner chose until
 * Stripe lets their account charge), through the restaurant's own Stripe
 * account, or not at all.
 */
function chargingOf(
  env: Env,
  sessionId: string,
  restaurant: Partial<RestaurantPayments>,
): { accountId: string } | 'simulated' | 'off' {
  if (isDemoSession(sessionId) || simulatedStandsIn(env)) return 'simulated'
  if (restaurant.stripeAccountId && restaurant.stripeChargesEnabled) return { accountId: restaurant.stripeAccountId }
  return restaurant.unconnectedPayments === 'demo' ? 'simulated' : 'off'
}

/** Whether the bill `sessionId` takes payments through Mesa now; when not, its diners pay their server, in cash or by terminal. */
export const takesPayments = (env: Env, sessionId: string, restaurant: Partial<RestaurantPayments>) =>
  chargingOf(env, sessionId, restaurant) !== 'off'

/**
 * The provider that charges for the bill `sessionId` of `table`, or null
 * when its restaurant takes no payments through Mesa yet. The public demo
 * table is always simulated; every other table gets PAYMENT_PROVIDER, which
 * production refuses to be 'simulated' (see env.server.ts), so in production
 * only the demo table, and the tables of a restaurant that chose the
 * labelled demo until its Stripe account is active, approve a payment
 * without moving money.
 */
export function getPaymentProvider(env: Env, sessionId: string, table: BillTable): PaymentProvider | null {
  const config = appEnv(env)
  // The public demo answers at once, whatever delay local runs play.
  if (isDemoSession(sessionId)) return simulatedProvider()
  const charging = chargingOf(env, sessionId, table)
  if (charging === 'off') return null
  return charging === 'simulated'
    ? simulatedProvider(config.SIMULATED_PROVIDER_DELAY_MS)
    : stripeProvider(config, charging.accountId, table.restaurantName)
}

/**
 * The provider `id` for a hold made on the bill `sessionId` of `table`, to
 * settle it (take or give back its money) even when the restaurant takes
 * new payments another way since, or none.
 */
export function settlingProvider(env: Env, sessionId: string, table: BillTable, id: string): PaymentProvider | null {
  if (id === recordedProvider.id) return recordedProvider
  const current = getPaymentProvider(env, sessionId, table)
  if (current?.id === id) return current
  const config = appEnv(env)
  if (id === 'simulated') return simulatedProvider(config.SIMULATED_PROVIDER_DELAY_MS)
  // A Stripe hold is settled on the restaurant's account even once that account no longer takes new charges.
  return id === 'stripe' && config.PAYMENT_PROVIDER === 'stripe' && table.stripeAccountId
    ? stripeProvider(config, table.stripeAccountId, table.restaurantName)
    : null
}

/**
 * Whether the screens of the bill `sessionId` must say that no real money
 * moves. Under Stripe that depends on the bill's restaurant (read only
 * then): the one the bill directory names, and its settings.
 */
export async function paymentsSimulated(env: Env, sessionId: string): Promise<boolean> {
  // Simulated whatever the restaurant: read nothing.
  if (chargingOf(env, sessionId, {}) === 'simulated') return true
  const ledger = await ledgerOfBill(env, sessionId)
  if (!ledger) return false
  const [restaurant] = await getDb(env.DB)
    .select({
      stripeAccountId: restaurants.stripeAccountId,
      stripeChargesEnabled: restaurants.stripeChargesEnabled,
      unconnectedPayments: restaurants.unconnectedPayments,
    })
    .from(restaurants)
    .where(eq(restaurants.id, ledger.restaurantId))
    .limit(1)
  return restaurant ? chargingOf(env, sessionId, restaurant) === 'simulated' : false
}
