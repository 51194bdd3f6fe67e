import { and, eq, isNull, ne, or } from 'drizzle-orm'
import type Stripe from 'stripe'
import { getDb } from '../db/client.server'
import { restaurants } from '../db/schema.server'
import { appEnv } from '../env.server'
import { restaurantChanged } from '../auth/accounts.server'
import { logChange, type Editor } from '../auth/change-log.server'
import { stripeClient } from './stripe.server'
import { billOfCharge } from '../books/charge-bills.server'
import { ledgerOf } from '../books/ledger.server'

/** Where Stripe's hosted onboarding sends the owner back: Configuración, which reads the account afresh. */
const ONBOARDING_RETURN = '/admin/dashboard/settings?stripe=return'
/** Where it sends them when its link has expired or was opened twice: Configuración makes a fresh link. */
const ONBOARDING_REFRESH = '/admin/dashboard/settings?stripe=refresh'

/**
 * Where a restaurant's own Stripe account stands: none yet; Stripe needs
 * something from the owner (onboarding unfinished, or more information
 * asked for since); Stripe is reviewing what was sent; able to charge; or
 * disconnected (the account took Mesa's access away: nothing is charged
 * through it, and connecting again makes a new one).
 */
type AccountState = 'none' | 'needs_info' | 'pending' | 'active' | 'disconnected'

/** What Stripe says of the account beyond charging, as Configuración shows it: payouts to the bank, and what it still asks for. */
interface AccountDetails {
  payoutsEnabled: boolean
  /** How many pieces of information Stripe asks for now (currently or past due). */
  due: number
  /** By when, if Stripe set a deadline (epoch ms). */
  dueBy: number | null
}

/** Card payments as Configuración shows them (`details` when Stripe could be asked just now). */
export type CardPayments =
  | { provider: 'simulated' }
  | {
      provider: 'stripe'
      account: AccountState
      unconnectedPayments: 'off' | 'demo'
      details?: AccountDetails
    }

interface StoredAccount {
  stripeAccountId: string | null
  stripeChargesEnabled: boolean
  stripeDetailsSubmitted: boolean
  stripeDisconnectedAt: number | null
  unconnectedPayments: 'off' | 'demo'
}

function stateOf(
  account: Pick<StoredAccount, 'stripeAccountId' | 'stripeChargesEnabled' | 'stripeDetailsSubmitted'>,
  due: number,
): AccountState {
  if (!account.stripeAccountId) return 'none'
  if (account.stripeChargesEnabled) return 'active'
  return !account.stripeDetailsSubmitted || due > 0 ? 'needs_info' : 'pending'
}

/** What Stripe asks of the account now; requirements still due mean the owner has more to give. */
const dueOf = (account: Stripe.Account) =>
  new Set([...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])]).size

