import { describe, expect, it } from 'vitest'
import { clientOf, FONDA, MOLE, organizationId, raw, refusal, setUp, TAQUERIA } from './facturapi-standin-setup'

/**
 * The Facturapi stand-in's keys and e-receipts, through the official SDK:
 * each behaviour as Facturapi's docs (its OpenAPI description, its guides
 * to errors, receipts and self-invoicing) describe it.
 */

describe('keys', () => {
  // "Authentication": every request carries a secret key, as a Bearer token; each key is one organization's.
  it('takes an organization secret key as a Bearer token and files what it makes under that organization', async () => {
    const { standIn, facturapi } = setUp()
    const receipt = await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
    expect(receipt).toMatchObject({ organization: organizationId(standIn, FONDA.key), livemode: false })
    expect(standIn.requests()[0]).toMatchObject({ method: 'POST', path: '/v2/receipts' })
  })

  it('takes the key as Basic auth user name too, as `curl -u sk_…:` and the SDK before 4.14 send it', async () => {
    const { standIn } = setUp()
    const response = await raw(standIn, '/v2/receipts', {
      headers: { Authorization: `Basic ${btoa(`${FONDA.key}:`)}` },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ page: 0, total_pages: 0, total_results: 0, data: [] })
  })

  // The error guide's AuthErrorCode: missing_credentials, api_key_invalid; 401 in the OpenAPI description.
  it('answers 401 missing_credentials without a key and api_key_invalid for one it does not know', async () => {
    const { standIn } = setUp()
    const missing = await raw(standIn, '/v2/receipts')
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ ok: false, status: 401, code: 'missing_credentials' })
    expect(await refusal(clientOf('sk_test_unknown_key').receipts.list())).toMatchObject({
      status: 401,
      code: 'api_key_invalid',
    })
    expect(standIn.requests().map((request) => request.organization)).toEqual([null, null])
  })

  it("keeps each organization's documents its own: another organization's receipt does not exist for it", async () => {
    const { facturapi } = setUp()
    const taqueria = clientOf(TAQUERIA.key)
    const receipt = await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
    expect(await refusal(taqueria.receipts.retrieve(receipt.id))).toMatchObject({
      status: 404,
      code: 'receipt_not_found',
    })
    expect(await taqueria.receipts.list()).toMatchObject({ total_results: 0 })
    // Folios are counted per organization.
    expect((await taqueria.receipts.create({ payment_form: '01', items: [MOLE] })).folio_number).toBe(1)
    expect((await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })).folio_number).toBe(2)
  })

  it('makes live-mode documents with a live key', async () => {
    const live = { ...FONDA, key: 'sk_live_fonda_la_esquina' }
    const { facturapi } = setUp([live])
    expect((await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })).livemode).toBe(true)
  })

  it('refuses to be made with an organization SAT would not take', () => {
    expect(() => setUp([{ ...FONDA, tax_id: 'FES18010' }])).toThrow(/is not an RFC/)
    expect(() => setUp([{ ...FONDA, tax_system: '612' }])).toThrow(/not one for the RFC/)
    expect(() => setUp([FONDA, { ...TAQUERIA, key: FONDA.key }])).toThrow(/its own key/)
  })
})

