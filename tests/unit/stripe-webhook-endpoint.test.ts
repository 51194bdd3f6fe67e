import { describe, expect, it } from 'vitest'
import { HANDLED_STRIPE_EVENTS } from '~/server/payments/stripe-events.server'
import { setUpWebhookEndpoint } from '~/server/payments/webhook-endpoint.server'
import { RETRY_AFTER_SECONDS } from '../../stand-ins/stripe/events'
import { activeRestaurant, control, MANUAL, refusal, setUp } from './stripe-standin-setup'

/**
 * The platform's Connect webhook endpoint as `npm run stripe:webhook` sets it
 * up, against the Stripe stand-in through the official SDK; and the stand-in
 * sending each endpoint only what it enabled, and trying a failed delivery
 * again as time passes, as Stripe does.
 */

const URL = 'https://mesa.example/api/webhooks/stripe'

/** A Mesa that answers each delivery with the next of `statuses` (then 200), and keeps which endpoint got which event. */
function mesa(statuses: number[] = []) {
  const received: { type: string; account?: string }[] = []
  const fetch = async (request: Request) => {
    const event = (await request.json()) as { type: string; account?: string }
    const status = statuses.shift() ?? 200
    if (status === 200) received.push({ type: event.type, ...(event.account ? { account: event.account } : {}) })
    return new Response(null, { status })
  }
  return { received, fetch }
}

/** The stand-in started with no endpoint of its own, reaching whatever the API sets up through `fetch`. */
function platformWith(fetch: (request: Request) => Promise<Response>) {
  const started = setUp({ webhook: { url: 'https://elsewhere.test/', secret: 'whsec_x', fetch, enabledEvents: ['*'] } })
  // The endpoint it was started with is taken away: only what the API sets up is sent anything here.
  for (const id of started.standIn.state.webhookEndpoints.keys()) started.standIn.state.webhookEndpoints.delete(id)
  return started
}

describe('npm run stripe:webhook', () => {
  it('creates the Connect endpoint with exactly the events the handler acts on, shows its secret once, then leaves it or puts it right', async () => {
    const { stripe } = platformWith(mesa().fetch)
    const created = await setUpWebhookEndpoint(stripe, URL)
    expect(created.outcome).toBe('created')
    expect(created.outcome === 'created' && created.secret).toMatch(/^whsec_/)
    expect([...created.endpoint.enabled_events].sort()).toEqual([...HANDLED_STRIPE_EVENTS].sort())
    expect((await stripe.webhookEndpoints.retrieve(created.endpoint.id)) as object).not.toHaveProperty('secret')

    expect((await setUpWebhookEndpoint(stripe, URL)).outcome).toBe('unchanged')
    // Someone narrowed it in the Dashboard and disabled it: put back as it must be.
    await stripe.webhookEndpoints.update(created.endpoint.id, {
      enabled_events: ['payment_intent.succeeded'],
      disabled: true,
    })
    const fixed = await setUpWebhookEndpoint(stripe, URL)
    expect(fixed.outcome).toBe('updated')
    expect(fixed.endpoint).toMatchObject({ id: created.endpoint.id, status: 'enabled' })
    expect([...fixed.endpoint.enabled_events].sort()).toEqual([...HANDLED_STRIPE_EVENTS].sort())
    expect((await stripe.webhookEndpoints.list()).data).toHaveLength(1)
  })

  it('takes over an endpoint set up by hand at that URL (its events put right, marked as Mesa’s) rather than making a second', async () => {
    const { stripe } = platformWith(mesa().fetch)
    const byHand = await stripe.webhookEndpoints.create({
      url: URL,
      connect: true,
      enabled_events: ['payment_intent.succeeded'],
    })
    const setup = await setUpWebhookEndpoint(stripe, URL)
    expect(setup).toMatchObject({ outcome: 'updated', endpoint: { id: byHand.id, metadata: { mesa: 'connect' } } })
    expect([...setup.endpoint.enabled_events].sort()).toEqual([...HANDLED_STRIPE_EVENTS].sort())
    expect((await stripe.webhookEndpoints.list()).data).toHaveLength(1)
    expect((await setUpWebhookEndpoint(stripe, URL)).outcome).toBe('unchanged')
  })

  it('is refused an event type Stripe does not have', async () => {
    const { stripe } = platformWith(mesa().fetch)
    const refused = await refusal(
      stripe.webhookEndpoints.create({ url: URL, enabled_events: ['payment_intent.teleported' as never] }),
    )
    expect(refused.param).toBe('enabled_events[0]')
  })
})

describe('the stand-in’s webhook deliveries', () => {
  it('send an endpoint only the events it enabled, and a Connect endpoint only connected accounts’ ones', async () => {
    const hook = mesa()
    const { stripe, standIn } = platformWith(hook.fetch)
    await stripe.webhookEndpoints.create({ url: URL, connect: true, enabled_events: ['payment_intent.succeeded'] })
    const account = await activeRestaurant(stripe, standIn)
    const intent = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 5_000, confirm: true, payment_method: 'pm_card_visa' },
      { stripeAccount: account },
    )
    await stripe.paymentIntents.capture(intent.id, {}, { stripeAccount: account })
    // The platform's own payment: not a connected account's, so not for a Connect endpoint.
    const own = await stripe.paymentIntents.create({
      ...MANUAL,
      amount: 1_000,
      confirm: true,
      payment_method: 'pm_card_visa',
    })
    await stripe.paymentIntents.capture(own.id)
    await standIn.webhooksSettled()
    expect(standIn.state.events.filter((event) => event.type === 'payment_intent.succeeded')).toHaveLength(2)
    expect(standIn.state.events.map((event) => event.type)).toContain('payment_intent.amount_capturable_updated')
    expect(hook.received).toEqual([{ type: 'payment_intent.succeeded', account }])
  })

  it('try a failed delivery again as time passes, three times over a few hours, and no more', async () => {
    const hook = mesa([500, 503, 500, 500, 500, 500])
    const { stripe, standIn } = platformWith(hook.fetch)
    await stripe.webhookEndpoints.create({ url: URL, enabled_events: ['payment_intent.created'] })
    await stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn' })
    await stripe.paymentIntents.create({ amount: 2_000, currency: 'mxn' })
    await standIn.webhooksSettled()
    const attempts = () => standIn.state.deliveries.map((delivery) => [delivery.attempt, delivery.status])
    expect(attempts()).toEqual([
      [1, 500],
      [1, 503],
    ])
    // Not before its time.
    await control(standIn, '/_standin/clock/advance', { seconds: String(RETRY_AFTER_SECONDS[0] - 1) })
    await standIn.webhooksSettled()
    expect(attempts()).toHaveLength(2)
    for (const wait of RETRY_AFTER_SECONDS) {
      await control(standIn, '/_standin/clock/advance', { seconds: String(wait) })
      await standIn.webhooksSettled()
    }
    // Each event tried four times in all; the last two retries of both were taken.
    expect(attempts()).toEqual([
      [1, 500],
      [1, 503],
      [2, 500],
      [2, 500],
      [3, 500],
      [3, 500],
      [4, 200],
      [4, 200],
    ])
    expect(hook.received).toHaveLength(2)
    await control(standIn, '/_standin/clock/advance', { seconds: String(24 * 3600) })
    await standIn.webhooksSettled()
    expect(attempts()).toHaveLength(8)
  })
})
