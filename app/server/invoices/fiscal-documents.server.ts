import { and, eq, inArray, lt, or } from 'drizzle-orm'
import { FacturapiError } from 'facturapi'
import { paymentFormOf } from '~/domain/cfdi'
import { isCardFunding } from '~/domain/receipt'
import { GENERIC_RFCS } from '~/domain/rfc'
import type { Ledger } from '../books/ledger.server'
import {
  fiscalDocuments,
  globalInvoices,
  invoiceRequests,
  payments,
  receipts,
  refunds,
  restaurants,
} from '../db/schema.server'

/*
 * How Mesa issues a CFDI that follows a sale's money after its ingreso (a
 * nota de crédito, a nota de débito): one row each in `fiscal_documents`,
 * claimed by one delivery at a time, issued at Facturapi, and kept issued or
 * failed with Facturapi's words, to be tried again.
 */

export type FiscalDocument = typeof fiscalDocuments.$inferSelect

/** The general public as a factura global names it (the SAT's guide to the CFDI global), at the issuer's zip. */
export const publicReceiver = (zip: string | null) => ({
  legal_name: 'PUBLICO EN GENERAL',
  tax_id: GENERIC_RFCS.publico,
  tax_system: '616',
  address: { zip: zip ?? '' },
})

/** How long a document claimed by one delivery may stay pending before another takes it over. */
const CLAIM_MS = 60_000
/** Documents one delivery tries again at most, so a Facturapi outage never holds the hub long. */
export const RETRIES_PER_DELIVERY = 5

/** The restaurant's documents of `kind` to issue now: those Facturapi refused, those left midway, and `fresh` (by refund). */
export function dueDocuments(
  { db, restaurantId }: Ledger,
  kind: FiscalDocument['kind'],
  fresh: readonly string[] = [],
): Promise<FiscalDocument[]> {
  return db
    .select()
    .from(fiscalDocuments)
    .where(
      and(
        eq(fiscalDocuments.restaurantId, restaurantId),
        eq(fiscalDocuments.kind, kind),
        or(
          eq(fiscalDocuments.status, 'failed'),
          and(eq(fiscalDocuments.status, 'pending'), lt(fiscalDocuments.updatedAt, Date.now() - CLAIM_MS)),
          fresh.length > 0 ? inArray(fiscalDocuments.refundId, [...fresh]) : undefined,
        ),
      ),
    )
    .limit(RETRIES_PER_DELIVERY + fresh.length)
}

/** These payments' refunds in the order they were recorded (a receipt's version counts them so), failed ones too. */
export function refundsInOrder({ db }: Ledger, paymentIds: readonly string[]) {
  return db
    .select({
      refundId: refunds.id,
      paymentId: refunds.paymentId,
      cents: refunds.amountCents,
      taxCents: refunds.taxCents,
      failedAt: refunds.failedAt,
    })
    .from(refunds)
    .where(inArray(refunds.paymentId, [...paymentIds]))
    .orderBy(refunds.createdAt, refunds.id)
}

/** The sale a document is about: the factura it relates to, how it was paid, its IVA, the global that gathered it. */
async function saleOf({ db, restaurantId }: Ledger, document: FiscalDocument) {
  const [sale] = await db
    .select({
      request: invoiceRequests,
      method: payments.paymentMethod,
      taxRateBps: payments.taxRateBps,
      funding: receipts.cardFunding,
      global: globalInvoices,
      zip: restaurants.fiscalPostalCode,
      refundFailedAt: refunds.failedAt,
    })
    .from(payments)
    .innerJoin(restaurants, eq(restaurants.id, restaurantId))
    .leftJoin(refunds, eq(refunds.id, document.refundId ?? ''))
    .leftJoin(
      invoiceRequests,
      // The factura it stands against when it names one (a substituted one), else the payment's issued factura.
      document.requestId
        ? eq(invoiceRequests.id, document.requestId)
        : and(eq(invoiceRequests.paymentId, payments.id), eq(invoiceRequests.status, 'issued')),
    )
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .leftJoin(globalInvoices, eq(globalInvoices.id, receipts.globalInvoiceId))
    .where(eq(payments.id, document.paymentId))
    .limit(1)
  if (!sale) return null
  return {
    ...sale,
    // A factura issued by hand holds the sale too, but Mesa relates nothing to it: only Facturapi's.
    request: sale.request?.facturapiInvoiceId ? sale.request : null,
    // A document after the sale is paid the way the sale was (the money went back, or stayed, by it).
    paymentForm: paymentFormOf(sale.method, isCardFunding(sale.funding) ? sale.funding : null).form,
  }
}

export type DocumentSale = NonNullable<Awaited<ReturnType<typeof saleOf>>>

/**
 * Issues one owed document: claimed by this delivery alone (another that
 * finds it claimed leaves it), `make` stamps it against its sale (answering
 * what it made and the UUID it relates to; `void` when it is owed no more;
 * null when there is nothing to relate it to yet), and the outcome is kept.
 * Answers false when Facturapi did not take it.
 */
export async function issueDocument(
  ledger: Ledger,
  document: FiscalDocument,
  make: (sale: DocumentSale) => Promise<{ made: { id: string; uuid: string }; related: string } | 'void' | null>,
): Promise<boolean> {
  const { db } = ledger
  const [claimed] = await db
    .update(fiscalDocuments)
    .set({ status: 'pending', updatedAt: Date.now() })
    .where(and(eq(fiscalDocuments.id, document.id), eq(fiscalDocuments.updatedAt, document.updatedAt)))
    .returning({ id: fiscalDocuments.id })
  if (!claimed) return true
  const sale = await saleOf(ledger, document)
  if (!sale) return true
  try {
    const made = await make(sale)
    if (made === null) return true
    await db
      .update(fiscalDocuments)
      .set(
        made === 'void'
          ? { status: 'void', updatedAt: Date.now() }
          : {
              status: 'issued',
              relatedUuid: made.related,
              facturapiId: made.made.id,
              uuid: made.made.uuid,
              error: null,
              updatedAt: Date.now(),
            },
      )
      .where(eq(fiscalDocuments.id, document.id))
    return true
  } catch (error) {
    console.error(`${document.kind} ${document.id} left for later`, error)
    await db
      .update(fiscalDocuments)
      .set({
        status: 'failed',
        error: error instanceof FacturapiError ? error.message : String(error),
        updatedAt: Date.now(),
      })
      .where(eq(fiscalDocuments.id, document.id))
    return false
  }
}
