import { describe, expect, it } from 'vitest'
import {
  ANA,
  bytesOf,
  clientOf,
  control,
  FONDA,
  MOLE,
  organizationId,
  refusal,
  setUp,
  TAQUERIA,
  textOf,
} from './facturapi-standin-setup'

/**
 * A receipt invoiced to its customer (Convert e-receipt to invoice), the
 * receiver checked as CFDI 4.0 checks it, and the invoice read, downloaded
 * and mailed, through the official SDK.
 */

const DAY = 24 * 60 * 60

async function invoiced(customer: Record<string, unknown> = ANA, options: Record<string, unknown> = {}) {
  const { standIn, facturapi } = setUp()
  const receipt = await facturapi.receipts.create({ payment_form: '28', items: [{ ...MOLE, quantity: 2 }] })
  const invoice = await facturapi.receipts.invoice(receipt.id, { customer, use: 'G03', ...options })
  return { standIn, facturapi, receipt, invoice }
}

describe('invoicing a receipt to its customer', () => {
  it("makes a stamped CFDI 4.0 invoice of the receipt's items and marks the receipt invoiced_to_customer", async () => {
    const { standIn, facturapi, receipt, invoice } = await invoiced(ANA, { series: 'F' })
    expect(invoice).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      organization: organizationId(standIn, FONDA.key),
      livemode: false,
      status: 'valid',
      type: 'I',
      cfdi_version: 4,
      uuid: expect.stringMatching(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/),
      series: 'F',
      folio_number: 1,
      total: 232,
      currency: 'MXN',
      use: 'G03',
      payment_form: '28',
      payment_method: 'PUE',
      cancellation_status: 'none',
      global: null,
      issuer_info: { legal_name: FONDA.legal_name, tax_id: FONDA.tax_id, tax_system: '601' },
      customer: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        legal_name: 'ANA LOPEZ PEREZ',
        tax_id: 'LOPA800101AB1',
        tax_system: '612',
        email: 'ana@example.com',
        address: { zip: '03100', country: 'MEX' },
      },
      address: { zip: FONDA.zip },
      stamp: { date: invoice.created_at },
    })
    expect(invoice.items).toEqual(receipt.items)
    expect(invoice.verification_url).toContain(`id=${invoice.uuid}&re=${FONDA.tax_id}&rr=LOPA800101AB1&tt=232.000000`)
    expect(await facturapi.invoices.retrieve(invoice.id)).toEqual(invoice)
    expect(await facturapi.receipts.retrieve(receipt.id)).toMatchObject({
      status: 'invoiced_to_customer',
      invoice: invoice.id,
      customer: invoice.customer.id,
    })
  })

  it('invoices a receipt once: a second attempt is receipt_not_open, and the folio counts on', async () => {
    const { facturapi, receipt } = await invoiced()
    expect(await refusal(facturapi.receipts.invoice(receipt.id, { customer: ANA }))).toMatchObject({
      status: 400,
      code: 'receipt_not_open',
    })
    const next = await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
    expect((await facturapi.receipts.invoice(next.id, { customer: ANA })).folio_number).toBe(2)
  })

  it("defaults the use of CFDI to G01, Facturapi's default", async () => {
    const { invoice } = await invoiced(ANA, { use: undefined })
    expect(invoice.use).toBe('G01')
  })

  it('takes an RFC in lower case or with spaces around, as SAT has it in upper case', async () => {
    const { invoice } = await invoiced({ ...ANA, tax_id: ' lopa800101ab1 ' })
    expect(invoice.customer.tax_id).toBe('LOPA800101AB1')
  })

  it('refuses a receiver CFDI 4.0 refuses, naming the field', async () => {
    const { facturapi } = setUp()
    const receipt = await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
    const refused = (customer: Record<string, unknown>, use = 'G03') =>
      refusal(facturapi.receipts.invoice(receipt.id, { customer, use }))
    const cases: [Record<string, unknown>, string, string, string?][] = [
      [{ ...ANA, tax_id: 'LOPA8001' }, 'customer.tax_id', 'invalid_format'],
      [{ ...ANA, tax_id: 'LOPA801301AB1' }, 'customer.tax_id', 'invalid_format'],
      // A sale to the general public belongs in the global invoice, not in a self-invoice.
      [{ ...ANA, tax_id: 'XAXX010101000', tax_system: '616' }, 'customer.tax_id', 'not_allowed', 'S01'],
      [{ ...ANA, tax_id: 'XEXX010101000', tax_system: '616' }, 'customer.tax_id', 'not_allowed', 'S01'],
      [{ ...ANA, tax_system: '999' }, 'customer.tax_system', 'tax_system_not_in_catalog'],
      // A 13-character RFC is a persona física: 601 is a regime of personas morales only.
      [{ ...ANA, tax_system: '601' }, 'customer.tax_system', 'not_allowed'],
      [
        { ...ANA, legal_name: 'DULCERIA SA', tax_id: 'DUL990101AB1', tax_system: '612' },
        'customer.tax_system',
        'not_allowed',
      ],
      // c_UsoCFDI: G03 is not for wages (605); S01 is for every regime.
      [{ ...ANA, tax_system: '605' }, 'use', 'not_allowed'],
      [{ ...ANA, address: { zip: '3100' } }, 'customer.address.zip', 'invalid_format'],
      [{ ...ANA, address: undefined }, 'customer.address', 'required'],
      [{ ...ANA, legal_name: ' ' }, 'customer.legal_name', 'required'],
      [{ ...ANA, email: 'ana' }, 'customer.email', 'invalid_format'],
      [{ ...ANA, curp: 'LOPA800101MDFRRN09' }, 'customer.curp', 'unknown_field'],
    ]
    for (const [customer, path, code, use] of cases)
      expect(await refused(customer, use), path).toMatchObject({ status: 400, path, errors: [{ code }] })
    expect(
      (await facturapi.receipts.invoice(receipt.id, { customer: { ...ANA, tax_system: '605' }, use: 'S01' })).use,
    ).toBe('S01')
  })

  it('needs a customer (the stand-in keeps none on receipts), and refuses saved customers and foreigners as not implemented', async () => {
    const { facturapi } = setUp()
    const receipt = await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
    expect(await refusal(facturapi.receipts.invoice(receipt.id, { use: 'G03' }))).toMatchObject({
      code: 'customer_could_not_be_resolved',
    })
    expect(
      await refusal(facturapi.receipts.invoice(receipt.id, { customer: '5f1e2d3c4b5a697887766554' })),
    ).toMatchObject({ path: 'customer', errors: [{ code: 'not_allowed' }] })
    expect(
      await refusal(
        facturapi.receipts.invoice(receipt.id, { customer: { ...ANA, address: { zip: '10001', country: 'USA' } } }),
      ),
    ).toMatchObject({ path: 'customer.address.country', errors: [{ code: 'not_allowed' }] })
    expect(await refusal(facturapi.receipts.invoice('000000000000000000000000', { customer: ANA }))).toMatchObject({
      status: 404,
      code: 'receipt_not_found',
    })
  })
})

