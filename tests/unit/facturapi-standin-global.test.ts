import { describe, expect, it } from 'vitest'
import { ANA, FONDA, MOLE, refusal, setUp, textOf } from './facturapi-standin-setup'

/**
 * The global invoice (Create global invoice): the open receipts of one
 * period invoiced to PUBLICO EN GENERAL, through the official SDK.
 */

const CASH = { payment_form: '01', items: [MOLE] }
const CARD = { payment_form: '04', items: [{ ...MOLE, quantity: 2 }] }

/** The calendar month before the current one in Mexico City, as `YYYY-MM`, and its months code and year. */
function lastMonth() {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' })
    .format(Date.now())
    .split('-')
    .map(Number) as [number, number]
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 }
  const months = String(previous.month).padStart(2, '0')
  return { prefix: `${previous.year}-${months}`, months, year: previous.year }
}

describe('the global invoice', () => {
  it("invoices last period's open receipts to PUBLICO EN GENERAL and marks them invoiced_globally", async () => {
    const { facturapi } = setUp()
    const { prefix, months, year } = lastMonth()
    const card = await facturapi.receipts.create({ ...CARD, date: `${prefix}-10T13:00:00` })
    const cash = await facturapi.receipts.create({ ...CASH, date: `${prefix}-20T21:30:00` })
    const canceled = await facturapi.receipts.create({ ...CASH, date: `${prefix}-11T13:00:00` })
    await facturapi.receipts.cancel(canceled.id)
    const toAna = await facturapi.receipts.create({ ...CASH, date: `${prefix}-12T13:00:00` })
    await facturapi.receipts.invoice(toAna.id, { customer: ANA, use: 'G03' })
    const current = await facturapi.receipts.create(CASH)

    const invoice = (await facturapi.receipts.createGlobalInvoice({ periodicity: 'month' }))!
    expect(invoice).toMatchObject({
      status: 'valid',
      use: 'S01',
      total: 348,
      // Paid several ways, the invoice names the form that paid the most (here the card's MX$232.00).
      payment_form: '04',
      global: { periodicity: 'month', months, year },
      customer: {
        legal_name: 'PUBLICO EN GENERAL',
        tax_id: 'XAXX010101000',
        tax_system: '616',
        address: { zip: FONDA.zip, country: 'MEX' },
      },
    })
    // One concept per receipt, as SAT's guide to global invoices asks, the ticket's folio as NoIdentificacion.
    expect(invoice.items.map(({ quantity, product }) => ({ quantity, ...product }))).toMatchObject([
      {
        quantity: 1,
        description: 'Venta',
        product_key: '01010101',
        unit_key: 'ACT',
        price: 232,
        sku: String(card.folio_number),
      },
      {
        quantity: 1,
        description: 'Venta',
        product_key: '01010101',
        unit_key: 'ACT',
        price: 116,
        sku: String(cash.folio_number),
      },
    ])
    for (const receipt of [card, cash])
      expect(await facturapi.receipts.retrieve(receipt.id)).toMatchObject({
        status: 'invoiced_globally',
        invoice: invoice.id,
        customer: invoice.customer.id,
      })
    expect((await facturapi.receipts.retrieve(current.id)).status).toBe('open')
    expect((await facturapi.receipts.retrieve(canceled.id)).status).toBe('canceled')
    // A receipt in a global invoice can no longer be invoiced to a customer.
    expect(await refusal(facturapi.receipts.invoice(cash.id, { customer: ANA }))).toMatchObject({
      code: 'receipt_not_open',
    })

    const xml = await textOf(await facturapi.invoices.downloadXml(invoice.id))
    expect(xml).toContain(`<cfdi:InformacionGlobal Periodicidad="04" Meses="${months}" Año="${year}"/>`)
    expect(xml).toContain(
      `<cfdi:Receptor Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" DomicilioFiscalReceptor="${FONDA.zip}" RegimenFiscalReceptor="616" UsoCFDI="S01"/>`,
    )
    expect(xml).toContain(
      `<cfdi:Concepto ClaveProdServ="01010101" NoIdentificacion="${card.folio_number}" Cantidad="1" ClaveUnidad="ACT" Unidad="Actividad" Descripcion="Venta" ValorUnitario="200.000000" Importe="200.00" ObjetoImp="02">`,
    )
    expect(xml).toContain('SubTotal="300.00"')
    expect(xml).toContain('Total="348.00"')
  })

  // Facturapi's docs: "Created Invoice object, or null when the period has no open receipts".
  it('answers null when the period has no open receipt left', async () => {
    const { facturapi } = setUp()
    const { prefix } = lastMonth()
    await facturapi.receipts.create({ ...CASH, date: `${prefix}-05T12:00:00` })
    expect(await facturapi.receipts.createGlobalInvoice({ periodicity: 'month' })).not.toBeNull()
    expect(await facturapi.receipts.createGlobalInvoice({ periodicity: 'month' })).toBeNull()
  })

  it('takes an explicit range within one period of its periodicity, on the organization calendar', async () => {
    const { facturapi } = setUp()
    const inside = await facturapi.receipts.create({ ...CASH, date: '2026-05-02T23:30:00' })
    await facturapi.receipts.create({ ...CASH, date: '2026-05-03T00:30:00' })
    const day = { periodicity: 'day', from: '2026-05-02', to: '2026-05-02T23:59:59' }
    const invoice = (await facturapi.receipts.createGlobalInvoice(day))!
    expect(invoice).toMatchObject({ global: { periodicity: 'day', months: '05', year: 2026 }, total: 116 })
    // Dated at the end of its range, in the past.
    expect(invoice.date).toBe('2026-05-03T05:59:59.000Z')
    expect((await facturapi.receipts.retrieve(inside.id)).status).toBe('invoiced_globally')

    const refused = (body: Record<string, unknown>) => refusal(facturapi.receipts.createGlobalInvoice(body))
    expect(await refused({ ...day, to: '2026-05-03T00:30:00' })).toMatchObject({
      status: 400,
      code: 'invalid_global_invoice_period',
    })
    expect(await refused({ ...day, from: '2026-05-03' })).toMatchObject({ code: 'invalid_date_range' })
    expect(await refused({ periodicity: 'day', from: '2026-05-02' })).toMatchObject({
      path: 'to',
      errors: [{ code: 'required' }],
    })
    expect(await refused({ from: '2026-05-02', to: '2026-05-02' })).toMatchObject({
      path: 'periodicity',
      errors: [{ code: 'required' }],
    })
    expect(await refused({ ...day, periodicity: 'year' })).toMatchObject({
      path: 'periodicity',
      errors: [{ code: 'invalid_value' }],
    })
    expect(await refused({ ...day, from: 'May 2nd' })).toMatchObject({
      path: 'from',
      errors: [{ code: 'invalid_format' }],
    })
  })

  it('states two months as a bimester (c_Meses 13–18), and only then', async () => {
    const { facturapi } = setUp()
    await facturapi.receipts.create({ ...CASH, date: '2026-04-20T12:00:00' })
    const bimester = { periodicity: 'two_months', from: '2026-03-01', to: '2026-04-30T23:59:59' }
    expect(await refusal(facturapi.receipts.createGlobalInvoice({ ...bimester, months: '04' }))).toMatchObject({
      path: 'months',
      errors: [{ code: 'not_allowed' }],
    })
    expect(
      await refusal(
        facturapi.receipts.createGlobalInvoice({
          periodicity: 'month',
          from: '2026-04-01',
          to: '2026-04-30',
          months: '14',
        }),
      ),
    ).toMatchObject({ path: 'months' })
    const invoice = (await facturapi.receipts.createGlobalInvoice(bimester))!
    expect(invoice.global).toEqual({ periodicity: 'two_months', months: '14', year: 2026 })
    expect(await textOf(await facturapi.invoices.downloadXml(invoice.id))).toContain(
      '<cfdi:InformacionGlobal Periodicidad="05" Meses="14" Año="2026"/>',
    )
  })

  it('takes only the receipts of one payment form when asked, leaving the rest open', async () => {
    const { facturapi } = setUp()
    const cash = await facturapi.receipts.create({ ...CASH, date: '2026-05-04T12:00:00' })
    const card = await facturapi.receipts.create({ ...CARD, date: '2026-05-05T12:00:00' })
    const week = { periodicity: 'week', from: '2026-05-04', to: '2026-05-10T23:59:59' }
    const cashOnly = (await facturapi.receipts.createGlobalInvoice({ ...week, payment_form: '01' }))!
    expect(cashOnly).toMatchObject({ payment_form: '01', total: 116 })
    expect((await facturapi.receipts.retrieve(card.id)).status).toBe('open')
    expect((await facturapi.receipts.retrieve(cash.id)).invoice).toBe(cashOnly.id)
    expect(await facturapi.receipts.createGlobalInvoice(week)).toMatchObject({ payment_form: '04', total: 232 })
  })

  it('takes the receipts named in `receipts`, each open and in the range', async () => {
    const { facturapi } = setUp()
    const first = await facturapi.receipts.create({ ...CASH, date: '2026-05-06T12:00:00' })
    const second = await facturapi.receipts.create({ ...CASH, date: '2026-05-07T12:00:00' })
    const outside = await facturapi.receipts.create({ ...CASH, date: '2026-05-20T12:00:00' })
    const fortnight = { periodicity: 'fortnight', from: '2026-05-01', to: '2026-05-15T23:59:59' }
    expect(
      await refusal(facturapi.receipts.createGlobalInvoice({ ...fortnight, receipts: [first.id, outside.id] })),
    ).toMatchObject({ path: 'receipts.1', errors: [{ code: 'not_allowed' }] })
    expect(
      await refusal(facturapi.receipts.createGlobalInvoice({ periodicity: 'fortnight', receipts: [first.id] })),
    ).toMatchObject({ path: 'from', errors: [{ code: 'required' }] })
    const invoice = (await facturapi.receipts.createGlobalInvoice({ ...fortnight, receipts: [second.id] }))!
    expect(invoice.items.map((item) => item.product.sku)).toEqual([String(second.folio_number)])
    expect((await facturapi.receipts.retrieve(first.id)).status).toBe('open')
  })

  it('states a receipt that mixes IVA rates as one concept per rate', async () => {
    const { facturapi } = setUp()
    const receipt = await facturapi.receipts.create({
      payment_form: '01',
      date: '2026-05-08T12:00:00',
      items: [
        MOLE,
        { product: { description: 'Postre', product_key: '50192100', price: 54, taxes: [{ rate: 0.08 }] } },
      ],
    })
    const invoice = (await facturapi.receipts.createGlobalInvoice({
      periodicity: 'day',
      from: '2026-05-08',
      to: '2026-05-08T23:59:59',
    }))!
    expect(invoice.items.map(({ product }) => [product.sku, product.price, product.taxes[0]?.rate])).toEqual([
      [String(receipt.folio_number), 116, 0.16],
      [String(receipt.folio_number), 54, 0.08],
    ])
    expect(invoice.total).toBe(receipt.total)
  })

  // ReceiptGlobalInvoiceErrorCode: at most 5,000 receipts; `limit_to_max_receipts` takes the first 5,000.
  it('refuses more than 5,000 receipts unless told to take the first 5,000', async () => {
    const { facturapi } = setUp()
    await Promise.all(
      Array.from({ length: 5001 }, () => facturapi.receipts.create({ ...CASH, date: '2026-05-09T12:00:00' })),
    )
    const day = { periodicity: 'day', from: '2026-05-09', to: '2026-05-09T23:59:59' }
    expect(await refusal(facturapi.receipts.createGlobalInvoice(day))).toMatchObject({
      code: 'global_invoice_too_many_items',
    })
    expect((await facturapi.receipts.createGlobalInvoice({ ...day, limit_to_max_receipts: true }))!.items).toHaveLength(
      5000,
    )
    expect((await facturapi.receipts.createGlobalInvoice({ ...day, limit_to_max_receipts: true }))!.items).toHaveLength(
      1,
    )
    expect(await facturapi.receipts.createGlobalInvoice({ ...day, limit_to_max_receipts: true })).toBeNull()
    // Five thousand receipts take a second or two on a busy machine.
  }, 30_000)
})
