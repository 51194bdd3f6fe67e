import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { decodeForm } from '../../stand-ins/stripe/form'
import { type StripeStandIn } from '../../stand-ins/stripe/handler'
import { serve } from '../../stand-ins/stripe/server'
import { activeRestaurant, BASE, clientOf, KEY, MANUAL, refusal, setUp } from './stripe-standin-setup'

/**
 * The Stripe stand-in, driven by the real `stripe` SDK exactly as the Worker
 * drives Stripe: every answer below is what the SDK made of the stand-in's
 * HTTP response.
 */

describe('authentication and unknown endpoints', () => {
  it('refuses a request without a key, with a wrong key and with a live or publishable key (401)', async () => {
    const { standIn } = setUp()
    const bare = await standIn.fetch(new Request(`${BASE}/v1/payment_intents/pi_123`))
    expect(bare.status).toBe(401)
    expect(((await bare.json()) as { error: { type: string; message: string } }).error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringMatching(/did not provide an API key/),
    })
    for (const key of ['sk_test_someone_else', 'sk_live_mesa_platform', 'pk_test_mesa_platform']) {
      const error = await refusal(clientOf(standIn, key).paymentIntents.create({ amount: 1000, currency: 'mxn' }))
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
      expect(error.statusCode).toBe(401)
    }
    expect(standIn.state.paymentIntents.size).toBe(0)
  })

  it('takes the key as Basic auth too, as curl -u sends it', async () => {
    const { standIn } = setUp()
    const response = await standIn.fetch(
      new Request(`${BASE}/v1/accounts`, {
        method: 'POST',
        headers: { Authorization: `Basic ${btoa(`${KEY}:`)}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'type=standard',
      }),
    )
    expect(response.status).toBe(200)
    expect(((await response.json()) as { object: string }).object).toBe('account')
  })

  it('answers an endpoint it does not implement with 404 in Stripe’s error shape, never a fake success', async () => {
    const { stripe } = setUp()
    const error = await refusal(stripe.customers.create({ email: 'diner@example.com' }))
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(error.statusCode).toBe(404)
    expect(error.message).toBe(
      'Unrecognized request URL (POST: /v1/customers). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.',
    )
  })

  it('refuses a parameter Stripe does not take, or one the stand-in does not implement', async () => {
    const { stripe, standIn } = setUp()
    const error = await refusal(stripe.paymentIntents.create({ amount: 1000, currency: 'mxn', customer: 'cus_123' }))
    expect(error).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'customer' })
    const nested = await refusal(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: 'mxn',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never', colour: 'blue' } as never,
      }),
    )
    expect(nested).toMatchObject({ code: 'parameter_unknown', param: 'automatic_payment_methods[colour]' })
    expect(standIn.state.paymentIntents.size).toBe(0)
  })

  it('refuses a JSON body: Stripe’s API takes form-encoded parameters', async () => {
    const { standIn } = setUp()
    const response = await standIn.fetch(
      new Request(`${BASE}/v1/payment_intents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: 1000, currency: 'mxn' }),
      }),
    )
    expect(response.status).toBe(400)
    expect(standIn.state.paymentIntents.size).toBe(0)
  })
})

describe('amounts and currencies', () => {
  it('refuses 999 centavos (under Stripe’s MX$10.00 minimum) and takes 1000', async () => {
    const { stripe } = setUp()
    const error = await refusal(stripe.paymentIntents.create({ amount: 999, currency: 'mxn' }))
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'amount_too_small',
      param: 'amount',
      message: 'Amount must be at least 10.00 mxn',
    })
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'mxn' })
    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 1000,
      currency: 'mxn',
      status: 'requires_payment_method',
      livemode: false,
    })
  })

  it('holds each currency to its own minimum: 49 US cents refused, 50 taken', async () => {
    const { stripe } = setUp()
    expect(await refusal(stripe.paymentIntents.create({ amount: 49, currency: 'usd' }))).toMatchObject({
      code: 'amount_too_small',
    })
    expect((await stripe.paymentIntents.create({ amount: 50, currency: 'usd' })).amount).toBe(50)
  })

  it('refuses an amount that is not a whole number of centavos, or is more than eight digits', async () => {
    const { stripe } = setUp()
    expect(await refusal(stripe.paymentIntents.create({ amount: 1050.5, currency: 'mxn' }))).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'amount',
    })
    expect(await refusal(stripe.paymentIntents.create({ amount: 100_000_000, currency: 'mxn' }))).toMatchObject({
      code: 'amount_too_large',
      param: 'amount',
    })
  })

  it('refuses an unknown currency, and an upper-case one', async () => {
    const { stripe } = setUp()
    for (const currency of ['xyz', 'MXN']) {
      const error = await refusal(stripe.paymentIntents.create({ amount: 1000, currency }))
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
      expect(error).toMatchObject({
        statusCode: 400,
        param: 'currency',
        message: expect.stringContaining(`Invalid currency: ${currency}`),
      })
    }
  })

  it('refuses a missing amount, naming it', async () => {
    const { stripe } = setUp()
    expect(
      await refusal(stripe.paymentIntents.create({ currency: 'mxn' } as Stripe.PaymentIntentCreateParams)),
    ).toMatchObject({ code: 'parameter_missing', param: 'amount' })
  })
})

