import { env, runInDurableObject } from 'cloudflare:test'
import type Stripe from 'stripe'
import { describe, expect, it, vi } from 'vitest'
import { ANSWER_WITHIN_MS } from '~/server/payments/stripe-webhooks.server'
import { billObject, countPayments, delivered, getPage, postJson, readSession, staffCookieOf } from './fixtures'
import {
  authenticate,
  cardPayment,
  connectedAccount,
  deliver,
  eventsOn,
  holdsRunOut,
  pay,
  paymentIntentsOn,
  platform,
  signatureFor,
  standInSwitch,
  stripeTable,
} from './stripe-fixtures'

const holdsOf = (sessionId: string) =>
  runInDurableObject(billObject(sessionId), (_instance, state) =>
    state.storage.sql
      .exec<{ status: string }>('SELECT status FROM holds ORDER BY created_at')
      .toArray()
      .map((row) => row.status),
  )

/**
 * Ana pays one of two tacos and her bank asks her to confirm; she does, in
 * Stripe.js, but never comes back to the table's page, and her hold runs out.
 * Stripe holds her money meanwhile: only its webhook tells Mesa.
 */
async function anaConfirmsTooLate() {
  const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000, quantity: 2 }])
  const ana = cardPayment(table, {
    amount: 60,
    paymentType: 'item',
    itemIds: [table.itemIds[0]],
    itemQuantities: { [table.itemIds[0]!]: 1 },
    customerName: 'Ana',
    paymentToken: 'pm_card_authenticationRequired',
  })
  expect((await pay(ana)).status).toBe(402)
  const [intent] = await paymentIntentsOn(table.accountId!)
  await authenticate(intent!.id)
  await holdsRunOut(table.sessionId)
  expect(await holdsOf(table.sessionId)).toEqual(['expired'])
  const [authorized] = await eventsOn(table.accountId!, 'payment_intent.amount_capturable_updated')
  return { table, ana, intentId: intent!.id, authorized: authorized! }
}

const intentOf = (account: string, id: string) => platform.paymentIntents.retrieve(id, {}, { stripeAccount: account })

