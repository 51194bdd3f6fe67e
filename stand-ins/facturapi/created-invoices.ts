import { MONTHS, PAYMENT_FORMS, PERIODICITY_NAMES, PUBLIC_RFC, USES } from './catalogs'
import { notImplemented, refused } from './errors'
import { Fields } from './fields'
import { keepKey, madeBefore } from './idempotency'
import { type CustomerInfo, type InvoiceObject, issueInvoice } from './invoices'
import { conceptOf, readItems } from './items'
import { CUSTOMER_FIELDS, readCustomer } from './receipt-invoices'
import { type Call } from './state'
import { checkReceiver } from './taxpayers'

/**
 * `POST /v2/invoices`, as Facturapi's "Create invoice" takes it and the
 * SAT's Anexo 20 asks, for the two CFDIs Mesa makes outside a receipt:
 * - `type: "E"`, a CFDI de egreso (a nota de crédito) for money given back
 *   of an ingreso: it names that ingreso in `related_documents` with
 *   TipoRelación 01 ("Nota de crédito de los documentos relacionados") and
 *   its UUID, goes to the same receiver (the general public for a factura
 *   global), and is paid the way the ingreso was (PUE). One without that
 *   relation is refused, as Facturapi refuses it before stamping; so is one
 *   naming a UUID this organization did not issue, or another receiver's.
 * - `type: "I"` substituting an ingreso issued with errors (a factura with
 *   the wrong receiver): TipoRelación 04 ("Sustitución de los CFDI
 *   previos") and the UUID of an ingreso of this organization, to a
 *   receiver the SAT knows.
 * - `type: "I"` as a nota de débito: TipoRelación 02 ("Nota de débito de
 *   los documentos relacionados"), more income of a standing ingreso, to
 *   its receiver; of a factura global, to the general public with the
 *   global's own period (`global`: Periodicidad, Meses, Año), as the SAT
 *   asks of every CFDI to the public.
 * An ingreso with no relation, or another, is not implemented here (Mesa
 * makes its ingresos from receipts).
 */
const BODY_FIELDS = [
  'type',
  'customer',
  'items',
  'payment_form',
  'payment_method',
  'use',
  'related_documents',
  'date',
  'folio_number',
  'series',
  'external_id',
  'idempotency_key',
  'global',
]
/** c_TipoRelacion 01: Nota de crédito; 02: Nota de débito de los documentos relacionados; 04: Sustitución de los CFDI previos. */
const CREDIT_NOTE = '01'
const DEBIT_NOTE = '02'
const SUBSTITUTION = '04'
const RELATIONS = { E: [CREDIT_NOTE], I: [SUBSTITUTION, DEBIT_NOTE] } as const
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i

/**
 * Whom an egreso goes to: a taxpayer as when a receipt is invoiced, or, for
 * money given back of a sale in a factura global, the general public as the
 * global names it (PUBLICO EN GENERAL, XAXX010101000, régimen 616, the
 * issuer's own zip code, as the SAT's guide to the CFDI global asks).
 */
function egresoCustomer(call: Call, body: Fields): CustomerInfo {
  const fields = body.requiredObject('customer', CUSTOMER_FIELDS)
  if (fields.string('tax_id')?.trim().toUpperCase() !== PUBLIC_RFC) return readCustomer(fields)
  if (fields.string('legal_name')?.trim().toUpperCase() !== 'PUBLICO EN GENERAL')
    throw fields.invalid('legal_name', 'not_allowed', 'El RFC XAXX010101000 se emite a nombre de "PUBLICO EN GENERAL".')
  if (fields.string('tax_system') !== '616')
    throw fields.invalid(
      'tax_system',
      'not_allowed',
      'El público en general lleva el régimen 616 (Sin obligaciones fiscales).',
    )
  const zip = fields.requiredObject('address', ['zip', 'country']).requiredString('zip')
  if (zip !== call.organization.zip)
    throw fields.invalid(
      'address.zip',
      'not_allowed',
      `Al público en general, el código postal es el del lugar de expedición (${call.organization.zip}).`,
    )
  return {
    id: call.organization.public_customer,
    legal_name: 'PUBLICO EN GENERAL',
    tax_id: PUBLIC_RFC,
    tax_system: '616',
    email: null,
    address: { zip, country: 'MEX' },
  }
}