describe('creating a receipt', () => {
  it("answers the Receipt object of the SDK's types, its total the items' with tax", async () => {
    const { standIn, facturapi } = setUp()
    const receipt = await facturapi.receipts.create({
      payment_form: '04',
      items: [
        { ...MOLE, quantity: 2 },
        { product: { description: 'Agua de jamaica', product_key: '50202300', price: 25.5, sku: 'bebida-7' } },
      ],
      external_id: 'bill-41',
      branch: 'Roma Norte',
    })
    expect(receipt).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'open',
      total: 257.5,
      currency: 'MXN',
      exchange: 1,
      payment_form: '04',
      folio_number: 1,
      external_id: 'bill-41',
      idempotency_key: null,
      branch: 'Roma Norte',
      invoice: null,
      key: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
    })
    // Dates are ISO 8601 in UTC, from the stand-in's clock; without `date`, the receipt is dated when it is made.
    expect(Math.abs(new Date(receipt.created_at).getTime() - standIn.clock.now())).toBeLessThan(1000)
    expect(receipt.date).toBe(receipt.created_at)
    // "During the development stage, and until you choose a domain, the domain for all your receipts will be demo."
    expect(receipt.self_invoice_url).toBe(`https://factura.space/demo/${receipt.key}`)
    // Defaults of Create Receipt: unit H87 "Elemento", tax included, taxability 02 with IVA 16 %.
    expect(receipt.items[1]).toEqual({
      quantity: 1,
      discount: 0,
      product: {
        description: 'Agua de jamaica',
        product_key: '50202300',
        unit_key: 'H87',
        unit_name: 'Elemento',
        price: 25.5,
        tax_included: true,
        taxability: '02',
        taxes: [{ type: 'IVA', rate: 0.16, factor: 'Tasa', withholding: false }],
        local_taxes: [],
        sku: 'bebida-7',
      },
      customs_keys: [],
      parts: [],
      property_tax_account: [],
    })
  })

  it('adds the tax to a price that excludes it, and charges none for a concept not subject to tax', async () => {
    const { facturapi } = setUp()
    const receipt = await facturapi.receipts.create({
      payment_form: '03',
      items: [
        { quantity: 3, product: { description: 'Café', product_key: '50201700', price: 20, tax_included: false } },
        { product: { description: 'Tortillas', product_key: '50221300', price: 10, taxability: '01' } },
        { product: { description: 'Postre', product_key: '50192100', price: 54, taxes: [{ rate: 0.08 }] } },
      ],
    })
    expect(receipt.total).toBe(69.6 + 10 + 54)
    expect(receipt.items[1]!.product.taxes).toEqual([])
  })

  it('takes a date in any ISO 8601 form, one without a zone in the organization time zone', async () => {
    const { facturapi } = setUp()
    const midday = await facturapi.receipts.create({ payment_form: '01', items: [MOLE], date: '2026-03-10T12:00:00' })
    expect(midday.date).toBe('2026-03-10T18:00:00.000Z')
    const day = await facturapi.receipts.create({ payment_form: '01', items: [MOLE], date: '2026-03-10' })
    expect(day.date).toBe('2026-03-10T06:00:00.000Z')
    const utc = await facturapi.receipts.create({ payment_form: '01', items: [MOLE], date: '2026-03-10T12:00:00Z' })
    expect(utc.date).toBe('2026-03-10T12:00:00.000Z')
  })

  it('refuses what the input contract refuses, naming the field: 400 invalid_request in the error guide shape', async () => {
    const { standIn, facturapi } = setUp()
    const refused = (body: Record<string, unknown>) => refusal(facturapi.receipts.create(body))
    expect(await refused({ payment_form: '01' })).toMatchObject({
      status: 400,
      code: 'invalid_request',
      path: 'items',
      location: 'body',
      message: 'El campo "items" es requerido.',
      errors: [
        {
          code: 'required',
          source: 'facturapi',
          location: 'body',
          path: 'items',
          message: 'El campo "items" es requerido.',
        },
      ],
    })
    expect(await refused({ items: [MOLE] })).toMatchObject({ path: 'payment_form', errors: [{ code: 'required' }] })
    expect(await refused({ payment_form: '07', items: [MOLE] })).toMatchObject({
      path: 'payment_form',
      errors: [{ code: 'invalid_value' }],
    })
    expect(await refused({ payment_form: '01', items: [MOLE], tip: 20 })).toMatchObject({
      path: 'tip',
      errors: [{ code: 'unknown_field' }],
    })
    const item = (product: Record<string, unknown>, more: Record<string, unknown> = {}) =>
      refused({ payment_form: '01', items: [MOLE, { ...more, product: { ...MOLE.product, ...product } }] })
    expect(await item({ product_key: '9010150' })).toMatchObject({
      path: 'items.1.product.product_key',
      errors: [{ code: 'invalid_format' }],
    })
    expect(await item({ description: '' })).toMatchObject({ path: 'items.1.product.description' })
    expect(await item({ price: '116' })).toMatchObject({
      path: 'items.1.product.price',
      errors: [{ code: 'invalid_type' }],
    })
    expect(await item({ price: 0 })).toMatchObject({ path: 'items.1.product.price', errors: [{ code: 'too_small' }] })
    expect(await item({}, { quantity: 0 })).toMatchObject({ path: 'items.1.quantity', errors: [{ code: 'too_small' }] })
    expect(await item({ unit_key: 'ZZZ' })).toMatchObject({
      path: 'items.1.product.unit_key',
      errors: [{ code: 'unit_key_not_found' }],
    })
    expect(await item({ taxes: [{ type: 'IVA', rate: 0.15 }] })).toMatchObject({
      path: 'items.1.product.taxes.0.rate',
      errors: [{ code: 'invalid_value' }],
    })
    expect(await item({ taxes: [] })).toMatchObject({
      path: 'items.1.product.taxes',
      errors: [{ code: 'not_allowed' }],
    })
    expect(await item({ taxability: '01', taxes: [{ rate: 0.16 }] })).toMatchObject({
      path: 'items.1.product.taxes',
      errors: [{ code: 'not_allowed' }],
    })
    expect(standIn.state.receipts.size).toBe(0)
  })

  // SAT: a CFDI paid in one payment (MetodoPago PUE), as a receipt's sale is, cannot have FormaPago 99.
  it('refuses "99 Por definir" as the payment form of a sale already paid', async () => {
    const { facturapi } = setUp()
    expect(await refusal(facturapi.receipts.create({ payment_form: '99', items: [MOLE] }))).toMatchObject({
      path: 'payment_form',
      errors: [{ code: 'not_allowed' }],
    })
  })

  it('refuses loudly what Facturapi takes but the stand-in does not implement', async () => {
    const { facturapi } = setUp()
    const cases: [Record<string, unknown>, string][] = [
      [{ items: [{ ...MOLE, discount: 10 }] }, 'items.0.discount'],
      [{ items: [{ product: '5f1e2d3c4b5a697887766554' }] }, 'items.0.product'],
      [
        { items: [{ product: { ...MOLE.product, taxes: [{ type: 'IEPS', rate: 0.265 }] } }] },
        'items.0.product.taxes.0.type',
      ],
      [{ items: [MOLE], customer: { legal_name: 'ANA' } }, 'customer'],
      [{ items: [MOLE], currency: 'USD' }, 'currency'],
    ]
    for (const [body, path] of cases) {
      const error = await refusal(facturapi.receipts.create({ payment_form: '01', ...body }))
      expect(error, path).toMatchObject({ status: 400, path, errors: [{ code: 'not_allowed' }] })
      expect(error.message).toContain('El stand-in de Facturapi no implementa')
    }
  })

  it('refuses a body that is not JSON as invalid_json', async () => {
    const { standIn } = setUp()
    const response = await raw(standIn, '/v2/receipts', {
      method: 'POST',
      headers: { Authorization: `Bearer ${FONDA.key}`, 'Content-Type': 'application/json' },
      body: '{"payment_form": "01",',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'invalid_json' })
  })
})

