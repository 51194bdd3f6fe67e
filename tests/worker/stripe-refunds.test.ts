import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { FACTURAPI_STANDIN_ORGANIZATIONS } from '../../scripts/local-vars'
import { connectFacturapi, sent, STANDIN } from './facturapi-fixtures'
import { delivered, facturaFields, getPage, pageText as textOf, postForm, readSession, staffCookieOf } from './fixtures'
import {
  deliver,
  eventsOn,
  fault,
  ledgerPayment,
  paidByCard,
  platform,
  refund,
  standInSwitch,
  stripeTable,
} from './stripe-fixtures'

/** What D1's ledger holds of a payment's refunds (what the cash-out adds up), once the bill's object delivered. */
async function ledgerRefunds(sessionId: string, paymentId: string) {
  await delivered(sessionId)
  const { results } = await env.DB.prepare('SELECT amount_cents AS amount FROM refunds WHERE payment_id = ?')
    .bind(paymentId)
    .all<{ amount: number }>()
  return results.map((row) => row.amount)
}

describe('staff refunds of a card payment through Stripe', () => {
  it('give part of it back on the restaurant’s account, with Mesa’s fee in proportion, and the bill owes it again', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 20_000 }])
    const paymentId = await paidByCard(table, 200, 20)
    const row = await ledgerPayment(paymentId)
    await refund(table, { paymentId, amount: '50', tip: '5' })

    const onAccount = { stripeAccount: table.accountId! }
    const intent = await platform.paymentIntents.retrieve(row!.reference, {}, onAccount)
    const charge = await platform.charges.retrieve(intent.latest_charge as string, {}, onAccount)
    // MX$55 of MX$220 back: a quarter of the charge, and of Mesa's 2.5 % fee on the MX$200 bill part (MX$5.00).
    expect(charge.amount_refunded).toBe(5_500)
    const fee = await platform.applicationFees.retrieve(charge.application_fee as string)
    expect(fee).toMatchObject({ amount: 500, amount_refunded: 125 })
    expect((await readSession(table.sessionId)).remainingAmount).toBe(50)
    await expect
      .poll(
        async () =>
          await env.DB.prepare(
            'SELECT amount_cents AS amount, tip_cents AS tip, method, provider, provider_reference AS reference FROM refunds WHERE payment_id = ?',
          )
            .bind(paymentId)
            .first(),
      )
      .toMatchObject({ amount: 5_000, tip: 500, method: 'card', provider: 'stripe' })
  })

  it('a refund Stripe leaves pending is not done in the books until Stripe says so; one the bank sends back changes nothing and staff are told', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 20_000 }])
    const paymentId = await paidByCard(table, 200, 0)
    await ledgerPayment(paymentId)
    await standInSwitch('/_standin/refunds/mode', { mode: 'pending', account: table.accountId! })
    const refundsInLedger = () => ledgerRefunds(table.sessionId, paymentId)
    /** Stripe settles the newest refund, and its event reaches Mesa's webhook. */
    async function stripeSettles(result: 'succeeded' | 'failed', event: string) {
      const [created] = (await eventsOn(table.accountId!, 'refund.created')).slice(-1)
      await standInSwitch(`/_standin/refunds/${(created!.data.object as { id: string }).id}/settle`, { result })
      const [told] = (await eventsOn(table.accountId!, event)).slice(-1)
      expect((await deliver(told!)).status).toBe(200)
    }

    const sent = await refund(table, { paymentId, amount: '50' })
    expect(sent.status).toBe(302)
    const toast = /mesa_toast=([^;]+)/.exec(sent.headers.get('Set-Cookie') ?? '')![1]!
    expect(atob(decodeURIComponent(toast))).toContain('admin.books.refundSent')
    // Taken by Stripe, not given back yet: the ledger, the cash-out and the bill have no refund.
    expect(await refundsInLedger()).toEqual([])
    expect((await readSession(table.sessionId)).remainingAmount).toBe(0)
    await stripeSettles('succeeded', 'refund.updated')
    expect(await refundsInLedger()).toEqual([5_000])
    expect((await readSession(table.sessionId)).remainingAmount).toBe(50)

    // The next one the bank sends back: the books keep only the first, and staff hear of it.
    expect((await refund(table, { paymentId, amount: '30' })).status).toBe(302)
    await stripeSettles('failed', 'refund.failed')
    expect(await refundsInLedger()).toEqual([5_000])
    expect((await readSession(table.sessionId)).remainingAmount).toBe(50)
    const alerts = await (await getPage('/admin/alerts', await staffCookieOf(table.restaurantId))).text()
    expect(alerts).toContain('el banco rechazó un reembolso de $30.00')
    // What it would have given back can be refunded again.
    await standInSwitch('/_standin/refunds/mode', { mode: 'succeeded', account: table.accountId! })
    expect((await refund(table, { paymentId, amount: '30' })).status).toBe(302)
    expect(await refundsInLedger()).toEqual([5_000, 3_000])
  })

  it('a refund made in the restaurant’s Stripe Dashboard is recorded in the books (its amount, no units), once however often Stripe tells of it', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 20_000 }])
    const paymentId = await paidByCard(table, 200, 0)
    const row = await ledgerPayment(paymentId)
    await standInSwitch(`/_standin/payment_intents/${row!.reference}/dashboard-refund`, { amount: '4000' })
    const [created] = (await eventsOn(table.accountId!, 'refund.created')).slice(-1)
    expect((created!.data.object as { metadata: object }).metadata).toEqual({})
    expect((await deliver(created!)).status).toBe(200)
    expect((await deliver(created!)).status).toBe(200)
    expect(await ledgerRefunds(table.sessionId, paymentId)).toEqual([4_000])
    // Money given back is owed again, as with a refund made from the table's page.
    expect((await readSession(table.sessionId)).remainingAmount).toBe(40)
    const page = await (await getPage(`/admin/tables/${table.tableId}`, await staffCookieOf(table.restaurantId))).text()
    expect(page.replaceAll('<!-- -->', '')).toContain('Reembolso hecho en el panel de Stripe')
  })

  it('a Dashboard refund of a whole charge gives back its tip too: the bill reads paid nothing, the tip kept is none', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 21_000 }])
    const paymentId = await paidByCard(table, 210, 31.5)
    const row = await ledgerPayment(paymentId)
    await standInSwitch(`/_standin/payment_intents/${row!.reference}/dashboard-refund`, { amount: '24150' })
    const [created] = (await eventsOn(table.accountId!, 'refund.created')).slice(-1)
    expect((await deliver(created!)).status).toBe(200)
    await delivered(table.sessionId)
    const booked = await env.DB.prepare(
      'SELECT amount_cents AS amount, tax_cents AS tax, tip_cents AS tip FROM refunds WHERE payment_id = ?',
    )
      .bind(paymentId)
      .all()
    expect(booked.results).toEqual([{ amount: 21_000, tax: 0, tip: 3_150 }])
    // $210.00 owed again, not $241.50: the tip went back with it.
    expect((await readSession(table.sessionId)).remainingAmount).toBe(210)
  })

  it('a refund whose answer was a 500 after Stripe made it is found among the payment’s refunds: done once, never made again', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 20_000 }])
    const paymentId = await paidByCard(table, 200, 0)
    const row = await ledgerPayment(paymentId)
    // Mesa's Stripe client tries twice; both answers are the 500 Stripe keeps under the refund's key.
    await fault(table.accountId!, 'POST', '/v1/refunds', '500-after', 2)
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect((await refund(table, { paymentId, amount: '50' })).status).toBe(302)
    log.mockRestore()
    expect(await ledgerRefunds(table.sessionId, paymentId)).toEqual([5_000])
    const intent = await platform.paymentIntents.retrieve(row!.reference, {}, { stripeAccount: table.accountId! })
    expect(
      (await platform.charges.retrieve(intent.latest_charge as string, {}, { stripeAccount: table.accountId! }))
        .amount_refunded,
    ).toBe(5_000)
  })

  it('never gives back more than was paid, even asked twice at once', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 20_000 }])
    const paymentId = await paidByCard(table, 200, 0)
    const row = await ledgerPayment(paymentId)
    await Promise.all([refund(table, { paymentId, amount: '150' }), refund(table, { paymentId, amount: '150' })])
    const intent = await platform.paymentIntents.retrieve(row!.reference, {}, { stripeAccount: table.accountId! })
    expect(
      (await platform.charges.retrieve(intent.latest_charge as string, {}, { stripeAccount: table.accountId! }))
        .amount_refunded,
    ).toBe(15_000)
    expect((await readSession(table.sessionId)).remainingAmount).toBe(150)
  })
})

