import type { Cents } from './money'

/** Where a diner's request for a factura stands: waiting for staff, issued, or refused by staff with a reason. */
export const INVOICE_REQUEST_STATUSES = ['pending', 'issued', 'rejected'] as const
export type InvoiceRequestStatus = (typeof INVOICE_REQUEST_STATUSES)[number]

/**
 * What a payment's factura covers: its consumption, IVA included, less what
 * refunds gave back of it. Never the tip: it is the staff's, not the
 * restaurant's income.
 */
export function invoiceableCents(
  payment: { amountCents: Cents; taxCents: Cents },
  refunds: readonly { amountCents: Cents; taxCents: Cents }[],
): Cents {
  const given = refunds.reduce((sum, refund) => sum + refund.amountCents + refund.taxCents, 0)
  return Math.max(0, payment.amountCents + payment.taxCents - given)
}
