import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { FACTURAPI_STANDIN_ORGANIZATIONS } from '../../scripts/local-vars'
import {
  confirmationOf,
  delivered,
  facturaFields as factura,
  getPage,
  openPaymentForm,
  pageText as textOf,
  postForm,
  seedTable,
  staffCookieOf,
} from './fixtures'

const STANDIN = 'https://facturapi.standin'
const [ORGANIZATION] = FACTURAPI_STANDIN_ORGANIZATIONS

/** What the Facturapi stand-in received on `path` (a pattern such as /v2/receipts/:id/invoice). */
async function sent(path: string, method = 'POST') {
  const response = await fetch(`${STANDIN}/_standin/requests?${new URLSearchParams({ method, path })}`)
  return ((await response.json()) as { data: { body: Record<string, unknown>; status: number; path: string }[] }).data
}

/** A restaurant that issues its facturas with Facturapi (its owner saved the key in Configuración), and a diner's paid receipt. */
async function connectedReceipt(tip = '30') {
  const table = await seedTable([{ name: 'Mole', priceCents: 23_200 }])
  const owner = await staffCookieOf(table.restaurantId)
  const saved = await postForm(
    '/admin/dashboard/settings',
    {
      intent: 'fiscal',
      rfc: ORGANIZATION!.tax_id,
      legalName: ORGANIZATION!.legal_name,
      taxRegime: ORGANIZATION!.tax_system,
      postalCode: ORGANIZATION!.zip,
      invoicePeriodicity: 'month',
      facturapiKey: ORGANIZATION!.key,
      confirmRfc: 'on',
    },
    owner,
  )
  expect(saved.status).toBe(302)
  const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipAmount=${tip}`)
  const paid = await form.submit()
  const { receiptUrl } = await confirmationOf(paid, form.cookie)
  await delivered(table.sessionId)
  const { id: paymentId } = (await env.DB.prepare('SELECT id FROM payments WHERE session_id = ?')
    .bind(table.sessionId)
    .first<{ id: string }>())!
  return { table, receiptUrl, paymentId }
}

describe('a restaurant that connected Facturapi', () => {
  it('issues the diner’s factura at once: a receipt for the consumption (never the tip) invoiced to them, mailed, downloadable', async () => {
    const { receiptUrl, paymentId } = await connectedReceipt()
    const asked = factura()
    const answered = await postForm(receiptUrl, asked)
    expect(answered.status).toBe(302)

    const [made] = (await sent('/v2/receipts')).filter((request) => request.body.external_id === paymentId)
    expect(made!.status).toBe(200)
    // $232.00 of food with its IVA; the $30.00 tip is the staff's and is not on it.
    expect(made!.body).toMatchObject({
      payment_form: '04',
      idempotency_key: `${paymentId}:23200`,
      items: [
        {
          quantity: 1,
          product: {
            description: 'Consumo de alimentos y bebidas',
            product_key: '90101501',
            unit_key: 'E48',
            price: 232,
            tax_included: true,
            taxes: [{ type: 'IVA', rate: 0.16 }],
          },
        },
      ],
    })
    const invoiced = (await sent('/v2/receipts/:id/invoice')).find(
      (request) => (request.body.customer as { email?: string }).email === asked.email,
    )
    expect(invoiced!.body).toEqual({
      customer: {
        legal_name: 'EDGAR GONZÁLEZ DÍAZ',
        tax_id: 'GODE561231GR8',
        tax_system: '612',
        email: asked.email,
        address: { zip: '06700' },
      },
      use: 'G03',
    })
    expect(invoiced!.status).toBe(200)
    const mails = ((await (await fetch(`${STANDIN}/_standin/emails`)).json()) as { data: { to: string[] | string }[] })
      .data
    expect(mails.some((mail) => [mail.to].flat().includes(asked.email))).toBe(true)

    const page = await textOf(await getPage(receiptUrl))
    expect(page).toContain('Tu factura está lista')
    const xml = await getPage(`${receiptUrl}/factura/xml`)
    expect(xml.status).toBe(200)
    const text = await xml.text()
    expect(text).toContain('Rfc="GODE561231GR8"')
    expect(text).toContain('ClaveProdServ="90101501"')
    expect(text).toMatch(/Total="232(\.00)?"/)
    const pdf = await getPage(`${receiptUrl}/factura/pdf`)
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
  })

  it('passes on what Facturapi refuses, for the diner to correct: their RFC’s name is not the Constancia’s', async () => {
    const { receiptUrl, table } = await connectedReceipt('0')
    await fetch(`${STANDIN}/_standin/taxpayers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        tax_id: 'VADA800927DJ3',
        legal_name: 'DAVID VARGAS DIAZ',
        zip: '44100',
        tax_systems: ['612'],
      }),
    })
    const refused = await postForm(
      receiptUrl,
      factura({ rfc: 'VADA800927DJ3', legalName: 'David Vargas', postalCode: '44100' }),
    )
    expect(refused.status).toBe(302)
    const page = await textOf(await getPage(receiptUrl))
    expect(page).toContain('El restaurante no pudo emitir tu factura:')
    // The staff list keeps it, rejected with Facturapi's words.
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    expect(await textOf(await getPage('/admin/invoices?status=rejected', manager))).toContain('DAVID VARGAS')
    expect(
      (
        await postForm(
          receiptUrl,
          factura({ rfc: 'VADA800927DJ3', legalName: 'David Vargas Diaz', postalCode: '44100' }),
        )
      ).status,
    ).toBe(302)
    expect(await textOf(await getPage(receiptUrl))).toContain('Tu factura está lista')
  })

  it('makes the payment’s Facturapi receipt as it lands, once; past the window Facturapi gives it, the diner is told and cannot ask', async () => {
    const { receiptUrl, paymentId } = await connectedReceipt('0')
    const kept = () =>
      env.DB.prepare(
        'SELECT facturapi_receipt_id AS id, facturapi_expires_at AS until FROM receipts WHERE payment_id = ?',
      )
        .bind(paymentId)
        .first<{ id: string | null; until: number | null }>()
    // Made after the payment reached the ledger, before anyone asked for a factura.
    await expect.poll(async () => (await kept())?.id ?? null).not.toBeNull()
    expect((await kept())!.until).toBeGreaterThan(Date.now())
    const made = (await sent('/v2/receipts')).filter((request) => request.body.external_id === paymentId)
    expect(made).toHaveLength(1)
    expect(await textOf(await getPage(receiptUrl))).toContain('data-testid="factura-submit"')

    // The restaurant's window (Facturapi's expires_at) has passed.
    await env.DB.prepare('UPDATE receipts SET facturapi_expires_at = ? WHERE payment_id = ?')
      .bind(Date.now() - 60_000, paymentId)
      .run()
    const page = await textOf(await getPage(receiptUrl))
    expect(page).toContain('Ya no puedes solicitar factura de este pago: el restaurante recibía solicitudes')
    expect(page).not.toContain('data-testid="factura-submit"')
    const asked = factura()
    const refused = await postForm(receiptUrl, asked)
    expect(refused.status).toBe(409)
    expect(await textOf(refused)).toContain('Ya pasó el plazo del restaurante para pedir factura de este pago.')
    const invoiced = (await sent('/v2/receipts/:id/invoice')).filter(
      (request) => (request.body.customer as { email?: string }).email === asked.email,
    )
    expect(invoiced).toEqual([])
  })

  it('leaves a request Facturapi did not answer pending; a manager sends it again and the invoice Facturapi made meanwhile is taken, not doubled', async () => {
    const { receiptUrl, table } = await connectedReceipt('0')
    // Facturapi makes the invoice, and its answer is lost on the way back.
    await fetch(`${STANDIN}/_standin/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: '/v2/receipts/:id/invoice', fault: 'timeout-after', times: 1 }),
    })
    const asked = factura()
    expect((await postForm(receiptUrl, asked)).status).toBe(302)
    expect(await textOf(await getPage(receiptUrl))).toContain('Recibimos tu solicitud.')
    const invoiceCalls = async () =>
      (await sent('/v2/receipts/:id/invoice')).filter(
        (request) => (request.body.customer as { email?: string }).email === asked.email,
      ).length
    expect(await invoiceCalls()).toBe(1)

    const manager = await staffCookieOf(table.restaurantId, 'manager')
    const list = await textOf(await getPage('/admin/invoices', manager))
    expect(list).toContain('data-testid="retry-form"')
    const requestId = /name="intent" value="retry"\/><input type="hidden" name="requestId" value="([^"]+)"/.exec(
      list,
    )![1]!
    // A waiter does not decide facturas.
    const waiter = await staffCookieOf(table.restaurantId, 'waiter')
    expect((await postForm('/admin/invoices', { intent: 'retry', requestId }, waiter)).status).toBe(403)

    const retried = await postForm('/admin/invoices', { intent: 'retry', requestId }, manager)
    expect(retried.status).toBe(302)
    expect(await invoiceCalls()).toBe(1)
    expect(await textOf(await getPage(receiptUrl))).toContain('Tu factura está lista')
    expect((await getPage(`${receiptUrl}/factura/xml`)).status).toBe(200)
    // Decided: sent again, it changes nothing.
    expect((await postForm('/admin/invoices', { intent: 'retry', requestId }, manager)).status).toBe(409)
  })
})

describe('the factura global', () => {
  it('gathers the period’s payments nobody invoiced, issued by the owner alone; those diners are told they can no longer ask', async () => {
    const { table, receiptUrl, paymentId } = await connectedReceipt('0')
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' })
    const period = `?from=${today}&to=${today}`
    const owner = await staffCookieOf(table.restaurantId)
    const page = await textOf(await getPage(`/admin/invoices${period}`, owner))
    expect(page).toMatch(/data-testid="global-summary"[^>]*>[^<]*1 pago sin factura, \$232\.00 \(IVA \$32\.00\)/)
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    expect(await textOf(await getPage(`/admin/invoices${period}`, manager))).not.toContain(
      'data-testid="global-invoice"',
    )
    const global = { intent: 'global', from: today, to: today }
    expect((await postForm('/admin/invoices', global, manager)).status).toBe(403)
    expect((await postForm('/admin/invoices', { ...global, to: '2020-01-01' }, owner)).status).toBe(400)

    expect((await postForm('/admin/invoices', global, owner)).status).toBe(302)
    const made = (await sent('/v2/receipts')).find((request) => request.body.external_id === paymentId)
    expect(made!.body).toMatchObject({ items: [{ product: { price: 232 } }] })
    const [issued] = (await sent('/v2/receipts/global-invoice')).slice(-1)
    expect(issued!.body).toMatchObject({ periodicity: 'month' })
    expect(issued!.status).toBe(200)
    const after = await textOf(await getPage(`/admin/invoices${period}`, owner))
    expect(after).toContain('0 pagos sin factura')
    const link = /href="(\/admin\/invoices\/global\/[^"]+\/xml)"/.exec(after)![1]!
    const xml = await getPage(link, owner)
    expect(await xml.text()).toContain('Rfc="XAXX010101000"')
    expect((await getPage(link, manager)).status).toBe(403)

    // The diner can no longer ask for it in their name.
    expect(await textOf(await getPage(receiptUrl))).toContain('Ya no puedes solicitar factura de este pago')
    const refused = await postForm(receiptUrl, factura())
    expect(refused.status).toBe(409)
  })
})
