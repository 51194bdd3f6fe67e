import { env, runDurableObjectAlarm } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { FACTURAPI_STANDIN_ORGANIZATIONS } from '../../scripts/local-vars'
import { closedBillRefunds, connectedReceipt, connectFacturapi, sent, STANDIN } from './facturapi-fixtures'
import {
  confirmationOf,
  delivered,
  facturaFields as factura,
  getPage,
  hiddenFields,
  openPaymentForm,
  pageText as textOf,
  postForm,
  seedTable,
  setRestaurant,
  staffCookieOf,
  toastShown,
  postRefund,
} from './fixtures'

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
      idempotency_key: `${paymentId}:23200:0`,
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
    // The page's lead says what happens with Facturapi connected (the page's data holds every translation, hence the tag).
    expect(list).toMatch(
      /<p[^>]*>Las facturas que piden tus comensales desde su recibo\. Con Facturapi conectado se emiten solas/,
    )
    expect(list).not.toMatch(/<p[^>]*>Las facturas que piden tus comensales desde su recibo\. Emítelas/)
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

/**
 * The table's bill closed by a manager, as after a real night, and the
 * refund form of its closed bill's page: each refund of `amount` pesos of
 * the payment, with the toast the manager reads.
 */
describe('a refund before any factura', () => {
  it('makes the open receipt follow the money: re-made for what is kept, cancelled when nothing is; the diner cannot invoice what was given back', async () => {
    const { table, receiptUrl, paymentId } = await connectedReceipt('30')
    const receiptRow = () =>
      env.DB.prepare('SELECT facturapi_receipt_id AS id, facturapi_status AS status FROM receipts WHERE payment_id = ?')
        .bind(paymentId)
        .first<{ id: string | null; status: string | null }>()
    await expect.poll(async () => (await receiptRow())?.id ?? null).not.toBeNull()
    const first = (await receiptRow())!.id!
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    const refund = await closedBillRefunds(table, manager, paymentId)

    await refund('32')
    // $32.00 of the $232.00 given back: the receipt for $232.00 is cancelled and one for $200.00 made.
    await expect.poll(async () => (await receiptRow())?.id).not.toBe(first)
    expect((await sent(`/v2/receipts/${first}`, 'DELETE')).map((request) => request.status)).toEqual([200])
    const remade = (await sent('/v2/receipts')).filter((request) => request.body.external_id === paymentId)
    expect(
      remade.map((request) => [
        request.body.idempotency_key,
        (request.body.items as { product: { price: number } }[])[0]!.product.price,
      ]),
    ).toEqual([
      [`${paymentId}:23200:0`, 232],
      [`${paymentId}:20000:1`, 200],
    ])
    const second = (await receiptRow())!.id!

    await refund('200')
    // Nothing kept: cancelled, and none made.
    await expect.poll(async () => (await receiptRow())?.status).toBe('canceled')
    expect((await sent(`/v2/receipts/${second}`, 'DELETE')).map((request) => request.status)).toEqual([200])
    expect((await sent('/v2/receipts')).filter((request) => request.body.external_id === paymentId)).toHaveLength(2)
    const refused = await postForm(receiptUrl, factura())
    expect(refused.status).toBe(409)
    expect(await textOf(refused)).toContain('Este pago se reembolsó por completo')
  })
})

