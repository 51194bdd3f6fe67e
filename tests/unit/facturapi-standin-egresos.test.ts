import { describe, expect, it } from 'vitest'
import { ANA, FONDA, MOLE, refusal, setUp, textOf } from './facturapi-standin-setup'

/**
 * A CFDI de egreso (nota de crédito) for money given back of an invoice,
 * through the official SDK: it must name the ingreso with TipoRelación 01,
 * as the SAT's Anexo 20 and Facturapi ask.
 */

const CREDIT = {
  quantity: 1,
  product: { description: 'Devolución de consumo', product_key: '84111506', unit_key: 'ACT', price: 58 },
}

async function invoiced() {
  const { standIn, facturapi } = setUp()
  const receipt = await facturapi.receipts.create({ payment_form: '04', items: [{ ...MOLE, quantity: 2 }] })
  const invoice = await facturapi.receipts.invoice(receipt.id, { customer: ANA, use: 'G03' })
  return { standIn, facturapi, invoice }
}

describe('an egreso (nota de crédito)', () => {
  it('is stamped related to its ingreso with TipoRelación 01, to the same receiver, and says so in its XML', async () => {
    const { facturapi, invoice } = await invoiced()
    const egreso = await facturapi.invoices.create({
      type: 'E',
      customer: ANA,
      payment_form: '04',
      use: 'G02',
      related_documents: [{ relationship: '01', documents: [invoice.uuid] }],
      items: [CREDIT],
    })
    expect(egreso).toMatchObject({
      type: 'E',
      status: 'valid',
      total: 58,
      use: 'G02',
      payment_method: 'PUE',
      related_documents: [{ relationship: '01', documents: [invoice.uuid] }],
      customer: { tax_id: ANA.tax_id },
    })
    const xml = await textOf(await facturapi.invoices.downloadXml(egreso.id))
    expect(xml).toContain('TipoDeComprobante="E"')
    expect(xml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="${invoice.uuid}"/>`)
  })

  it('is refused without TipoRelación 01 and a related UUID, for a UUID not issued, and to another receiver', async () => {
    const { facturapi, invoice } = await invoiced()
    const egreso = (related: unknown, customer: Record<string, unknown> = ANA) =>
      refusal(
        facturapi.invoices.create({
          type: 'E',
          customer,
          payment_form: '04',
          related_documents: related,
          items: [CREDIT],
        }),
      )
    for (const related of [
      undefined,
      [],
      [{ relationship: '04', documents: [invoice.uuid] }],
      [{ relationship: '01' }],
    ]) {
      const error = await egreso(related)
      expect(error.status, JSON.stringify(related)).toBe(400)
      expect(error.message).toContain('debe relacionar el CFDI de ingreso')
    }
    const unknown = await egreso([{ relationship: '01', documents: ['00000000-0000-4000-8000-000000000000'] }])
    expect(unknown.code).toBe('related_document_not_found')
    const other = await egreso([{ relationship: '01', documents: [invoice.uuid] }], {
      ...ANA,
      legal_name: 'DAVID VARGAS DIAZ',
      tax_id: 'VADA800927DJ3',
    })
    expect(other.message).toContain('va al mismo receptor')
  })

  it('of a sale in a factura global goes to the general public as the global does, with use S01 and the issuer’s zip', async () => {
    const { facturapi } = setUp()
    await facturapi.receipts.create({ payment_form: '01', items: [MOLE], date: '2026-05-02T14:00:00' })
    const global = (await facturapi.receipts.createGlobalInvoice({
      periodicity: 'day',
      from: '2026-05-02',
      to: '2026-05-02T23:59:59',
    }))!
    const PUBLIC = {
      legal_name: 'PUBLICO EN GENERAL',
      tax_id: 'XAXX010101000',
      tax_system: '616',
      address: { zip: FONDA.zip },
    }
    const toPublic = (customer: Record<string, unknown>, use?: string) =>
      facturapi.invoices.create({
        type: 'E',
        customer,
        payment_form: '01',
        ...(use ? { use } : {}),
        related_documents: [{ relationship: '01', documents: [global.uuid] }],
        items: [CREDIT],
      })
    expect(await toPublic(PUBLIC)).toMatchObject({ type: 'E', use: 'S01', customer: { tax_id: 'XAXX010101000' } })
    expect((await refusal(toPublic({ ...PUBLIC, address: { zip: '03100' } }))).message).toContain('lugar de expedición')
    expect((await refusal(toPublic(PUBLIC, 'G02'))).status).toBe(400)
    // A taxpayer's egreso cannot relate the public's global.
    expect((await refusal(toPublic(ANA))).message).toContain('va al mismo receptor')
  })
})

describe('an egreso asked for again under its idempotency key', () => {
  it('is stamped once: a second request is refused with idempotency_key_in_use (or answered with the first), and a search finds it by its SKU', async () => {
    const { standIn, facturapi, invoice } = await invoiced()
    const body = {
      type: 'E',
      customer: ANA,
      payment_form: '04',
      related_documents: [{ relationship: '01', documents: [invoice.uuid] }],
      items: [{ ...CREDIT, product: { ...CREDIT.product, sku: 'refund-1' } }],
      external_id: 'refund-1',
      idempotency_key: 'egreso:refund-1',
    }
    const first = await facturapi.invoices.create(body)
    expect(first).toMatchObject({ idempotency_key: 'egreso:refund-1', external_id: 'refund-1' })
    const again = await refusal(facturapi.invoices.create(body))
    expect([again.status, again.code]).toEqual([409, 'idempotency_key_in_use'])
    standIn.idempotency.mode = 'existing'
    expect((await facturapi.invoices.create(body)).id).toBe(first.id)
    const found = await facturapi.invoices.list({ q: 'refund-1', type: 'E' })
    expect(found.data.map((each) => each.id)).toEqual([first.id])
    expect((await facturapi.invoices.list({ q: 'refund-2' })).data).toEqual([])
  })
})

describe('a cancellation', () => {
  const advance = (standIn: ReturnType<typeof setUp>['standIn'], hours: number) => standIn.clock.advance(hours * 3600)

  it('of an egreso takes at once, with its SAT motive; a cancelled CFDI cannot be related again', async () => {
    const { facturapi, invoice } = await invoiced()
    const egreso = await facturapi.invoices.create({
      type: 'E',
      customer: ANA,
      payment_form: '04',
      related_documents: [{ relationship: '01', documents: [invoice.uuid] }],
      items: [CREDIT],
    })
    expect((await refusal(facturapi.invoices.cancel(egreso.id, {} as never))).message).toContain(
      'motivo de cancelación',
    )
    const cancelled = await facturapi.invoices.cancel(egreso.id, { motive: '03' as never })
    expect(cancelled).toMatchObject({
      status: 'canceled',
      cancellation_status: 'accepted',
      cancellation: { motive: '03' },
    })
    expect((await refusal(facturapi.invoices.cancel(egreso.id, { motive: '03' as never }))).code).toBe(
      'invoice_already_canceled',
    )
  })

  it('of an ingreso over $1,000 after its first day waits on the receiver: accepted, rejected, or taken after three days of silence', async () => {
    const { standIn, facturapi } = setUp()
    const big = async () => {
      const receipt = await facturapi.receipts.create({ payment_form: '04', items: [{ ...MOLE, quantity: 20 }] })
      return facturapi.receipts.invoice(receipt.id, { customer: ANA, use: 'G03' })
    }
    const [first, second, third] = [await big(), await big(), await big()]
    expect(first.total).toBeGreaterThan(1_000)
    advance(standIn, 25)
    for (const each of [first, second, third])
      expect(await facturapi.invoices.cancel(each.id, { motive: '02' as never })).toMatchObject({
        status: 'valid',
        cancellation_status: 'pending',
      })
    const answer = (id: string, value: string) =>
      standIn.fetch(
        new Request(`https://facturapi.standin/_standin/invoices/${id}/cancellation`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ answer: value }),
        }),
      )
    expect((await answer(first.id, 'accepted')).status).toBe(200)
    expect((await answer(second.id, 'rejected')).status).toBe(200)
    expect(await facturapi.invoices.retrieve(first.id)).toMatchObject({
      status: 'canceled',
      cancellation_status: 'accepted',
    })
    expect(await facturapi.invoices.retrieve(second.id)).toMatchObject({
      status: 'valid',
      cancellation_status: 'rejected',
    })
    advance(standIn, 72)
    expect(await facturapi.invoices.retrieve(third.id)).toMatchObject({
      status: 'canceled',
      cancellation_status: 'expired',
    })
    // Motive 01 names the CFDI that substitutes it.
    expect((await refusal(facturapi.invoices.cancel(second.id, { motive: '01' as never }))).message).toContain(
      'sustituye',
    )
  })
})