async function storedAccount(env: Env, restaurantId: string): Promise<StoredAccount> {
  const [row] = await getDb(env.DB)
    .select({
      stripeAccountId: restaurants.stripeAccountId,
      stripeChargesEnabled: restaurants.stripeChargesEnabled,
      stripeDetailsSubmitted: restaurants.stripeDetailsSubmitted,
      stripeDisconnectedAt: restaurants.stripeDisconnectedAt,
      unconnectedPayments: restaurants.unconnectedPayments,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1)
  if (!row) throw new Error(`No restaurant ${restaurantId}`)
  return row
}

/**
 * The restaurant's card payments for Configuración. The account is read
 * from Stripe on every visit (the owner is back from onboarding, waiting on
 * Stripe's review, or Stripe asks for more), so the page never shows a
 * state older than Stripe's, and what it says of payouts and of
 * information due; when Stripe cannot be reached, what it last told us.
 */
export async function cardPayments(env: Env, restaurantId: string, host: string): Promise<CardPayments> {
  const config = appEnv(env)
  if (config.PAYMENT_PROVIDER !== 'stripe') return { provider: 'simulated' }
  const stored = await storedAccount(env, restaurantId)
  const known = { provider: 'stripe' as const, unconnectedPayments: stored.unconnectedPayments }
  if (stored.stripeDisconnectedAt !== null) return { ...known, account: 'disconnected' }
  if (!stored.stripeAccountId) return { ...known, account: 'none' }
  try {
    const account = await stripeClient(config).accounts.retrieve(stored.stripeAccountId)
    await applyAccount(env, account, host)
    const due = dueOf(account)
    return {
      ...known,
      account: stateOf(
        {
          stripeAccountId: account.id,
          stripeChargesEnabled: account.charges_enabled,
          stripeDetailsSubmitted: account.details_submitted,
        },
        due,
      ),
      details: {
        payoutsEnabled: account.payouts_enabled ?? false,
        due,
        dueBy: account.requirements?.current_deadline ? account.requirements.current_deadline * 1000 : null,
      },
    }
  } catch (error) {
    console.error(`Could not read Stripe account ${stored.stripeAccountId}`, error)
    return { ...known, account: stateOf(stored, 0) }
  }
}

/**
 * Where to send the owner to set up (or go on setting up) their Stripe
 * account: Stripe's hosted onboarding. The account is made the first time,
 * in Mexico, with the owner's email; it is controlled as a Standard account
 * is (its own full Stripe Dashboard, Stripe's fees and disputes its own),
 * as direct charges, where the restaurant is the merchant, call for.
 */
export async function onboardingLink(
  env: Env,
  restaurant: { id: string; email: string; restaurantName: string | null },
  origin: string,
): Promise<string> {
  const stripe = stripeClient(appEnv(env))
  const db = getDb(env.DB)
  const stored = await storedAccount(env, restaurant.id)
  // An account that took Mesa's access away cannot be onboarded through Mesa again: a new one is made.
  if (stored.stripeDisconnectedAt !== null)
    await db
      .update(restaurants)
      .set({
        stripeAccountId: null,
        stripeChargesEnabled: false,
        stripeDetailsSubmitted: false,
        stripeDisconnectedAt: null,
      })
      .where(and(eq(restaurants.id, restaurant.id), eq(restaurants.stripeDisconnectedAt, stored.stripeDisconnectedAt)))
  let accountId = stored.stripeDisconnectedAt === null ? stored.stripeAccountId : null
  if (!accountId) {
    const account = await stripe.accounts.create(
      {
        country: 'MX',
        email: restaurant.email,
        controller: {
          stripe_dashboard: { type: 'full' },
          fees: { payer: 'account' },
          losses: { payments: 'stripe' },
          requirement_collection: 'stripe',
        },
        // Direct charges need card payments alone: the money is the restaurant's, never transferred by the platform.
        capabilities: { card_payments: { requested: true } },
        // 5812: eating places and restaurants.
        business_profile: { mcc: '5812', ...(restaurant.restaurantName ? { name: restaurant.restaurantName } : {}) },
        metadata: { restaurantId: restaurant.id },
      },
      // Two clicks at once make one account: Stripe answers the second with the first (a new key after a disconnection).
      {
        idempotencyKey: `${restaurant.id}:connect${stored.stripeDisconnectedAt ? `:${stored.stripeDisconnectedAt}` : ''}`,
      },
    )
    await db
      .update(restaurants)
      .set({ stripeAccountId: account.id })
      .where(and(eq(restaurants.id, restaurant.id), isNull(restaurants.stripeAccountId)))
    accountId = (await storedAccount(env, restaurant.id)).stripeAccountId ?? account.id
  }
  const link = await stripe.accountLinks.create({
    account: accountId,
    type: 'account_onboarding',
    return_url: `${origin}${ONBOARDING_RETURN}`,
    refresh_url: `${origin}${ONBOARDING_REFRESH}`,
  })
  return link.url
}

/**
 * Takes what Stripe says of a connected account (a webhook's account.updated,
 * or Configuración reading it): the restaurant's columns follow it, and its
 * bills learn of it, so their next payment goes through the account (or not).
 * The change that lets the account charge, made once however often Stripe
 * says so, also registers Mesa's domain on it for Apple Pay and Google Pay.
 */
/** The restaurant whose Stripe account is `accountId`, if it is one of Mesa's. */
export async function restaurantOfAccount(env: Env, accountId: string): Promise<string | null> {
  const [row] = await getDb(env.DB)
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.stripeAccountId, accountId))
    .limit(1)
  return row?.id ?? null
}

