import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { activeRestaurant, capturedPayment, control, MANUAL, refusal, setUp } from './stripe-standin-setup'

/**
 * What happens on Stripe's side of a payment that no call of Mesa's causes,
 * played through the stand-in's switches (JS and `POST /_standin/…`) and seen
 * through the real SDK: refunds that take time or fail, the restaurant's own
 * Dashboard, disputes, a disconnected account, webhooks on bad days.
 */

const DAY = 24 * 60 * 60
const types = (standIn: ReturnType<typeof setUp>['standIn']) => standIn.state.events.map((event) => event.type)

describe('refunds that are not done yet', () => {
  // Stripe's Refund: status pending, succeeded or failed; failure_reason lost_or_stolen_card, expired_or_canceled_card, unknown…
  it('leaves a refund pending, then settles it: succeeded records refund.updated and charge.refund.updated', async () => {
    const { stripe, standIn } = setUp()
    const { account, onAccount, intent } = await capturedPayment(stripe, standIn, 6_000)
    expect(await control(standIn, '/_standin/refunds/mode', { mode: 'pending', account })).toMatchObject({
      status: 200,
    })
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 2_000 }, onAccount)
    expect(refund.status).toBe('pending')
    const settled = await control(standIn, `/_standin/refunds/${refund.id}/settle`, { result: 'succeeded' })
    expect(settled).toMatchObject({ status: 200, body: { id: refund.id, status: 'succeeded' } })
    expect(types(standIn).slice(-2)).toEqual(['refund.updated', 'charge.refund.updated'])
    expect(standIn.state.events.at(-1)).toMatchObject({ account, data: { previous_attributes: { status: 'pending' } } })
    expect((await stripe.refunds.retrieve(refund.id, {}, onAccount)).status).toBe('succeeded')
    expect((await control(standIn, `/_standin/refunds/${refund.id}/settle`, { result: 'succeeded' })).status).toBe(400)
  })

  // Stripe's refund guide: a refund reported succeeded can still fail later, when the issuer returns it.
  it('fails a succeeded refund later: the amount goes back on the charge, with refund.failed', async () => {
    const { stripe, standIn } = setUp()
    const { onAccount, intent, charge } = await capturedPayment(stripe, standIn, 6_000)
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 2_000 }, onAccount)
    expect(refund.status).toBe('succeeded')
    const failed = await control(standIn, `/_standin/refunds/${refund.id}/settle`, { result: 'failed' })
    expect(failed).toMatchObject({ status: 200, body: { status: 'failed' } })
    expect(types(standIn).slice(-3)).toEqual(['refund.updated', 'charge.refund.updated', 'refund.failed'])
    expect(await stripe.charges.retrieve(charge, {}, onAccount)).toMatchObject({ amount_refunded: 0 })
    expect((await control(standIn, `/_standin/refunds/${refund.id}/settle`, { result: 'failed' })).status).toBe(400)
  })

  it('fails a pending refund: the amount goes back on the charge, and refund.failed is recorded too', async () => {
    const { stripe, standIn } = setUp()
    const { onAccount, intent, charge } = await capturedPayment(stripe, standIn, 6_000)
    standIn.refunds.mode = 'pending'
    const refund = await stripe.refunds.create({ payment_intent: intent.id }, onAccount)
    expect((await stripe.charges.retrieve(charge, {}, onAccount)).amount_refunded).toBe(6_000)
    const failed = standIn.refunds.settle(refund.id, 'failed', 'lost_or_stolen_card')
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'lost_or_stolen_card' })
    expect(types(standIn).slice(-3)).toEqual(['refund.updated', 'charge.refund.updated', 'refund.failed'])
    expect(await stripe.charges.retrieve(charge, {}, onAccount)).toMatchObject({ amount_refunded: 0, refunded: false })
    const viaHttp = await stripe.refunds.create({ payment_intent: intent.id, amount: 1_000 }, onAccount)
    expect((await control(standIn, `/_standin/refunds/${viaHttp.id}/settle`, { result: 'failed' })).body).toMatchObject(
      { status: 'failed', failure_reason: 'expired_or_canceled_card' },
    )
  })

  // Stripe's refund window for cards could not be confirmed offline: the stand-in refuses after 180 days.
  it('refuses for good a refund on a charge older than 180 days (charge_expired_for_refund)', async () => {
    const { stripe, standIn } = setUp()
    const { onAccount, intent } = await capturedPayment(stripe, standIn, 3_000)
    standIn.clock.advance(180 * DAY + 1)
    expect(await refusal(stripe.refunds.create({ payment_intent: intent.id }, onAccount))).toMatchObject({
      statusCode: 400,
      code: 'charge_expired_for_refund',
    })
  })
})

