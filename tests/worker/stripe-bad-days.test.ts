import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { billObject, countPayments, delivered, getPage, openPaymentForm, readSession } from './fixtures'
import { eventsOn, fault, holdsRunOut, paymentIntentsOn, platform, stripeTable } from './stripe-fixtures'

/** Mesa's Stripe client tries a request twice (its own retry, under the same key) before the error reaches the app. */
const SDK_TRIES = 2

const methodStep = (sessionId: string, query: string) => `/customer/payment-method/${sessionId}?${query}`

/** What D1's ledger holds of a bill's payments (the books the cash-out reads), once the bill's object has delivered. */
async function ledgerPayments(sessionId: string) {
  await delivered(sessionId)
  const { results } = await env.DB.prepare(
    'SELECT amount_cents + tax_cents + tip_cents AS charged, provider_reference AS reference FROM payments WHERE session_id = ?',
  )
    .bind(sessionId)
    .all<{ charged: number; reference: string }>()
  return results
}

/** The money Stripe took on `account`: each PaymentIntent captured, with what it took. */
async function capturedOn(account: string) {
  const intents = await paymentIntentsOn(account)
  return intents
    .filter((intent) => intent.status === 'succeeded')
    .map((intent) => ({ charged: intent.amount_received, reference: intent.id }))
}

/** Stripe and the books agree: every capture has exactly one payment record, and every record its capture, to the cent. */
async function booksAgree(table: { sessionId: string; accountId: string | null }) {
  const captured = await capturedOn(table.accountId!)
  expect(await ledgerPayments(table.sessionId)).toEqual(captured)
  expect(await countPayments(table.sessionId)).toBe(captured.length)
  return captured
}

describe('Stripe’s bad days end with the books right', () => {
  it('a capture Stripe answered with a 500 after it ran is read, not asked again: the diner is told it is paid, once', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 21_000 }])
    await fault(table.accountId!, 'POST', '/v1/payment_intents/:id/capture', '500-after')
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const form = await openPaymentForm(methodStep(table.sessionId, 'full=true&tipPercentage=0'))
    const paid = await form.submit([...form.fields, ['paymentToken', 'pm_card_visa']])
    log.mockRestore()
    expect(paid.status).toBe(302)
    expect(paid.headers.get('Location')).toContain('/customer/payment-confirmation/')
    expect(await booksAgree(table)).toEqual([{ charged: 21_000, reference: expect.stringMatching(/^pi_/) }])
    expect(await eventsOn(table.accountId!, 'payment_intent.succeeded')).toHaveLength(1)
    expect((await readSession(table.sessionId)).paidAmount).toBe(210)
  })

  it('a charge whose answer was lost (the connection dropped after Stripe ran it) is found authorized and paid once', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 21_000 }])
    await fault(table.accountId!, 'POST', '/v1/payment_intents/:id/confirm', 'timeout-after')
    const form = await openPaymentForm(methodStep(table.sessionId, 'full=true&tipPercentage=0'))
    const paid = await form.submit([...form.fields, ['paymentToken', 'pm_card_visa']])
    expect(paid.status).toBe(302)
    expect(await booksAgree(table)).toHaveLength(1)
    expect(await eventsOn(table.accountId!, 'payment_intent.amount_capturable_updated')).toHaveLength(1)
  })

  it('a split share whose charge went unanswered, and the step reloaded and sent again, is charged once', async () => {
    const table = await stripeTable([{ name: 'Parrillada', priceCents: 90_000 }])
    const step = methodStep(table.sessionId, 'split=true&partySize=1&tableSize=3&tipPercentage=0')
    const form = await openPaymentForm(step)
    expect(form.cookie).toMatch(/^mesa_payment=/)
    // Stripe runs the charge and the answer is lost; reading the PaymentIntent fails too: the diner is told it did not go through.
    await fault(table.accountId!, 'POST', '/v1/payment_intents/:id/confirm', 'timeout-after', SDK_TRIES)
    await fault(table.accountId!, 'GET', '/v1/payment_intents/:id', '500-before', SDK_TRIES)
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const failed = await form.submit([...form.fields, ['paymentToken', 'pm_card_visa']])
    log.mockRestore()
    expect(failed.status).toBeGreaterThanOrEqual(500)
    expect(await countPayments(table.sessionId)).toBe(0)

    // The diner reloads the step: the same share is the same payment, and sending it finds the charge Stripe made.
    const again = await openPaymentForm(step, 'card', { Cookie: form.cookie })
    expect(again.field('transactionId')).toBe(form.field('transactionId'))
    const paid = await again.submit([...again.fields, ['paymentToken', 'pm_card_visa']])
    expect(paid.status).toBe(302)
    expect(paid.headers.get('Location')).toContain(`tx=${form.field('transactionId')}`)
    // The hold's time runs out and the alarm settles what is left: nothing more is taken.
    await holdsRunOut(table.sessionId)
    expect(await booksAgree(table)).toEqual([{ charged: 30_000, reference: expect.stringMatching(/^pi_/) }])
    expect(await paymentIntentsOn(table.accountId!)).toHaveLength(1)
  })

  it('a share paid with another tip after an unanswered try cancels that try: one share charged, the other attempt given back', async () => {
    const table = await stripeTable([{ name: 'Parrillada', priceCents: 90_000 }])
    const first = await openPaymentForm(
      methodStep(table.sessionId, 'split=true&partySize=1&tableSize=3&tipPercentage=0'),
    )
    await fault(table.accountId!, 'POST', '/v1/payment_intents/:id/confirm', 'timeout-after', SDK_TRIES)
    await fault(table.accountId!, 'GET', '/v1/payment_intents/:id', '500-before', SDK_TRIES)
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect((await first.submit([...first.fields, ['paymentToken', 'pm_card_visa']])).status).toBeGreaterThanOrEqual(500)
    log.mockRestore()

    // Back a step, a 10 % tip: another payment, which takes the place of the unanswered one.
    const second = await openPaymentForm(
      methodStep(table.sessionId, 'split=true&partySize=1&tableSize=3&tipPercentage=10'),
      'card',
      {
        Cookie: first.cookie,
      },
    )
    expect(second.field('transactionId')).not.toBe(first.field('transactionId'))
    expect(second.field('replaces')).toBe(first.field('transactionId'))
    const paid = await second.submit([...second.fields, ['paymentToken', 'pm_card_visa']])
    expect(paid.status).toBe(302)
    await holdsRunOut(table.sessionId).catch(() => undefined)
    const intents = await paymentIntentsOn(table.accountId!)
    expect(intents.map((intent) => intent.status).sort()).toEqual(['canceled', 'succeeded'])
    expect(await booksAgree(table)).toEqual([{ charged: 33_000, reference: expect.stringMatching(/^pi_/) }])
    // The bill shows one share paid.
    expect(await (await getPage(`/customer/table/${table.sessionId}`)).text()).toMatch(/\$600\.00/)
  })
})

