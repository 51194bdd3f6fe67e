import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { activeRestaurant, BASE, control, KEY, MANUAL, refusal, setUp } from './stripe-standin-setup'

/**
 * Time and bad days on the Stripe stand-in, through the real SDK: its clock,
 * idempotency as Stripe keeps it, and faults injected on purpose.
 */

const DAY = 24 * 60 * 60

describe('the clock', () => {
  it('stamps objects with its own time and moves ahead on request, in JS and over HTTP', async () => {
    const { stripe, standIn } = setUp()
    const start = standIn.clock.now()
    expect(Math.abs(start - Math.floor(Date.now() / 1000))).toBeLessThan(5)
    const later = standIn.clock.advance(3 * DAY)
    expect(later).toBeGreaterThanOrEqual(start + 3 * DAY)
    const { status, body } = await control(standIn, '/_standin/clock/advance', { seconds: String(DAY) })
    expect(status).toBe(200)
    expect(body.now).toBeGreaterThanOrEqual(later + DAY)
    const intent = await stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn' })
    expect(intent.created).toBeGreaterThanOrEqual(start + 4 * DAY)
    expect((await control(standIn, '/_standin/clock/advance', { seconds: '-1' })).status).toBe(400)
  })

  it('expires a ConfirmationToken on its clock', async () => {
    const { stripe, standIn } = setUp()
    const token = await stripe.testHelpers.confirmationTokens.create({ payment_method: 'pm_card_visa' })
    const intent = await stripe.paymentIntents.create({ ...MANUAL, amount: 2_000 })
    standIn.clock.advance(13 * 60 * 60)
    expect(await refusal(stripe.paymentIntents.confirm(intent.id, { confirmation_token: token.id }))).toMatchObject({
      statusCode: 400,
      message: 'This ConfirmationToken has expired.',
    })
  })

  // Stripe's capture docs: "Uncaptured PaymentIntents are canceled a set number of days (7 by default) after their creation."
  it('cancels an authorisation left uncaptured 7 days (cancellation_reason automatic), releasing it and recording payment_intent.canceled', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const onAccount = { stripeAccount: account }
    const held = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 4_000, confirm: true, payment_method: 'pm_card_visa' },
      onAccount,
    )
    standIn.clock.advance(7 * DAY - 60)
    expect((await stripe.paymentIntents.retrieve(held.id, {}, onAccount)).status).toBe('requires_capture')
    standIn.clock.advance(60)
    expect(await stripe.paymentIntents.retrieve(held.id, {}, onAccount)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'automatic',
      amount_capturable: 0,
    })
    expect(await stripe.charges.retrieve(held.latest_charge as string, {}, onAccount)).toMatchObject({
      amount_refunded: 4_000,
      refunded: true,
      captured: false,
    })
    const canceled = standIn.state.events.find((event) => event.type === 'payment_intent.canceled')
    expect(canceled).toMatchObject({ account, request: { id: null }, data: { object: { id: held.id } } })
    expect(await refusal(stripe.paymentIntents.capture(held.id, {}, onAccount))).toMatchObject({
      code: 'payment_intent_unexpected_state',
    })
  })
})