describe("SAT's records of the receiver", () => {
  // CFDI 4.0 stamps only if name, fiscal zip code and regime match SAT's records (the error guide's TaxInfoValidationCode).
  it('checks an RFC a test registered: name (case and spaces aside), zip code and regime', async () => {
    const { standIn, facturapi } = setUp()
    standIn.taxpayers.register({
      tax_id: ANA.tax_id,
      legal_name: 'Ana López Pérez',
      zip: '03100',
      tax_systems: ['612'],
    })
    const receipt = await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
    const invoice = (customer: Record<string, unknown>) =>
      facturapi.receipts.invoice(receipt.id, { customer, use: 'G03' })
    expect(await refusal(invoice(ANA))).toMatchObject({
      status: 400,
      code: 'legal_name_mismatch',
      path: 'customer.legal_name',
    })
    expect(await refusal(invoice({ ...ANA, legal_name: 'ana  lópez PÉREZ', address: { zip: '03200' } }))).toMatchObject(
      {
        code: 'tax_address_zip_mismatch',
      },
    )
    expect(await refusal(invoice({ ...ANA, legal_name: 'Ana Perez', tax_system: '626' }))).toMatchObject({
      code: 'invalid_request',
      errors: [{ code: 'legal_name_mismatch' }, { code: 'tax_system_not_allowed_for_tax_id' }],
    })
    expect((await invoice({ ...ANA, legal_name: 'ANA LÓPEZ PÉREZ' })).status).toBe('valid')
  })

  it('is registered over HTTP too', async () => {
    const { standIn } = setUp()
    const registered = await control(standIn, 'POST', '/_standin/taxpayers', {
      tax_id: 'LOPA800101AB1',
      legal_name: 'ANA LOPEZ PEREZ',
      zip: '03100',
      tax_systems: ['612', '626'],
    })
    expect(registered).toMatchObject({ status: 200, body: { tax_systems: ['612', '626'] } })
    expect(
      await control(standIn, 'POST', '/_standin/taxpayers', {
        tax_id: 'LOPA800101AB1',
        legal_name: 'ANA',
        zip: '03100',
        tax_systems: ['601'],
      }),
    ).toMatchObject({ status: 400, body: { code: 'invalid_request' } })
  })
})

