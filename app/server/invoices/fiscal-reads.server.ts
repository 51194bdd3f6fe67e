import { eq } from 'drizzle-orm'
import type { PaymentFiscal } from '~/domain/fiscal'
import type { Ledger } from '../books/ledger.server'
import { fiscalDocuments, invoiceRequests, payments } from '../db/schema.server'

/** The fiscal documents of a bill's payments, by payment. */
export async function fiscalOfBill({ db }: Ledger, sessionId: string): Promise<Map<string, PaymentFiscal>> {
  const [facturas, egresos] = await db.batch([
    db
      .select({
        paymentId: invoiceRequests.paymentId,
        status: invoiceRequests.status,
        legalName: invoiceRequests.legalName,
        cancellation: invoiceRequests.cancellationStatus,
      })
      .from(invoiceRequests)
      .innerJoin(payments, eq(payments.id, invoiceRequests.paymentId))
      .where(eq(payments.sessionId, sessionId))
      .orderBy(invoiceRequests.createdAt),
    db
      .select({
        paymentId: fiscalDocuments.paymentId,
        kind: fiscalDocuments.kind,
        cents: fiscalDocuments.cents,
        uuid: fiscalDocuments.uuid,
        status: fiscalDocuments.status,
        cancellation: fiscalDocuments.cancellationStatus,
        error: fiscalDocuments.error,
      })
      .from(fiscalDocuments)
      .innerJoin(payments, eq(payments.id, fiscalDocuments.paymentId))
      .where(eq(payments.sessionId, sessionId))
      .orderBy(fiscalDocuments.createdAt),
  ])
  const byPayment = new Map<string, PaymentFiscal>()
  const of = (paymentId: string) => {
    let fiscal = byPayment.get(paymentId)
    if (!fiscal) byPayment.set(paymentId, (fiscal = { factura: null, replaced: [], egresos: [] }))
    return fiscal
  }
  // The latest request stands (a rejected one may have been asked again); a substituted one is listed apart.
  for (const { paymentId, cancellation, ...factura } of facturas)
    if (factura.status === 'substituted') of(paymentId).replaced.push({ legalName: factura.legalName, cancellation })
    else of(paymentId).factura = factura
  for (const { paymentId, ...egreso } of egresos) of(paymentId).egresos.push(egreso)
  return byPayment
}