describe('idempotency as Stripe keeps it', () => {
  // docs.stripe.com/api/idempotent_requests: keys are removed once at least 24 hours old; a reused key then makes a new request.
  it('prunes a key after 24 hours: the same key then runs as a new request', async () => {
    const { stripe, standIn } = setUp()
    const params = { amount: 1_500, currency: 'mxn' }
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'day-old' })
    // The stand-in's clock runs on from real time: a second short of the day could pass while the requests go (a busy machine).
    standIn.clock.advance(DAY - 2)
    expect((await stripe.paymentIntents.create(params, { idempotencyKey: 'day-old' })).id).toBe(first.id)
    standIn.clock.advance(2)
    expect((await stripe.paymentIntents.create(params, { idempotencyKey: 'day-old' })).id).not.toBe(first.id)
    expect(standIn.state.paymentIntents.size).toBe(2)
  })

  // "Stripe saves the status code and body of the first request made with a given idempotency key after endpoint execution begins."
  it('keeps a 4xx of the endpoint’s own logic (payment_intent_unexpected_state) and replays it even once the state allows the request', async () => {
    const { stripe, standIn } = setUp()
    const intent = await stripe.paymentIntents.create({ ...MANUAL, amount: 2_000 })
    const early = await refusal(stripe.paymentIntents.capture(intent.id, {}, { idempotencyKey: 'capture-1' }))
    expect(early).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' })
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })
    const replayed = await refusal(stripe.paymentIntents.capture(intent.id, {}, { idempotencyKey: 'capture-1' }))
    expect(replayed).toMatchObject({ code: 'payment_intent_unexpected_state' })
    expect(replayed.headers).toMatchObject({ 'idempotent-replayed': 'true', 'original-request': early.requestId })
    expect((await stripe.paymentIntents.capture(intent.id, {}, { idempotencyKey: 'capture-2' })).status).toBe(
      'succeeded',
    )
    expect(standIn.state.paymentIntents.get(intent.id)?.status).toBe('succeeded')
  })

  // "If incoming parameters fail validation … no idempotent result is saved because no API endpoint began execution."
  it('keeps nothing for a request refused on its parameters', async () => {
    const { stripe } = setUp()
    await refusal(
      stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn', colour: 'blue' } as never, {
        idempotencyKey: 'typo',
      }),
    )
    expect(
      (await stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn' }, { idempotencyKey: 'typo' })).amount,
    ).toBe(1_000)
  })

  // "… or the request conflicts with another that's executing concurrently": Stripe answers 409 (idempotency_key_in_use).
  it('answers 409 to a second request under a key whose first is still executing, and keeps nothing for it', async () => {
    const { stripe, standIn } = setUp()
    standIn.faults.add({ method: 'POST', path: '/v1/payment_intents', fault: 'delay', ms: 150 })
    const params = { amount: 3_000, currency: 'mxn' }
    const first = stripe.paymentIntents.create(params, { idempotencyKey: 'twice' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const second = await refusal(stripe.paymentIntents.create(params, { idempotencyKey: 'twice' }))
    expect(second).toBeInstanceOf(Stripe.errors.StripeAPIError)
    expect(second).toMatchObject({
      statusCode: 409,
      rawType: 'idempotency_error',
      code: 'idempotency_key_in_use',
      message: expect.stringContaining('There is currently another in-progress request using this Idempotent Key'),
    })
    const created = await first
    expect((await stripe.paymentIntents.create(params, { idempotencyKey: 'twice' })).id).toBe(created.id)
    expect(standIn.state.paymentIntents.size).toBe(1)
  })
})

