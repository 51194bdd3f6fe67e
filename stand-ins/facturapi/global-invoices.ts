import { MONTHS, PAYMENT_FORMS, PERIODICITY_NAMES, PUBLIC_RFC } from './catalogs'
import { iso, parseDate, type Period, periodOf, previousPeriod } from './dates'
import { refused } from './errors'
import { Fields } from './fields'
import { type InvoiceObject, issueInvoice } from './invoices'
import { type Concept, conceptOf, type ItemObject, pesos } from './items'
import { findReceipt, notOpen, type ReceiptObject } from './receipts'
import { type Call } from './state'

/**
 * `POST /v2/receipts/global-invoice`: one invoice to PUBLICO EN GENERAL
 * (RFC XAXX010101000, regime 616, use S01, the issuer's own zip code) for
 * the open receipts of one period, which become `invoiced_globally`. Each
 * receipt is one concept, as SAT's guide to global invoices asks: product
 * key 01010101, unit ACT, description "Venta", the ticket's folio as
 * NoIdentificacion, and its amounts (one concept per IVA rate when a
 * receipt mixes rates). With no open receipt in the period the answer is
 * `null`, as Facturapi's docs have it for `limit_to_max_receipts`.
 */
const BODY_FIELDS = [
  'periodicity',
  'from',
  'to',
  'months',
  'year',
  'folio_number',
  'series',
  'date',
  'payment_form',
  'receipts',
  'limit_to_max_receipts',
]
/** A global invoice holds at most 5,000 receipts (ReceiptGlobalInvoiceErrorCode). */
const MAX_RECEIPTS = 5000

export function createGlobalInvoice(call: Call): InvoiceObject | null {
  const body = Fields.of(call.body, '', BODY_FIELDS)
  const { timezone } = call.organization
  const periodicity = body.requiredOneOf('periodicity', PERIODICITY_NAMES)
  const range = readRange(call, body, periodicity)
  const months = body.oneOf('months', MONTHS) ?? range.period.months
  const bimester = Number(months) > 12
  if (bimester !== (periodicity === 'two_months'))
    throw body.invalid(
      'months',
      'not_allowed',
      periodicity === 'two_months'
        ? 'Una factura global bimestral lleva un bimestre en "months" (13 a 18).'
        : 'Solo una factura global bimestral lleva un bimestre en "months": usa un mes (01 a 12).',
    )
  const year = body.number('year', { min: 2022, integer: true }) ?? range.period.year
  const folio = body.number('folio_number', { min: 1, integer: true })
  const series = body.string('series') ?? ''
  if (series.length > 25) throw body.invalid('series', 'invalid_length', 'El campo "series" admite 25 caracteres.')
  const paymentForm = body.oneOf('payment_form', PAYMENT_FORMS)
  const dateText = body.string('date')
  const date = dateText === undefined ? Math.min(range.to, call.now) : parseDate(dateText, timezone)
  if (date === null) throw body.invalid('date', 'invalid_format', 'El campo "date" debe ser una fecha ISO 8601.')

  let receipts = chosenReceipts(call, body, range).filter(
    (receipt) => paymentForm === undefined || receipt.payment_form === paymentForm,
  )
  if (receipts.length > MAX_RECEIPTS) {
    if (!body.boolean('limit_to_max_receipts'))
      throw refused(
        'global_invoice_too_many_items',
        `La factura global admite a lo más ${MAX_RECEIPTS} recibos: usa un rango de fechas menor o "limit_to_max_receipts".`,
      )
    receipts = receipts.slice(0, MAX_RECEIPTS)
  }
  if (receipts.length === 0) return null

  const concepts = receipts.flatMap(conceptsOf)
  const invoice = issueInvoice(call, {
    customer: {
      id: call.organization.public_customer,
      legal_name: 'PUBLICO EN GENERAL',
      tax_id: PUBLIC_RFC,
      tax_system: '616',
      email: null,
      address: { zip: call.organization.zip, country: 'MEX' },
    },
    use: 'S01',
    payment_form: paymentForm ?? largestPaymentForm(receipts),
    items: concepts.map(itemOf),
    concepts,
    date,
    folio_number: folio,
    series,
    conditions: null,
    global: { periodicity, months, year },
  })
  for (const receipt of receipts) {
    receipt.status = 'invoiced_globally'
    receipt.invoice = invoice.id
    receipt.customer = call.organization.public_customer
  }
  return invoice
}

interface Range {
  from: number
  /** Inclusive. */
  to: number
  period: Period
}

