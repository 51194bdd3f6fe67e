import { env, runDurableObjectAlarm } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { closedBillRefunds, connectedReceipt, ORGANIZATION, sent, STANDIN } from './facturapi-fixtures'
import { facturaFields as factura, getPage, pageText as textOf, postForm, staffCookieOf, toastShown } from './fixtures'

/** The taxpayer the diner meant to name: registered with the SAT, as the stand-in knows it. */
const RIGHT = { rfc: 'VADA800927DJ3', legalName: 'DAVID VARGAS DIAZ', postalCode: '44100', taxRegime: '612' }

async function standIn(path: string, body: unknown) {
  const response = await fetch(`${STANDIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  return response.json()
}

/** An invoice as Facturapi answers it to the restaurant (every test here issues with the first organization). */
async function invoiceOf(id: string) {
  const response = await fetch(`${STANDIN}/v2/invoices/${id}`, {
    headers: { Authorization: `Bearer ${ORGANIZATION!.key}` },
  })
  return (await response.json()) as {
    uuid: string
    status: string
    total: number
    cancellation: { motive: string; substitution: string } | null
  }
}

const knowRight = () =>
  standIn('/_standin/taxpayers', {
    tax_id: RIGHT.rfc,
    legal_name: RIGHT.legalName,
    zip: RIGHT.postalCode,
    tax_systems: [RIGHT.taxRegime],
  })

/** A payment's factura requests, oldest first. */
const requestsOf = async (paymentId: string) =>
  (
    await env.DB.prepare(
      'SELECT id, status, rfc, facturapi_invoice_id AS invoiceId, substituted_by AS substitutedBy, cancellation_status AS cancellation FROM invoice_requests WHERE payment_id = ? ORDER BY created_at',
    )
      .bind(paymentId)
      .all<{
        id: string
        status: string
        rfc: string
        invoiceId: string | null
        substitutedBy: string | null
        cancellation: string | null
      }>()
  ).results

/** A diner's factura issued to the wrong receiver (as they typed it), and the restaurant's staff. */
async function wrongFactura(priceCents?: number) {
  const paid = await connectedReceipt('0', priceCents)
  expect((await postForm(paid.receiptUrl, factura())).status).toBe(302)
  const [issued] = await requestsOf(paid.paymentId)
  expect(issued).toMatchObject({ status: 'issued' })
  const [manager, waiter] = await Promise.all([
    staffCookieOf(paid.table.restaurantId, 'manager'),
    staffCookieOf(paid.table.restaurantId, 'waiter'),
  ])
  return { ...paid, wrong: issued!, manager, waiter }
}

/** Staff's "Corregir datos fiscales" on Facturas, as the form sends it. */
const correct = (requestId: string, cookie: string, receiver = RIGHT) =>
  postForm(
    '/admin/invoices?status=issued',
    { ...factura(), ...receiver, email: 'david@example.com', intent: 'substitute', requestId },
    cookie,
  )

describe('a factura issued to the wrong receiver', () => {
  it('is corrected by a manager: a substitute to the right one related with 04, the wrong one cancelled with motive 01 naming it; once, even sent twice at once; never by a waiter', async () => {
    await knowRight()
    const { receiptUrl, paymentId, wrong, manager, waiter } = await wrongFactura()

    // The waiter may neither see the facturas nor correct one.
    expect((await getPage('/admin/invoices?status=issued', waiter)).status).toBe(403)
    expect((await correct(wrong.id, waiter)).status).toBe(403)
    expect(await textOf(await getPage('/admin/invoices?status=issued', manager))).toContain('Corregir datos fiscales')

    // A name that is not the one the SAT has for that RFC: Facturapi's words, and nothing changed.
    const refused = await correct(wrong.id, manager, { ...RIGHT, legalName: 'DAVID VARGAS' })
    expect(refused.status).toBe(422)
    expect(await textOf(refused)).toContain('Facturapi no emitió la factura corregida')
    expect(await requestsOf(paymentId)).toEqual([expect.objectContaining({ id: wrong.id, status: 'issued' })])

    // The manager sends the form twice at once (a double tap): one substitute.
    const answers = await Promise.all([correct(wrong.id, manager), correct(wrong.id, manager)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409])
    const done = answers.find((answer) => answer.status === 302)!
    expect(await toastShown(done, manager)).toContain('Factura corregida')

    const [old, substitute] = await requestsOf(paymentId)
    expect(old).toMatchObject({ id: wrong.id, status: 'substituted', substitutedBy: substitute!.id })
    expect(substitute).toMatchObject({ status: 'issued', rfc: RIGHT.rfc })
    // $232.00 issued less than a day ago: the SAT cancels it without asking the receiver.
    expect(old!.cancellation).toBe('accepted')

    const made = (await sent('/v2/invoices')).filter((request) => request.body.type === 'I')
    const mine = made.filter((request) => request.body.external_id === substitute!.id)
    expect(mine.map((request) => request.status)).toEqual([200])
    const [wrongInvoice, substituteInvoice] = await Promise.all([
      invoiceOf(old!.invoiceId!),
      invoiceOf(substitute!.invoiceId!),
    ])
    expect(mine[0]!.body).toMatchObject({
      customer: { tax_id: RIGHT.rfc, legal_name: RIGHT.legalName, tax_system: '612', address: { zip: '44100' } },
      related_documents: [{ relationship: '04', documents: [wrongInvoice.uuid] }],
      items: [{ quantity: 1, product: { price: 232, product_key: '90101501', tax_included: true } }],
    })
    expect(substituteInvoice.total).toBe(232)
    expect(wrongInvoice.status).toBe('canceled')
    expect(wrongInvoice.cancellation).toMatchObject({ motive: '01', substitution: substituteInvoice.uuid })

    // The diner's receipt gives the corrected factura, to download.
    expect(await textOf(await getPage(receiptUrl))).toContain('data-testid="factura-pdf"')
    const xml = await (await getPage(`${receiptUrl}/factura/xml`)).text()
    expect(xml).toContain(`Rfc="${RIGHT.rfc}"`)
    expect(xml).toContain(`UUID="${wrongInvoice.uuid}"`)
    const list = await textOf(await getPage('/admin/invoices?status=substituted', manager))
    expect(list).toContain('EDGAR GONZÁLEZ DÍAZ')
    expect(list).toContain(`DAVID VARGAS DIAZ · ${RIGHT.rfc}`)
    expect(list).toContain('Cancelada')
  })
})

describe('a correction whose cancellation waits on the receiver', () => {
  it('is followed until the SAT decides: refused, a nota de crédito for the whole wrong factura undoes it; unanswered three days, it stands cancelled', async () => {
    await knowRight()
    // Two facturas of $1,500.00 issued two days ago: their receiver must accept a cancellation.
    const refusedOne = await wrongFactura(150_000)
    const silentOne = await wrongFactura(150_000)
    for (const { paymentId } of [refusedOne, silentOne])
      await standIn(`/_standin/invoices/${(await requestsOf(paymentId))[0]!.invoiceId}/age`, { seconds: 2 * 86_400 })

    for (const { wrong, manager } of [refusedOne, silentOne])
      expect((await correct(wrong.id, manager)).status).toBe(302)
    const [waiting] = await requestsOf(refusedOne.paymentId)
    expect(waiting!.cancellation).toBe('pending')
    expect(await textOf(await getPage('/admin/invoices?status=substituted', refusedOne.manager))).toContain(
      'Espera la aceptación del receptor',
    )

    // The first receiver refuses; the second says nothing for three days.
    await standIn(`/_standin/invoices/${waiting!.invoiceId}/cancellation`, { answer: 'rejected' })
    const [silent] = await requestsOf(silentOne.paymentId)
    await standIn(`/_standin/invoices/${silent!.invoiceId}/age`, { seconds: 3 * 86_400 })

    // The hub asks again once its quarter of an hour has passed.
    for (const { table, paymentId } of [refusedOne, silentOne]) {
      await env.DB.prepare(
        'UPDATE invoice_requests SET cancellation_checked_at = cancellation_checked_at - 900000 WHERE payment_id = ?',
      )
        .bind(paymentId)
        .run()
      await runDurableObjectAlarm(env.RESTAURANT_HUB.get(env.RESTAURANT_HUB.idFromName(table.restaurantId)))
    }
    expect((await requestsOf(refusedOne.paymentId))[0]!.cancellation).toBe('rejected')
    expect((await requestsOf(silentOne.paymentId))[0]!.cancellation).toBe('expired')

    // The refused one stands at the SAT: an egreso to its receiver for all of it, related with 01.
    const egresos = (await sent('/v2/invoices')).filter(
      (request) => request.body.type === 'E' && request.body.external_id === `factura:${waiting!.id}`,
    )
    expect(egresos.map((request) => request.status)).toEqual([200])
    const wrongUuid = (await invoiceOf(waiting!.invoiceId!)).uuid
    expect(egresos[0]!.body).toMatchObject({
      customer: { tax_id: 'GODE561231GR8' },
      use: 'G02',
      related_documents: [{ relationship: '01', documents: [wrongUuid] }],
      items: [{ product: { price: 1500, tax_included: true } }],
    })
    // None for the one the SAT took as cancelled.
    expect(
      (await sent('/v2/invoices')).filter((request) => request.body.external_id === `factura:${silent!.id}`),
    ).toEqual([])

    const history = await textOf(await getPage(`/admin/tables/${refusedOne.table.tableId}`, refusedOne.manager))
    expect(history).toContain('el receptor no aceptó cancelarla')
    expect(history).toContain('Nota de crédito por $1,500.00: emitida')
  })

  it('is refused while a nota de crédito relates to the factura: the SAT cancels none while one stands', async () => {
    await knowRight()
    const { table, paymentId, wrong, manager } = await wrongFactura()
    const refund = await closedBillRefunds(table, manager, paymentId)
    await refund('58')
    await expect
      .poll(async () =>
        env.DB.prepare('SELECT status FROM fiscal_documents WHERE payment_id = ?').bind(paymentId).first('status'),
      )
      .toBe('issued')
    const answer = await correct(wrong.id, manager)
    expect(answer.status).toBe(409)
    expect(await textOf(answer)).toContain('Esta factura tiene notas de crédito')
    expect(await requestsOf(paymentId)).toEqual([expect.objectContaining({ id: wrong.id, status: 'issued' })])
  })
})
