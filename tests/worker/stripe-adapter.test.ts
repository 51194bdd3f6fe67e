import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { appEnv } from '~/server/env.server'
import type { AuthorizeRequest, PaymentProvider } from '~/server/payments/provider.server'
import { stripeProvider } from '~/server/payments/stripe.server'
import { authenticate, connectedAccount, eventsOn, paymentIntentsOn, platform } from './stripe-fixtures'

/** A charge of MX$131: a MX$100 bill part, MX$16 of tax on top and a MX$15 tip. */
function charge(overrides: Partial<AuthorizeRequest> = {}): AuthorizeRequest {
  const holdId = crypto.randomUUID()
  return {
    key: holdId,
    totalCents: 13_100,
    billCents: 10_000,
    method: 'card',
    description: 'Table 12',
    paymentToken: 'pm_card_visa',
    metadata: { sessionId: crypto.randomUUID(), holdId, transactionId: `tx_${holdId}` },
    ...overrides,
  }
}

async function provider(configOverrides: Partial<ReturnType<typeof appEnv>> = {}) {
  const account = await connectedAccount()
  return { account, stripe: stripeProvider({ ...appEnv(env), ...configOverrides }, account, 'Fonda Doña Lupe') }
}

/** A charge as the bill's object asks for it: the attempt opened (its reference kept), then charged. */
async function charged(stripe: PaymentProvider, request: AuthorizeRequest) {
  return stripe.authorize(await stripe.open(request), request)
}

const intentOf = (account: string, id: string) => platform.paymentIntents.retrieve(id, {}, { stripeAccount: account })

