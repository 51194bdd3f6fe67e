import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm'
import { raiseBooksAlert } from '../alerts/books-alerts.server'
import Stripe from 'stripe'
import { isIdLike } from '~/domain/schemas/fields'
import { ledgerOfBill } from '../books/ledger.server'
import { getDb, type Db } from '../db/client.server'
import { providerEvents } from '../db/schema.server'
import { appEnv } from '../env.server'
import { apiError, json } from '../http/api.server'
import { tableSessionStub } from '../table-session/stub.server'
import { applyAccount, billOfStripeCharge, disconnectAccount, restaurantOfAccount } from './stripe-accounts.server'
import { isEventOf } from './stripe-events.server'
import { accountGone, refundStateOf, stripeClient } from './stripe.server'
import { recordDispute } from './stripe-disputes.server'

/** How long a delivery may take to handle its event before another delivery of it may take over (the first one's Worker stopped). */
const CLAIM_MS = 60_000
/**
 * How long a delivery waits for its event's handling before answering
 * anyway: a slow Stripe call must not make Stripe time out and send it
 * again. The handling goes on after the answer.
 */
export const ANSWER_WITHIN_MS = 5_000
/** Events whose handling outlived their answer and then stopped, finished by each later delivery, a few at a time. */
const STALE_PER_DELIVERY = 3

/** The PaymentIntent events that may mean a hold's money moved: the bill's object asks Stripe where the attempt stands. */

type Claim = 'mine' | 'handled' | 'busy'

/**
 * Claims an event for this delivery before anything is done about it. A new
 * event is claimed; so is one whose last claim ran out unhandled (that
 * delivery's Worker stopped). One handled already, or being handled by
 * another delivery right now, is not.
 */
async function claim(db: Db, event: Stripe.Event, payload: string, now: number): Promise<Claim> {
  const [claimed] = await db
    .insert(providerEvents)
    .values({ id: event.id, provider: 'stripe', type: event.type, claimedAt: now, payload })
    .onConflictDoUpdate({
      target: providerEvents.id,
      set: { claimedAt: now },
      setWhere: and(isNull(providerEvents.handledAt), lt(providerEvents.claimedAt, now - CLAIM_MS)),
    })
    .returning({ id: providerEvents.id })
  if (claimed) return 'mine'
  const [known] = await db
    .select({ handledAt: providerEvents.handledAt })
    .from(providerEvents)
    .where(eq(providerEvents.id, event.id))
    .limit(1)
  // Gone meanwhile: the other delivery failed and gave it up, so it is for a retry to act on.
  return known && known.handledAt !== null ? 'handled' : 'busy'
}

/**
 * POST /api/webhooks/stripe: the platform's one Connect endpoint. Stripe
 * signs every event; one whose signature does not match changes nothing.
 * Each event acts once: a delivery claims it (keeping it as sent), acts, and
 * marks it handled; a failure gives the claim up and answers 500, so
 * Stripe's retry acts on it. Handling that takes longer than
 * ANSWER_WITHIN_MS is answered 2xx and goes on after the answer; should it
 * fail or stop then, a later delivery finishes it from what was kept. What
 * an event does is safe to do again anyway (the bill's object asks Stripe
 * where a payment stands, an account's columns take what Stripe says now),
 * so a claim that ran out and was taken over costs nothing.
 */
export async function receiveStripeEvent(
  env: Env,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  request: Request,
): Promise<Response> {
  const config = appEnv(env)
  if (config.PAYMENT_PROVIDER !== 'stripe' || !config.STRIPE_WEBHOOK_SECRET)
    return apiError('NOT_FOUND', 'This Mesa does not take payments through Stripe.')
  const payload = await request.text()
  let event: Stripe.Event
  try {
    event = await Stripe.webhooks.constructEventAsync(
      payload,
      request.headers.get('Stripe-Signature') ?? '',
      config.STRIPE_WEBHOOK_SECRET,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    )
  } catch {
    return apiError(
      'INVALID_SIGNATURE',
      'The Stripe-Signature header does not match this payload and the endpoint’s secret.',
    )
  }
  const db = getDb(env.DB)
  const host = new URL(request.url).hostname
  const claimed = await claim(db, event, payload, Date.now())
  ctx.waitUntil(finishStale(env, db, host))
  if (claimed === 'handled') return json({ received: true, duplicate: true })
  // Not 2xx: Stripe sends it again later, when the other delivery has handled it or given it up.
  if (claimed === 'busy') return apiError('EVENT_IN_PROGRESS', 'This event is being handled by another delivery.')
  let answered = false
  const handling = handle(env, db, event, host).catch(async (error: unknown) => {
    // Answered already: the claim stays, and runs out for a later delivery to finish it. Not yet: Stripe's retry will.
    if (answered) return console.error(`Stripe event ${event.id} not handled yet`, error)
    await db.delete(providerEvents).where(and(eq(providerEvents.id, event.id), isNull(providerEvents.handledAt)))
    throw error
  })
  const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ANSWER_WITHIN_MS))
  if ((await Promise.race([handling, late])) === 'late') {
    answered = true
    ctx.waitUntil(handling)
  }
  return json({ received: true })
}

/** Acts on the event and marks it handled. */
async function handle(env: Env, db: Db, event: Stripe.Event, host: string): Promise<void> {
  await act(env, event, host)
  await db.update(providerEvents).set({ handledAt: Date.now() }).where(eq(providerEvents.id, event.id))
}

