import { PAYMENT_FORM_TO_BE_DEFINED, PAYMENT_FORMS } from './catalogs'
import { addDays, iso, parseDate, periodOf } from './dates'
import { FacturapiError, notFound, notImplemented, refused } from './errors'
import { Fields } from './fields'
import { keepKey, madeBefore } from './idempotency'
import { newId, receiptKey } from './ids'
import { chargedFor, conceptOf, type ItemObject, pesos, readItems } from './items'
import { type Call, nextFolio } from './state'

/**
 * E-receipts (recibos electrónicos): a sale's ticket, which the customer may
 * have invoiced to them (receipts/:id/invoice, or the self-invoicing portal
 * at `self_invoice_url`) or which ends up in the period's global invoice.
 */
export interface ReceiptObject {
  id: string
  created_at: string
  livemode: boolean
  organization: string
  date: string
  /** The last moment the self-invoicing portal takes it; the API invoices an open receipt at any time. */
  expires_at: string
  status: 'open' | 'canceled' | 'invoiced_to_customer' | 'invoiced_globally'
  self_invoice_url: string
  total: number
  invoice: string | null
  customer: string | null
  key: string
  items: ItemObject[]
  external_id: string | null
  idempotency_key: string | null
  payment_form: string
  folio_number: number
  currency: 'MXN'
  exchange: 1
  branch: string | null
}

const RECEIPT_FIELDS = [
  'items',
  'payment_form',
  'date',
  'folio_number',
  'currency',
  'exchange',
  'branch',
  'external_id',
  'idempotency_key',
]

/** `POST /v2/receipts` */
export function createReceipt(call: Call): ReceiptObject {
  const body = Fields.of(call.body, '', RECEIPT_FIELDS, { unimplemented: ['customer', 'address'] })
  const items = readItems(body)
  const paymentForm = body.requiredOneOf('payment_form', PAYMENT_FORMS)
  // A receipt is a sale already paid, invoiced with MetodoPago PUE, which SAT does not take with "99 Por definir".
  if (paymentForm === PAYMENT_FORM_TO_BE_DEFINED)
    throw body.invalid(
      'payment_form',
      'not_allowed',
      'Un recibo es una venta pagada: su forma de pago no puede ser "99" (Por definir).',
    )
  const currency = body.string('currency') ?? 'MXN'
  if (currency !== 'MXN') throw notImplemented('currency', `recibos en ${currency}`)
  const exchange = body.number('exchange') ?? 1
  if (exchange !== 1) throw body.invalid('exchange', 'invalid_value', 'El tipo de cambio de MXN es 1.')
  const { timezone } = call.organization
  const dateText = body.string('date')
  const date = dateText === undefined ? call.now : parseDate(dateText, timezone)
  if (date === null)
    throw body.invalid('date', 'invalid_format', `El campo "date" debe ser una fecha en formato ISO 8601.`)
  const folio = body.number('folio_number', { min: 1, integer: true })
  const idempotencyKey = body.string('idempotency_key') || null
  const before = madeBefore(call, idempotencyKey, (id) => call.state.receipts.get(id))
  if (before) return before
  const key = receiptKey()
  const receipt: ReceiptObject = {
    id: newId(),
    created_at: iso(call.now),
    livemode: call.organization.livemode,
    organization: call.organization.id,
    date: iso(date),
    expires_at: iso(expiry(call, date)),
    status: 'open',
    self_invoice_url: `https://factura.space/${call.organization.self_invoice_domain}/${key}`,
    total: pesos(items.map(conceptOf).reduce((sum, concept) => sum + chargedFor(concept), 0)),
    invoice: null,
    customer: null,
    key,
    items,
    external_id: body.string('external_id') ?? null,
    idempotency_key: idempotencyKey,
    payment_form: paymentForm,
    folio_number: folio ?? nextFolio(call, 'receipt'),
    currency: 'MXN',
    exchange: 1,
    branch: body.string('branch') ?? null,
  }
  call.state.receipts.set(receipt.id, receipt)
  keepKey(call, idempotencyKey, receipt.id)
  return receipt
}

/**
 * When the self-invoicing portal stops taking a receipt: `duration_days`
 * after its date or at the end of its period, whichever comes first (0 days:
 * always the end of the period), per Facturapi's self-invoicing guide.
 */
function expiry(call: Call, date: number): number {
  const { periodicity, duration_days: days, timezone } = call.organization
  const periodEnd = periodOf(date, periodicity, timezone).end - 1
  return days === 0 ? periodEnd : Math.min(addDays(date, days), periodEnd)
}

