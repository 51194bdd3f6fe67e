import { settleCancellation } from './cancellations'
import { cfdiXml } from './cfdi-xml'
import { type Periodicity } from './catalogs'
import { iso } from './dates'
import { invalidField, notFound, notImplemented, refused } from './errors'
import { EMAIL, Fields } from './fields'
import { fiscalUuid, newId } from './ids'
import { chargedFor, type Concept, type ItemObject, pesos } from './items'
import { invoicePdf } from './pdf'
import { type Call, nextFolio } from './state'
import { zipOf } from './zip'

/**
 * Invoices (CFDI 4.0 de ingreso) as Facturapi answers them once stamped:
 * made from a receipt (receipt-invoices.ts) or from a period's open receipts
 * (global-invoices.ts), then read, downloaded as PDF, XML or both in a ZIP,
 * and mailed. The stand-in stamps at once (status `valid`), as Facturapi
 * does for a synchronous request, with a made-up seal: no PAC is involved.
 */

export interface CustomerInfo {
  id: string
  legal_name: string
  tax_id: string
  tax_system: string
  email: string | null
  address: { zip: string; country: 'MEX' }
}

export interface InvoiceObject {
  id: string
  organization: string
  livemode: boolean
  created_at: string
  date: string
  issuer_type: 'issuing'
  /** Ingreso, or egreso (a nota de crédito: money given back of an ingreso it names). */
  type: 'I' | 'E'
  /** Cancelled once the SAT took its cancellation (see cancellations.ts). */
  status: 'valid' | 'canceled'
  cfdi_version: 4
  issuer_info: { legal_name: string; tax_id: string; tax_system: string; address: { zip: string; country: 'MEX' } }
  customer: CustomerInfo
  use: string
  payment_form: string
  payment_method: 'PUE'
  currency: 'MXN'
  exchange: 1
  items: ItemObject[]
  total: number
  uuid: string
  folio_number: number
  series: string
  is_ready_to_stamp: false
  /** Where it was issued (LugarExpedicion). */
  address: { zip: string }
  verification_url: string
  cancellation_status: 'none' | 'pending' | 'accepted' | 'rejected' | 'expired'
  /** The last cancellation asked: when, where it stands, its motive and the CFDI substituting it (motive 01). */
  cancellation: { requested_at: string; status: string; motive: string; substitution: string | null } | null
  external_id: string | null
  idempotency_key: string | null
  stamp: {
    date: string
    sat_signature: string
    sat_cert_number: string
    signature: string
    complement_string: string
    rfc_provider_cert: string
  }
  conditions: string | null
  global: { periodicity: Periodicity; months: string; year: number } | null
  /** The CFDI it relates to and how (c_TipoRelacion): an egreso names the ingreso it gives back money of, with 01. */
  related_documents: { relationship: string; documents: string[] }[]
  complements: []
  namespaces: []
}

/** An invoice with the documents made when it was stamped, so every download of it is the same file. */
export interface InvoiceRecord {
  object: InvoiceObject
  concepts: Concept[]
  xml: string
  pdf: Uint8Array<ArrayBuffer>
}

/** What an invoice is made of before it is stamped. */
interface Draft {
  customer: CustomerInfo
  use: string
  payment_form: string
  items: ItemObject[]
  concepts: Concept[]
  date: number
  folio_number: number | undefined
  series: string
  conditions: string | null
  global: InvoiceObject['global']
  /** An ingreso unless told (an egreso: `E`, with what it relates to). */
  type?: InvoiceObject['type']
  related_documents?: InvoiceObject['related_documents']
  external_id?: string | null
  idempotency_key?: string | null
}

/** SAT's test certificate numbers and a PAC's RFC: the stamp's fields are filled, and say plainly they are not real. */
const ISSUER_CERTIFICATE = '30001000000500003416'
const SAT_CERTIFICATE = '30001000000500003456'
const PAC_RFC = 'AAA010101AAA'

/** Stamps a draft: the invoice gets its fiscal folio (UUID), its seals, and its XML and PDF. */
export function issueInvoice(call: Call, draft: Draft): InvoiceObject {
  const { organization } = call
  const uuid = fiscalUuid()
  const signature = seal()
  const satSignature = seal()
  const stampedAt = iso(call.now)
  const total = pesos(draft.concepts.reduce((sum, concept) => sum + chargedFor(concept), 0))
  const invoice: InvoiceObject = {
    id: newId(),
    organization: organization.id,
    livemode: organization.livemode,
    created_at: stampedAt,
    date: iso(draft.date),
    issuer_type: 'issuing',
    type: draft.type ?? 'I',
    status: 'valid',
    cfdi_version: 4,
    issuer_info: {
      legal_name: organization.legal_name,
      tax_id: organization.tax_id,
      tax_system: organization.tax_system,
      address: { zip: organization.zip, country: 'MEX' },
    },
    customer: draft.customer,
    use: draft.use,
    payment_form: draft.payment_form,
    payment_method: 'PUE',
    currency: 'MXN',
    exchange: 1,
    items: draft.items,
    total,
    uuid,
    folio_number: draft.folio_number ?? nextFolio(call, 'invoice'),
    series: draft.series,
    is_ready_to_stamp: false,
    address: { zip: organization.zip },
    verification_url: `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${uuid}&re=${organization.tax_id}&rr=${draft.customer.tax_id}&tt=${total.toFixed(6)}&fe=${signature.slice(-8)}`,
    cancellation_status: 'none',
    cancellation: null,
    external_id: draft.external_id ?? null,
    idempotency_key: draft.idempotency_key ?? null,
    stamp: {
      date: stampedAt,
      sat_signature: satSignature,
      sat_cert_number: SAT_CERTIFICATE,
      signature,
      complement_string: `||1.1|${uuid}|${stampedAt}|${PAC_RFC}|${signature}|${SAT_CERTIFICATE}||`,
      rfc_provider_cert: PAC_RFC,
    },
    conditions: draft.conditions,
    global: draft.global,
    related_documents: draft.related_documents ?? [],
    complements: [],
    namespaces: [],
  }
  const xml = cfdiXml(invoice, draft.concepts, organization.timezone, ISSUER_CERTIFICATE)
  call.state.invoices.set(invoice.id, { object: invoice, concepts: draft.concepts, xml, pdf: invoicePdf(invoice) })
  return invoice
}

