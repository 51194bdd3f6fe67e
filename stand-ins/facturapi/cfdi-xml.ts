import { PERIODICITIES } from './catalogs'
import { localDateTime } from './dates'
import { type InvoiceObject } from './invoices'
import { type Concept } from './items'

/**
 * An invoice as the CFDI 4.0 XML Facturapi hands out (Anexo 20's
 * cfdi:Comprobante with its TimbreFiscalDigital): the attributes a reader of
 * it checks (totals, receiver, each concept's keys and amounts, the IVA
 * transferred) are the invoice's own; the seals and certificates are
 * made up, so it would not pass SAT's validation of signatures.
 */
/** Where the issuer's CSD would be, base64 as it would: saying it is not one. */
const PLACEHOLDER_CERTIFICATE = btoa('Stand-in de Facturapi: sin certificado de sello digital')

export function cfdiXml(invoice: InvoiceObject, concepts: Concept[], timeZone: string, certificate: string): string {
  const subtotal = concepts.reduce((sum, concept) => sum + concept.base, 0)
  const transfers = transfersOf(concepts)
  const taxTotal = transfers.reduce((sum, transfer) => sum + transfer.amount, 0)
  const { customer, issuer_info: issuer, stamp, global } = invoice
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    element('cfdi:Comprobante', {
      'xmlns:cfdi': 'http://www.sat.gob.mx/cfd/4',
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      'xsi:schemaLocation': 'http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd',
      Version: '4.0',
      Serie: invoice.series || undefined,
      Folio: String(invoice.folio_number),
      Fecha: localDateTime(Date.parse(invoice.date), timeZone),
      Sello: stamp.signature,
      FormaPago: invoice.payment_form,
      NoCertificado: certificate,
      Certificado: PLACEHOLDER_CERTIFICATE,
      SubTotal: money(subtotal),
      Moneda: 'MXN',
      Total: money(subtotal + taxTotal),
      TipoDeComprobante: invoice.type,
      Exportacion: '01',
      MetodoPago: 'PUE',
      LugarExpedicion: invoice.address.zip,
    }).replace('/>', '>'),
    global
      ? element('cfdi:InformacionGlobal', {
          Periodicidad: PERIODICITIES[global.periodicity],
          Meses: global.months,
          Año: String(global.year),
        })
      : '',
    ...invoice.related_documents.map(
      (related) =>
        `<cfdi:CfdiRelacionados TipoRelacion="${related.relationship}">${related.documents
          .map((uuid) => element('cfdi:CfdiRelacionado', { UUID: uuid }))
          .join('')}</cfdi:CfdiRelacionados>`,
    ),
    element('cfdi:Emisor', { Rfc: issuer.tax_id, Nombre: issuer.legal_name, RegimenFiscal: issuer.tax_system }),
    element('cfdi:Receptor', {
      Rfc: customer.tax_id,
      Nombre: customer.legal_name,
      DomicilioFiscalReceptor: customer.address.zip,
      RegimenFiscalReceptor: customer.tax_system,
      UsoCFDI: invoice.use,
    }),
    '<cfdi:Conceptos>',
    ...concepts.map(conceptXml),
    '</cfdi:Conceptos>',
    transfers.length
      ? [
          `<cfdi:Impuestos TotalImpuestosTrasladados="${money(taxTotal)}">`,
          '<cfdi:Traslados>',
          ...transfers.map((transfer) => transferXml(transfer.base, transfer.rate, transfer.amount)),
          '</cfdi:Traslados>',
          '</cfdi:Impuestos>',
        ].join('')
      : '',
    '<cfdi:Complemento>',
    element('tfd:TimbreFiscalDigital', {
      'xmlns:tfd': 'http://www.sat.gob.mx/TimbreFiscalDigital',
      'xsi:schemaLocation':
        'http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd',
      Version: '1.1',
      UUID: invoice.uuid,
      FechaTimbrado: localDateTime(Date.parse(stamp.date), timeZone),
      RfcProvCertif: stamp.rfc_provider_cert,
      SelloCFD: stamp.signature,
      NoCertificadoSAT: stamp.sat_cert_number,
      SelloSAT: stamp.sat_signature,
    }),
    '</cfdi:Complemento>',
    '</cfdi:Comprobante>',
  ]
  return lines.filter(Boolean).join('\n') + '\n'
}

function conceptXml(concept: Concept): string {
  const attributes = {
    ClaveProdServ: concept.product_key,
    NoIdentificacion: concept.sku,
    Cantidad: String(concept.quantity),
    ClaveUnidad: concept.unit_key,
    Unidad: concept.unit_name,
    Descripcion: concept.description,
    ValorUnitario: concept.unit_value.toFixed(6),
    Importe: money(concept.base),
    ObjetoImp: concept.iva ? '02' : '01',
  }
  if (!concept.iva) return element('cfdi:Concepto', attributes)
  return [
    element('cfdi:Concepto', attributes).replace('/>', '>'),
    '<cfdi:Impuestos><cfdi:Traslados>',
    transferXml(concept.base, concept.iva.rate, concept.iva.amount),
    '</cfdi:Traslados></cfdi:Impuestos>',
    '</cfdi:Concepto>',
  ].join('')
}

/** IVA is tax 002 of c_Impuesto; its rate is written to 6 decimals (c_TasaOCuota). */
const transferXml = (base: number, rate: number, amount: number) =>
  element('cfdi:Traslado', {
    Base: money(base),
    Impuesto: '002',
    TipoFactor: 'Tasa',
    TasaOCuota: rate.toFixed(6),
    Importe: money(amount),
  })

/** The comprobante's Traslados: the concepts' IVA summed per rate. */
function transfersOf(concepts: Concept[]) {
  const byRate = new Map<number, { base: number; amount: number }>()
  for (const { base, iva } of concepts) {
    if (!iva) continue
    const sum = byRate.get(iva.rate) ?? { base: 0, amount: 0 }
    byRate.set(iva.rate, { base: sum.base + base, amount: sum.amount + iva.amount })
  }
  return [...byRate].map(([rate, sum]) => ({ rate, ...sum }))
}

const money = (centavos: number) => (centavos / 100).toFixed(2)

function element(name: string, attributes: Record<string, string | undefined>): string {
  const written = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escape(value)}"`)
    .join('')
  return `<${name}${written}/>`
}

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