describe('Stripe’s payment events', () => {
  it('commit a payment confirmed after its hold ran out, while what it pays is still unpaid', async () => {
    const { table, intentId, authorized } = await anaConfirmsTooLate()
    const answer = await deliver(authorized)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ received: true })
    expect(await holdsOf(table.sessionId)).toEqual(['committed'])
    expect((await intentOf(table.accountId!, intentId)).status).toBe('succeeded')
    expect(await countPayments(table.sessionId)).toBe(1)
    expect((await readSession(table.sessionId)).paidAmount).toBe(60)
  })

  it('from another restaurant’s account, naming this bill, change nothing: answered 200, the hold left as it was, its owner alerted once', async () => {
    const { table, intentId, authorized } = await anaConfirmsTooLate()
    const [owner, waiter] = await Promise.all([
      staffCookieOf(table.restaurantId),
      staffCookieOf(table.restaurantId, 'waiter'),
    ])
    const other = await stripeTable([{ name: 'Agua', priceCents: 4_000 }])
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const forged = { ...authorized, id: `${authorized.id}_other`, account: other.accountId! }
    const answer = await deliver(forged)
    expect(answer.status).toBe(200)
    expect(log.mock.calls.flat().join(' ')).toContain(`names bill ${table.sessionId} of another restaurant`)
    // Stripe sends it again: still one alert.
    expect((await deliver(forged)).status).toBe(200)
    log.mockRestore()
    const alerts = async (cookie: string) =>
      (await (await getPage('/admin/alerts', cookie)).text()).match(/data-testid="alert" data-kind="stripe-account"/g)
        ?.length ?? 0
    expect(await alerts(owner)).toBe(1)
    expect(await alerts(waiter)).toBe(0)
    expect(await holdsOf(table.sessionId)).toEqual(['expired'])
    expect((await intentOf(table.accountId!, intentId)).status).toBe('requires_capture')
    expect(await countPayments(table.sessionId)).toBe(0)
    // The same event from the bill's own restaurant's account is acted on.
    expect((await deliver(authorized)).status).toBe(200)
    expect(await holdsOf(table.sessionId)).toEqual(['committed'])
  })

  it('give the money back when what it paid was paid by someone else meanwhile', async () => {
    const { table, intentId, authorized } = await anaConfirmsTooLate()
    expect((await pay(cardPayment(table, { amount: 120, paymentType: 'full', customerName: 'Luis' }))).status).toBe(201)
    expect((await deliver(authorized)).status).toBe(200)
    expect((await intentOf(table.accountId!, intentId)).status).toBe('canceled')
    expect(await holdsOf(table.sessionId)).toEqual(['released', 'committed'])
    expect(await countPayments(table.sessionId)).toBe(1)
    expect((await readSession(table.sessionId)).paidAmount).toBe(120)
  })

  it('refuse an event whose signature does not match (400), and nothing changes', async () => {
    const { table, intentId, authorized } = await anaConfirmsTooLate()
    const wrongSecret = await deliver(authorized, 'whsec_someone_else')
    expect(wrongSecret.status).toBe(400)
    expect(await wrongSecret.json()).toEqual({
      message: expect.stringMatching(/Stripe-Signature/),
      code: 'INVALID_SIGNATURE',
    })
    // Signed, then altered: as an event rewritten on its way.
    const signed = JSON.stringify(authorized, null, 2)
    const altered = await postJson('/api/webhooks/stripe', signed.replace(authorized.id, 'evt_forged'), {
      headers: { 'Stripe-Signature': await signatureFor(signed) },
    })
    expect(altered.status).toBe(400)
    const unsigned = await postJson('/api/webhooks/stripe', signed)
    expect(unsigned.status).toBe(400)
    expect(await holdsOf(table.sessionId)).toEqual(['expired'])
    expect((await intentOf(table.accountId!, intentId)).status).toBe('requires_capture')
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM provider_events WHERE id IN (?, ?)')
        .bind(authorized.id, 'evt_forged')
        .first(),
    ).toEqual({ n: 0 })
    expect(await countPayments(table.sessionId)).toBe(0)
    // The same event, signed as Stripe signs it, is taken.
    expect((await deliver(authorized)).status).toBe(200)
    expect(await holdsOf(table.sessionId)).toEqual(['committed'])
  })

  it('come in any order: the webhook may finish a confirmed payment before the diner is back, who is then answered with it', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }])
    const request = cardPayment(table, {
      amount: 120,
      paymentType: 'full',
      paymentToken: 'pm_card_authenticationRequired',
    })
    expect((await pay(request)).status).toBe(402)
    const [intent] = await paymentIntentsOn(table.accountId!)
    await authenticate(intent!.id)
    const events = await eventsOn(table.accountId!, 'payment_intent.*')
    // Newest first: amount_capturable_updated before requires_action and created.
    for (const event of events.reverse()) expect((await deliver(event)).status).toBe(200)
    expect(await holdsOf(table.sessionId)).toEqual(['committed'])
    const back = await pay(request)
    expect(back.status).toBe(200)
    // And the events its capture caused, after all of that, change nothing.
    for (const event of await eventsOn(table.accountId!, 'payment_intent.succeeded'))
      expect((await deliver(event)).status).toBe(200)
    expect((await intentOf(table.accountId!, intent!.id)).status).toBe('succeeded')
    expect(await countPayments(table.sessionId)).toBe(1)
  })

  it('of a payment already recorded, in reverse order and again, change nothing', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }])
    expect((await pay(cardPayment(table, { amount: 120, paymentType: 'full' }))).status).toBe(201)
    const events = (await eventsOn(table.accountId!, 'payment_intent.*')).reverse()
    expect(events.map((event) => event.type)).toEqual([
      'payment_intent.succeeded',
      'payment_intent.amount_capturable_updated',
      'payment_intent.created',
    ])
    for (const event of [...events, ...events]) expect((await deliver(event)).status).toBe(200)
    const [intent] = await paymentIntentsOn(table.accountId!)
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 12_000 })
    expect(await eventsOn(table.accountId!, 'refund.created')).toEqual([])
    expect(await holdsOf(table.sessionId)).toEqual(['committed'])
    expect(await countPayments(table.sessionId)).toBe(1)
  })

  it('acknowledge a refund and a restaurant’s own PaymentIntent (no bill named) without acting', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }])
    expect((await pay(cardPayment(table, { amount: 120, paymentType: 'full' }))).status).toBe(201)
    const [intent] = await paymentIntentsOn(table.accountId!)
    await platform.refunds.create({ payment_intent: intent!.id }, { stripeAccount: table.accountId! })
    const [refunded] = await eventsOn(table.accountId!, 'charge.refunded')
    expect((await deliver(refunded!)).status).toBe(200)
    expect(await countPayments(table.sessionId)).toBe(1)

    const theirs = await platform.paymentIntents.create(
      {
        amount: 5_000,
        currency: 'mxn',
        confirm: true,
        payment_method: 'pm_card_visa',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      },
      { stripeAccount: table.accountId! },
    )
    const [succeeded] = (await eventsOn(table.accountId!, 'payment_intent.succeeded')).filter(
      (event) => (event.data.object as Stripe.PaymentIntent).id === theirs.id,
    )
    expect(await (await deliver(succeeded!)).json()).toEqual({ received: true })
  })
})

