import { env, runDurableObjectAlarm, runInDurableObject, SELF } from 'cloudflare:test'
import Stripe from 'stripe'
import { expect } from 'vitest'
import {
  billObject,
  newTransactionId,
  ORIGIN,
  postJson,
  seedOwner,
  seedTable,
  setRestaurant,
  staffCookieOf,
  type LineSeed,
  type SeededTable,
  postRefund,
} from './fixtures'

/*
 * The Stripe project's tests run the Worker with PAYMENT_PROVIDER "stripe"
 * pointed at http://stripe.standin, which vitest.config.ts's outboundService
 * hands to one Stripe stand-in: the app's own fetches (the Worker's and the
 * bill objects') and these tests' alike reach it by that name.
 */

/** The platform, as a test looks at Stripe: through the real SDK, to the stand-in. */
export const platform = new Stripe(env.STRIPE_SECRET_KEY!, {
  httpClient: Stripe.createFetchHttpClient(),
  host: new URL(env.STRIPE_API_BASE!).hostname,
  port: 80,
  protocol: 'http',
  // A refusal reaches the test as the stand-in gave it.
  maxNetworkRetries: 0,
})

const standIn = (path: string, body?: string) =>
  fetch(`${env.STRIPE_API_BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  })

/** One of the stand-in's switches (docs/stripe-standin.md), as a test flips it. */
export async function standInSwitch(path: string, params: Record<string, string> = {}) {
  const answer = await standIn(path, new URLSearchParams(params).toString())
  expect(answer.status, `${path}: ${await answer.clone().text()}`).toBe(200)
  return answer.json()
}

/**
 * Stripe's bad day for the next `times` requests on `account` to `method path` (`:id` for any id):
 * `500-after` (it ran, the answer is a 500, and the key keeps it), `500-before`, `timeout-after` (it ran, the answer is lost).
 */
export const fault = (
  account: string,
  method: 'GET' | 'POST',
  path: string,
  kind: '500-after' | '500-before' | 'timeout-after',
  times = 1,
) => standInSwitch('/_standin/faults', { account, method, path, fault: kind, times: String(times) })

/** Plays the clock: every hold in progress has run out, and the object's alarm goes off after a restart. */
export async function holdsRunOut(sessionId: string) {
  await runInDurableObject(billObject(sessionId), (_instance, state) =>
    state.storage.sql.exec("UPDATE holds SET expires_at = 0 WHERE status IN ('held', 'action')"),
  )
  await runInDurableObject(billObject(sessionId), (_instance, state) => state.abort('restart')).catch(() => undefined)
  expect(await runDurableObjectAlarm(billObject(sessionId))).toBe(true)
}

/** A restaurant's connected account, as Mesa's onboarding makes it; activated (as finishing Stripe's onboarding does) unless told not to. */
export async function connectedAccount({ active = true } = {}): Promise<string> {
  const account = await platform.accounts.create({
    country: 'MX',
    controller: { stripe_dashboard: { type: 'full' } },
    email: 'caja@fonda.mx',
  })
  if (active) expect((await standIn(`/_standin/accounts/${account.id}/activate`)).status).toBe(200)
  return account.id
}

/** The diner completing (or failing) 3-D Secure in Stripe.js. */
export async function authenticate(paymentIntentId: string, result: 'success' | 'failure' = 'success') {
  expect((await standIn(`/_standin/payment_intents/${paymentIntentId}/authenticate`, `result=${result}`)).status).toBe(
    200,
  )
}

/** Follows an onboarding link's Complete button, as the owner does on Stripe's page: answers where Stripe sends them back. */
export async function completeOnboarding(link: string): Promise<string | null> {
  const response = await fetch(link, { method: 'POST', redirect: 'manual' })
  expect(response.status).toBe(303)
  return response.headers.get('Location')
}

export interface StripeRestaurant extends SeededTable {
  accountId: string | null
}

/**
 * A seeded table whose restaurant has `account` (an active connected
 * account unless told otherwise; null for none) and offers `unconnected`
 * until it can charge.
 */
export async function stripeTable(
  lines: LineSeed[],
  {
    account = 'active',
    unconnected = 'off',
  }: { account?: 'active' | 'inactive' | null; unconnected?: 'off' | 'demo' } = {},
): Promise<StripeRestaurant> {
  const owner = await seedOwner()
  const accountId = account ? await connectedAccount({ active: account === 'active' }) : null
  await setRestaurant(owner, {
    stripe_account_id: accountId,
    stripe_charges_enabled: account === 'active' ? 1 : 0,
    stripe_details_submitted: account === 'active' ? 1 : 0,
    unconnected_payments: unconnected,
  })
  return { ...(await seedTable(lines, { owner })), accountId }
}

/** Events Stripe recorded on `account`, oldest first; of `type` only when given. */
export async function eventsOn(account: string, type?: string): Promise<Stripe.Event[]> {
  const listed = await platform.events.list({ limit: 100, ...(type ? { type } : {}) }, { stripeAccount: account })
  return listed.data.reverse()
}

/** The PaymentIntents Mesa made on `account`, oldest first. */
export async function paymentIntentsOn(account: string): Promise<Stripe.PaymentIntent[]> {
  const created = await eventsOn(account, 'payment_intent.created')
  return Promise.all(
    created.map((event) =>
      platform.paymentIntents.retrieve((event.data.object as Stripe.PaymentIntent).id, {}, { stripeAccount: account }),
    ),
  )
}

/** A Stripe-Signature header for `payload`, as Stripe signs it with the endpoint's secret (or `secret`). */
export const signatureFor = (payload: string, secret = env.STRIPE_WEBHOOK_SECRET!) =>
  Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  })

/** Delivers `event` to Mesa's webhook endpoint as Stripe does, signed with `secret` (the endpoint's own unless given). */
export async function deliver(event: Stripe.Event, secret?: string) {
  const payload = JSON.stringify(event, null, 2)
  const signature = await signatureFor(payload, secret)
  return SELF.fetch(`${ORIGIN}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  })
}