describe('refunds Stripe will not make', () => {
  /** The table's page as its owner sees it, with React's text separators gone. */
  const tablePage = async (table: { tableId: string; restaurantId: string }, path = `/admin/tables/${table.tableId}`) =>
    (await (await getPage(path, await staffCookieOf(table.restaurantId))).text()).replaceAll('<!-- -->', '')

  it('one refused for good stops at once with why, leaves the bill free to close, and is recorded once as given back in cash: by a manager, never a waiter', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 20_000 }])
    const paymentId = await paidByCard(table, 200, 0)
    await ledgerPayment(paymentId)
    // The restaurant removed Mesa from its Stripe account: Stripe answers every call on it with a 403.
    await standInSwitch(`/_standin/accounts/${table.accountId}/deauthorize`)
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const refused = await refund(table, { paymentId, amount: '50' })
    log.mockRestore()
    expect(refused.status).toBe(402)
    expect(await refused.text()).toContain('REFUND_FAILED')
    expect(await tablePage(table)).toContain(
      'La cuenta de Stripe del restaurante ya no permite que Mesa devuelva dinero.',
    )
    // Nothing is left pending: the bill closes.
    const owner = await staffCookieOf(table.restaurantId)
    const closed = await postForm(
      `/admin/tables/${table.tableId}`,
      { intent: 'close', sessionId: table.sessionId },
      owner,
    )
    expect(closed.status).toBe(302)
    expect(await ledgerRefunds(table.sessionId, paymentId)).toEqual([])

    // The closed bill's page offers to record it as given back outside Mesa; the waiter's role gives no refunds.
    const closedPage = `/admin/tables/${table.tableId}/bills/${table.sessionId}`
    const page = await tablePage(table, closedPage)
    const refundId = /name="refundId" value="([^"]+)"/.exec(page)![1]!
    const outside = { intent: 'refund-outside', sessionId: table.sessionId, refundId, way: 'cash' }
    const waiter = await postForm(closedPage, outside, await staffCookieOf(table.restaurantId, 'waiter'))
    expect(waiter.status).toBe(403)
    expect((await postForm(closedPage, { ...outside, way: 'card' }, owner)).status).toBe(400)
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    const [first, again] = await Promise.all([
      postForm(closedPage, outside, manager),
      postForm(closedPage, outside, manager),
    ])
    expect([first.status, again.status]).toEqual([302, 302])
    expect(await ledgerRefunds(table.sessionId, paymentId)).toEqual([5_000])
    expect(
      await env.DB.prepare('SELECT method, provider FROM refunds WHERE payment_id = ?').bind(paymentId).first(),
    ).toEqual({ method: 'cash', provider: 'outside' })
    const after = await tablePage(table, closedPage)
    expect(after).toContain('Devuelto fuera de Mesa, en efectivo')
    expect(after).toContain('Se devolvió fuera de Mesa.')
    expect(after).not.toContain('name="refundId"')
    // The day's cash-out: the money left the drawer.
    const cashOut = (await (await getPage('/admin/cash-out', owner)).text()).replaceAll('<!-- -->', '')
    expect(cashOut).toMatch(/data-testid="refunds-cash"[^>]*>\$50\.00</)
    expect(cashOut).toMatch(/data-testid="cash-out"[^>]*>-\$50\.00</)
  })

  it('one the diner’s bank sends back after Stripe said it succeeded is undone in the books: what it gave back is paid again, and staff are told', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 20_000 }])
    const paymentId = await paidByCard(table, 200, 0)
    await ledgerPayment(paymentId)
    expect((await refund(table, { paymentId, amount: '50' })).status).toBe(302)
    expect(await ledgerRefunds(table.sessionId, paymentId)).toEqual([5_000])
    expect((await readSession(table.sessionId)).remainingAmount).toBe(50)

    const [created] = (await eventsOn(table.accountId!, 'refund.created')).slice(-1)
    await standInSwitch(`/_standin/refunds/${(created!.data.object as { id: string }).id}/settle`, { result: 'failed' })
    const [failed] = (await eventsOn(table.accountId!, 'refund.failed')).slice(-1)
    expect((await deliver(failed!)).status).toBe(200)
    expect((await deliver(failed!)).status).toBe(200)
    // The money stayed with the restaurant: the bill is paid again, and no sum counts the refund.
    expect((await readSession(table.sessionId)).remainingAmount).toBe(0)
    await delivered(table.sessionId)
    expect(
      await env.DB.prepare('SELECT failed_at IS NOT NULL AS failed FROM refunds WHERE payment_id = ?')
        .bind(paymentId)
        .first(),
    ).toEqual({ failed: 1 })
    const page = await tablePage(table)
    expect(page).toContain('Reembolso no hecho')
    expect(page).toContain('El banco del comensal rechazó la devolución.')
    expect(page).not.toContain('Reembolsado: $50.00')
    const cashOut = await (await getPage('/admin/cash-out', await staffCookieOf(table.restaurantId))).text()
    expect(cashOut).not.toContain('data-testid="refunds"')
    const alerts = await (await getPage('/admin/alerts', await staffCookieOf(table.restaurantId))).text()
    expect(alerts).toContain('el banco rechazó un reembolso de $50.00')
  })

  it('one made in the restaurant’s Stripe Dashboard is recorded from charge.refunded alone (the charge names no refund)', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 20_000 }])
    const paymentId = await paidByCard(table, 200, 0)
    const row = await ledgerPayment(paymentId)
    await standInSwitch(`/_standin/payment_intents/${row!.reference}/dashboard-refund`, { amount: '2500' })
    const [refunded] = (await eventsOn(table.accountId!, 'charge.refunded')).slice(-1)
    expect((await deliver(refunded!)).status).toBe(200)
    expect(await ledgerRefunds(table.sessionId, paymentId)).toEqual([2_500])
    // Then refund.created for the same refund: still once.
    const [created] = (await eventsOn(table.accountId!, 'refund.created')).slice(-1)
    expect((await deliver(created!)).status).toBe(200)
    expect(await ledgerRefunds(table.sessionId, paymentId)).toEqual([2_500])
    expect((await readSession(table.sessionId)).remainingAmount).toBe(25)
  })
})

