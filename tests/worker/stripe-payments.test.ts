import { runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { billObject, countPayments, getPage, readSession, setRestaurant } from './fixtures'
import { authenticate, cardPayment, pay, paymentIntentsOn, stripeTable } from './stripe-fixtures'

const holdsOf = (sessionId: string) =>
  runInDurableObject(billObject(sessionId), (_instance, state) =>
    state.storage.sql
      .exec<{ id: string; status: string; reference: string | null }>(
        'SELECT id, status, reference FROM holds ORDER BY created_at',
      )
      .toArray(),
  )

/** The note every diner screen of a simulated table carries (its words are in every page's translations, so the note is found by its mark). */
const SIMULATED_NOTE = 'data-testid="simulated-payments"'

describe('payments through Stripe', () => {
  it('charges the restaurant’s own account for a payment, takes Mesa’s fee on the bill part only, and records it once', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 10_000 }])
    // 16 % IVA on top: the diner pays MX$100 + MX$16 + a MX$10 tip.
    await setRestaurant(table.restaurantId, { tax_included_in_price: 0 })
    const request = cardPayment(table, { amount: 100, tipAmount: 10, total: 126, paymentType: 'full' })
    const paid = await pay(request)
    expect(paid.status).toBe(201)
    const [hold] = await holdsOf(table.sessionId)
    const [intent, ...others] = await paymentIntentsOn(table.accountId!)
    expect(others).toEqual([])
    expect(intent).toMatchObject({
      id: hold?.reference,
      status: 'succeeded',
      amount: 12_600,
      amount_received: 12_600,
      currency: 'mxn',
      capture_method: 'manual',
      // 2.5 % of the MX$100 bill part: not of the tax, not of the tip.
      application_fee_amount: 250,
      metadata: { sessionId: table.sessionId, holdId: hold?.id, transactionId: request.transactionId },
    })
    expect(hold?.status).toBe('committed')
    expect((await readSession(table.sessionId)).paidAmount).toBe(100)

    const again = await pay(request)
    expect(again.status).toBe(200)
    expect(await paymentIntentsOn(table.accountId!)).toHaveLength(1)
    expect(await countPayments(table.sessionId)).toBe(1)
  })

  it('refuses a charge under MX$10 before anything is held or asked of Stripe, and takes MX$10', async () => {
    const table = await stripeTable([
      { name: 'Café', priceCents: 999 },
      { name: 'Pan', priceCents: 1000 },
    ])
    const small = await pay(cardPayment(table, { amount: 9.99, paymentType: 'item', itemIds: [table.itemIds[0]] }))
    expect(small.status).toBe(422)
    expect(await small.json()).toMatchObject({ code: 'BELOW_MINIMUM' })
    expect(await holdsOf(table.sessionId)).toEqual([])
    expect(await paymentIntentsOn(table.accountId!)).toEqual([])
    expect(
      (await pay(cardPayment(table, { amount: 10, paymentType: 'item', itemIds: [table.itemIds[1]] }))).status,
    ).toBe(201)
  })

  it('hands the diner to their bank, and finishes the payment when they come back confirmed', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }])
    const request = cardPayment(table, {
      amount: 120,
      paymentType: 'full',
      paymentToken: 'pm_card_authenticationRequired',
    })
    const asked = await pay(request)
    expect(asked.status).toBe(402)
    const [intent] = await paymentIntentsOn(table.accountId!)
    expect(await asked.json()).toMatchObject({ code: 'REQUIRES_ACTION', clientSecret: intent?.client_secret })
    expect(await holdsOf(table.sessionId)).toEqual([
      expect.objectContaining({ status: 'action', reference: intent?.id }),
    ])

    await authenticate(intent!.id)
    expect((await pay(request)).status).toBe(201)
    expect((await paymentIntentsOn(table.accountId!)).map((each) => each.status)).toEqual(['succeeded'])
    expect((await readSession(table.sessionId)).paidAmount).toBe(120)
  })

  it('tells a diner whose bank refused to confirm that nothing was charged, and frees what they held', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }])
    const request = cardPayment(table, {
      amount: 120,
      paymentType: 'full',
      paymentToken: 'pm_card_authenticationRequired',
    })
    await pay(request)
    const [intent] = await paymentIntentsOn(table.accountId!)
    await authenticate(intent!.id, 'failure')
    const refused = await pay(request)
    expect(refused.status).toBe(402)
    expect(await refused.json()).toMatchObject({ code: 'DECLINED' })
    expect((await holdsOf(table.sessionId)).map((hold) => hold.status)).toEqual(['released'])
    expect((await pay(cardPayment(table, { amount: 120, paymentType: 'full' }))).status).toBe(201)
  })

  it('answers a declined card with Stripe’s reason, records nothing and frees what it held', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }])
    const declined = await pay(
      cardPayment(table, { amount: 120, paymentType: 'full', paymentToken: 'pm_card_chargeDeclined' }),
    )
    expect(declined.status).toBe(402)
    expect(await declined.json()).toMatchObject({ code: 'DECLINED', message: 'Your card was declined.' })
    expect((await holdsOf(table.sessionId)).map((hold) => hold.status)).toEqual(['released'])
    expect(await countPayments(table.sessionId)).toBe(0)
  })
})

describe('a restaurant whose Stripe account cannot charge yet', () => {
  it('takes no payments by default, and its screens do not pretend otherwise', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }], { account: 'inactive' })
    const refused = await pay(cardPayment(table, { amount: 120, paymentType: 'full' }))
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'PAYMENTS_OFF' })
    expect(await paymentIntentsOn(table.accountId!)).toEqual([])
    expect(await (await getPage(`/customer/table/${table.sessionId}`)).text()).not.toContain(SIMULATED_NOTE)
  })

  it('offers the labelled demo when its owner chose it: approved without money moving, and every screen says so', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }], {
      account: 'inactive',
      unconnected: 'demo',
    })
    for (const path of [
      `/customer/table/${table.sessionId}`,
      `/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`,
    ]) {
      expect(await (await getPage(path)).text(), path).toContain(SIMULATED_NOTE)
    }
    expect((await pay(cardPayment(table, { amount: 120, paymentType: 'full' }))).status).toBe(201)
    expect(await holdsOf(table.sessionId)).toEqual([
      expect.objectContaining({ status: 'committed', reference: expect.stringMatching(/^sim_/) }),
    ])
    expect(await paymentIntentsOn(table.accountId!)).toEqual([])
  })

  it('an active account’s screens carry no demo note, whatever was chosen for before', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }], { unconnected: 'demo' })
    expect(await (await getPage(`/customer/table/${table.sessionId}`)).text()).not.toContain(SIMULATED_NOTE)
  })
})