describe('an ingreso that substitutes one issued with errors', () => {
  const DAVID = { ...ANA, legal_name: 'DAVID VARGAS DIAZ', tax_id: 'VADA800927DJ3', address: { zip: '44100' } }

  it('is stamped for the right receiver related with TipoRelación 04, and lets the wrong one be cancelled with motive 01 naming it', async () => {
    const { standIn, facturapi, invoice } = await invoiced()
    await standIn.fetch(
      new Request('https://facturapi.standin/_standin/taxpayers', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          tax_id: DAVID.tax_id,
          legal_name: DAVID.legal_name,
          zip: '44100',
          tax_systems: ['612'],
        }),
      }),
    )
    const substitute = await facturapi.invoices.create({
      type: 'I',
      customer: DAVID,
      use: 'G03',
      payment_form: '04',
      related_documents: [{ relationship: '04', documents: [invoice.uuid] }],
      items: [{ ...MOLE, quantity: 2 }],
    })
    expect(substitute).toMatchObject({ type: 'I', total: invoice.total, customer: { tax_id: DAVID.tax_id } })
    const xml = await textOf(await facturapi.invoices.downloadXml(substitute.id))
    expect(xml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${invoice.uuid}"/>`)
    expect(
      await facturapi.invoices.cancel(invoice.id, { motive: '01' as never, substitution: substitute.uuid }),
    ).toMatchObject({ status: 'canceled', cancellation: { motive: '01', substitution: substitute.uuid } })
  })

  it('is not implemented without a relation 04 (Mesa makes its other ingresos from receipts)', async () => {
    const { facturapi, invoice } = await invoiced()
    for (const related of [undefined, [{ relationship: '01', documents: [invoice.uuid] }]]) {
      const error = await refusal(
        facturapi.invoices.create({
          type: 'I',
          customer: ANA,
          payment_form: '04',
          related_documents: related,
          items: [{ ...MOLE, quantity: 2 }],
        }),
      )
      expect(error.status, JSON.stringify(related)).toBe(400)
      expect(error.message).toContain('no implementa ingresos que no sustituyen a otro')
    }
  })
})