describe('a refund after the diner’s factura that the diner’s bank sends back', () => {
  it('cancels its nota de crédito at the SAT with motive 03 (the operation did not take place); staff read it cancelled', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 23_200 }])
    const owner = await staffCookieOf(table.restaurantId)
    await connectFacturapi(owner)
    const paymentId = await paidByCard(table, 232, 0)
    await ledgerPayment(paymentId)
    const { token } = (await env.DB.prepare('SELECT receipt_token AS token FROM payments WHERE id = ?')
      .bind(paymentId)
      .first<{ token: string }>())!
    expect((await postForm(`/customer/receipt/${table.sessionId}/${token}`, facturaFields())).status).toBe(302)
    expect((await refund(table, { paymentId, amount: '58' })).status).toBe(302)
    await delivered(table.sessionId)
    const documentOf = () =>
      env.DB.prepare(
        'SELECT status, facturapi_id AS facturapiId, cancellation_status AS cancellation, cancellation_motive AS motive FROM fiscal_documents WHERE payment_id = ?',
      )
        .bind(paymentId)
        .first<{ status: string; facturapiId: string; cancellation: string | null; motive: string | null }>()
    await expect.poll(async () => (await documentOf())?.status).toBe('issued')
    const egresoId = (await documentOf())!.facturapiId

    // The bank sends the refund back: the money stayed with the restaurant.
    const [created] = (await eventsOn(table.accountId!, 'refund.created')).slice(-1)
    await standInSwitch(`/_standin/refunds/${(created!.data.object as { id: string }).id}/settle`, { result: 'failed' })
    const [failed] = (await eventsOn(table.accountId!, 'refund.failed')).slice(-1)
    expect((await deliver(failed!)).status).toBe(200)
    await delivered(table.sessionId)

    await expect.poll(async () => (await documentOf())?.cancellation).toBe('accepted')
    expect((await documentOf())?.motive).toBe('03')
    const cancels = (await sent(`/v2/invoices/${egresoId}`, 'DELETE')).map((request) => [request.query, request.status])
    expect(cancels).toEqual([[{ motive: '03' }, 200]])
    const page = await textOf(await getPage(`/admin/tables/${table.tableId}`, owner))
    expect(page).toContain('Nota de crédito por $58.00: cancelada, el reembolso no se concretó')
  })
})

