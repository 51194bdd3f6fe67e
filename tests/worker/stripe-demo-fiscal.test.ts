import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { connectFacturapi, sent } from './facturapi-fixtures'
import {
  delivered,
  facturaFields as factura,
  getPage,
  newTransactionId,
  openPaymentForm,
  pageText as textOf,
  postForm,
  seedMember,
} from './fixtures'
import { cardPayment, pay, stripeTable } from './stripe-fixtures'

/** A payment's receipt link, as its confirmation gives it. */
async function receiptOf(paymentId: string) {
  const row = (await env.DB.prepare('SELECT session_id AS sessionId, receipt_token AS token FROM payments WHERE id = ?')
    .bind(paymentId)
    .first<{ sessionId: string; token: string }>())!
  return `/customer/receipt/${row.sessionId}/${row.token}`
}

describe('the labelled demo of a restaurant whose cards are not connected yet', () => {
  it('stamps nothing of what moved no money: no Facturapi receipt, no factura, no place in the factura global; cash taken beside it is stamped', async () => {
    const table = await stripeTable(
      [
        { name: 'Tacos', priceCents: 23_200 },
        { name: 'Agua', priceCents: 4_640 },
      ],
      { account: 'inactive', unconnected: 'demo' },
    )
    const [tacos, agua] = table.itemIds
    const owner = await seedMember(table.restaurantId, 'owner')
    await connectFacturapi(owner.cookie)

    // A diner pays the tacos on the demo: approved, no money moved.
    const demo = await pay(
      cardPayment(table, { amount: 232, paymentType: 'item', itemIds: [tacos], itemQuantities: { [tacos!]: 1 } }),
    )
    expect(demo.status).toBe(201)
    const demoId = (await demo.json<{ payment: { id: string } }>()).payment.id
    await delivered(table.sessionId)
    // The waiter takes the agua in cash: real money.
    const cash = await postForm(
      `/admin/tables/${table.tableId}`,
      {
        intent: 'record-payment',
        sessionId: table.sessionId,
        transactionId: newTransactionId(),
        mode: 'items',
        [`units.${agua}`]: '1',
        method: 'cash',
      },
      owner.cookie,
    )
    expect(cash.status).toBe(302)
    await delivered(table.sessionId)
    const cashId = (await env.DB.prepare("SELECT id FROM payments WHERE session_id = ? AND payment_method = 'cash'")
      .bind(table.sessionId)
      .first<{ id: string }>())!.id

    // The cash gets its Facturapi receipt as it lands; the demo payment, delivered before it, none.
    await expect
      .poll(async () => (await sent('/v2/receipts')).filter((request) => request.body.external_id === cashId).length)
      .toBe(1)
    expect((await sent('/v2/receipts')).filter((request) => request.body.external_id === demoId)).toEqual([])

    // Its diner is told why there is no factura, and a request is refused.
    const receipt = await receiptOf(demoId)
    const page = await textOf(await getPage(receipt))
    expect(page).toContain('este fue un pago de demostración: no se movió dinero')
    expect(page).not.toContain('data-testid="factura-submit"')
    const refused = await postForm(receipt, factura())
    expect(refused.status).toBe(409)
    expect(await textOf(refused)).toContain('Este fue un pago de demostración')
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM invoice_requests WHERE payment_id = ?').bind(demoId).first('n'),
    ).toBe(0)
    // The cash's diner may still ask.
    expect(await textOf(await getPage(await receiptOf(cashId)))).toContain('data-testid="factura-submit"')

    // Today's figures for the global hold the agua alone: $46.40.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' })
    const invoices = await textOf(await getPage(`/admin/invoices?from=${today}&to=${today}`, owner.cookie))
    expect(invoices).toMatch(/data-testid="global-summary"[^>]*>[^<]*1 pago sin factura, \$46\.40/)

    // The cash-out and the analytics count the agua as the day's sale, and say the demo apart.
    const cashOut = await textOf(await getPage('/admin/cash-out', owner.cookie))
    expect(cashOut).toMatch(/data-testid="net-sales"[^>]*>\$46\.40</)
    expect(cashOut).toContain('Aparte: 1 pago de demostración por $232.00. No se movió dinero')
    const analytics = await textOf(await getPage('/admin/dashboard/analytics', owner.cookie))
    expect(analytics).toMatch(/data-testid="stat-totalSales"[^>]*>.*?\$46\.40/)
    expect(analytics).toContain('Aparte: 1 pago de demostración por $232.00 en este periodo')
  })
})

describe('the forma de pago a card payment is stamped with', () => {
  it.each([
    ['pm_card_visa', '04'],
    ['pm_card_visa_debit', '28'],
    ['pm_card_mastercard_prepaid', '28'],
  ])('follows how the card is funded, as Stripe reports it: %s → %s', async (token, form) => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 23_200 }])
    const owner = await seedMember(table.restaurantId, 'owner')
    await connectFacturapi(owner.cookie)
    const paid = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`)
    const answer = await paid.submit([...paid.fields, ['paymentToken', token]])
    expect(answer.status).toBe(302)
    await delivered(table.sessionId)
    const paymentId = (await env.DB.prepare('SELECT id FROM payments WHERE session_id = ?')
      .bind(table.sessionId)
      .first<{ id: string }>())!.id
    await expect
      .poll(async () =>
        (await sent('/v2/receipts'))
          .filter((request) => request.body.external_id === paymentId)
          .map((r) => r.body.payment_form),
      )
      .toEqual([form])
  })
})