describe('account.application.deauthorized', () => {
  /** The event Stripe sends when a restaurant removes Mesa from its account (its events can no longer be listed by Mesa). */
  const deauthorized = (account: string) =>
    ({
      id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'account.application.deauthorized',
      account,
      api_version: '2025-01-27.acacia',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: 'ca_mesa', object: 'application', name: 'Mesa' } },
    }) as unknown as Stripe.Event

  it('switches cards off at once: the owner is told, diners are told to pay their server, and a payment in progress ends without looping', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }])
    // Ana is confirming a payment with her bank when the restaurant removes Mesa from its Stripe account.
    const ana = cardPayment(table, { amount: 120, paymentType: 'full', paymentToken: 'pm_card_authenticationRequired' })
    expect((await pay(ana)).status).toBe(402)
    const [intent] = await paymentIntentsOn(table.accountId!)
    await authenticate(intent!.id)
    const [activated] = await eventsOn(table.accountId!, 'account.updated')
    await standInSwitch(`/_standin/accounts/${table.accountId}/deauthorize`)
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect((await deliver(deauthorized(table.accountId!))).status).toBe(200)

    const owner = await staffCookieOf(table.restaurantId)
    const settings = await (await getPage('/admin/dashboard/settings', owner)).text()
    expect(settings).toMatch(/data-testid="stripe-state"[^>]*>Desconectada</)
    expect(settings).toContain('Conectar una cuenta de nuevo')
    const bill = await (await getPage(`/customer/table/${table.sessionId}`)).text()
    expect(bill).toContain('Hoy este restaurante recibe efectivo o terminal')
    expect(bill).not.toContain('data-testid="pay-button"')
    expect(bill).not.toContain('?sheet=pay')
    expect(await (await getPage(`/customer/table/${table.sessionId}?sheet=pay`)).text()).not.toContain('role="dialog"')
    expect(await (await pay(cardPayment(table, { amount: 120, paymentType: 'full' }))).json()).toMatchObject({
      code: 'PAYMENTS_OFF',
    })

    // Ana comes back from her bank: Stripe refuses Mesa her PaymentIntent, so nothing is taken and she is told so.
    expect(await (await pay(ana)).json()).toMatchObject({ code: 'DECLINED' })
    expect(await holdsOf(table.sessionId)).toEqual(['released'])
    // The alarm finds nothing left to settle, so nothing asks Stripe again.
    await holdsRunOut(table.sessionId).catch(() => undefined)
    expect(await holdsOf(table.sessionId)).toEqual(['released'])
    expect(await countPayments(table.sessionId)).toBe(0)
    // An update Stripe sent before the disconnection, delivered late, does not switch cards back on.
    expect((await deliver(activated!)).status).toBe(200)
    expect(await restaurantCharges(table.restaurantId)).toBe(0)
    log.mockRestore()
  })
})

describe('charge.dispute.*', () => {
  it('keeps a dispute on its payment as Stripe has it, shows it on the table’s bill, and alerts staff when it opens and when it is lost, once each, whatever the order', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }])
    expect((await pay(cardPayment(table, { amount: 120, paymentType: 'full' }))).status).toBe(201)
    await delivered(table.sessionId)
    const [intent] = await paymentIntentsOn(table.accountId!)
    const owner = await staffCookieOf(table.restaurantId)
    const alertKinds = async () =>
      [...(await (await getPage('/admin/alerts', owner)).text()).matchAll(/data-kind="([^"]+)"/g)].map(
        ([, kind]) => kind,
      )
    const shown = async () =>
      /data-testid="payment-dispute"[^>]*>(.*?)<\/p>/s
        .exec((await (await getPage(`/admin/tables/${table.tableId}`, owner)).text()).replaceAll('<!-- -->', ''))?.[1]
        ?.replace(/<[^>]+>/g, '')
    const latest = async (type: string) => (await eventsOn(table.accountId!, type)).at(-1)!

    const opened = (await standInSwitch(`/_standin/payment_intents/${intent!.id}/dispute`, {
      reason: 'fraudulent',
    })) as { id: string }
    const created = await latest('charge.dispute.created')
    expect((await deliver(created)).status).toBe(200)
    expect(await shown()).toMatch(
      /^Contracargo de \$120\.00: espera tu respuesta · respóndelo en tu panel de Stripe antes del /,
    )
    expect(await alertKinds()).toContain('dispute')

    // The bank reviews it, then the restaurant loses it; Mesa hears of the loss before the review, and of the loss twice.
    await standInSwitch(`/_standin/disputes/${opened.id}/update`, { status: 'under_review' })
    await standInSwitch(`/_standin/disputes/${opened.id}/close`, { status: 'lost' })
    const closed = await latest('charge.dispute.closed')
    const reviewed = await latest('charge.dispute.updated')
    const storm = await Promise.all([deliver(closed), deliver(closed)])
    expect(storm.map((answer) => answer.status).sort()).toEqual([200, expect.any(Number)])
    expect((await deliver(reviewed)).status).toBe(200)
    expect((await deliver(closed)).status).toBe(200)
    expect(await shown()).toBe('Contracargo de $120.00: perdido, el dinero volvió al comensal')
    expect((await alertKinds()).filter((kind) => kind?.startsWith('dispute')).sort()).toEqual([
      'dispute',
      'dispute-lost',
    ])
    const rows = await env.DB.prepare('SELECT status, amount_cents AS amount FROM disputes WHERE session_id = ?')
      .bind(table.sessionId)
      .all()
    expect(rows.results).toEqual([{ status: 'lost', amount: 12_000 }])
    // The day's cash-out counts it as lost.
    const cashOut = (await (await getPage('/admin/cash-out', owner)).text()).replaceAll('<!-- -->', '')
    expect(cashOut).toMatch(/data-testid="disputes-lost"[^$]{0,300}\$120\.00/)
  })
})

