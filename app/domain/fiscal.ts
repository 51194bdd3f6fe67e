import type { InvoiceRequestStatus } from './invoices'

/**
 * Which payments Mesa may put on a fiscal document. A CFDI declares income:
 * only money that moved may reach one. A payment the simulated provider
 * approved moved none (the public demo table, the labelled demo a restaurant
 * runs until Stripe lets its account charge), except where that provider
 * stands in for every card (`simulatedStandsIn`: a local run or a test with
 * no card provider at all), whose payments are stamped against the
 * Facturapi stand-in as real ones would be.
 */
export function movedMoney(payment: { provider: string }, simulatedStandsIn: boolean): boolean {
  return payment.provider !== 'simulated' || simulatedStandsIn
}

/** Where a fiscal document stands: owed (`pending`, `failed` while Facturapi does not take it), `issued`, or `void` (never issued, and owed no more). */
export const FISCAL_DOCUMENT_STATUSES = ['pending', 'issued', 'failed', 'void'] as const
type FiscalDocumentStatus = (typeof FISCAL_DOCUMENT_STATUSES)[number]

/**
 * The SAT's motives to cancel a CFDI (c_MotivoCancelacion): 01 issued with
 * errors, substituted by another; 02 issued with errors, no substitute; 03
 * the operation did not take place; 04 a nominative operation related in a
 * factura global.
 */
export const CANCELLATION_MOTIVES = ['01', '02', '03', '04'] as const
export type CancellationMotive = (typeof CANCELLATION_MOTIVES)[number]

/** Where a cancellation stands at the SAT: waiting on the receiver, taken, refused by them, or taken after their silence. */
export const CANCELLATION_STATUSES = ['pending', 'accepted', 'rejected', 'expired'] as const
export type CancellationStatus = (typeof CANCELLATION_STATUSES)[number]

/** Whether a cancellation took the CFDI off the books (accepted, or three days of the receiver's silence). */
export const cancelled = (status: CancellationStatus | null): boolean => status === 'accepted' || status === 'expired'

/** Facturapi's word on a cancellation as one of the SAT's statuses; none yet (`none`, or a word it may add) is null. */
export const cancellationStatusOf = (word: string | null | undefined): CancellationStatus | null =>
  (CANCELLATION_STATUSES as readonly string[]).includes(word ?? '') ? (word as CancellationStatus) : null

/**
 * What staff see of a payment's fiscal documents: its factura (to whom,
 * where it stands), those it substituted with their cancellation (null
 * while it is being asked), and the notas de crédito after it.
 */
export interface PaymentFiscal {
  factura: { status: InvoiceRequestStatus; legalName: string } | null
  replaced: { legalName: string; cancellation: CancellationStatus | null }[]
  /** Notas de crédito (`egreso`) and de débito (`debito`: money a refund meant to give back and did not). */
  egresos: {
    kind: 'egreso' | 'debito'
    cents: number
    uuid: string | null
    status: FiscalDocumentStatus
    cancellation: CancellationStatus | null
    error: string | null
  }[]
}

/**
 * What a refund of a payment changes on paper: with the diner's factura
 * issued or asked for, a nota de crédito (CFDI de egreso) for what it gives
 * back of the consumption; otherwise its receipt is made again for what the
 * payment keeps (and, were it in a factura global already, an egreso to the
 * general public). Never the tip.
 */
export const refundFiscalEffect = (fiscal: Pick<PaymentFiscal, 'factura'> | null): 'egreso' | 'receipt' =>
  fiscal?.factura && (fiscal.factura.status === 'issued' || fiscal.factura.status === 'pending') ? 'egreso' : 'receipt'
