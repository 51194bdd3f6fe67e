import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { connectFacturapi, sent } from './facturapi-fixtures'
import { delivered, facturaFields, getPage, pageText as textOf, postForm, staffCookieOf } from './fixtures'
import {
  deliver,
  eventsOn,
  ledgerPayment,
  paidByCard,
  refund,
  standInSwitch,
  stripeTable,
  type StripeRestaurant,
} from './stripe-fixtures'

/*
 * A refund recorded before the sale was invoiced is already out of the
 * ingreso (the factura or the global holds what was kept then). When the
 * diner's bank sends it back, the restaurant keeps more than its CFDIs say:
 * a nota de débito (an ingreso related with TipoRelación 02) stamps the
 * difference.
 */

const DAY_MS = 86_400_000
const localDay = (offset: number) =>
  new Date(Date.now() + offset * DAY_MS).toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' })

/** The bank sends the bill's last refund back, as Stripe says it: refund.failed, delivered to Mesa's webhook. */
async function bankSendsBack(table: StripeRestaurant) {
  const [created] = (await eventsOn(table.accountId!, 'refund.created')).slice(-1)
  await standInSwitch(`/_standin/refunds/${(created!.data.object as { id: string }).id}/settle`, { result: 'failed' })
  const [failed] = (await eventsOn(table.accountId!, 'refund.failed')).slice(-1)
  expect((await deliver(failed!)).status).toBe(200)
  await delivered(table.sessionId)
}

const debitOf = (paymentId: string) =>
  env.DB.prepare(
    "SELECT status, cents, related_uuid AS relatedUuid FROM fiscal_documents WHERE payment_id = ? AND kind = 'debito'",
  )
    .bind(paymentId)
    .first<{ status: string; cents: number; relatedUuid: string | null }>()

/** The notas de débito Facturapi was asked for, for this refund. */
const debitsSent = async (paymentId: string) => {
  const { id: refundId } = (await env.DB.prepare('SELECT id FROM refunds WHERE payment_id = ?')
    .bind(paymentId)
    .first<{ id: string }>())!
  return (await sent('/v2/invoices')).filter((request) => request.body.external_id === refundId)
}

describe('a refund the diner’s bank sends back after the sale was invoiced for less', () => {
  it('to the diner: a nota de débito to them, related to their factura with TipoRelación 02, for what the refund meant to give back', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 23_200 }])
    const owner = await staffCookieOf(table.restaurantId)
    await connectFacturapi(owner)
    const paymentId = await paidByCard(table, 232, 0)
    await ledgerPayment(paymentId)
    // $58.00 given back first; then the diner asks their factura, for the $174.00 kept.
    expect((await refund(table, { paymentId, amount: '58' })).status).toBe(302)
    await delivered(table.sessionId)
    const { token } = (await env.DB.prepare('SELECT receipt_token AS token FROM payments WHERE id = ?')
      .bind(paymentId)
      .first<{ token: string }>())!
    expect((await postForm(`/customer/receipt/${table.sessionId}/${token}`, facturaFields())).status).toBe(302)
    expect(await debitOf(paymentId)).toBeNull()

    await bankSendsBack(table)

    await expect.poll(async () => (await debitOf(paymentId))?.status).toBe('issued')
    const [asked] = await debitsSent(paymentId)
    expect(asked!.status).toBe(200)
    expect(asked!.body).toMatchObject({
      type: 'I',
      customer: { tax_id: 'GODE561231GR8' },
      use: 'G03',
      related_documents: [{ relationship: '02', documents: [(await debitOf(paymentId))!.relatedUuid] }],
      items: [{ quantity: 1, product: { price: 58, product_key: '90101501', tax_included: true } }],
    })
    const page = await textOf(await getPage(`/admin/tables/${table.tableId}`, owner))
    expect(page).toContain('Nota de débito por $58.00 (el banco devolvió un reembolso): emitida')
  })

  it('in a factura global: a nota de débito to the general public with the global’s period, related to it with 02', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 23_200 }])
    const owner = await staffCookieOf(table.restaurantId)
    const paymentId = await paidByCard(table, 232, 0)
    await ledgerPayment(paymentId)
    expect((await refund(table, { paymentId, amount: '58' })).status).toBe(302)
    await delivered(table.sessionId)
    // Paid yesterday, before the restaurant connected Facturapi: yesterday's global gathers what it kept, $174.00.
    await env.DB.prepare('UPDATE payments SET created_at = created_at - ? WHERE id = ?').bind(DAY_MS, paymentId).run()
    await connectFacturapi(owner, 'day')
    const yesterday = localDay(-1)
    const global = await postForm('/admin/invoices', { intent: 'global', from: yesterday, to: yesterday }, owner)
    expect(global.status).toBe(302)
    await expect
      .poll(async () =>
        env.DB.prepare('SELECT global_invoice_id AS id FROM receipts WHERE payment_id = ?').bind(paymentId).first('id'),
      )
      .not.toBeNull()

    await bankSendsBack(table)

    await expect.poll(async () => (await debitOf(paymentId))?.status).toBe('issued')
    const [year, month] = yesterday.split('-').map(Number) as [number, number]
    const [asked] = await debitsSent(paymentId)
    expect(asked!.body).toMatchObject({
      type: 'I',
      customer: { tax_id: 'XAXX010101000', legal_name: 'PUBLICO EN GENERAL' },
      use: 'S01',
      global: { periodicity: 'day', months: String(month).padStart(2, '0'), year },
      related_documents: [{ relationship: '02' }],
      items: [{ product: { price: 58 } }],
    })
    expect(asked!.status).toBe(200)
  })
})
