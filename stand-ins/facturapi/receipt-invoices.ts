import { FOREIGN_RFC, isFisica, PUBLIC_RFC, RFC, TAX_SYSTEMS, USES } from './catalogs'
import { notImplemented, refused } from './errors'
import { EMAIL, Fields } from './fields'
import { newId } from './ids'
import { type CustomerInfo, type InvoiceObject, issueInvoice } from './invoices'
import { conceptOf } from './items'
import { findReceipt, notOpen } from './receipts'
import { type Call } from './state'
import { checkReceiver } from './taxpayers'

/**
 * `POST /v2/receipts/:id/invoice`: a receipt invoiced to its customer
 * (Facturapi's "Convert e-receipt to invoice"). The receipt must be open;
 * its `expires_at` binds only the self-invoicing portal (the self-invoicing
 * guide: "Receipts can be invoiced through the API at any time"). The
 * receiver is checked as CFDI 4.0 checks it: an RFC of SAT's shape, a regime
 * for that kind of taxpayer, a use of CFDI that regime may have, a 5-digit
 * fiscal zip code, and SAT's records of the RFC when a test registered them.
 */
const BODY_FIELDS = ['customer', 'use', 'conditions', 'folio_number', 'series']
const BODY_UNIMPLEMENTED = ['pdf_custom_section', 'addenda', 'namespaces', 'pdf_options']
export const CUSTOMER_FIELDS = [
  'legal_name',
  'tax_id',
  'tax_system',
  'email',
  'phone',
  'default_invoice_use',
  'address',
]
const ADDRESS_FIELDS = [
  'zip',
  'country',
  'street',
  'exterior',
  'interior',
  'neighborhood',
  'city',
  'municipality',
  'state',
]

export function invoiceReceipt(call: Call): InvoiceObject {
  const body = Fields.of(call.body, '', BODY_FIELDS, { unimplemented: BODY_UNIMPLEMENTED })
  if (typeof body.raw('customer') === 'string')
    throw notImplemented('customer', 'clientes guardados en Facturapi (un id): envía el objeto del cliente')
  const customerFields = body.object('customer', CUSTOMER_FIELDS)
  const use = body.oneOf('use', Object.keys(USES)) ?? 'G01'
  const conditions = body.string('conditions') ?? null
  if (conditions !== null && (conditions.length < 1 || conditions.length > 1000))
    throw body.invalid('conditions', 'invalid_length', 'El campo "conditions" admite de 1 a 1000 caracteres.')
  const folio = body.number('folio_number', { min: 1, integer: true })
  const series = body.string('series') ?? ''
  if (series.length > 25) throw body.invalid('series', 'invalid_length', 'El campo "series" admite 25 caracteres.')

  const receipt = findReceipt(call, call.path.id!)
  if (receipt.status !== 'open') throw notOpen(receipt)
  // Without `customer`, Facturapi invoices to the customer assigned to the receipt; the stand-in's receipts have none.
  if (!customerFields)
    throw refused(
      'customer_could_not_be_resolved',
      'El recibo no tiene un cliente asignado: envía "customer" con los datos fiscales de quien recibe la factura.',
    )
  const customer = readCustomer(customerFields)
  const allowed = USES[use]!
  if (!allowed.includes(customer.tax_system))
    throw body.invalid(
      'use',
      'not_allowed',
      `El uso de CFDI ${use} no es válido para el régimen fiscal ${customer.tax_system} del receptor.`,
    )
  checkReceiver(call.state, { ...customer, zip: customer.address.zip }, 'customer')

  const invoice = issueInvoice(call, {
    customer,
    use,
    payment_form: receipt.payment_form,
    items: receipt.items,
    concepts: receipt.items.map(conceptOf),
    date: call.now,
    folio_number: folio,
    series,
    conditions,
    global: null,
  })
  receipt.status = 'invoiced_to_customer'
  receipt.invoice = invoice.id
  receipt.customer = customer.id
  return invoice
}

export function readCustomer(customer: Fields): CustomerInfo {
  const legalName = customer.requiredString('legal_name').trim()
  const taxId = customer.requiredString('tax_id').trim().toUpperCase()
  if (!RFC.test(taxId))
    throw customer.invalid(
      'tax_id',
      'invalid_format',
      `"${taxId}" no es un RFC válido (12 o 13 caracteres con el formato del SAT).`,
    )
  // A sale to the general public goes in the global invoice: a receipt is invoiced to someone SAT knows.
  if (taxId === PUBLIC_RFC || taxId === FOREIGN_RFC)
    throw customer.invalid(
      'tax_id',
      'not_allowed',
      `El RFC genérico ${taxId} no puede recibir la factura de un recibo: esa venta se incluye en la factura global.`,
    )
  const taxSystem = customer.requiredString('tax_system')
  const regime = TAX_SYSTEMS[taxSystem]
  if (!regime)
    throw customer.invalid(
      'tax_system',
      'tax_system_not_in_catalog',
      `El régimen fiscal ${taxSystem} no está en el catálogo c_RegimenFiscal del SAT.`,
    )
  if (!(isFisica(taxId) ? regime.fisica : regime.moral))
    throw customer.invalid(
      'tax_system',
      'not_allowed',
      `El régimen fiscal ${taxSystem} no es de una persona ${isFisica(taxId) ? 'física' : 'moral'} (RFC de ${taxId.length} caracteres).`,
    )
  const email = customer.string('email')
  if (email !== undefined && !EMAIL.test(email))
    throw customer.invalid(
      'email',
      'invalid_format',
      `El campo "${customer.path('email')}" debe ser una dirección de correo electrónico.`,
    )
  const address = customer.requiredObject('address', ADDRESS_FIELDS)
  const country = address.string('country') ?? 'MEX'
  if (country !== 'MEX') throw notImplemented(address.path('country'), 'clientes extranjeros')
  const zip = address.requiredString('zip')
  if (!/^\d{5}$/.test(zip))
    throw address.invalid(
      'zip',
      'invalid_format',
      `El campo "${address.path('zip')}" debe ser un código postal de 5 dígitos.`,
    )
  return {
    id: newId(),
    legal_name: legalName,
    tax_id: taxId,
    tax_system: taxSystem,
    email: email ?? null,
    address: { zip, country: 'MEX' },
  }
}