describe('expiry', () => {
  // The self-invoicing guide: expires_at is issuance + duration_days (7 by default) or the end of the period
  // (a month by default), whichever comes first; it binds the portal only: "Receipts can be invoiced through the API at any time."
  it('dates expires_at on the organization calendar, and the API still invoices an open receipt after it', async () => {
    const { standIn, facturapi } = setUp()
    const early = await facturapi.receipts.create({ payment_form: '01', items: [MOLE], date: '2026-05-10T20:00:00' })
    expect(early.expires_at).toBe('2026-05-18T02:00:00.000Z')
    const late = await facturapi.receipts.create({ payment_form: '01', items: [MOLE], date: '2026-05-28T20:00:00' })
    expect(late.expires_at).toBe('2026-06-01T05:59:59.999Z')
    standIn.clock.advance(60 * DAY)
    expect((await facturapi.receipts.retrieve(late.id)).status).toBe('open')
    expect((await facturapi.receipts.invoice(late.id, { customer: ANA, use: 'G03' })).status).toBe('valid')
  })

  it("follows the organization's receipt settings and time zone", async () => {
    const { facturapi } = setUp([
      { ...FONDA, receipts: { periodicity: 'week', duration_days: 0 } },
      { ...TAQUERIA, receipts: { periodicity: 'fortnight', duration_days: 30 } },
    ])
    // Weeks run Monday to Sunday: 2026-05-13 is a Wednesday.
    const weekly = await facturapi.receipts.create({ payment_form: '01', items: [MOLE], date: '2026-05-13T09:00:00' })
    expect(weekly.expires_at).toBe('2026-05-18T05:59:59.999Z')
    // Tijuana keeps daylight saving time (UTC-7 in May).
    const fortnightly = await clientOf(TAQUERIA.key).receipts.create({
      payment_form: '01',
      items: [MOLE],
      date: '2026-05-03T09:00:00',
    })
    expect(fortnightly.date).toBe('2026-05-03T16:00:00.000Z')
    expect(fortnightly.expires_at).toBe('2026-05-16T06:59:59.999Z')
  })
})

