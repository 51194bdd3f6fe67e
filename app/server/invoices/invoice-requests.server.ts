import { and, desc, eq } from 'drizzle-orm'
import { invoiceableCents } from '~/domain/invoices'
import type { Receipt } from '~/domain/receipt'
import type { FacturaRequest } from '~/domain/schemas/receipts'
import type { Signature } from '~/domain/signature'
import type { Ledger } from '../books/ledger.server'
import { invoiceRequests, payments } from '../db/schema.server'

export type InvoiceRequestRow = typeof invoiceRequests.$inferSelect

/** Why a diner's request for a factura is refused. */
type FacturaRefusal = 'refunded' | 'already'

/** Who a factura is for, as the form gave it: the columns a request keeps of its receiver. */
export const receiverOf = (form: FacturaRequest) => ({
  rfc: form.rfc,
  legalName: form.legalName,
  taxRegime: form.taxRegime,
  postalCode: form.postalCode,
  cfdiUse: form.cfdiUse,
  email: form.email,
})

/** The payment's latest request for a factura (a rejected one stays until asked again), or null. */
export async function latestRequestOf({ db }: Ledger, paymentId: string): Promise<InvoiceRequestRow | null> {
  const [row] = await db
    .select()
    .from(invoiceRequests)
    .where(eq(invoiceRequests.paymentId, paymentId))
    .orderBy(desc(invoiceRequests.createdAt))
    .limit(1)
  return row ?? null
}

/**
 * Stores a diner's request for a factura of the payment on `receipt`, for
 * what it consumed less what was refunded (never the tip). Refused when
 * refunds gave back all of it, or when one is already pending or issued
 * (two sent at once: the ledger's unique index keeps one).
 */
export async function requestFactura(
  ledger: Ledger,
  receipt: Receipt,
  form: FacturaRequest,
): Promise<{ ok: true; request: InvoiceRequestRow } | { ok: false; refusal: FacturaRefusal }> {
  const [payment] = await ledger.db
    .select({ amountCents: payments.amountCents, taxCents: payments.taxCents })
    .from(payments)
    .where(eq(payments.id, receipt.paymentId))
    .limit(1)
  const amountCents = payment ? invoiceableCents(payment, receipt.figures.refunds) : 0
  if (amountCents <= 0) return { ok: false, refusal: 'refunded' }
  const [request] = await ledger.db
    .insert(invoiceRequests)
    .values({
      id: crypto.randomUUID(),
      paymentId: receipt.paymentId,
      restaurantId: ledger.restaurantId,
      ...receiverOf(form),
      amountCents,
    })
    .onConflictDoNothing()
    .returning()
  return request ? { ok: true, request } : { ok: false, refusal: 'already' }
}

/** One of the restaurant's requests. */
export async function requestOf({ db, restaurantId }: Ledger, id: string): Promise<InvoiceRequestRow | null> {
  const [row] = await db
    .select()
    .from(invoiceRequests)
    .where(and(eq(invoiceRequests.id, id), eq(invoiceRequests.restaurantId, restaurantId)))
    .limit(1)
  return row ?? null
}

/**
 * A pending request decided by staff: issued (its files kept at `files`) or
 * rejected with a reason. Only a pending one changes: decided twice at once,
 * the second finds it decided and changes nothing.
 */
export async function decideRequest(
  { db, restaurantId }: Ledger,
  id: string,
  decision: { status: 'issued'; pdfKey: string; xmlKey: string } | { status: 'rejected'; reason: string },
  by: Signature,
): Promise<InvoiceRequestRow | null> {
  const [row] = await db
    .update(invoiceRequests)
    .set({
      status: decision.status,
      ...(decision.status === 'issued'
        ? { pdfKey: decision.pdfKey, xmlKey: decision.xmlKey }
        : { rejectReason: decision.reason }),
      decidedBy: by.name,
      decidedById: by.userId,
      decidedAt: Date.now(),
    })
    .where(
      and(
        eq(invoiceRequests.id, id),
        eq(invoiceRequests.restaurantId, restaurantId),
        eq(invoiceRequests.status, 'pending'),
      ),
    )
    .returning()
  return row ?? null
}