describe('a refund after the diner’s factura', () => {
  it('issues a CFDI de egreso to the diner, related to the factura with TipoRelación 01, for the bill part and its IVA refunded; one per refund', async () => {
    const { table, receiptUrl, paymentId } = await connectedReceipt('30')
    expect((await postForm(receiptUrl, factura())).status).toBe(302)
    const facturaXml = await (await getPage(`${receiptUrl}/factura/xml`)).text()
    const facturaUuid = /TimbreFiscalDigital[^>]*UUID="([^"]+)"/.exec(facturaXml)![1]!
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    const refund = await closedBillRefunds(table, manager, paymentId)
    const egresos = async () =>
      (await sent('/v2/invoices')).filter((request) =>
        (request.body.related_documents as { documents: string[] }[] | undefined)?.[0]?.documents.includes(facturaUuid),
      )
    await refund('58')
    await expect.poll(async () => (await egresos()).length).toBe(1)
    const [first] = await egresos()
    expect(first!.status).toBe(200)
    expect(first!.body).toMatchObject({
      type: 'E',
      use: 'G02',
      payment_form: '04',
      related_documents: [{ relationship: '01', documents: [facturaUuid] }],
      customer: { tax_id: 'GODE561231GR8', tax_system: '612', address: { zip: '06700' } },
      items: [{ quantity: 1, product: { product_key: '84111506', unit_key: 'ACT', price: 58, tax_included: true } }],
    })
    const documents = () =>
      env.DB.prepare(
        'SELECT cents, status, related_uuid AS related FROM fiscal_documents WHERE payment_id = ? ORDER BY created_at',
      )
        .bind(paymentId)
        .all()
    await expect
      .poll(async () => (await documents()).results)
      .toEqual([{ cents: 5_800, status: 'issued', related: facturaUuid }])
    // The receipt is invoiced: no new receipt is made for what is kept, and the factura stands.
    expect((await sent('/v2/receipts')).filter((request) => request.body.external_id === paymentId)).toHaveLength(1)

    await refund('100')
    await expect.poll(async () => (await egresos()).length).toBe(2)
    await expect
      .poll(async () => (await documents()).results.map((row) => (row as { cents: number }).cents))
      .toEqual([5_800, 10_000])
    // Staff read each document on the closed bill's payment.
    const page = await textOf(await getPage(`/admin/tables/${table.tableId}/bills/${table.sessionId}`, manager))
    expect(page).toContain('Factura a EDGAR GONZÁLEZ DÍAZ: emitida')
    expect(page).toMatch(/Nota de crédito por \$58\.00: emitida \(folio fiscal [0-9A-F-]{36}\)/)
    expect(page).toMatch(/Nota de crédito por \$100\.00: emitida/)
  })
})

/** Today and yesterday on the restaurant's wall clock (Mexico City's, the tests' restaurants'). */
const localDay = (offsetDays = 0, timeZone = 'America/Mexico_City') =>
  new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone })

/**
 * Yesterday's sales of a restaurant that has not connected Facturapi yet:
 * two dishes, each paid by its own diner, then dated a day back in the
 * ledger (a test cannot wait for tomorrow). Each with its receipt's link.
 */
async function yesterdaysSales() {
  const table = await seedTable([
    { name: 'Mole', priceCents: 23_200, paidQuantity: 1 },
    { name: 'Pozole', priceCents: 11_600, paidQuantity: 1 },
  ])
  await env.DB.prepare('UPDATE payments SET created_at = created_at - 86400000 WHERE session_id = ?')
    .bind(table.sessionId)
    .run()
  const { results } = await env.DB.prepare(
    'SELECT id, receipt_token AS token FROM payments WHERE session_id = ? ORDER BY amount_cents DESC',
  )
    .bind(table.sessionId)
    .all<{ id: string; token: string }>()
  const sales = results.map((row) => ({
    paymentId: row.id,
    receiptUrl: `/customer/receipt/${table.sessionId}/${row.token}`,
  }))
  return { table, mole: sales[0]!, pozole: sales[1]! }
}