describe('the Stripe provider', () => {
  it('authorizes a card as a held PaymentIntent on the restaurant’s account, with Mesa’s fee on the bill part only', async () => {
    expect(appEnv(env).MESA_FEE_BPS).toBe(250)
    const { account, stripe } = await provider()
    const request = charge()
    const answer = await charged(stripe, request)
    expect(answer).toEqual({ status: 'authorized', reference: expect.stringMatching(/^pi_/) })
    const intent = await intentOf(account, answer.status === 'authorized' ? answer.reference : '')
    expect(intent).toMatchObject({
      status: 'requires_capture',
      amount: 13_100,
      amount_capturable: 13_100,
      currency: 'mxn',
      capture_method: 'manual',
      // 2.5 % of MX$100, not of MX$131.
      application_fee_amount: 250,
      description: 'Table 12',
      // The restaurant's name, as its diners' statements show it after the account's prefix.
      statement_descriptor_suffix: 'FONDA DONA',
      metadata: request.metadata,
    })
    expect(stripe).toMatchObject({ id: 'stripe', isDemo: false, minimumCents: 1000 })
  })

  it('asks for no fee when there is none to take', async () => {
    const { account, stripe } = await provider({ MESA_FEE_BPS: 0 })
    const answer = await charged(stripe, charge())
    expect(
      (await intentOf(account, answer.status === 'authorized' ? answer.reference : '')).application_fee_amount,
    ).toBeNull()
  })

  it('pays with the ConfirmationToken Stripe.js makes in the diner’s browser', async () => {
    const { account, stripe } = await provider()
    const token = await platform.testHelpers.confirmationTokens.create(
      { payment_method: 'pm_card_mx' },
      { stripeAccount: account },
    )
    const answer = await charged(stripe, charge({ paymentToken: token.id }))
    expect(answer.status).toBe('authorized')
    expect(await platform.confirmationTokens.retrieve(token.id, {}, { stripeAccount: account })).toMatchObject({
      payment_intent: answer.status === 'authorized' ? answer.reference : null,
    })
  })

  it('answers a declined card with Stripe’s words, and a charge Stripe refuses for another reason with a plain message, logged', async () => {
    const { stripe } = await provider()
    expect(await charged(stripe, charge({ paymentToken: 'pm_card_chargeDeclinedInsufficientFunds' }))).toEqual({
      status: 'declined',
      message: 'Your card has insufficient funds.',
    })
    expect(await charged(stripe, charge({ paymentToken: undefined }))).toEqual({
      status: 'declined',
      message: 'No card was given. Nothing was charged.',
    })

    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const notYet = stripeProvider(appEnv(env), await connectedAccount({ active: false }), null)
    expect(await charged(notYet, charge())).toEqual({
      status: 'declined',
      message: 'The payment could not be made. Nothing was charged.',
    })
    expect(log.mock.calls.flat().join(' ')).toMatch(/cannot currently make charges/)
    log.mockRestore()
  })

  it('hands 3-D Secure to the diner’s bank and finds the attempt authorized once they confirm', async () => {
    const { account, stripe } = await provider()
    const answer = await charged(stripe, charge({ paymentToken: 'pm_card_authenticationRequired' }))
    expect(answer).toEqual({
      status: 'requires_action',
      reference: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
    })
    const reference = answer.status === 'requires_action' ? answer.reference : ''
    expect(answer.status === 'requires_action' && answer.clientSecret).toBe(
      (await intentOf(account, reference)).client_secret,
    )
    expect(await stripe.state(reference)).toBe('requires_action')
    await authenticate(reference)
    expect(await stripe.state(reference)).toBe('authorized')
    expect(await stripe.capture(reference)).toBe(true)
    expect(await stripe.state(reference)).toBe('captured')
  })

  it('finds an attempt whose bank refused to confirm it failed', async () => {
    const { stripe } = await provider()
    const answer = await charged(stripe, charge({ paymentToken: 'pm_card_authenticationRequired' }))
    const reference = answer.status === 'requires_action' ? answer.reference : ''
    await authenticate(reference, 'failure')
    expect(await stripe.state(reference)).toBe('failed')
  })

  it('captures an authorization once, and says so again when asked twice', async () => {
    const { account, stripe } = await provider()
    const answer = await charged(stripe, charge())
    const reference = answer.status === 'authorized' ? answer.reference : ''
    expect(await stripe.capture(reference)).toBe(true)
    expect(await stripe.capture(reference)).toBe(true)
    expect(await intentOf(account, reference)).toMatchObject({ status: 'succeeded', amount_received: 13_100 })
    expect(await eventsOn(account, 'payment_intent.succeeded')).toHaveLength(1)
  })

  it('cannot capture an authorization that is gone', async () => {
    const { stripe } = await provider()
    const answer = await charged(stripe, charge())
    const reference = answer.status === 'authorized' ? answer.reference : ''
    await stripe.release(reference)
    expect(await stripe.capture(reference)).toBe(false)
  })

  it('gives money back: cancels an authorization, refunds a capture whole, and leaves a cancelled attempt alone', async () => {
    const { account, stripe } = await provider()
    const held = await charged(stripe, charge())
    const heldReference = held.status === 'authorized' ? held.reference : ''
    await stripe.release(heldReference)
    expect((await intentOf(account, heldReference)).status).toBe('canceled')
    await stripe.release(heldReference)

    const waiting = await charged(stripe, charge({ paymentToken: 'pm_card_authenticationRequired' }))
    const waitingReference = waiting.status === 'requires_action' ? waiting.reference : ''
    await stripe.release(waitingReference)
    expect((await intentOf(account, waitingReference)).status).toBe('canceled')

    const captured = await charged(stripe, charge())
    const capturedReference = captured.status === 'authorized' ? captured.reference : ''
    await stripe.capture(capturedReference)
    await stripe.release(capturedReference)
    await stripe.release(capturedReference)
    const intent = await intentOf(account, capturedReference)
    const given = await platform.charges.retrieve(String(intent.latest_charge), {}, { stripeAccount: account })
    expect(given).toMatchObject({ amount_refunded: 13_100, refunded: true })
    expect(await eventsOn(account, 'refund.created')).toHaveLength(1)
    // Mesa's fee goes back with it: the restaurant does not pay for a payment Mesa gave back.
    expect(await platform.applicationFees.retrieve(String(given.application_fee))).toMatchObject({
      amount: 250,
      amount_refunded: 250,
    })
  })

  it('charges an opened attempt once however often it is asked: asked again, it answers the first charge', async () => {
    const { account, stripe } = await provider()
    const request = charge()
    const reference = await stripe.open(request)
    expect(await stripe.state(reference)).toBe('unconfirmed')
    const first = await stripe.authorize(reference, request)
    expect(first).toEqual({ status: 'authorized', reference })
    expect(await stripe.authorize(reference, request)).toEqual(first)
    expect(await paymentIntentsOn(account)).toHaveLength(1)
    expect(await eventsOn(account, 'payment_intent.amount_capturable_updated')).toHaveLength(1)
    // Captured, it says so, and is not captured again.
    expect(await stripe.capture(reference)).toBe(true)
    expect(await stripe.authorize(reference, request)).toEqual({ status: 'authorized', reference, captured: true })
    expect(await eventsOn(account, 'payment_intent.succeeded')).toHaveLength(1)
  })
})