describe('listing refunds', () => {
  // Stripe's List all refunds: newest first, `payment_intent` narrows to one payment, `limit` 1 to 100.
  it('lists the account’s refunds of one payment, newest first, with their metadata; another account sees none', async () => {
    const { stripe, standIn } = setUp()
    const { onAccount, intent } = await capturedPayment(stripe, standIn, 6_000)
    const first = await stripe.refunds.create(
      { payment_intent: intent.id, amount: 1_000, metadata: { n: '1' } },
      onAccount,
    )
    const second = await stripe.refunds.create({ payment_intent: intent.id, amount: 2_000 }, onAccount)
    const listed = await stripe.refunds.list({ payment_intent: intent.id, limit: 100 }, onAccount)
    expect(listed.data.map((refund) => refund.id)).toEqual([second.id, first.id])
    expect(listed.data[1]!.metadata).toEqual({ n: '1' })
    const other = await activeRestaurant(stripe, standIn)
    expect((await stripe.refunds.list({ payment_intent: intent.id }, { stripeAccount: other })).data).toEqual([])
    expect(await refusal(stripe.refunds.list({ limit: 101 }, onAccount))).toMatchObject({ param: 'limit' })
  })
})

describe('a refund made in the restaurant’s Stripe Dashboard', () => {
  it('makes a refund with no metadata on the payment’s account, recording refund.created and charge.refunded', async () => {
    const { stripe, standIn } = setUp()
    const { account, onAccount, intent, charge } = await capturedPayment(stripe, standIn, 8_000)
    const { status, body } = await control(standIn, `/_standin/payment_intents/${intent.id}/dashboard-refund`, {
      amount: '3000',
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ object: 'refund', amount: 3_000, metadata: {}, reason: null, status: 'succeeded' })
    expect(await stripe.refunds.retrieve(body.id as string, {}, onAccount)).toMatchObject({ amount: 3_000 })
    expect(standIn.state.events.slice(-2)).toMatchObject([
      { type: 'charge.refunded', account, request: { id: null } },
      { type: 'refund.created', account },
    ])
    expect(standIn.refunds.fromDashboard(intent.id).amount).toBe(5_000)
    expect((await stripe.charges.retrieve(charge, {}, onAccount)).refunded).toBe(true)
  })
})

describe('disputes', () => {
  // Stripe's Dispute object: dp_…, amount, charge, payment_intent, reason, status needs_response, evidence_details.due_by.
  it('opens a dispute on a captured payment (charge.dispute.created), moves it on and closes it', async () => {
    const { stripe, standIn } = setUp()
    const { account, onAccount, intent, charge } = await capturedPayment(stripe, standIn, 9_000)
    const opened = await control(standIn, `/_standin/payment_intents/${intent.id}/dispute`, {
      reason: 'product_not_received',
    })
    expect(opened.status).toBe(200)
    const id = opened.body.id as string
    const dispute = await stripe.disputes.retrieve(id, {}, onAccount)
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 9_000,
      currency: 'mxn',
      charge,
      payment_intent: intent.id,
      reason: 'product_not_received',
      status: 'needs_response',
      is_charge_refundable: false,
    })
    expect(dispute.id).toMatch(/^dp_/)
    expect(dispute.evidence_details.due_by).toBe(dispute.created + 7 * DAY)
    expect((await stripe.charges.retrieve(charge, {}, onAccount)).disputed).toBe(true)
    expect(standIn.state.events.at(-1)).toMatchObject({ type: 'charge.dispute.created', account })
    expect(await refusal(stripe.disputes.retrieve(id))).toMatchObject({ statusCode: 404 })
    // Stripe refuses to refund a charged-back payment.
    expect(await refusal(stripe.refunds.create({ payment_intent: intent.id }, onAccount))).toMatchObject({
      code: 'charge_disputed',
    })

    expect((await control(standIn, `/_standin/disputes/${id}/update`, { status: 'under_review' })).body).toMatchObject({
      status: 'under_review',
    })
    expect(standIn.state.events.at(-1)).toMatchObject({
      type: 'charge.dispute.updated',
      data: { previous_attributes: { status: 'needs_response' } },
    })
    expect((await control(standIn, `/_standin/disputes/${id}/close`, { status: 'lost' })).body).toMatchObject({
      status: 'lost',
    })
    expect(standIn.state.events.at(-1)).toMatchObject({ type: 'charge.dispute.closed', account })
    expect((await control(standIn, `/_standin/disputes/${id}/close`, { status: 'won' })).status).toBe(400)
  })

  it('disputes part of a payment from JS, and refuses a payment that was not captured', async () => {
    const { stripe, standIn } = setUp()
    const { intent } = await capturedPayment(stripe, standIn, 9_000)
    expect(standIn.disputes.open(intent.id, { amount: 4_000 })).toMatchObject({ amount: 4_000, reason: 'fraudulent' })
    const account = await activeRestaurant(stripe, standIn)
    const held = await stripe.paymentIntents.create(
      { ...MANUAL, amount: 2_000, confirm: true, payment_method: 'pm_card_visa' },
      { stripeAccount: account },
    )
    expect((await control(standIn, `/_standin/payment_intents/${held.id}/dispute`)).status).toBe(400)
  })
})