describe('the invoice as files', () => {
  it('hands out the CFDI 4.0 XML with totals, receiver, concepts and the IVA transferred', async () => {
    const { facturapi, invoice } = await invoiced()
    const xml = await textOf(await facturapi.invoices.downloadXml(invoice.id))
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<cfdi:Comprobante xmlns:cfdi="http:\/\/www.sat.gob.mx\/cfd\/4"/,
    )
    for (const attribute of [
      'Version="4.0"',
      'SubTotal="200.00"',
      'Total="232.00"',
      'Moneda="MXN"',
      'TipoDeComprobante="I"',
      'MetodoPago="PUE"',
      'FormaPago="28"',
      `LugarExpedicion="${FONDA.zip}"`,
      `Folio="${invoice.folio_number}"`,
    ])
      expect(xml).toContain(attribute)
    expect(xml).toContain(`<cfdi:Emisor Rfc="${FONDA.tax_id}" Nombre="${FONDA.legal_name}" RegimenFiscal="601"/>`)
    expect(xml).toContain(
      '<cfdi:Receptor Rfc="LOPA800101AB1" Nombre="ANA LOPEZ PEREZ" DomicilioFiscalReceptor="03100" RegimenFiscalReceptor="612" UsoCFDI="G03"/>',
    )
    expect(xml).toContain(
      '<cfdi:Concepto ClaveProdServ="90101501" Cantidad="2" ClaveUnidad="E48" Unidad="Unidad de servicio" Descripcion="Mole poblano" ValorUnitario="100.000000" Importe="200.00" ObjetoImp="02"><cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="200.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="32.00"/>',
    )
    expect(xml).toContain('<cfdi:Impuestos TotalImpuestosTrasladados="32.00">')
    expect(xml).toContain(`UUID="${invoice.uuid}"`)
  })

  it('keeps the invoice total the receipt total to the centavo, IVA included or on top, per rate', async () => {
    const { facturapi } = setUp()
    const receipt = await facturapi.receipts.create({
      payment_form: '01',
      items: [
        { quantity: 3, product: { description: 'Taco', product_key: '90101501', price: 18.5 } },
        { product: { description: 'Café', product_key: '50201700', price: 33.33, tax_included: false } },
        { product: { description: 'Tortillas', product_key: '50221300', price: 12, taxability: '01' } },
        { product: { description: 'Postre', product_key: '50192100', price: 54, taxes: [{ rate: 0.08 }] } },
      ],
    })
    const invoice = await facturapi.receipts.invoice(receipt.id, { customer: ANA })
    expect(invoice.total).toBe(receipt.total)
    const xml = await textOf(await facturapi.invoices.downloadXml(invoice.id))
    // 55.50 with IVA is 47.84 + 7.66; 33.33 before IVA is 33.33 + 5.33; 54.00 at 8 % is 50.00 + 4.00.
    expect(xml).toContain(`Total="${receipt.total.toFixed(2)}"`)
    expect(xml).toContain('SubTotal="143.17"')
    expect(xml).toContain(
      '<cfdi:Traslado Base="81.17" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="12.99"/>',
    )
    expect(xml).toContain(
      '<cfdi:Traslado Base="50.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.080000" Importe="4.00"/>',
    )
    expect(xml).toContain('Descripcion="Tortillas" ValorUnitario="12.000000" Importe="12.00" ObjetoImp="01"/>')
  })

  it('hands out a PDF a viewer opens (its cross-reference table points at its objects)', async () => {
    const { facturapi, invoice } = await invoiced()
    const pdf = new TextDecoder().decode(await bytesOf(await facturapi.invoices.downloadPdf(invoice.id)))
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true)
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true)
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1])
    expect(pdf.slice(xref, xref + 4)).toBe('xref')
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((entry) => Number(entry[1]))
    offsets.forEach((offset, index) => expect(pdf.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`))
    // Parentheses in a PDF string are escaped.
    expect(pdf).toContain(String.raw`(Folio fiscal \(UUID\): ${invoice.uuid})`)
    expect(pdf).toContain('Total: $232.00 MXN')
  })

  it('hands out the XML and the PDF together in a ZIP', async () => {
    const { facturapi, invoice } = await invoiced()
    const zip = await bytesOf(await facturapi.invoices.downloadZip(invoice.id))
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
    const files: Record<string, Uint8Array> = {}
    for (let at = 0; view.getUint32(at, true) === 0x04034b50;) {
      const size = view.getUint32(at + 18, true)
      const nameLength = view.getUint16(at + 26, true)
      const name = new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLength))
      files[name] = zip.subarray(at + 30 + nameLength, at + 30 + nameLength + size)
      at += 30 + nameLength + size
    }
    expect(Object.keys(files)).toEqual([`${invoice.uuid}.xml`, `${invoice.uuid}.pdf`])
    expect(new TextDecoder().decode(files[`${invoice.uuid}.xml`])).toBe(
      await textOf(await facturapi.invoices.downloadXml(invoice.id)),
    )
    expect(files[`${invoice.uuid}.pdf`]).toEqual(await bytesOf(await facturapi.invoices.downloadPdf(invoice.id)))
    // The end of central directory record names both files.
    expect(view.getUint16(zip.length - 22 + 10, true)).toBe(2)
  })

  it("answers 404 invoice_not_found for another organization's invoice", async () => {
    const { invoice } = await invoiced()
    expect(await refusal(clientOf(TAQUERIA.key).invoices.downloadPdf(invoice.id))).toMatchObject({
      status: 404,
      code: 'invoice_not_found',
    })
  })
})

describe('mailing the invoice', () => {
  it("sends it to the customer's address, or to those given (up to 10), and keeps what was sent", async () => {
    const { standIn, facturapi, invoice } = await invoiced()
    expect(await facturapi.invoices.sendByEmail(invoice.id)).toEqual({ ok: true })
    await facturapi.invoices.sendByEmail(invoice.id, { email: ['conta@example.com', 'ana@example.org'] })
    expect(standIn.emails()).toMatchObject([
      { invoice: invoice.id, to: ['ana@example.com'] },
      { invoice: invoice.id, to: ['conta@example.com', 'ana@example.org'] },
    ])
    const many = Array.from({ length: 11 }, (_, index) => `c${index}@example.com`)
    expect(await refusal(facturapi.invoices.sendByEmail(invoice.id, { email: many }))).toMatchObject({
      path: 'email',
      errors: [{ code: 'too_large' }],
    })
    expect(
      await refusal(facturapi.invoices.sendByEmail(invoice.id, { email: ['ok@example.com', 'nope'] })),
    ).toMatchObject({
      path: 'email.1',
      errors: [{ code: 'invalid_format' }],
    })
    expect((await control(standIn, 'GET', '/_standin/emails')).body.data).toHaveLength(2)
  })

  it('refuses to send without an address: invoice_email_recipient_required', async () => {
    const { facturapi, invoice } = await invoiced({ ...ANA, email: undefined })
    expect(await refusal(facturapi.invoices.sendByEmail(invoice.id))).toMatchObject({
      status: 400,
      code: 'invoice_email_recipient_required',
    })
  })
})