/** Finishes, from what was kept, events whose handling outlived their answer and stopped (their claim ran out). */
async function finishStale(env: Env, db: Db, host: string): Promise<void> {
  const now = Date.now()
  const stale = await db
    .select({ id: providerEvents.id, claimedAt: providerEvents.claimedAt, payload: providerEvents.payload })
    .from(providerEvents)
    .where(
      and(
        isNull(providerEvents.handledAt),
        lt(providerEvents.claimedAt, now - CLAIM_MS),
        isNotNull(providerEvents.payload),
      ),
    )
    .limit(STALE_PER_DELIVERY)
  for (const row of stale) {
    // Taken over only if no other delivery took it meanwhile.
    const [mine] = await db
      .update(providerEvents)
      .set({ claimedAt: now })
      .where(and(eq(providerEvents.id, row.id), eq(providerEvents.claimedAt, row.claimedAt)))
      .returning({ id: providerEvents.id })
    if (!mine) continue
    await handle(env, db, JSON.parse(row.payload!) as Stripe.Event, host).catch((error: unknown) =>
      console.error(`Stripe event ${row.id} not handled yet`, error),
    )
  }
}

async function act(env: Env, event: Stripe.Event, host: string): Promise<void> {
  if (isEventOf('dispute', event.type)) return recordDispute(env, event)
  if (isEventOf('refund', event.type)) return actOnRefund(env, event.data.object as Stripe.Refund, event)
  if (isEventOf('charge', event.type) && event.account) {
    // The charge names no refund (Stripe leaves its refunds out of the event): its payment's refunds made outside Mesa are
    // recorded (once each, as ever); Mesa's own are followed by their refund events.
    const { payment_intent: intent } = event.data.object as Stripe.Charge
    if (!intent) return
    const stripeAccount = event.account
    const refunds = await stripeClient(appEnv(env))
      .refunds.list({ payment_intent: typeof intent === 'string' ? intent : intent.id, limit: 100 }, { stripeAccount })
      .catch((error: unknown) => {
        if (accountGone(error)) return null
        throw error
      })
    for (const refund of refunds?.data ?? []) if (!refund.metadata?.refundId) await actOnRefund(env, refund, event)
    return
  }
  if (isEventOf('payment', event.type)) {
    // Only Mesa's own PaymentIntents name a bill and a hold; a restaurant's other charges on its account are none of Mesa's business.
    const intent = event.data.object as Stripe.PaymentIntent
    const { sessionId, holdId } = intent.metadata ?? {}
    if (sessionId && holdId && isIdLike(sessionId) && (await billOnAccount(env, sessionId, event)))
      await tableSessionStub(env, sessionId).settleHold(sessionId, holdId, intent.id)
    return
  }
  if (event.type === 'account.application.deauthorized')
    return event.account ? disconnectAccount(env, event.account) : undefined
  if (event.type === 'account.updated') {
    // Events come late, twice and out of order: the account as Stripe has it now, not as this event last saw it.
    const account = await stripeClient(appEnv(env))
      .accounts.retrieve((event.data.object as Stripe.Account).id)
      .catch((error: unknown) => {
        // An update from before the account took Mesa's access away: nothing to apply.
        if (accountGone(error)) return null
        throw error
      })
    return account ? applyAccount(env, account, host) : undefined
  }
  // Anything else the endpoint is sent is acknowledged.
}

/**
 * Whether the bill `sessionId` an event names (in Mesa's metadata) is of the
 * restaurant whose account the event comes from. One that is not changes
 * nothing: it is answered 200 all the same (an error would have Stripe send
 * it again for days), logged for the platform's operators, and alerted to
 * those who keep the bill's restaurant's books.
 */
async function billOnAccount(env: Env, sessionId: string, event: Pick<Stripe.Event, 'id' | 'account'>) {
  const [ledger, owner] = await Promise.all([
    ledgerOfBill(env, sessionId),
    event.account ? restaurantOfAccount(env, event.account) : null,
  ])
  if (ledger && owner !== null && ledger.restaurantId === owner) return true
  console.error(
    `Stripe event ${event.id} from account ${event.account ?? '(platform)'} names bill ${sessionId} of another restaurant: ignored`,
  )
  // The bill's restaurant hears of it: a connected account that names its bills is one to look into.
  if (ledger)
    await raiseBooksAlert(env, ledger, {
      // Once per foreign account and bill, however many events it sends.
      ref: `${event.account ?? 'platform'}:${sessionId}`,
      kind: 'stripe-account',
      sessionId,
      amountCents: null,
      detail: event.account ?? null,
    })
  return false
}

/**
 * A refund's events. Mesa's own refunds name their bill: its object asks
 * Stripe where the refund stands (taken, given back, or sent back by the
 * bank). One made in the restaurant's Stripe Dashboard names none: it is
 * found by its payment, and recorded.
 */
async function actOnRefund(
  env: Env,
  refund: Stripe.Refund,
  event: Pick<Stripe.Event, 'id' | 'account'>,
): Promise<void> {
  const account = event.account
  const { sessionId, refundId } = refund.metadata ?? {}
  if (sessionId && refundId && isIdLike(sessionId))
    return (await billOnAccount(env, sessionId, event))
      ? tableSessionStub(env, sessionId).settleRefund(sessionId, refundId)
      : undefined
  const restaurantId = account ? await restaurantOfAccount(env, account) : null
  const charged = restaurantId ? await billOfStripeCharge(env, restaurantId, refund.payment_intent) : null
  if (!charged) return
  const { sessionId: bill, paymentIntent } = charged.bill
  await tableSessionStub(env, bill).recordOutsideRefund(bill, paymentIntent, {
    id: refund.id,
    cents: refund.amount,
    state: refundStateOf(refund),
  })
}