describe('idempotency_key', () => {
  // "Unique identifier that you can use to avoid duplicates when retrying a request … unique for each document."
  it('never makes a second receipt with a key already used: 409 idempotency_key_in_use, by default', async () => {
    const { standIn, facturapi } = setUp()
    const body = { payment_form: '04', items: [MOLE], idempotency_key: 'payment-8f2c' }
    const first = await facturapi.receipts.create(body)
    expect(first.idempotency_key).toBe('payment-8f2c')
    expect(await refusal(facturapi.receipts.create(body))).toMatchObject({
      status: 409,
      code: 'idempotency_key_in_use',
    })
    expect(await refusal(facturapi.receipts.create({ ...body, items: [{ ...MOLE, quantity: 2 }] }))).toMatchObject({
      status: 409,
    })
    expect(standIn.state.receipts.size).toBe(1)
  })

  it('answers the receipt made first instead, when switched to (the other reading of the docs)', async () => {
    const { standIn, facturapi } = setUp()
    standIn.idempotency.mode = 'existing'
    const body = { payment_form: '04', items: [MOLE], idempotency_key: 'payment-8f2c' }
    const first = await facturapi.receipts.create(body)
    expect(await facturapi.receipts.create(body)).toEqual(first)
    expect(standIn.state.receipts.size).toBe(1)
  })

  it('keeps keys per organization, and a blank key counts for nothing ("If left blank, it will not be taken into account")', async () => {
    const { standIn, facturapi } = setUp()
    const body = { payment_form: '04', items: [MOLE], idempotency_key: 'payment-1' }
    await facturapi.receipts.create(body)
    await clientOf(TAQUERIA.key).receipts.create(body)
    await facturapi.receipts.create({ ...body, idempotency_key: '' })
    await facturapi.receipts.create({ ...body, idempotency_key: '' })
    expect(standIn.state.receipts.size).toBe(4)
  })
})