export function createInvoice(call: Call): InvoiceObject {
  const body = Fields.of(call.body, '', BODY_FIELDS, { unimplemented: ['pdf_custom_section', 'addenda', 'namespaces'] })
  const type = body.string('type') ?? 'I'
  if (type !== 'E' && type !== 'I') throw notImplemented('type', `facturas de tipo "${type}" (solo "I" y "E")`)
  const idempotencyKey = body.string('idempotency_key') || null
  const before = madeBefore(call, idempotencyKey, (id) => call.state.invoices.get(id)?.object)
  if (before) return before
  const customer = egresoCustomer(call, body)
  const items = readItems(body)
  const paymentForm = body.requiredOneOf('payment_form', PAYMENT_FORMS)
  const method = body.string('payment_method') ?? 'PUE'
  if (method !== 'PUE') throw notImplemented('payment_method', `facturas con método de pago ${method}`)
  const toPublic = customer.tax_id === PUBLIC_RFC
  const use = body.oneOf('use', Object.keys(USES)) ?? (toPublic ? 'S01' : type === 'E' ? 'G02' : 'G03')
  if (!USES[use]!.includes(customer.tax_system) || (toPublic && use !== 'S01'))
    throw body.invalid(
      'use',
      'not_allowed',
      `El uso de CFDI ${use} no es válido para el régimen ${customer.tax_system}.`,
    )
  if (!toPublic) checkReceiver(call.state, { ...customer, zip: customer.address.zip }, 'customer')

  const related = body.raw('related_documents')
  const relation = Array.isArray(related) && related.length === 1 ? (related[0] as Record<string, unknown>) : null
  const documents = Array.isArray(relation?.documents) ? (relation.documents as unknown[]) : []
  const relationship = (RELATIONS[type] as readonly unknown[]).includes(relation?.relationship)
    ? (relation!.relationship as string)
    : null
  const debit = relationship === DEBIT_NOTE
  if (type === 'I' && toPublic && !debit)
    throw notImplemented('customer', 'ingresos al público en general fuera de una factura global')
  const global = toPublic && type === 'I' ? readGlobal(body) : null
  if (!relationship || documents.length === 0)
    throw type === 'E'
      ? body.invalid(
          'related_documents',
          'required',
          'Un CFDI de egreso (nota de crédito) debe relacionar el CFDI de ingreso que corrige: "related_documents" con "relationship": "01" y su UUID en "documents".',
        )
      : notImplemented(
          'related_documents',
          'ingresos que no sustituyen a otro ni lo aumentan ("relationship": "04" o "02")',
        )
  const ingresos = [...call.state.invoices.values()].map((record) => record.object)
  for (const [index, uuid] of documents.entries()) {
    const path = `related_documents.0.documents.${index}`
    if (typeof uuid !== 'string' || !UUID.test(uuid))
      throw body.invalid(path, 'invalid_format', `"${String(uuid)}" no es un folio fiscal (UUID).`)
    const ingreso = ingresos.find(
      (invoice) => invoice.organization === call.organization.id && invoice.uuid.toUpperCase() === uuid.toUpperCase(),
    )
    if (!ingreso || ingreso.type !== 'I')
      throw refused('related_document_not_found', `No hay un CFDI de ingreso de esta organización con el UUID ${uuid}.`)
    // A substitute may follow the cancellation of what it replaces; a nota de crédito or de débito needs its ingreso standing.
    const note = type === 'E' ? 'nota de crédito' : debit ? 'nota de débito' : null
    if (note && ingreso.status !== 'valid')
      throw refused('related_document_canceled', `El CFDI ${uuid} está cancelado: una ${note} no puede relacionarlo.`)
    if (note && ingreso.customer.tax_id !== customer.tax_id)
      throw body.invalid(
        'customer.tax_id',
        'not_allowed',
        `La ${note} va al mismo receptor que el CFDI ${uuid} (${ingreso.customer.tax_id}).`,
      )
    if (global && !samePeriod(ingreso.global, global))
      throw body.invalid(
        'global',
        'not_allowed',
        `La nota de débito de una factura global lleva su periodo: ${JSON.stringify(ingreso.global)}.`,
      )
  }
  const series = body.string('series') ?? ''
  const invoice = issueInvoice(call, {
    type,
    related_documents: [{ relationship, documents: documents as string[] }],
    customer,
    use,
    payment_form: paymentForm,
    items,
    concepts: items.map(conceptOf),
    date: call.now,
    folio_number: body.number('folio_number', { min: 1, integer: true }),
    series,
    conditions: null,
    global,
    external_id: body.string('external_id') ?? null,
    idempotency_key: idempotencyKey,
  })
  keepKey(call, idempotencyKey, invoice.id)
  return invoice
}

/** A CFDI to the general public says the period it covers (InformacionGlobal), as a factura global does. */
function readGlobal(body: Fields): InvoiceObject['global'] {
  const global = body.requiredObject('global', ['periodicity', 'months', 'year'])
  const year = global.number('year', { min: 2022, integer: true })
  if (year === undefined) throw global.required('year')
  return {
    periodicity: global.requiredOneOf('periodicity', PERIODICITY_NAMES),
    months: global.requiredOneOf('months', MONTHS),
    year,
  }
}

const samePeriod = (a: InvoiceObject['global'], b: InvoiceObject['global']) =>
  a !== null && b !== null && a.periodicity === b.periodicity && a.months === b.months && a.year === b.year