/** A receipt of the request's organization: one of another organization does not exist for it. */
export function findReceipt(call: Call, id: string): ReceiptObject {
  const receipt = call.state.receipts.get(id)
  if (!receipt || receipt.organization !== call.organization.id)
    throw notFound('receipt_not_found', `No se encontró el recibo con el id ${id}.`)
  return receipt
}

/** `GET /v2/receipts/:id` */
export const retrieveReceipt = (call: Call) => findReceipt(call, call.path.id!)

/** `DELETE /v2/receipts/:id`: an open receipt can no longer be invoiced. */
export function cancelReceipt(call: Call): ReceiptObject {
  const receipt = findReceipt(call, call.path.id!)
  if (receipt.status !== 'open') throw notOpen(receipt)
  receipt.status = 'canceled'
  return receipt
}

export const notOpen = (receipt: ReceiptObject) =>
  refused('receipt_not_open', `El recibo ${receipt.id} no está abierto (su estado es "${receipt.status}").`)

/** `GET /v2/receipts`: the organization's receipts, newest first, a page at a time. */
export function listReceipts(call: Call) {
  const query = readQuery(call)
  const matching = [...call.state.receipts.values()]
    .filter((receipt) => receipt.organization === call.organization.id && query.matches(receipt))
    .sort((a, b) => b.date.localeCompare(a.date) || b.created_at.localeCompare(a.created_at))
  const totalPages = Math.ceil(matching.length / query.limit)
  // Facturapi answers a search without matches with page 0 (SDK 5.0.0's changelog).
  if (matching.length === 0) return { page: 0, total_pages: 0, total_results: 0, data: [] }
  return {
    page: query.page,
    total_pages: totalPages,
    total_results: matching.length,
    data: matching.slice((query.page - 1) * query.limit, query.page * query.limit),
  }
}

const DATE_BOUNDS = ['gt', 'gte', 'lt', 'lte'] as const
const LIST_PARAMETERS = [
  'q',
  'payment_form',
  'invoice',
  'page',
  'limit',
  ...DATE_BOUNDS.map((bound) => `date[${bound}]`),
]
/** Facturapi's search parameters: 1 to 100 results a page (50 unless asked), pages 1 to 30. */
const MAX_LIMIT = 100
const MAX_PAGE = 30

function readQuery(call: Call) {
  const queryError = (name: string, code: string, message: string) =>
    new FacturapiError(400, 'invalid_request', message, [
      { message, code, source: 'facturapi', location: 'query', path: name },
    ])
  for (const name of call.query.keys()) {
    if (name === 'customer' || name === 'pagination' || name === 'after' || name === 'before')
      throw notImplemented(name, 'este parámetro de búsqueda', 'query')
    if (!LIST_PARAMETERS.includes(name))
      throw queryError(name, 'unknown_field', `El parámetro "${name}" no está permitido.`)
  }
  const whole = (name: string, max: number, fallback: number) => {
    const text = call.query.get(name)
    if (text === null) return fallback
    const value = Number(text)
    if (!Number.isInteger(value) || value < 1)
      throw queryError(name, 'invalid_value', `El parámetro "${name}" debe ser un entero mayor o igual a 1.`)
    if (value > max)
      throw name === 'page'
        ? refused('page_too_large', `La página más alta que se puede pedir es la ${max}.`)
        : queryError(name, 'too_large', `El parámetro "${name}" debe ser a lo más ${max}.`)
    return value
  }
  const bounds = DATE_BOUNDS.flatMap((bound) => {
    const text = call.query.get(`date[${bound}]`)
    if (text === null) return []
    const instant = parseDate(text, call.organization.timezone)
    if (instant === null)
      throw queryError(`date[${bound}]`, 'invalid_format', `El parámetro "date[${bound}]" debe ser una fecha ISO 8601.`)
    return [{ bound, instant }]
  })
  const words = call.query.get('q')?.trim().toLowerCase()
  const paymentForm = call.query.get('payment_form')
  const invoice = call.query.get('invoice')
  return {
    page: whole('page', MAX_PAGE, 1),
    limit: whole('limit', MAX_LIMIT, 50),
    matches(receipt: ReceiptObject): boolean {
      const date = Date.parse(receipt.date)
      const inRange = bounds.every(({ bound, instant }) =>
        bound === 'gt'
          ? date > instant
          : bound === 'gte'
            ? date >= instant
            : bound === 'lt'
              ? date < instant
              : date <= instant,
      )
      // `q` searches the items' descriptions and SKUs (List Receipts' docs).
      const found =
        !words ||
        receipt.items.some(({ product }) =>
          [product.description, product.sku ?? ''].some((text) => text.toLowerCase().includes(words)),
        )
      return (
        inRange &&
        found &&
        (paymentForm === null || receipt.payment_form === paymentForm) &&
        (invoice === null || receipt.invoice === invoice)
      )
    },
  }
}