describe('reading, searching and canceling receipts', () => {
  it('retrieves a receipt by id, and answers 404 receipt_not_found for an unknown one', async () => {
    const { facturapi } = setUp()
    const receipt = await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
    expect(await facturapi.receipts.retrieve(receipt.id)).toEqual(receipt)
    expect(await refusal(facturapi.receipts.retrieve('000000000000000000000000'))).toMatchObject({
      status: 404,
      code: 'receipt_not_found',
    })
  })

  it('lists newest first a page at a time (limit 1–100, pages 1–30), page 0 when nothing matches', async () => {
    const { facturapi } = setUp()
    const made = []
    for (const day of ['01', '02', '03', '04', '05'])
      made.push(await facturapi.receipts.create({ payment_form: '01', items: [MOLE], date: `2026-05-${day}T14:00:00` }))
    const second = await facturapi.receipts.list({ limit: 2, page: 2 })
    expect(second).toMatchObject({ page: 2, total_pages: 3, total_results: 5 })
    expect(second.data.map((receipt) => receipt.id)).toEqual([made[2]!.id, made[1]!.id])
    expect(await facturapi.receipts.list({ q: 'nothing like it' })).toEqual({
      page: 0,
      total_pages: 0,
      total_results: 0,
      data: [],
    })
    expect(await refusal(facturapi.receipts.list({ limit: 101 }))).toMatchObject({
      status: 400,
      location: 'query',
      path: 'limit',
    })
    expect(await refusal(facturapi.receipts.list({ page: 31 }))).toMatchObject({ code: 'page_too_large' })
    expect(await refusal(facturapi.receipts.list({ status: 'open' }))).toMatchObject({
      path: 'status',
      errors: [{ code: 'unknown_field' }],
    })
  })

  it('filters by date range (date[gte] … date[lt], as SDK 5 sends a date object), payment form, text and invoice', async () => {
    const { facturapi } = setUp()
    await facturapi.receipts.create({ payment_form: '01', items: [MOLE], date: '2026-05-01T12:00:00' })
    const card = await facturapi.receipts.create({
      payment_form: '04',
      items: [{ product: { ...MOLE.product, description: 'Chiles en nogada', sku: 'payment-77' } }],
      date: '2026-05-02T12:00:00',
    })
    await facturapi.receipts.create({ payment_form: '01', items: [MOLE], date: '2026-05-03T12:00:00' })
    const ids = async (params: Record<string, unknown>) =>
      (await facturapi.receipts.list(params)).data.map((receipt) => receipt.id)
    expect(await ids({ date: { gte: '2026-05-02', lt: '2026-05-03' } })).toEqual([card.id])
    expect(
      await ids({ date: { gt: new Date('2026-05-02T18:00:00Z'), lte: new Date('2026-05-02T18:00:00Z') } }),
    ).toEqual([])
    expect(await ids({ payment_form: '04' })).toEqual([card.id])
    // `q` searches the items' descriptions and SKUs: a payment's id kept as a SKU finds its receipt.
    expect(await ids({ q: 'payment-77' })).toEqual([card.id])
    expect(await ids({ q: 'NOGADA' })).toEqual([card.id])
  })

  it('cancels an open receipt (DELETE), which then cannot be canceled or invoiced: receipt_not_open', async () => {
    const { facturapi } = setUp()
    const receipt = await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
    expect(await facturapi.receipts.cancel(receipt.id)).toMatchObject({ id: receipt.id, status: 'canceled' })
    expect(await refusal(facturapi.receipts.cancel(receipt.id))).toMatchObject({
      status: 400,
      code: 'receipt_not_open',
    })
  })
})