describe('faults', () => {
  // "Retries with the same key return the saved response, including 500 errors."
  it('500-after: the request acts and records its events, answers 500 api_error, and the key replays that 500', async () => {
    const { stripe, standIn } = setUp()
    standIn.faults.add({ method: 'POST', path: '/v1/payment_intents', fault: '500-after' })
    const params = { amount: 2_500, currency: 'mxn' }
    const failed = await refusal(stripe.paymentIntents.create(params, { idempotencyKey: 'k500' }))
    expect(failed).toBeInstanceOf(Stripe.errors.StripeAPIError)
    expect(failed).toMatchObject({ statusCode: 500, rawType: 'api_error' })
    expect(standIn.state.paymentIntents.size).toBe(1)
    expect(standIn.state.events.map((event) => event.type)).toEqual(['payment_intent.created'])
    const again = await refusal(stripe.paymentIntents.create(params, { idempotencyKey: 'k500' }))
    expect(again).toMatchObject({ statusCode: 500, headers: { 'original-request': failed.requestId } })
    expect(standIn.state.paymentIntents.size).toBe(1)
    // Another key is another request: the fault was used up.
    expect((await stripe.paymentIntents.create(params, { idempotencyKey: 'k500-new' })).amount).toBe(2_500)
  })

  it('500-before: nothing runs and nothing is kept, so a retry under the same key runs', async () => {
    const { stripe, standIn } = setUp()
    standIn.faults.add({ method: 'POST', path: '/v1/payment_intents', fault: '500-before' })
    const params = { amount: 2_500, currency: 'mxn' }
    expect(await refusal(stripe.paymentIntents.create(params, { idempotencyKey: 'k' }))).toMatchObject({
      statusCode: 500,
      rawType: 'api_error',
    })
    expect(standIn.state.paymentIntents.size).toBe(0)
    expect(standIn.state.events).toHaveLength(0)
    expect((await stripe.paymentIntents.create(params, { idempotencyKey: 'k' })).status).toBe('requires_payment_method')
  })

  it('timeout-after: the capture happens, the connection drops (StripeConnectionError), and the key keeps the real answer', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const onAccount = { stripeAccount: account }
    const intent = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 5_000, confirm: true, payment_method: 'pm_card_visa' },
      onAccount,
    )
    standIn.faults.add({ method: 'POST', path: '/v1/payment_intents/:id/capture', fault: 'timeout-after', account })
    const lost = await refusal(stripe.paymentIntents.capture(intent.id, {}, { ...onAccount, idempotencyKey: 'cap' }))
    expect(lost).toBeInstanceOf(Stripe.errors.StripeConnectionError)
    expect(standIn.state.paymentIntents.get(intent.id)?.status).toBe('succeeded')
    const retried = await stripe.paymentIntents.capture(intent.id, {}, { ...onAccount, idempotencyKey: 'cap' })
    expect(retried).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 5_000 })
    // A replay, not a second capture: one payment_intent.succeeded.
    expect(standIn.state.events.filter((event) => event.type === 'payment_intent.succeeded')).toHaveLength(1)
  })

  it('timeout-after on a retry: the replayed answer is lost on the way back too', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const onAccount = { stripeAccount: account, idempotencyKey: 'pay' }
    const params = { ...MANUAL, amount: 5_000, confirm: true, payment_method: 'pm_card_visa' }
    standIn.faults.add({ method: 'POST', path: '/v1/payment_intents', fault: 'timeout-after', times: 2, account })
    for (let attempt = 0; attempt < 2; attempt++)
      expect(await refusal(stripe.paymentIntents.create(params, onAccount))).toBeInstanceOf(
        Stripe.errors.StripeConnectionError,
      )
    // One PaymentIntent, made by the first request; the third gets its kept answer.
    expect(standIn.state.paymentIntents.size).toBe(1)
    expect((await stripe.paymentIntents.create(params, onAccount)).status).toBe('requires_capture')
  })

  it('matches a fault by method, path pattern and account, for `times` requests, and clears them', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    standIn.faults.add({ method: 'GET', path: '/v1/payment_intents/:id', fault: '500-before', times: 2, account })
    const onPlatform = await stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn' })
    expect((await stripe.paymentIntents.retrieve(onPlatform.id)).id).toBe(onPlatform.id)
    const onAccount = await stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn' }, { stripeAccount: account })
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await refusal(stripe.paymentIntents.retrieve(onAccount.id, {}, { stripeAccount: account }))).toMatchObject(
        { statusCode: 500 },
      )
    }
    expect((await stripe.paymentIntents.retrieve(onAccount.id, {}, { stripeAccount: account })).id).toBe(onAccount.id)
    // Cleared for one account, a fault of the platform's stays; cleared whole, it goes too.
    standIn.faults.add({ method: 'GET', path: '/v1/payment_intents/:id', fault: '500-before', times: 5, account })
    standIn.faults.add({ method: 'GET', path: `/v1/payment_intents/${onPlatform.id}`, fault: '500-before', times: 5 })
    expect((await control(standIn, '/_standin/faults/clear', { account })).status).toBe(200)
    expect((await stripe.paymentIntents.retrieve(onAccount.id, {}, { stripeAccount: account })).id).toBe(onAccount.id)
    expect(await refusal(stripe.paymentIntents.retrieve(onPlatform.id))).toMatchObject({ statusCode: 500 })
    standIn.faults.clear()
    expect((await stripe.paymentIntents.retrieve(onPlatform.id)).id).toBe(onPlatform.id)
  })

  it('is armed over HTTP too: POST /_standin/faults and /_standin/faults/clear', async () => {
    const { stripe, standIn } = setUp()
    const armed = await control(standIn, '/_standin/faults', {
      method: 'POST',
      path: '/v1/payment_intents',
      fault: '500-before',
      times: '3',
    })
    expect(armed).toMatchObject({ status: 200, body: { fault: '500-before', remaining: 3 } })
    expect(await refusal(stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn' }))).toMatchObject({
      statusCode: 500,
    })
    expect((await control(standIn, '/_standin/faults/clear')).status).toBe(200)
    expect((await stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn' })).amount).toBe(1_000)
    expect((await control(standIn, '/_standin/faults', { method: 'POST', path: '/v1/x', fault: 'boom' })).status).toBe(
      400,
    )
    const delayed = await control(standIn, '/_standin/faults', {
      method: 'GET',
      path: '/v1/events',
      fault: 'delay',
      ms: '30',
    })
    expect(delayed.status).toBe(200)
    const started = Date.now()
    const response = await standIn.fetch(
      new Request(`${BASE}/v1/events`, { headers: { Authorization: `Bearer ${KEY}` } }),
    )
    expect(response.status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(25)
  })
})