describe('the factura global', () => {
  it('gathers a closed day’s payments nobody asked a factura of, named one by one, with its period, owner alone; those diners can no longer ask', async () => {
    const { table, mole, pozole } = await yesterdaysSales()
    // The pozole's diner asks for a factura while the restaurant issues them by hand: it waits for staff.
    expect((await postForm(pozole.receiptUrl, factura())).status).toBe(302)
    const owner = await staffCookieOf(table.restaurantId)
    await connectFacturapi(owner, 'day')

    // A daily global: the page opens on yesterday, with the SAT's deadline.
    const yesterday = localDay(-1)
    const page = await textOf(await getPage('/admin/invoices', owner))
    expect(page).toContain(`name="from" value="${yesterday}"`)
    expect(page).toMatch(/data-testid="global-summary"[^>]*>[^<]*1 pago sin factura, \$232\.00 \(IVA \$32\.00\)/)
    expect(page).toMatch(/data-testid="global-deadline"[^>]*>El SAT la pide en las 24 horas después/)
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    expect(await textOf(await getPage('/admin/invoices', manager))).not.toContain('data-testid="global-invoice"')
    const global = { intent: 'global', from: yesterday, to: yesterday }
    expect((await postForm('/admin/invoices', global, manager)).status).toBe(403)
    expect((await postForm('/admin/invoices', { ...global, to: '2020-01-01' }, owner)).status).toBe(400)

    // The owner's dashboard says the SAT is waiting for it; a manager's does not (invoices.global is the owner's).
    const due = await textOf(await getPage('/admin/dashboard', owner))
    expect(due).toMatch(
      /data-testid="global-due"[^>]*><span>Factura global del [^<]*: 1 pago sin factura; el SAT la pide a más tardar el/,
    )
    expect(await textOf(await getPage('/admin/dashboard', manager))).not.toContain('data-testid="global-due"')

    const issuedAnswer = await postForm('/admin/invoices', global, owner)
    expect(await toastShown(issuedAnswer, owner)).toContain('Factura global emitida')
    const made = (await sent('/v2/receipts')).filter((request) => request.body.external_id === mole.paymentId)
    expect(made).toHaveLength(1)
    expect(made[0]!.body).toMatchObject({ items: [{ product: { price: 232 } }] })
    const receiptId = (await env.DB.prepare('SELECT facturapi_receipt_id AS id FROM receipts WHERE payment_id = ?')
      .bind(mole.paymentId)
      .first<{ id: string }>())!.id
    const [issued] = (await sent('/v2/receipts/global-invoice')).filter((request) =>
      (request.body.receipts as string[] | undefined)?.includes(receiptId),
    )
    const [year, month, day] = yesterday.split('-').map(Number) as [number, number, number]
    // The day's first and last millisecond in Mexico City (UTC−6, no summer time since 2022).
    expect(issued!.body).toEqual({
      periodicity: 'day',
      months: String(month).padStart(2, '0'),
      year,
      from: new Date(Date.UTC(year, month - 1, day, 6)).toISOString(),
      to: new Date(Date.UTC(year, month - 1, day + 1, 6) - 1).toISOString(),
      receipts: [receiptId],
    })
    expect(issued!.status).toBe(200)
    // The pozole, asked of staff, is in no global, and got no receipt to go in one.
    expect((await sent('/v2/receipts')).filter((request) => request.body.external_id === pozole.paymentId)).toEqual([])
    const after = await textOf(await getPage(`/admin/invoices?from=${yesterday}&to=${yesterday}`, owner))
    expect(after).toContain('0 pagos sin factura')
    const link = /href="(\/admin\/invoices\/global\/[^"]+\/xml)"/.exec(after)![1]!
    const xml = await (await getPage(link, owner)).text()
    expect(xml).toContain('Rfc="XAXX010101000"')
    expect(xml).toMatch(/InformacionGlobal[^>]*Periodicidad="01"/)
    expect((await getPage(link, manager)).status).toBe(403)

    expect(await textOf(await getPage('/admin/dashboard', owner))).not.toContain('data-testid="global-due"')

    // The mole's diner can no longer ask for it in their name.
    expect(await textOf(await getPage(mole.receiptUrl))).toContain('Ya no puedes solicitar factura de este pago')
    expect((await postForm(mole.receiptUrl, factura())).status).toBe(409)

    // Money given back of the mole is undone against the global: an egreso to the general public, related to it.
    const globalUuid = /TimbreFiscalDigital[^>]*UUID="([^"]+)"/.exec(xml)![1]!
    const refunded = await postRefund(
      `/admin/tables/${table.tableId}`,
      { intent: 'refund', sessionId: table.sessionId, paymentId: mole.paymentId, amount: '32', reason: 'Llegó frío' },
      manager,
    )
    expect(await toastShown(refunded, manager)).toContain('Reembolso registrado')
    const toPublic = async () =>
      (await sent('/v2/invoices')).filter((request) =>
        (request.body.related_documents as { documents: string[] }[] | undefined)?.[0]?.documents.includes(globalUuid),
      )
    await expect.poll(async () => (await toPublic()).length).toBe(1)
    const [egreso] = await toPublic()
    expect(egreso!.status).toBe(200)
    expect(egreso!.body).toMatchObject({
      type: 'E',
      use: 'S01',
      customer: { legal_name: 'PUBLICO EN GENERAL', tax_id: 'XAXX010101000', tax_system: '616' },
      related_documents: [{ relationship: '01', documents: [globalUuid] }],
      items: [{ product: { price: 32 } }],
    })
  })

  it('sent twice at once (a double tap, two owners), is issued and recorded once', async () => {
    const { table, mole } = await yesterdaysSales()
    const owner = await staffCookieOf(table.restaurantId)
    await connectFacturapi(owner, 'day')
    const yesterday = localDay(-1)
    const global = { intent: 'global', from: yesterday, to: yesterday }
    const answers = await Promise.all([
      postForm('/admin/invoices', global, owner),
      postForm('/admin/invoices', global, owner),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([302, 302])
    const { results } = await env.DB.prepare('SELECT id FROM global_invoices WHERE restaurant_id = ?')
      .bind(table.restaurantId)
      .all<{ id: string }>()
    expect(results).toHaveLength(1)
    const receiptId = (await env.DB.prepare(
      'SELECT facturapi_receipt_id AS id, global_invoice_id AS global FROM receipts WHERE payment_id = ?',
    )
      .bind(mole.paymentId)
      .first<{ id: string; global: string }>())!
    expect(receiptId.global).toBe(results[0]!.id)
    const stamped = (await sent('/v2/receipts/global-invoice')).filter(
      (request) => request.status === 200 && (request.body.receipts as string[] | undefined)?.includes(receiptId.id),
    )
    expect(stamped).toHaveLength(1)
  })

  it('refuses a period not over yet and one wider than the periodicity’s, asking Facturapi nothing; says Facturapi’s own refusal in its words', async () => {
    const { table, mole } = await yesterdaysSales()
    const owner = await staffCookieOf(table.restaurantId)
    await connectFacturapi(owner, 'day')
    const today = localDay()
    const notClosed = await postForm('/admin/invoices', { intent: 'global', from: today, to: today }, owner)
    expect(await toastShown(notClosed, owner)).toContain('Ese periodo aún no termina')
    const wide = await postForm('/admin/invoices', { intent: 'global', from: localDay(-2), to: localDay(-1) }, owner)
    expect(await toastShown(wide, owner)).toContain('no cabe en uno de tu periodicidad')
    expect((await sent('/v2/receipts')).filter((request) => request.body.external_id === mole.paymentId)).toEqual([])

    // The restaurant keeps Tijuana's clock while its Facturapi organization keeps Mexico City's: a Tijuana day runs into
    // the next Mexico City day, and Facturapi refuses a global across two of its days.
    await setRestaurant(table.restaurantId, { time_zone: 'America/Tijuana' })
    const yesterday = localDay(-1, 'America/Tijuana')
    const refused = await postForm('/admin/invoices', { intent: 'global', from: yesterday, to: yesterday }, owner)
    const words = await toastShown(refused, owner)
    expect(words).toContain('Facturapi no la emitió: El rango de fechas debe estar dentro del mismo periodo')
    expect(words).not.toContain('no respondió')
  })
})