/**
 * The bill of a charge Stripe tells of on the restaurant's account, by its
 * PaymentIntent (an id, or the object expanded), with the restaurant's
 * ledger; null when it is not a payment Mesa recorded.
 */
export async function billOfStripeCharge(
  env: Env,
  restaurantId: string,
  paymentIntent: string | Stripe.PaymentIntent | null,
) {
  const reference = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id
  if (!reference) return null
  const ledger = ledgerOf(env, restaurantId)
  const bill = await billOfCharge(ledger, reference)
  return bill ? { ledger, bill: { ...bill, paymentIntent: reference } } : null
}

/**
 * The restaurant's account took Mesa's access away
 * (`account.application.deauthorized`): its tables stop taking cards at
 * once, and its bills learn of it; payments in progress end as the account
 * refuses them (see stripeProvider).
 */
export async function disconnectAccount(env: Env, accountId: string): Promise<void> {
  const [changed] = await getDb(env.DB)
    .update(restaurants)
    .set({ stripeChargesEnabled: false, stripeDisconnectedAt: Date.now() })
    .where(and(eq(restaurants.stripeAccountId, accountId), isNull(restaurants.stripeDisconnectedAt)))
    .returning({ id: restaurants.id })
  if (changed) await restaurantChanged(env, changed.id)
}

export async function applyAccount(env: Env, account: Stripe.Account, host: string): Promise<void> {
  const db = getDb(env.DB)
  const next = { stripeChargesEnabled: account.charges_enabled, stripeDetailsSubmitted: account.details_submitted }
  const activation = db
    .update(restaurants)
    .set(next)
    .where(
      and(
        eq(restaurants.stripeAccountId, account.id),
        eq(restaurants.stripeChargesEnabled, false),
        isNull(restaurants.stripeDisconnectedAt),
      ),
    )
    .returning({ id: restaurants.id })
  const change = db
    .update(restaurants)
    .set(next)
    .where(
      and(
        eq(restaurants.stripeAccountId, account.id),
        isNull(restaurants.stripeDisconnectedAt),
        or(
          ne(restaurants.stripeChargesEnabled, next.stripeChargesEnabled),
          ne(restaurants.stripeDetailsSubmitted, next.stripeDetailsSubmitted),
        ),
      ),
    )
    .returning({ id: restaurants.id })
  // One statement flips the account to charging, so of two tellings at once (webhook, Configuración) one alone sees it happen.
  const [activated, changed] = account.charges_enabled ? await db.batch([activation, change]) : [[], await change]
  const restaurantId = activated[0]?.id ?? changed[0]?.id
  if (!restaurantId) return
  if (activated.length > 0) await registerDomain(env, account.id, host)
  await restaurantChanged(env, restaurantId)
}

/** A name Apple can verify: not an address or a local name (local runs have none, and need none). */
const isPublicDomain = (host: string) => /^([a-z0-9-]+\.)+[a-z]{2,63}$/i.test(host) && !host.endsWith('.localhost')

/**
 * Apple Pay (and Google Pay) on a connected account's direct charges show
 * only on domains registered on that account. A failure is logged, not
 * thrown: the account takes cards all the same, and the domain can be
 * added in the restaurant's Stripe Dashboard.
 */
async function registerDomain(env: Env, accountId: string, host: string): Promise<void> {
  if (!isPublicDomain(host)) return
  try {
    await stripeClient(appEnv(env)).paymentMethodDomains.create(
      { domain_name: host, enabled: true },
      { stripeAccount: accountId, idempotencyKey: `${accountId}:domain:${host}` },
    )
  } catch (error) {
    console.error(`Could not register ${host} for Apple Pay on Stripe account ${accountId}`, error)
  }
}

/** The owner's choice for their tables until their Stripe account can charge: no payments, or the labelled demo; signed by them. */
export async function saveUnconnectedPayments(env: Env, owner: Editor, choice: 'off' | 'demo'): Promise<void> {
  const db = getDb(env.DB)
  const id = owner.restaurant.id
  await db.batch([
    db.update(restaurants).set({ unconnectedPayments: choice }).where(eq(restaurants.id, id)),
    logChange(db, owner, 'payouts.unconnected', id),
  ])
  await restaurantChanged(env, id)
}