/** Whether the restaurant's tables take cards, as D1 has it. */
const restaurantCharges = async (restaurantId: string) =>
  (
    await env.DB.prepare('SELECT stripe_charges_enabled AS charges FROM restaurants WHERE id = ?')
      .bind(restaurantId)
      .first<{ charges: number }>()
  )?.charges

describe('account.updated', () => {
  /** A restaurant whose account Stripe has just activated: Mesa does not know yet. */
  async function justActivated() {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }], { account: 'inactive' })
    expect((await pay(cardPayment(table, { amount: 120, paymentType: 'full' }))).status).toBe(409)
    await fetch(`${env.STRIPE_API_BASE}/_standin/accounts/${table.accountId}/activate`, { method: 'POST' })
    const [updated] = await eventsOn(table.accountId!, 'account.updated')
    return { table, updated: updated! }
  }
  const restaurantRow = (restaurantId: string) =>
    env.DB.prepare(
      'SELECT stripe_charges_enabled AS charges, stripe_details_submitted AS details FROM restaurants WHERE id = ?',
    )
      .bind(restaurantId)
      .first()
  const domainsOf = async (account: string) =>
    (await platform.paymentMethodDomains.list({}, { stripeAccount: account })).data.map((domain) => domain.domain_name)

  it('turns the restaurant active: its open bills charge through its account from then on, with Mesa’s domain registered for Apple Pay', async () => {
    const { table, updated } = await justActivated()
    expect((await deliver(updated)).status).toBe(200)
    expect(await restaurantRow(table.restaurantId)).toEqual({ charges: 1, details: 1 })
    expect(await domainsOf(table.accountId!)).toEqual(['mesa.test'])
    expect((await pay(cardPayment(table, { amount: 120, paymentType: 'full' }))).status).toBe(201)
    expect((await paymentIntentsOn(table.accountId!)).map((intent) => intent.status)).toEqual(['succeeded'])
  })

  it('acts once however often it comes: a second delivery changes nothing, even what changed since', async () => {
    const { table, updated } = await justActivated()
    expect(await (await deliver(updated)).json()).toEqual({ received: true })
    // As a later word from Stripe would: the account is not charging any more.
    await env.DB.prepare('UPDATE restaurants SET stripe_charges_enabled = 0 WHERE id = ?')
      .bind(table.restaurantId)
      .run()
    const again = await deliver(updated)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    expect(await restaurantRow(table.restaurantId)).toEqual({ charges: 0, details: 1 })
    expect(await domainsOf(table.accountId!)).toEqual(['mesa.test'])
  })

  it('is acted on when Stripe sends it again after its handling failed', async () => {
    const { table, updated } = await justActivated()
    await env.DB.exec(
      `CREATE TRIGGER refuse_${table.restaurantId.replaceAll('-', '')} BEFORE UPDATE ON restaurants WHEN OLD.id = '${table.restaurantId}' BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    )
    const failed = await deliver(updated)
    expect(failed.status).toBe(500)
    expect(await restaurantRow(table.restaurantId)).toEqual({ charges: 0, details: 0 })
    await env.DB.exec(`DROP TRIGGER refuse_${table.restaurantId.replaceAll('-', '')}`)
    expect(await (await deliver(updated)).json()).toEqual({ received: true })
    expect(await restaurantRow(table.restaurantId)).toEqual({ charges: 1, details: 1 })
  })

  it('waits for a delivery handling it right now (409, so Stripe sends it again), and takes over one whose Worker stopped', async () => {
    const { table, updated } = await justActivated()
    const claim = (at: number) =>
      env.DB.prepare(
        "INSERT INTO provider_events (id, provider, type, claimed_at) VALUES (?, 'stripe', ?, ?) ON CONFLICT (id) DO UPDATE SET claimed_at = excluded.claimed_at",
      )
        .bind(updated.id, updated.type, at)
        .run()
    await claim(Date.now())
    expect((await deliver(updated)).status).toBe(409)
    expect(await restaurantRow(table.restaurantId)).toEqual({ charges: 0, details: 0 })
    await claim(Date.now() - 5 * 60_000)
    expect(await (await deliver(updated)).json()).toEqual({ received: true })
    expect(await restaurantRow(table.restaurantId)).toEqual({ charges: 1, details: 1 })
  })

  it('reads the account as Stripe has it now: an old event that it could not charge, delivered late, does not switch a working restaurant off', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }])
    // Stripe pauses the account, then lets it charge again; Mesa hears of the second change first.
    await standInSwitch(`/_standin/accounts/${table.accountId}/update`, { charges_enabled: 'false' })
    await standInSwitch(`/_standin/accounts/${table.accountId}/update`, { charges_enabled: 'true' })
    const [paused, resumed] = (await eventsOn(table.accountId!, 'account.updated')).slice(-2)
    expect((paused!.data.object as Stripe.Account).charges_enabled).toBe(false)
    expect((await deliver(resumed!)).status).toBe(200)
    expect(await restaurantRow(table.restaurantId)).toMatchObject({ charges: 1 })
    expect((await deliver(paused!)).status).toBe(200)
    expect(await restaurantRow(table.restaurantId)).toMatchObject({ charges: 1 })
    expect((await pay(cardPayment(table, { amount: 120, paymentType: 'full' }))).status).toBe(201)
  })

  it('answers before a slow Stripe would make it time out, and does the work after the answer', async () => {
    const { table, updated } = await justActivated()
    // Reading the account takes longer than the delivery may wait.
    await standInSwitch('/_standin/faults', {
      method: 'GET',
      path: `/v1/accounts/${table.accountId}`,
      fault: 'delay',
      ms: String(ANSWER_WITHIN_MS + 1_000),
    })
    expect(await (await deliver(updated)).json()).toEqual({ received: true })
    // Answered while the work goes on; done a moment later.
    expect(await restaurantRow(table.restaurantId)).toEqual({ charges: 0, details: 0 })
    await expect.poll(() => restaurantRow(table.restaurantId), { timeout: 10_000 }).toEqual({ charges: 1, details: 1 })
    // Its delivery waits out ANSWER_WITHIN_MS, and the work a second more.
  }, 20_000)

  it('finishes, on a later delivery, an event whose work outlived its answer and then stopped', async () => {
    const { table, updated } = await justActivated()
    // As a delivery whose Worker stopped after answering leaves it: claimed long ago, kept, not handled.
    await env.DB.prepare(
      "INSERT INTO provider_events (id, provider, type, claimed_at, payload) VALUES (?, 'stripe', ?, ?, ?)",
    )
      .bind(updated.id, updated.type, Date.now() - 5 * 60_000, JSON.stringify(updated))
      .run()
    const other = await connectedAccount()
    const [someoneElses] = await eventsOn(other, 'account.updated')
    expect((await deliver(someoneElses!)).status).toBe(200)
    await expect.poll(() => restaurantRow(table.restaurantId)).toEqual({ charges: 1, details: 1 })
    // The restaurant's row is written before the event is marked handled: wait for the mark, then a delivery is a duplicate.
    await expect
      .poll(
        async () =>
          (
            await env.DB.prepare('SELECT handled_at FROM provider_events WHERE id = ?').bind(updated.id).first<{
              handled_at: number | null
            }>()
          )?.handled_at ?? null,
      )
      .not.toBeNull()
    expect(await (await deliver(updated)).json()).toEqual({ received: true, duplicate: true })
  })

  it('of an account that is not a Mesa restaurant’s is acknowledged', async () => {
    const account = await connectedAccount()
    const [updated] = await eventsOn(account, 'account.updated')
    expect(await (await deliver(updated!)).json()).toEqual({ received: true })
  })
})