/** A made-up seal, shaped as a real one (the base64 of an RSA-2048 signature). */
const seal = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(256))))

/** The organization's invoice `:id`, its cancellation brought up to the clock. */
export function findInvoiceRecord(call: Call): InvoiceRecord {
  const record = call.state.invoices.get(call.path.id!)
  if (!record || record.object.organization !== call.organization.id)
    throw notFound('invoice_not_found', `No se encontró la factura con el id ${call.path.id}.`)
  settleCancellation(record.object, call.now)
  return record
}

/** What `GET /v2/invoices` takes here: the rest of Facturapi's search parameters are not implemented. */
const LIST_PARAMETERS = ['q', 'type']
const PAGE_SIZE = 50

/**
 * `GET /v2/invoices`: the organization's invoices, newest first. `q` searches
 * the customer's name and RFC and the items' descriptions and SKUs; `type`
 * is `I` or `E`. Only the first page of 50 (Mesa's searches name one sale).
 */
export function listInvoices(call: Call) {
  for (const name of call.query.keys())
    if (!LIST_PARAMETERS.includes(name)) throw notImplemented(name, 'este parámetro de búsqueda', 'query')
  const words = call.query.get('q')?.trim().toLowerCase()
  const type = call.query.get('type')
  const matching = [...call.state.invoices.values()]
    .map((record) => record.object)
    .map((invoice) => (settleCancellation(invoice, call.now), invoice))
    .filter(
      (invoice) =>
        invoice.organization === call.organization.id &&
        (type === null || invoice.type === type) &&
        (!words ||
          [
            invoice.customer.legal_name,
            invoice.customer.tax_id,
            ...invoice.items.flatMap(({ product }) => [product.description, product.sku ?? '']),
          ].some((text) => text.toLowerCase().includes(words))),
    )
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
  if (matching.length === 0) return { page: 0, total_pages: 0, total_results: 0, data: [] }
  return {
    page: 1,
    total_pages: Math.ceil(matching.length / PAGE_SIZE),
    total_results: matching.length,
    data: matching.slice(0, PAGE_SIZE),
  }
}

/** `GET /v2/invoices/:id` */
export const retrieveInvoice = (call: Call) => findInvoiceRecord(call).object

const download = (body: BodyInit, type: string, filename: string) =>
  new Response(body, {
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${filename}"` },
  })

/** `GET /v2/invoices/:id/pdf` */
export function downloadPdf(call: Call): Response {
  const { object, pdf } = findInvoiceRecord(call)
  return download(pdf, 'application/pdf', `${object.uuid}.pdf`)
}

/** `GET /v2/invoices/:id/xml` */
export function downloadXml(call: Call): Response {
  const { object, xml } = findInvoiceRecord(call)
  return download(xml, 'application/xml; charset=utf-8', `${object.uuid}.xml`)
}

/** `GET /v2/invoices/:id/zip`: the PDF and the XML together. */
export function downloadZip(call: Call): Response {
  const { object, xml, pdf } = findInvoiceRecord(call)
  const files = [
    { name: `${object.uuid}.xml`, data: new TextEncoder().encode(xml) },
    { name: `${object.uuid}.pdf`, data: pdf },
  ]
  return download(zipOf(files, Date.parse(object.date)), 'application/zip', `${object.uuid}.zip`)
}

/** Send Invoice by Email takes up to 10 addresses. */
const MAX_RECIPIENTS = 10

/** `POST /v2/invoices/:id/email`: to `email` (one or a list), or to the customer's own address. */
export function emailInvoice(call: Call) {
  const { object } = findInvoiceRecord(call)
  const body = Fields.of(call.body ?? {}, '', ['email'])
  const given = body.raw('email')
  const list = given === undefined ? [] : Array.isArray(given) ? given : [given]
  if (list.length > MAX_RECIPIENTS)
    throw body.invalid('email', 'too_large', `El campo "email" admite a lo más ${MAX_RECIPIENTS} direcciones.`)
  list.forEach((address, index) => {
    const path = Array.isArray(given) ? `email.${index}` : 'email'
    if (typeof address !== 'string' || !EMAIL.test(address))
      throw invalidField(path, 'invalid_format', `El campo "${path}" debe ser una dirección de correo electrónico.`)
  })
  const to = list.length ? (list as string[]) : object.customer.email ? [object.customer.email] : []
  if (to.length === 0)
    throw refused(
      'invoice_email_recipient_required',
      'La factura no tiene a quién enviarse: su cliente no tiene correo electrónico y no se envió "email".',
    )
  call.state.emails.push({ at: iso(call.now), organization: call.organization.id, invoice: object.id, to })
  return { ok: true }
}