describe('an invoice aged by the stand-in’s control', () => {
  it('is read as issued that much earlier, its cancellation too: one test’s documents age without moving the clock', async () => {
    const { standIn, facturapi } = setUp()
    const receipt = await facturapi.receipts.create({ payment_form: '04', items: [{ ...MOLE, quantity: 20 }] })
    const invoice = await facturapi.receipts.invoice(receipt.id, { customer: ANA, use: 'G03' })
    const age = (seconds: unknown) =>
      standIn.fetch(
        new Request(`https://facturapi.standin/_standin/invoices/${invoice.id}/age`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ seconds }),
        }),
      )
    expect((await age(0)).status).toBe(400)
    expect((await age(2 * 86_400)).status).toBe(200)
    // Two days old and over $1,000: its receiver must accept the cancellation.
    expect(await facturapi.invoices.cancel(invoice.id, { motive: '02' as never })).toMatchObject({
      cancellation_status: 'pending',
    })
    await age(3 * 86_400)
    expect(await facturapi.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'canceled',
      cancellation_status: 'expired',
    })
  })
})

describe('a nota de débito (an ingreso related with TipoRelación 02)', () => {
  it('goes to the receiver of the standing ingreso it adds to; to anyone else, or of a cancelled one, it is refused', async () => {
    const { facturapi, invoice } = await invoiced()
    const debit = (customer: Record<string, unknown>) =>
      facturapi.invoices.create({
        type: 'I',
        customer,
        use: 'G03',
        payment_form: '04',
        related_documents: [{ relationship: '02', documents: [invoice.uuid] }],
        items: [{ ...MOLE, quantity: 1 }],
      })
    expect(await debit(ANA)).toMatchObject({
      type: 'I',
      related_documents: [{ relationship: '02', documents: [invoice.uuid] }],
    })
    expect(
      (await refusal(debit({ ...ANA, legal_name: 'DAVID VARGAS DIAZ', tax_id: 'VADA800927DJ3' }))).message,
    ).toContain('va al mismo receptor')
    await facturapi.invoices.cancel(invoice.id, { motive: '02' as never })
    expect((await refusal(debit(ANA))).code).toBe('related_document_canceled')
  })
})
