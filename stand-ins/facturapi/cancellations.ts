import { PUBLIC_RFC } from './catalogs'
import { iso } from './dates'
import { invalidField, refused } from './errors'
import { findInvoiceRecord, type InvoiceObject } from './invoices'
import { type Call, type StandInState } from './state'

/*
 * Cancelling a CFDI, as Facturapi's "Cancel invoice" takes it and the SAT's
 * rules decide it: `DELETE /v2/invoices/:id?motive=…` with one of the SAT's
 * motives (c_MotivoCancelacion: 01 errors with a relation, which names the
 * CFDI that substitutes it in `substitution`; 02 errors without one; 03 the
 * operation did not take place; 04 a nominative operation related in a
 * factura global). The receiver must accept it unless the SAT spares it
 * (Código Fiscal, art. 29-A; RMF 2.7.1.34: an egreso, one to the general
 * public, an ingreso of up to $1,000, or one cancelled within a day of being
 * issued): then `cancellation_status` is `pending` and the invoice stays
 * valid until the receiver accepts (`accepted`: cancelled) or rejects it
 * (`rejected`: it stands, and may be asked again), or three days pass
 * without an answer (`expired`: cancelled, as the SAT takes silence for
 * acceptance). The receiver answers through the stand-in's
 * `/_standin/invoices/:id/cancellation`; time, through its clock.
 */

export const CANCELLATION_MOTIVES = ['01', '02', '03', '04'] as const
/** An ingreso up to this total is cancelled without the receiver's acceptance (RMF 2.7.1.34). */
const ACCEPTANCE_FROM_TOTAL = 1_000
/** Within this long of being issued, a CFDI is cancelled without the receiver's acceptance. */
const WITHOUT_ACCEPTANCE_MS = 24 * 60 * 60_000
/** The receiver's three days to answer; after them the cancellation stands. */
const ANSWER_WITHIN_MS = 72 * 60 * 60_000
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i

function needsAcceptance(invoice: InvoiceObject, now: number): boolean {
  if (invoice.type === 'E' || invoice.customer.tax_id === PUBLIC_RFC) return false
  if (invoice.total <= ACCEPTANCE_FROM_TOTAL) return false
  return now - Date.parse(invoice.created_at) > WITHOUT_ACCEPTANCE_MS
}

/** `DELETE /v2/invoices/:id`: asks the SAT to cancel it, with a motive (and, for 01, the CFDI that substitutes it). */
export function cancelInvoice(call: Call): InvoiceObject {
  const { object: invoice } = findInvoiceRecord(call)
  settleCancellation(invoice, call.now)
  const motive = call.query.get('motive')
  if (!motive || !(CANCELLATION_MOTIVES as readonly string[]).includes(motive))
    throw invalidField(
      'motive',
      motive ? 'invalid_value' : 'required',
      `El motivo de cancelación debe ser uno del catálogo del SAT: ${CANCELLATION_MOTIVES.join(', ')}.`,
      'query',
    )
  const substitution = call.query.get('substitution')
  if (motive === '01') {
    const substitute = [...call.state.invoices.values()].find(
      (record) =>
        record.object.organization === call.organization.id &&
        record.object.uuid.toUpperCase() === substitution?.toUpperCase(),
    )?.object
    if (!substitution || !UUID.test(substitution) || !substitute || substitute.status !== 'valid')
      throw invalidField(
        'substitution',
        'required',
        'El motivo 01 pide el folio fiscal (UUID) del CFDI vigente que sustituye al que se cancela.',
        'query',
      )
  } else if (substitution)
    throw invalidField('substitution', 'not_allowed', 'Solo el motivo 01 lleva un CFDI que sustituye.', 'query')
  if (invoice.status === 'canceled')
    throw refused('invoice_already_canceled', `La factura ${invoice.uuid} ya está cancelada.`)
  // Already with the receiver: asked again, it stays as it is.
  if (invoice.cancellation_status === 'pending') return invoice
  const pending = needsAcceptance(invoice, call.now)
  const status = pending ? 'pending' : 'accepted'
  invoice.cancellation = {
    requested_at: iso(call.now),
    status,
    motive,
    substitution: motive === '01' ? substitution!.toUpperCase() : null,
  }
  invoice.cancellation_status = status
  if (!pending) invoice.status = 'canceled'
  return invoice
}

/** A pending cancellation the receiver left unanswered for three days stands (`expired`), as the SAT takes it. */
export function settleCancellation(invoice: InvoiceObject, now: number): void {
  const asked = invoice.cancellation
  if (invoice.cancellation_status !== 'pending' || !asked) return
  if (now - Date.parse(asked.requested_at) < ANSWER_WITHIN_MS) return
  invoice.cancellation_status = asked.status = 'expired'
  invoice.status = 'canceled'
}

/** The receiver's answer to a pending cancellation: accepted (cancelled) or rejected (it stands). */
export function answerCancellation(state: StandInState, id: string, answer: 'accepted' | 'rejected', now: number) {
  const invoice = state.invoices.get(id)?.object
  if (!invoice) throw refused('invoice_not_found', `No se encontró la factura con el id ${id}.`, [], 404)
  settleCancellation(invoice, now)
  if (invoice.cancellation_status !== 'pending' || !invoice.cancellation)
    throw refused('cancellation_not_pending', `La factura ${invoice.uuid} no tiene una cancelación pendiente.`)
  invoice.cancellation_status = invoice.cancellation.status = answer
  if (answer === 'accepted') invoice.status = 'canceled'
  return invoice
}

/**
 * An invoice as if issued `seconds` earlier, with any cancellation asked of
 * it: one test's documents age without moving the clock every other test
 * reads.
 */
export function ageInvoice(state: StandInState, id: string, seconds: number) {
  const invoice = state.invoices.get(id)?.object
  if (!invoice) throw refused('invoice_not_found', `No se encontró la factura con el id ${id}.`, [], 404)
  const back = (at: string) => iso(Date.parse(at) - seconds * 1000)
  invoice.created_at = back(invoice.created_at)
  if (invoice.cancellation) invoice.cancellation.requested_at = back(invoice.cancellation.requested_at)
  return invoice
}