describe('a payment on a restaurant’s account, captured by hand', () => {
  it('authorises with a ConfirmationToken, captures less than authorised and receives what was captured', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const onAccount = { stripeAccount: account }
    const intent = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 12_000, application_fee_amount: 150, metadata: { bill: 'b_1', table: '7' } },
      onAccount,
    )
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      capture_method: 'manual',
      application_fee_amount: 150,
      metadata: { bill: 'b_1', table: '7' },
      latest_charge: null,
    })
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`))

    const token = await stripe.testHelpers.confirmationTokens.create({ payment_method: 'pm_card_visa' }, onAccount)
    expect(token).toMatchObject({
      object: 'confirmation_token',
      payment_intent: null,
      payment_method_preview: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    })
    const authorised = await stripe.paymentIntents.confirm(intent.id, { confirmation_token: token.id }, onAccount)
    expect(authorised).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 12_000,
      amount_received: 0,
      next_action: null,
      last_payment_error: null,
    })
    expect(authorised.latest_charge).toMatch(/^ch_/)
    expect((await stripe.confirmationTokens.retrieve(token.id, {}, onAccount)).payment_intent).toBe(intent.id)

    const captured = await stripe.paymentIntents.capture(intent.id, { amount_to_capture: 10_000 }, onAccount)
    expect(captured).toMatchObject({
      status: 'succeeded',
      amount: 12_000,
      amount_received: 10_000,
      amount_capturable: 0,
    })
    const charge = await stripe.charges.retrieve(captured.latest_charge as string, {}, onAccount)
    expect(charge).toMatchObject({
      captured: true,
      amount: 12_000,
      amount_captured: 10_000,
      amount_refunded: 2_000,
      refunded: false,
      application_fee_amount: 150,
      payment_intent: intent.id,
    })
    expect(await stripe.paymentIntents.retrieve(intent.id, {}, onAccount)).toMatchObject({
      status: 'succeeded',
      amount_received: 10_000,
    })

    const events = await stripe.events.list({ type: 'payment_intent.*' }, onAccount)
    expect(events.data.map((event) => event.type)).toEqual([
      'payment_intent.succeeded',
      'payment_intent.amount_capturable_updated',
      'payment_intent.created',
    ])
    expect(events.data.every((event) => event.account === account)).toBe(true)
    const authorisedEvent = events.data[1]!.data.object as Stripe.PaymentIntent
    expect(authorisedEvent).toMatchObject({ id: intent.id, status: 'requires_capture', amount_capturable: 12_000 })
  })

  it('captures the whole authorisation when no amount is given', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const intent = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 5_000, confirm: true, payment_method: 'pm_card_mx' },
      { stripeAccount: account },
    )
    expect(intent.status).toBe('requires_capture')
    expect(await stripe.paymentIntents.capture(intent.id, {}, { stripeAccount: account })).toMatchObject({
      status: 'succeeded',
      amount_received: 5_000,
    })
  })

  it('refuses to capture more than was authorised, and leaves the authorisation as it was', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const intent = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 5_000, confirm: true, payment_method: 'pm_card_visa' },
      { stripeAccount: account },
    )
    const error = await refusal(
      stripe.paymentIntents.capture(intent.id, { amount_to_capture: 5_001 }, { stripeAccount: account }),
    )
    expect(error).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount_to_capture' })
    expect(await stripe.paymentIntents.retrieve(intent.id, {}, { stripeAccount: account })).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 5_000,
      amount_received: 0,
    })
  })

  it('refuses to capture a payment that is not waiting for capture, or twice', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const onAccount = { stripeAccount: account }
    const unpaid = await stripe.paymentIntents.create({ ...MANUAL, amount: 5_000 }, onAccount)
    const early = await refusal(stripe.paymentIntents.capture(unpaid.id, {}, onAccount))
    expect(early).toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
      message: expect.stringContaining('status of requires_payment_method'),
    })
    const paid = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 5_000, confirm: true, payment_method: 'pm_card_visa' },
      onAccount,
    )
    await stripe.paymentIntents.capture(paid.id, {}, onAccount)
    expect(await refusal(stripe.paymentIntents.capture(paid.id, {}, onAccount))).toMatchObject({
      code: 'payment_intent_unexpected_state',
      message: expect.stringContaining('status of succeeded'),
    })
  })

  it('takes the platform’s fee only on a connected account, and never more than the amount', async () => {
    const { stripe, standIn } = setUp()
    const onPlatform = await refusal(
      stripe.paymentIntents.create({ ...MANUAL, amount: 5_000, application_fee_amount: 100 }),
    )
    expect(onPlatform).toMatchObject({
      statusCode: 400,
      param: 'application_fee_amount',
      message: expect.stringContaining('Stripe-Account header'),
    })
    const account = await activeRestaurant(stripe, standIn)
    const tooMuch = await refusal(
      stripe.paymentIntents.create(
        { ...MANUAL, amount: 5_000, application_fee_amount: 5_001 },
        { stripeAccount: account },
      ),
    )
    expect(tooMuch).toMatchObject({ statusCode: 400, param: 'application_fee_amount' })
    expect(standIn.state.paymentIntents.size).toBe(0)
  })
})

describe('cards that do not simply pay', () => {
  it('answers a declined card with 402 card_declined and leaves the payment waiting for another card', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const onAccount = { stripeAccount: account }
    const intent = await stripe.paymentIntents.create({ ...MANUAL, amount: 8_000 }, onAccount)
    const error = await refusal(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }, onAccount),
    )
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    })
    expect(error.payment_intent).toMatchObject({ id: intent.id, status: 'requires_payment_method' })

    const after = await stripe.paymentIntents.retrieve(intent.id, {}, onAccount)
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    })
    expect(await stripe.charges.retrieve(after.latest_charge as string, {}, onAccount)).toMatchObject({
      status: 'failed',
      paid: false,
      failure_code: 'card_declined',
    })
    expect(standIn.state.events.map((event) => event.type)).toContain('payment_intent.payment_failed')

    const retried = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }, onAccount)
    expect(retried).toMatchObject({ status: 'requires_capture', last_payment_error: null })
  })

  it('asks for 3-D Secure, then authorises once the diner completes it', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const onAccount = { stripeAccount: account }
    const token = await stripe.testHelpers.confirmationTokens.create(
      { payment_method: 'pm_card_authenticationRequired' },
      onAccount,
    )
    const intent = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 8_000, confirm: true, confirmation_token: token.id },
      onAccount,
    )
    expect(intent).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
      latest_charge: null,
    })
    expect(await refusal(stripe.paymentIntents.capture(intent.id, {}, onAccount))).toMatchObject({
      code: 'payment_intent_unexpected_state',
    })

    const response = await standIn.fetch(
      new Request(`${BASE}/_standin/payment_intents/${intent.id}/authenticate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'result=success',
      }),
    )
    expect(response.status).toBe(200)
    expect(await stripe.paymentIntents.retrieve(intent.id, {}, onAccount)).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 8_000,
      next_action: null,
    })
    const events = await stripe.events.list({}, onAccount)
    expect(events.data.slice(0, 3).map((event) => event.type)).toEqual([
      'payment_intent.amount_capturable_updated',
      'payment_intent.requires_action',
      'payment_intent.created',
    ])
    expect(events.data[0]!.account).toBe(account)
  })

  it('sends a payment whose 3-D Secure failed back to waiting for a payment method', async () => {
    const { stripe, standIn } = setUp()
    const intent = await stripe.paymentIntents.create({
      amount: 8_000,
      currency: 'mxn',
      confirm: true,
      payment_method: 'pm_card_authenticationRequired',
      return_url: 'https://mesa.test/back',
    })
    expect(intent.status).toBe('requires_action')
    await standIn.fetch(
      new Request(`${BASE}/_standin/payment_intents/${intent.id}/authenticate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'result=failure',
      }),
    )
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    })
    expect(standIn.state.events.at(-1)?.type).toBe('payment_intent.payment_failed')
  })
})

describe('confirmation', () => {
  it('needs a return_url when redirect-based payment methods are allowed, as Stripe does', async () => {
    const { stripe } = setUp()
    const error = await refusal(
      stripe.paymentIntents.create({ amount: 2_000, currency: 'mxn', confirm: true, payment_method: 'pm_card_visa' }),
    )
    expect(error).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('you must provide a `return_url`'),
    })
    const noRedirects = await stripe.paymentIntents.create({
      amount: 2_000,
      currency: 'mxn',
      confirm: true,
      payment_method: 'pm_card_visa',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    })
    expect(noRedirects).toMatchObject({
      status: 'succeeded',
      amount_received: 2_000,
      capture_method: 'automatic_async',
    })
  })

  it('uses a ConfirmationToken once only', async () => {
    const { stripe } = setUp()
    const token = await stripe.testHelpers.confirmationTokens.create({
      payment_method: 'pm_card_visa',
      return_url: 'https://mesa.test/back',
    })
    await stripe.paymentIntents.create({ amount: 2_000, currency: 'mxn', confirm: true, confirmation_token: token.id })
    const second = await stripe.paymentIntents.create({ amount: 2_000, currency: 'mxn' })
    const error = await refusal(stripe.paymentIntents.confirm(second.id, { confirmation_token: token.id }))
    expect(error).toMatchObject({
      statusCode: 400,
      param: 'confirmation_token',
      message: expect.stringContaining('already been used'),
    })
    expect((await stripe.paymentIntents.retrieve(second.id)).status).toBe('requires_payment_method')
  })

  it('refuses a payment method it does not know', async () => {
    const { stripe } = setUp()
    const error = await refusal(
      stripe.paymentIntents.create({ ...MANUAL, amount: 2_000, confirm: true, payment_method: 'pm_made_up' }),
    )
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'payment_method' })
  })

  it('refuses to confirm a payment that has already succeeded', async () => {
    const { stripe } = setUp()
    const paid = await stripe.paymentIntents.create({
      ...MANUAL,
      amount: 2_000,
      confirm: true,
      payment_method: 'pm_card_visa',
      capture_method: 'automatic',
    })
    expect(paid.status).toBe('succeeded')
    expect(await refusal(stripe.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' }))).toMatchObject({
      code: 'payment_intent_unexpected_state',
    })
  })
})

describe('cancelling', () => {
  it('cancels an authorisation, releasing it, and refuses to cancel it again or to cancel a payment that succeeded', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const onAccount = { stripeAccount: account }
    const held = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 4_000, confirm: true, payment_method: 'pm_card_visa' },
      onAccount,
    )
    const canceled = await stripe.paymentIntents.cancel(held.id, { cancellation_reason: 'abandoned' }, onAccount)
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', amount_capturable: 0 })
    expect(canceled.canceled_at).toEqual(expect.any(Number))
    expect(await stripe.charges.retrieve(held.latest_charge as string, {}, onAccount)).toMatchObject({
      amount_refunded: 4_000,
      refunded: true,
      captured: false,
    })
    expect(standIn.state.events.at(-1)).toMatchObject({ type: 'payment_intent.canceled', account })
    expect(await refusal(stripe.paymentIntents.cancel(held.id, {}, onAccount))).toMatchObject({
      code: 'payment_intent_unexpected_state',
      message: expect.stringContaining('status of canceled'),
    })

    const paid = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 4_000, capture_method: 'automatic', confirm: true, payment_method: 'pm_card_visa' },
      onAccount,
    )
    expect(await refusal(stripe.paymentIntents.cancel(paid.id, {}, onAccount))).toMatchObject({
      code: 'payment_intent_unexpected_state',
      message: expect.stringContaining('status of succeeded'),
    })
  })
})

describe('refunds', () => {
  async function capturedPayment(stripe: Stripe, standIn: StripeStandIn, amount: number, capture = amount) {
    const account = await activeRestaurant(stripe, standIn)
    const intent = await stripe.paymentIntents.create(
      { ...MANUAL, amount, confirm: true, payment_method: 'pm_card_visa' },
      { stripeAccount: account },
    )
    await stripe.paymentIntents.capture(intent.id, { amount_to_capture: capture }, { stripeAccount: account })
    return { account, intent, onAccount: { stripeAccount: account } }
  }

  it('refunds a whole payment by default, records charge.refunded and refuses a second refund', async () => {
    const { stripe, standIn } = setUp()
    const { intent, onAccount, account } = await capturedPayment(stripe, standIn, 6_000)
    const refund = await stripe.refunds.create(
      { payment_intent: intent.id, reason: 'requested_by_customer', metadata: { why: 'cold soup' } },
      onAccount,
    )
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 6_000,
      status: 'succeeded',
      payment_intent: intent.id,
      reason: 'requested_by_customer',
      metadata: { why: 'cold soup' },
    })
    expect(await stripe.refunds.retrieve(refund.id, {}, onAccount)).toMatchObject({ id: refund.id, amount: 6_000 })
    const refunded = standIn.state.events.find((event) => event.type === 'charge.refunded')
    expect(refunded).toMatchObject({
      account,
      data: { object: { id: intent.latest_charge, amount_refunded: 6_000, refunded: true } },
    })
    expect(await refusal(stripe.refunds.create({ payment_intent: intent.id }, onAccount))).toMatchObject({
      code: 'charge_already_refunded',
    })
  })

  it('refunds part of a payment, then the rest, and refuses a refund above what is left', async () => {
    const { stripe, standIn } = setUp()
    const { intent, onAccount } = await capturedPayment(stripe, standIn, 10_000, 9_000)
    expect((await stripe.refunds.create({ payment_intent: intent.id, amount: 4_000 }, onAccount)).amount).toBe(4_000)
    const over = await refusal(stripe.refunds.create({ payment_intent: intent.id, amount: 5_001 }, onAccount))
    expect(over).toMatchObject({
      statusCode: 400,
      param: 'amount',
      message: 'Refund amount (50.01 mxn) is greater than unrefunded amount on charge (50.00 mxn)',
    })
    expect((await stripe.refunds.create({ charge: intent.latest_charge as string }, onAccount)).amount).toBe(5_000)
    const charge = await stripe.charges.retrieve(intent.latest_charge as string, {}, onAccount)
    expect(charge).toMatchObject({ amount_captured: 9_000, amount_refunded: 10_000, refunded: true })
    expect(standIn.state.refunds.size).toBe(2)
  })

  it('collects the platform’s application fee on capture, and gives it back in proportion only when the refund asks', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const onAccount = { stripeAccount: account }
    const intent = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 20_000, application_fee_amount: 400, confirm: true, payment_method: 'pm_card_visa' },
      onAccount,
    )
    await stripe.paymentIntents.capture(intent.id, {}, onAccount)
    const charge = await stripe.charges.retrieve(intent.latest_charge as string, {}, onAccount)
    expect(charge.application_fee).toMatch(/^fee_/)
    // The fee is the platform's: a connected account does not see it.
    expect(
      await refusal(stripe.applicationFees.retrieve(charge.application_fee as string, {}, onAccount)),
    ).toMatchObject({ statusCode: 404 })
    await stripe.refunds.create({ payment_intent: intent.id, amount: 5_000 }, onAccount)
    expect(await stripe.applicationFees.retrieve(charge.application_fee as string)).toMatchObject({
      amount: 400,
      amount_refunded: 0,
      account,
      charge: charge.id,
    })
    await stripe.refunds.create({ payment_intent: intent.id, amount: 5_000, refund_application_fee: true }, onAccount)
    expect(await stripe.applicationFees.retrieve(charge.application_fee as string)).toMatchObject({
      amount_refunded: 100,
      refunded: false,
    })
  })

  it('refuses to refund a payment that was authorised but not captured', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const held = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 3_000, confirm: true, payment_method: 'pm_card_visa' },
      { stripeAccount: account },
    )
    expect(await refusal(stripe.refunds.create({ payment_intent: held.id }, { stripeAccount: account }))).toMatchObject(
      { statusCode: 400, param: 'payment_intent' },
    )
    expect(
      await refusal(stripe.refunds.create({ charge: held.latest_charge as string }, { stripeAccount: account })),
    ).toMatchObject({ statusCode: 400, param: 'charge' })
    expect(standIn.state.refunds.size).toBe(0)
  })
})

describe('idempotency', () => {
  it('replays the first answer to a retry with the same key and parameters, creating nothing twice', async () => {
    const { stripe, standIn } = setUp()
    const params = { amount: 2_500, currency: 'mxn', metadata: { table: '4' } }
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'pay-b1-4' })
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'pay-b1-4' })
    expect(again.id).toBe(first.id)
    expect(standIn.state.paymentIntents.size).toBe(1)
    expect(standIn.state.events.filter((event) => event.type === 'payment_intent.created')).toHaveLength(1)

    const raw = await standIn.fetch(
      new Request(`${BASE}/v1/payment_intents`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${KEY}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': 'pay-b1-4',
        },
        body: 'metadata[table]=4&currency=mxn&amount=2500',
      }),
    )
    expect(raw.headers.get('Idempotent-Replayed')).toBe('true')
    expect(((await raw.json()) as { id: string }).id).toBe(first.id)
  })

  it('refuses the same key with other parameters, or on another endpoint', async () => {
    const { stripe, standIn } = setUp()
    await stripe.paymentIntents.create({ amount: 2_500, currency: 'mxn' }, { idempotencyKey: 'pay-b1-5' })
    const changed = await refusal(
      stripe.paymentIntents.create({ amount: 2_600, currency: 'mxn' }, { idempotencyKey: 'pay-b1-5' }),
    )
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    expect(changed).toMatchObject({
      statusCode: 400,
      rawType: 'idempotency_error',
      message: expect.stringContaining('same parameters'),
    })
    const elsewhere = await refusal(stripe.accounts.create({ type: 'express' }, { idempotencyKey: 'pay-b1-5' }))
    expect(elsewhere).toMatchObject({ rawType: 'idempotency_error', message: expect.stringContaining('same endpoint') })
    expect(standIn.state.paymentIntents.size).toBe(1)
    expect(standIn.state.accounts.size).toBe(0)
  })

  it('replays a declined card without charging it again, and keeps nothing for a request refused before it ran', async () => {
    const { stripe, standIn } = setUp()
    const intent = await stripe.paymentIntents.create({ ...MANUAL, amount: 3_000 })
    const first = await refusal(
      stripe.paymentIntents.confirm(
        intent.id,
        { payment_method: 'pm_card_chargeDeclined' },
        { idempotencyKey: 'confirm-1' },
      ),
    )
    const replay = await refusal(
      stripe.paymentIntents.confirm(
        intent.id,
        { payment_method: 'pm_card_chargeDeclined' },
        { idempotencyKey: 'confirm-1' },
      ),
    )
    expect(replay).toMatchObject({ statusCode: 402, code: 'card_declined', charge: first.charge })
    expect(standIn.state.charges.size).toBe(1)

    await refusal(stripe.paymentIntents.create({ amount: 999, currency: 'mxn' }, { idempotencyKey: 'fixed-later' }))
    expect(
      (await stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn' }, { idempotencyKey: 'fixed-later' }))
        .amount,
    ).toBe(1_000)
  })

  it('keeps each account’s keys apart', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const onPlatform = await stripe.paymentIntents.create(
      { amount: 2_000, currency: 'mxn' },
      { idempotencyKey: 'same-key' },
    )
    const onAccount = await stripe.paymentIntents.create(
      { amount: 2_000, currency: 'mxn' },
      { idempotencyKey: 'same-key', stripeAccount: account },
    )
    expect(onAccount.id).not.toBe(onPlatform.id)
  })
})

describe('connected accounts', () => {
  it('starts a restaurant unable to charge, with requirements due, and refuses its charges (400) until onboarding is done', async () => {
    const { stripe, standIn } = setUp()
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'MX',
      email: 'caja@fonda.mx',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    })
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      country: 'MX',
      default_currency: 'mxn',
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
    })
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0)
    expect(account.capabilities).toEqual({ card_payments: 'inactive', transfers: 'inactive' })

    const intent = await stripe.paymentIntents.create({ ...MANUAL, amount: 5_000 }, { stripeAccount: account.id })
    const error = await refusal(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }, { stripeAccount: account.id }),
    )
    expect(error).toMatchObject({ statusCode: 400, message: expect.stringContaining('cannot currently make charges') })
    expect(standIn.state.charges.size).toBe(0)
  })

  it('refuses a request on an account that does not exist (403 account_invalid)', async () => {
    const { stripe } = setUp()
    const error = await refusal(
      stripe.paymentIntents.create({ ...MANUAL, amount: 5_000 }, { stripeAccount: 'acct_nobody' }),
    )
    expect(error).toBeInstanceOf(Stripe.errors.StripePermissionError)
    expect(error).toMatchObject({ statusCode: 403, code: 'account_invalid' })
    expect(await refusal(stripe.accounts.retrieve('acct_nobody'))).toMatchObject({
      statusCode: 403,
      code: 'account_invalid',
    })
  })

  it('onboards through the account link’s page: GET shows what is due, POST completes it, records account.updated and goes back to return_url', async () => {
    const { stripe, standIn } = setUp()
    const account = await stripe.accounts.create({ type: 'standard', country: 'MX' })
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'https://mesa.test/onboarding/again',
      return_url: 'https://mesa.test/onboarding/done',
    })
    expect(link).toMatchObject({
      object: 'account_link',
      url: expect.stringMatching(new RegExp(`^${BASE}/_standin/onboarding/${account.id}\\?`)),
    })
    expect(link.expires_at).toBeGreaterThan(link.created)

    const page = await standIn.fetch(new Request(link.url))
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('tos_acceptance.date')
    expect(html).toMatch(/<form method="post"[^>]*><button type="submit">Complete<\/button><\/form>/)

    const done = await standIn.fetch(
      new Request(link.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '',
      }),
    )
    expect(done.status).toBe(303)
    expect(done.headers.get('Location')).toBe('https://mesa.test/onboarding/done')
    const active = await stripe.accounts.retrieve(account.id)
    expect(active).toMatchObject({
      charges_enabled: true,
      details_submitted: true,
      payouts_enabled: true,
      requirements: { currently_due: [], disabled_reason: null },
    })
    const updated = await stripe.events.list({ type: 'account.updated' }, { stripeAccount: account.id })
    expect(updated.data).toHaveLength(1)
    expect(updated.data[0]).toMatchObject({
      account: account.id,
      data: { object: { id: account.id, charges_enabled: true }, previous_attributes: { charges_enabled: false } },
    })
  })

  it('checks an account link’s parameters', async () => {
    const { stripe } = setUp()
    const account = await stripe.accounts.create({ type: 'express' })
    expect(
      await refusal(
        stripe.accountLinks.create({
          account: account.id,
          type: 'account_onboarding',
          return_url: 'https://mesa.test/done',
        }),
      ),
    ).toMatchObject({ code: 'parameter_missing', param: 'refresh_url' })
    expect(
      await refusal(
        stripe.accountLinks.create({
          account: account.id,
          type: 'account_onboarding',
          return_url: 'not a url',
          refresh_url: 'https://mesa.test/again',
        }),
      ),
    ).toMatchObject({ code: 'url_invalid', param: 'return_url' })
    expect(
      await refusal(
        stripe.accountLinks.create({
          account: 'acct_nobody',
          type: 'account_onboarding',
          return_url: 'https://mesa.test/done',
          refresh_url: 'https://mesa.test/again',
        }),
      ),
    ).toMatchObject({
      code: 'resource_missing',
      param: 'account',
    })
  })

  it('keeps each account’s objects out of sight of every other account and of the platform (404)', async () => {
    const { stripe, standIn } = setUp()
    const restaurant = await activeRestaurant(stripe, standIn)
    const other = await activeRestaurant(stripe, standIn)
    const intent = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 5_000, capture_method: 'automatic', confirm: true, payment_method: 'pm_card_visa' },
      { stripeAccount: restaurant },
    )
    for (const options of [{ stripeAccount: other }, {}]) {
      expect(await refusal(stripe.paymentIntents.retrieve(intent.id, {}, options))).toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
        message: `No such payment_intent: '${intent.id}'`,
      })
      expect(await refusal(stripe.paymentIntents.cancel(intent.id, {}, options))).toMatchObject({ statusCode: 404 })
      expect(await refusal(stripe.refunds.create({ payment_intent: intent.id }, options))).toMatchObject({
        statusCode: 404,
        param: 'payment_intent',
      })
      expect(await refusal(stripe.charges.retrieve(intent.latest_charge as string, {}, options))).toMatchObject({
        statusCode: 404,
      })
    }
    const token = await stripe.testHelpers.confirmationTokens.create(
      { payment_method: 'pm_card_visa' },
      { stripeAccount: restaurant },
    )
    const elsewhere = await stripe.paymentIntents.create({ ...MANUAL, amount: 5_000 }, { stripeAccount: other })
    expect(
      await refusal(
        stripe.paymentIntents.confirm(elsewhere.id, { confirmation_token: token.id }, { stripeAccount: other }),
      ),
    ).toMatchObject({ statusCode: 404, param: 'confirmation_token' })
    expect(await refusal(stripe.accounts.retrieve(restaurant, {}, { stripeAccount: other }))).toMatchObject({
      statusCode: 403,
    })
    expect(
      (await stripe.events.list({}, { stripeAccount: other })).data.some(
        (event) => (event.data.object as { id: string }).id === intent.id,
      ),
    ).toBe(false)
  })

  it('registers a payment method domain on a connected account', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const domain = await stripe.paymentMethodDomains.create(
      { domain_name: 'fonda.mesa.mx' },
      { stripeAccount: account },
    )
    expect(domain).toMatchObject({
      object: 'payment_method_domain',
      domain_name: 'fonda.mesa.mx',
      enabled: true,
      apple_pay: { status: 'active' },
      google_pay: { status: 'active' },
      livemode: false,
    })
    expect((await stripe.paymentMethodDomains.retrieve(domain.id, {}, { stripeAccount: account })).id).toBe(domain.id)
    expect(await refusal(stripe.paymentMethodDomains.retrieve(domain.id))).toMatchObject({ statusCode: 404 })
    expect(
      await refusal(
        stripe.paymentMethodDomains.create({ domain_name: 'https://fonda.mesa.mx/pay' }, { stripeAccount: account }),
      ),
    ).toMatchObject({ statusCode: 400, param: 'domain_name' })
  })

  it('lists an account’s payment method domains, by name if asked, and none of another account’s', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const other = await activeRestaurant(stripe, standIn)
    const first = await stripe.paymentMethodDomains.create({ domain_name: 'fonda.mesa.mx' }, { stripeAccount: account })
    const second = await stripe.paymentMethodDomains.create({ domain_name: 'pay.mesa.mx' }, { stripeAccount: account })
    await stripe.paymentMethodDomains.create({ domain_name: 'fonda.mesa.mx' }, { stripeAccount: other })
    expect(
      (await stripe.paymentMethodDomains.list({}, { stripeAccount: account })).data.map((domain) => domain.id),
    ).toEqual([second.id, first.id])
    expect(
      (await stripe.paymentMethodDomains.list({ domain_name: 'FONDA.mesa.mx' }, { stripeAccount: account })).data.map(
        (domain) => domain.id,
      ),
    ).toEqual([first.id])
    expect((await stripe.paymentMethodDomains.list()).data).toEqual([])
    expect(await refusal(stripe.paymentMethodDomains.list({ limit: 0 }, { stripeAccount: account }))).toMatchObject({
      statusCode: 400,
      param: 'limit',
    })
  })
})

describe('webhooks', () => {
  const SECRET = 'whsec_standin_test'

  function recordingEndpoint() {
    const received: { payload: string; signature: string }[] = []
    const fetch = async (request: Request) => {
      received.push({ payload: await request.text(), signature: request.headers.get('Stripe-Signature') ?? '' })
      return new Response('ok')
    }
    return { received, fetch }
  }

  it('signs every event as Stripe does: the SDK’s constructEventAsync accepts it, and refuses it once altered', async () => {
    const endpoint = recordingEndpoint()
    const { stripe, standIn } = setUp({
      webhook: { url: 'https://mesa.test/webhooks/stripe', secret: SECRET, fetch: endpoint.fetch },
    })
    const intent = await stripe.paymentIntents.create({
      ...MANUAL,
      amount: 2_000,
      capture_method: 'automatic',
      confirm: true,
      payment_method: 'pm_card_visa',
    })
    await standIn.webhooksSettled()
    expect(endpoint.received).toHaveLength(2)

    const crypto = Stripe.createSubtleCryptoProvider()
    const events = await Promise.all(
      endpoint.received.map(({ payload, signature }) =>
        stripe.webhooks.constructEventAsync(payload, signature, SECRET, undefined, crypto),
      ),
    )
    expect(events.map((event) => event.type)).toEqual(['payment_intent.created', 'payment_intent.succeeded'])
    expect(events[1]!.data.object).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 2_000 })
    expect(standIn.state.events.every((event) => event.pending_webhooks === 0)).toBe(true)

    const { payload, signature } = endpoint.received[1]!
    await expect(
      stripe.webhooks.constructEventAsync(
        payload.replace('"amount_received": 2000', '"amount_received": 1'),
        signature,
        SECRET,
        undefined,
        crypto,
      ),
    ).rejects.toThrow(/signature/i)
    await expect(
      stripe.webhooks.constructEventAsync(payload, signature, 'whsec_someone_else', undefined, crypto),
    ).rejects.toThrow(/signature/i)
  })

  it('delivers a connected account’s events with its account named', async () => {
    const endpoint = recordingEndpoint()
    const { stripe, standIn } = setUp({
      webhook: { url: 'https://mesa.test/webhooks/stripe', secret: SECRET, fetch: endpoint.fetch },
    })
    const account = await activeRestaurant(stripe, standIn)
    await standIn.webhooksSettled()
    const event = await stripe.webhooks.constructEventAsync(
      endpoint.received[0]!.payload,
      endpoint.received[0]!.signature,
      SECRET,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    )
    expect(event).toMatchObject({
      type: 'account.updated',
      account,
      data: { object: { id: account, charges_enabled: true } },
    })
  })

  it('logs a failed delivery and records it, without failing the API call that caused it', async () => {
    const logged: string[] = []
    const { stripe, standIn } = setUp({
      log: (message) => logged.push(message),
      webhook: {
        url: 'https://mesa.test/webhooks/stripe',
        secret: SECRET,
        fetch: async (request) =>
          request.headers.get('Stripe-Signature')
            ? Promise.reject(new Error('connection refused'))
            : new Response('ok'),
      },
    })
    const intent = await stripe.paymentIntents.create({ amount: 2_000, currency: 'mxn' })
    expect(intent.status).toBe('requires_payment_method')
    await standIn.webhooksSettled()
    expect(standIn.state.deliveries).toEqual([
      {
        event: standIn.state.events[0]!.id,
        type: 'payment_intent.created',
        endpoint: expect.stringMatching(/^we_/),
        attempt: 1,
        status: null,
        error: 'connection refused',
      },
    ])
    expect(logged).toEqual([expect.stringContaining('could not deliver payment_intent.created')])
    expect(standIn.state.events[0]!.pending_webhooks).toBe(1)
  })
})

describe('the form decoder', () => {
  it('reads Stripe’s bracketed names into hashes and indexed names into lists', () => {
    expect(
      decodeForm(
        'amount=1000&metadata[table]=7&metadata[bill]=b%201&payment_method_types[0]=card&payment_method_types[1]=link&capabilities[transfers][requested]=true',
      ),
    ).toEqual({
      amount: '1000',
      metadata: { table: '7', bill: 'b 1' },
      payment_method_types: ['card', 'link'],
      capabilities: { transfers: { requested: 'true' } },
    })
    expect(decodeForm('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] })
  })

  it('refuses a name that is both a value and a hash', () => {
    expect(() => decodeForm('metadata=x&metadata[table]=7')).toThrow(/both a value and a hash/)
  })
})

describe('the HTTP server for offline runs', () => {
  it('serves the same stand-in over HTTP to the SDK’s own Node client', async () => {
    const served = await serve({ port: 0, secretKey: KEY, log: () => {} })
    try {
      const port = Number(new URL(served.url).port)
      const stripe = new Stripe(KEY, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 })
      const account = await stripe.accounts.create({ type: 'express', country: 'MX' })
      const link = await stripe.accountLinks.create({
        account: account.id,
        type: 'account_onboarding',
        refresh_url: 'https://mesa.test/again',
        return_url: 'https://mesa.test/done',
      })
      expect(link.url.startsWith(`${served.url}/_standin/onboarding/${account.id}?`)).toBe(true)
      const done = await fetch(link.url, { method: 'POST', redirect: 'manual' })
      expect(done.status).toBe(303)
      expect((await stripe.accounts.retrieve(account.id)).charges_enabled).toBe(true)
      expect(served.standIn.state.accounts.size).toBe(1)
    } finally {
      await served.close()
    }
  })
})