describe('a restaurant disconnecting Mesa', () => {
  it('records account.application.deauthorized and refuses every later request on that account (403)', async () => {
    const { stripe, standIn } = setUp()
    const { account, onAccount, intent } = await capturedPayment(stripe, standIn, 2_000)
    const { status, body } = await control(standIn, `/_standin/accounts/${account}/deauthorize`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ object: 'application' })
    expect(standIn.state.events.at(-1)).toMatchObject({
      type: 'account.application.deauthorized',
      account,
      data: { object: { object: 'application', id: body.id } },
    })
    const refused = await refusal(stripe.paymentIntents.retrieve(intent.id, {}, onAccount))
    expect(refused).toBeInstanceOf(Stripe.errors.StripePermissionError)
    expect(refused).toMatchObject({
      statusCode: 403,
      code: 'account_invalid',
      message: expect.stringMatching(
        /^The provided key 'sk_test_\*+form' does not have access to account 'acct_\w+' \(or that account does not exist\)\. Application access may have been revoked\.$/,
      ),
    })
    expect(await refusal(stripe.accounts.retrieve(account))).toMatchObject({ statusCode: 403 })
  })
})

describe('account changes Stripe makes', () => {
  it('applies charges_enabled, payouts_enabled and requirements, recording account.updated with previous_attributes', async () => {
    const { stripe, standIn } = setUp()
    const account = await activeRestaurant(stripe, standIn)
    const deadline = standIn.clock.now() + 14 * DAY
    const body = new URLSearchParams([
      ['payouts_enabled', 'false'],
      ['requirements[currently_due][]', 'individual.verification.document'],
      ['requirements[current_deadline]', String(deadline)],
      ['requirements[disabled_reason]', 'requirements.pending_verification'],
    ])
    const response = await standIn.fetch(
      new Request(`http://stripe.standin/_standin/accounts/${account}/update`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      }),
    )
    expect(response.status).toBe(200)
    const seen = await stripe.accounts.retrieve(account)
    expect(seen).toMatchObject({
      charges_enabled: true,
      payouts_enabled: false,
      requirements: {
        currently_due: ['individual.verification.document'],
        eventually_due: ['individual.verification.document'],
        past_due: [],
        current_deadline: deadline,
        disabled_reason: 'requirements.pending_verification',
      },
    })
    expect(standIn.state.events.at(-1)).toMatchObject({
      type: 'account.updated',
      account,
      data: {
        previous_attributes: {
          payouts_enabled: true,
          requirements: { currently_due: [], current_deadline: null, disabled_reason: null },
        },
      },
    })
    standIn.accounts.update(account, { charges_enabled: false })
    expect((await stripe.accounts.retrieve(account)).charges_enabled).toBe(false)
    expect(standIn.state.events.at(-1)?.data.previous_attributes).toEqual({ charges_enabled: true })
  })
})