describe('a payment taken on the restaurant’s terminal', () => {
  it('asks crédito o débito in the same tap, and its receipt is stamped with the forma de pago that says: débito 28, crédito 04', async () => {
    const table = await seedTable([
      { name: 'Mole', priceCents: 23_200 },
      { name: 'Pozole', priceCents: 11_600 },
    ])
    const owner = await staffCookieOf(table.restaurantId)
    await connectFacturapi(owner)
    const waiter = await staffCookieOf(table.restaurantId, 'waiter')
    const tap = async (testId: string) => {
      const page = await textOf(await getPage(`/admin/tables/${table.tableId}`, waiter))
      const button = page.indexOf(`data-testid="${testId}"`)
      expect(button, `${testId} is on the page`).toBeGreaterThan(-1)
      const fields = Object.fromEntries(hiddenFields(page.slice(page.lastIndexOf('<form', button), button)))
      expect(await toastShown(await postForm(`/admin/tables/${table.tableId}`, fields, waiter), waiter)).toContain(
        'Pago registrado',
      )
    }
    // The Pozole first, on a debit card, as an amount; then the rest, the Mole, on a credit card in one tap.
    const pozoleOnTerminal = (card: Record<string, string>) =>
      postForm(
        `/admin/tables/${table.tableId}`,
        {
          intent: 'record-payment',
          sessionId: table.sessionId,
          transactionId: `terminal-${crypto.randomUUID()}`,
          mode: 'amount',
          amount: '116',
          method: 'terminal',
          ...card,
        },
        waiter,
      )
    const unsaid = await pozoleOnTerminal({})
    expect(unsaid.status).toBe(400)
    expect(await textOf(unsaid)).toContain('Elige si la tarjeta de la terminal es de crédito o de débito')
    expect(await toastShown(await pozoleOnTerminal({ cardFunding: 'debit' }), waiter)).toContain('Pago registrado')
    await tap('charge-terminal-credit-23200')
    await delivered(table.sessionId)

    const { results: paid } = await env.DB.prepare(
      'SELECT id, amount_cents AS cents FROM payments WHERE session_id = ? ORDER BY amount_cents',
    )
      .bind(table.sessionId)
      .all<{ id: string; cents: number }>()
    expect(paid.map((payment) => payment.cents)).toEqual([11_600, 23_200])
    const formOf = async (paymentId: string) =>
      (await sent('/v2/receipts')).find((request) => request.body.external_id === paymentId && request.status === 200)
        ?.body.payment_form
    await expect.poll(() => formOf(paid[0]!.id)).toBe('28')
    await expect.poll(() => formOf(paid[1]!.id)).toBe('04')
  })
})