/** `from` and `to`, both or neither (the last whole period): they must lie in one period of the periodicity. */
function readRange(call: Call, body: Fields, periodicity: (typeof PERIODICITY_NAMES)[number]): Range {
  const { timezone } = call.organization
  const read = (name: 'from' | 'to') => {
    const text = body.string(name)
    if (text === undefined) return undefined
    const instant = parseDate(text, timezone)
    if (instant === null) throw body.invalid(name, 'invalid_format', `El campo "${name}" debe ser una fecha ISO 8601.`)
    return instant
  }
  const from = read('from')
  const to = read('to')
  if (from === undefined && to === undefined) {
    const period = previousPeriod(call.now, periodicity, timezone)
    return { from: period.start, to: period.end - 1, period }
  }
  if (from === undefined || to === undefined) throw body.required(from === undefined ? 'from' : 'to')
  if (from > to) throw refused('invalid_date_range', 'La fecha "from" debe ser anterior a "to".')
  const period = periodOf(from, periodicity, timezone)
  if (to >= period.end)
    throw refused(
      'invalid_global_invoice_period',
      `El rango de fechas debe estar dentro del mismo periodo de facturación: ${periodicity} (${iso(period.start)} a ${iso(period.end - 1)}).`,
    )
  return { from, to, period }
}

/** The open receipts of the range, oldest first; or, with `receipts`, those (each open and in the range). */
function chosenReceipts(call: Call, body: Fields, range: Range): ReceiptObject[] {
  const inRange = (receipt: ReceiptObject) => {
    const date = Date.parse(receipt.date)
    return date >= range.from && date <= range.to
  }
  const ids = body.list('receipts')
  if (ids === undefined)
    return [...call.state.receipts.values()]
      .filter(
        (receipt) => receipt.organization === call.organization.id && receipt.status === 'open' && inRange(receipt),
      )
      .sort((a, b) => a.date.localeCompare(b.date))
  if (!body.has('from')) throw body.required('from')
  return ids.map((id, index) => {
    if (typeof id !== 'string')
      throw body.invalid(`receipts.${index}`, 'invalid_type', `El campo "receipts.${index}" debe ser de tipo texto.`)
    const receipt = findReceipt(call, id)
    if (receipt.status !== 'open') throw notOpen(receipt)
    if (!inRange(receipt))
      throw body.invalid(
        `receipts.${index}`,
        'not_allowed',
        `El recibo ${id} no es del periodo de la factura global (su fecha es ${receipt.date}).`,
      )
    return receipt
  })
}

/** A receipt as the global invoice's concepts: one per IVA rate in it (or without tax). */
function conceptsOf(receipt: ReceiptObject): Concept[] {
  const byRate = new Map<number | null, { base: number; tax: number }>()
  for (const concept of receipt.items.map(conceptOf)) {
    const rate = concept.iva?.rate ?? null
    const sum = byRate.get(rate) ?? { base: 0, tax: 0 }
    byRate.set(rate, { base: sum.base + concept.base, tax: sum.tax + (concept.iva?.amount ?? 0) })
  }
  return [...byRate].map(([rate, { base, tax }]) => ({
    product_key: '01010101',
    sku: String(receipt.folio_number),
    quantity: 1,
    unit_key: 'ACT',
    unit_name: 'Actividad',
    description: 'Venta',
    unit_value: pesos(base),
    base,
    iva: rate === null ? null : { rate, amount: tax },
  }))
}

function itemOf(concept: Concept): ItemObject {
  return {
    quantity: 1,
    discount: 0,
    product: {
      description: concept.description,
      product_key: concept.product_key,
      unit_key: concept.unit_key,
      unit_name: concept.unit_name,
      price: pesos(concept.base + (concept.iva?.amount ?? 0)),
      tax_included: true,
      taxability: concept.iva ? '02' : '01',
      taxes: concept.iva ? [{ type: 'IVA', rate: concept.iva.rate, factor: 'Tasa', withholding: false }] : [],
      local_taxes: [],
      ...(concept.sku !== undefined ? { sku: concept.sku } : {}),
    },
    customs_keys: [],
    parts: [],
    property_tax_account: [],
  }
}

/** SAT's rule for a global invoice paid several ways: the form that paid the most. */
function largestPaymentForm(receipts: ReceiptObject[]): string {
  const sums = new Map<string, number>()
  for (const receipt of receipts) sums.set(receipt.payment_form, (sums.get(receipt.payment_form) ?? 0) + receipt.total)
  return [...sums].sort((a, b) => b[1] - a[1])[0]![0]
}