describe('webhook deliveries on bad days', () => {
  const SECRET = 'whsec_standin_test'

  function endpoint() {
    const received: string[] = []
    let running = 0
    let mostAtOnce = 0
    const fetch = async (request: Request) => {
      running += 1
      mostAtOnce = Math.max(mostAtOnce, running)
      const event = JSON.parse(await request.text()) as { id: string }
      await new Promise((resolve) => setTimeout(resolve, 5))
      received.push(event.id)
      running -= 1
      return new Response('ok')
    }
    return { received, fetch, mostAtOnce: () => mostAtOnce }
  }

  async function threeEvents(stripe: Stripe) {
    await stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn' })
    await stripe.paymentIntents.create({ amount: 2_000, currency: 'mxn' })
    await stripe.paymentIntents.create({ amount: 3_000, currency: 'mxn' })
  }

  it('holds deliveries, then releases them reversed, one at a time; webhooksSettled waits for them', async () => {
    const hook = endpoint()
    const { stripe, standIn } = setUp({
      webhook: { url: 'https://mesa.test/hooks', secret: SECRET, fetch: hook.fetch },
    })
    expect((await control(standIn, '/_standin/webhooks/hold')).status).toBe(200)
    await threeEvents(stripe)
    await standIn.webhooksSettled()
    expect(hook.received).toEqual([])
    expect(await control(standIn, '/_standin/webhooks/release', { order: 'reversed' })).toMatchObject({
      body: { released: 3 },
    })
    await standIn.webhooksSettled()
    expect(hook.received).toEqual(standIn.state.events.map((event) => event.id).reverse())
    expect(hook.mostAtOnce()).toBe(1)
    // Released: deliveries go out as they happen again.
    await stripe.paymentIntents.create({ amount: 4_000, currency: 'mxn' })
    await standIn.webhooksSettled()
    expect(hook.received).toHaveLength(4)
  })

  it('shuffles by seed (the same seed, the same order), delivers each twice, and all at once when asked', async () => {
    const orders: string[][] = []
    for (let run = 0; run < 2; run++) {
      const hook = endpoint()
      const { stripe, standIn } = setUp({
        webhook: { url: 'https://mesa.test/hooks', secret: SECRET, fetch: hook.fetch },
      })
      standIn.webhooks.hold()
      await threeEvents(stripe)
      expect(standIn.webhooks.release({ order: 'shuffled', seed: 7, duplicates: true })).toBe(6)
      await standIn.webhooksSettled()
      const ids = standIn.state.events.map((event) => event.id)
      expect(hook.received).toHaveLength(6)
      expect(hook.received.slice(3)).toEqual(hook.received.slice(0, 3))
      expect([...hook.received.slice(0, 3)].sort()).toEqual([...ids].sort())
      orders.push(hook.received.slice(0, 3).map((id) => String(ids.indexOf(id))))
    }
    expect(orders[1]).toEqual(orders[0])

    const hook = endpoint()
    const { stripe, standIn } = setUp({
      webhook: { url: 'https://mesa.test/hooks', secret: SECRET, fetch: hook.fetch },
    })
    await control(standIn, '/_standin/webhooks/hold')
    await threeEvents(stripe)
    await control(standIn, '/_standin/webhooks/release', { concurrent: 'true' })
    await standIn.webhooksSettled()
    expect(hook.received).toHaveLength(3)
    expect(hook.mostAtOnce()).toBe(3)
  })
})

describe('statement_descriptor_suffix', () => {
  // Stripe: the complete descriptor is 5–22 characters, the suffix has a letter, and none of < > \ ' " * appear.
  it('puts the suffix on the charge’s calculated_statement_descriptor, after the prefix and "* ", and takes a new one at capture', async () => {
    const { stripe, standIn } = setUp()
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'MX',
      business_profile: { name: 'Fonda Lupita' },
    })
    await control(standIn, `/_standin/accounts/${account.id}/activate`)
    const onAccount = { stripeAccount: account.id }
    const intent = await stripe.paymentIntents.create(
      {
        ...MANUAL,
        amount: 5_000,
        confirm: true,
        payment_method: 'pm_card_visa',
        statement_descriptor_suffix: 'Mesa 7',
      },
      onAccount,
    )
    expect(intent.statement_descriptor_suffix).toBe('Mesa 7')
    const charge = intent.latest_charge as string
    expect((await stripe.charges.retrieve(charge, {}, onAccount)).calculated_statement_descriptor).toBe(
      'FONDA LUPI* MESA 7',
    )
    await stripe.paymentIntents.capture(intent.id, { statement_descriptor_suffix: 'Propina' }, onAccount)
    expect((await stripe.charges.retrieve(charge, {}, onAccount)).calculated_statement_descriptor).toBe(
      'FONDA LUPI* PROPINA',
    )
  })

  it('refuses a suffix without a letter, with a forbidden character, or too long for 22 characters', async () => {
    const { stripe } = setUp()
    for (const suffix of ['1234', 'Mesa "7"', 'Mesa*7', 'A much too long suffix']) {
      expect(
        await refusal(
          stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn', statement_descriptor_suffix: suffix }),
        ),
      ).toMatchObject({ statusCode: 400, param: 'statement_descriptor_suffix' })
    }
  })
})