describe('a nota de crédito Facturapi keeps refusing', () => {
  it('is tried again every minute and, after ten minutes, alerted once to those who keep the books (never the waiter), then issued', async () => {
    const table = await seedTable([{ name: 'Mole', priceCents: 23_200 }])
    const owner = await staffCookieOf(table.restaurantId)
    // This test's own organization: the faults it arms reach no other test.
    const organization = FACTURAPI_STANDIN_ORGANIZATIONS[1]
    await connectFacturapi(owner, 'month', organization)
    const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipAmount=0`)
    const { receiptUrl } = await confirmationOf(await form.submit(), form.cookie)
    await delivered(table.sessionId)
    const { id: paymentId } = (await env.DB.prepare('SELECT id FROM payments WHERE session_id = ?')
      .bind(table.sessionId)
      .first<{ id: string }>())!
    expect((await postForm(receiptUrl, factura())).status).toBe(302)
    const { data } = (await (await fetch(`${STANDIN}/_standin/organizations`)).json()) as {
      data: { id: string; key: string }[]
    }
    const organizationId = data.find((each) => each.key === organization.key)!.id
    await fetch(`${STANDIN}/_standin/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        method: 'POST',
        path: '/v2/invoices',
        fault: '500-before',
        times: 3,
        organization: organizationId,
      }),
    })
    const [manager, waiter] = await Promise.all([
      staffCookieOf(table.restaurantId, 'manager'),
      staffCookieOf(table.restaurantId, 'waiter'),
    ])
    const refund = await closedBillRefunds(table, manager, paymentId)
    await refund('58')
    const documentOf = () =>
      env.DB.prepare('SELECT id, status, created_at AS createdAt FROM fiscal_documents WHERE payment_id = ?')
        .bind(paymentId)
        .first<{ id: string; status: string; createdAt: number }>()
    await expect.poll(async () => (await documentOf())?.status).toBe('failed')
    const alertsOf = async (cookie: string) =>
      [
        ...(await textOf(await getPage('/admin/alerts', cookie))).matchAll(
          /data-testid="alert" data-kind="fiscal-failed"/g,
        ),
      ].length
    const hub = env.RESTAURANT_HUB.get(env.RESTAURANT_HUB.idFromName(table.restaurantId))

    // A minute later, still refused: not yet alerted.
    await runDurableObjectAlarm(hub)
    expect(await alertsOf(owner)).toBe(0)

    // Ten minutes of refusals: the owner and the manager are told once, in Facturapi's words; the waiter is not.
    await env.DB.prepare('UPDATE fiscal_documents SET created_at = created_at - 600000 WHERE payment_id = ?')
      .bind(paymentId)
      .run()
    await runDurableObjectAlarm(hub)
    expect(await alertsOf(owner)).toBe(1)
    expect(await alertsOf(manager)).toBe(1)
    expect(await alertsOf(waiter)).toBe(0)
    const list = await textOf(await getPage('/admin/alerts', owner))
    expect(list).toContain('Facturapi no emite la nota de crédito de un reembolso de $58.00')
    expect(list).toContain('una falla inyectada en el stand-in de Facturapi')

    // Facturapi takes it at last: issued, and still one alert.
    await runDurableObjectAlarm(hub)
    expect((await documentOf())?.status).toBe('issued')
    expect(await alertsOf(owner)).toBe(1)
  })
})