describe('a receipt behind a refund the diner’s bank sent back', () => {
  it('is made again for what the payment keeps by the hub’s next look, when Facturapi could not follow at once', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 23_200 }])
    const owner = await staffCookieOf(table.restaurantId)
    // Its own organization: the bad moments it arms reach no other test.
    const organization = FACTURAPI_STANDIN_ORGANIZATIONS[2]!
    await connectFacturapi(owner, 'month', organization)
    const standIn = async (path: string, body: Record<string, unknown>) => {
      const { data } = (await (await fetch(`${STANDIN}/_standin/organizations`)).json()) as {
        data: { id: string; key: string }[]
      }
      const id = data.find((each) => each.key === organization.key)!.id
      await fetch(`${STANDIN}/_standin/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, organization: id }),
      })
    }
    const paymentId = await paidByCard(table, 232, 0)
    await ledgerPayment(paymentId)
    // The receipts Facturapi holds open for the payment, by their totals.
    const openTotals = async () => {
      const response = await fetch(`${STANDIN}/v2/receipts?q=${paymentId}`, {
        headers: { Authorization: `Bearer ${organization.key}` },
      })
      const { data } = (await response.json()) as { data: { status: string; total: number; external_id: string }[] }
      return data
        .filter((receipt) => receipt.external_id === paymentId && receipt.status === 'open')
        .map((r) => r.total)
    }
    await expect.poll(openTotals).toEqual([232])
    expect((await refund(table, { paymentId, amount: '58' })).status).toBe(302)
    await delivered(table.sessionId)
    await expect.poll(openTotals).toEqual([174])

    // The bank sends the refund back while Facturapi cannot be reached: the receipt cannot follow at once.
    await standIn('faults/clear', {})
    for (const method of ['GET', 'POST', 'DELETE'])
      await standIn('faults', {
        method,
        path: method === 'DELETE' ? '/v2/receipts/:id' : '/v2/receipts',
        fault: '500-before',
        times: 50,
      })
    const [created] = (await eventsOn(table.accountId!, 'refund.created')).slice(-1)
    await standInSwitch(`/_standin/refunds/${(created!.data.object as { id: string }).id}/settle`, { result: 'failed' })
    const [failed] = (await eventsOn(table.accountId!, 'refund.failed')).slice(-1)
    expect((await deliver(failed!)).status).toBe(200)
    await delivered(table.sessionId)
    const hub = env.RESTAURANT_HUB.get(env.RESTAURANT_HUB.idFromName(table.restaurantId))
    await expect.poll(() => runInDurableObject(hub, (_instance, state) => state.storage.getAlarm())).not.toBeNull()

    // Facturapi answers again: the receipt still says $174.00 of a sale that kept $232.00, until the hub's alarm looks.
    await standIn('faults/clear', {})
    expect(await openTotals()).toEqual([174])
    expect(await runDurableObjectAlarm(hub)).toBe(true)
    await expect.poll(openTotals).toEqual([232])
  })
})