describe('money Mesa must give back while Stripe cannot take it', () => {
  it('a capture the bill cannot record, whose refund Stripe refuses then, stays owed in the bill’s storage and is given back by its alarm, once', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 21_000 }])
    // The object's storage refuses the payment (as a full disk would), and Stripe is down for the refund that follows.
    await runInDurableObject(billObject(table.sessionId), (_instance, state) =>
      state.storage.sql.exec(
        "CREATE TRIGGER refuse_payments BEFORE INSERT ON payments BEGIN SELECT RAISE(ABORT, 'disk full'); END",
      ),
    )
    await fault(table.accountId!, 'POST', '/v1/refunds', '500-before', SDK_TRIES)
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const form = await openPaymentForm(methodStep(table.sessionId, 'full=true&tipPercentage=0'))
    const paid = await form.submit([...form.fields, ['paymentToken', 'pm_card_visa']])
    expect(paid.status).toBeGreaterThanOrEqual(500)
    const owed = () =>
      runInDurableObject(billObject(table.sessionId), (_instance, state) =>
        state.storage.sql
          .exec<{ status: string; owed: number }>('SELECT status, owed_back AS owed FROM holds')
          .toArray(),
      )
    expect(await owed()).toEqual([{ status: 'released', owed: 1 }])
    const [intent] = await paymentIntentsOn(table.accountId!)
    const refunds = () => platform.refunds.list({ payment_intent: intent!.id }, { stripeAccount: table.accountId! })
    expect(intent!.status).toBe('succeeded')
    expect((await refunds()).data).toEqual([])

    // A new instance (the object restarted meanwhile) runs its alarm: Stripe takes the refund, and it is owed no more.
    await runInDurableObject(billObject(table.sessionId), (_instance, state) => state.abort('restart')).catch(
      () => undefined,
    )
    expect(await runDurableObjectAlarm(billObject(table.sessionId))).toBe(true)
    log.mockRestore()
    expect(await owed()).toEqual([{ status: 'released', owed: 0 }])
    expect((await refunds()).data.map((refund) => [refund.amount, refund.status])).toEqual([[21_000, 'succeeded']])
    // Nothing is owed any more: the alarm gives back nothing twice, and the books have no payment.
    await runDurableObjectAlarm(billObject(table.sessionId))
    expect((await refunds()).data).toHaveLength(1)
    expect(await countPayments(table.sessionId)).toBe(0)
  })
})
