import { describe, expect, it } from 'vitest'
import { ANA, MOLE, refusal, setUp, textOf } from './facturapi-standin-setup'

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
})