/** A payment as a diner's phone sends it, paid with Stripe's test Visa unless told otherwise. */
export const cardPayment = (table: { tableId: string }, body: Record<string, unknown>) => ({
  tableId: table.tableId,
  tipAmount: 0,
  paymentMethod: 'card',
  paymentToken: 'pm_card_visa',
  transactionId: newTransactionId(),
  ...body,
})

/** Sends a payment as the diner's phone does. */
export const pay = (body: Record<string, unknown>) => postJson('/api/payments', body)

/** A diner's card payment of the whole bill through Stripe (test Visa), and the payment's ledger id. */
export async function paidByCard(table: { tableId: string; sessionId: string }, amount: number, tipAmount: number) {
  const paid = await pay(cardPayment(table, { amount, tipAmount, paymentType: 'full' }))
  expect(paid.status).toBe(201)
  const { payment } = (await paid.json()) as { payment: { id: string } }
  return payment.id
}

/** The payment as D1's ledger has it, once its bill's outbox delivered it. */
export async function ledgerPayment(paymentId: string) {
  await expect
    .poll(async () => env.DB.prepare('SELECT id FROM payments WHERE id = ?').bind(paymentId).first())
    .not.toBeNull()
  return env.DB.prepare('SELECT provider_reference AS reference FROM payments WHERE id = ?')
    .bind(paymentId)
    .first<{ reference: string }>()
}

/** The refund form on the table's page, as staff send it. */
export async function refund(
  table: { tableId: string; sessionId: string; restaurantId: string },
  fields: Record<string, string>,
) {
  return postRefund(
    `/admin/tables/${table.tableId}`,
    { intent: 'refund', sessionId: table.sessionId, reason: 'Cobro de más', ...fields },
    await staffCookieOf(table.restaurantId),
  )
}
