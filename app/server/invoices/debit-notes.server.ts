import { and, eq, inArray, lt, ne, or } from 'drizzle-orm'
import { FacturapiError } from 'facturapi'
import type Facturapi from 'facturapi'
import { paymentFormOf, RESTAURANT_CONCEPT } from '~/domain/cfdi'
import { globalInformation } from '~/domain/invoices'
import { centsToPesos } from '~/domain/money'
import { isCardFunding } from '~/domain/receipt'
import { GENERIC_RFCS } from '~/domain/rfc'
import { DEFAULT_TAX_RATE_BPS } from '~/domain/tax'
import { parseLocalDate } from '~/domain/local-time'
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
import { facturapiCustomer, madeUnderKey } from './facturapi.server'

/*
 * A refund an ingreso already held (recorded before the receipt the factura
 * or the global was made from) that the diner's bank later sends back
 * leaves the restaurant with more money than its CFDIs say. A nota de
 * débito (an ingreso related with TipoRelación 02, "Nota de débito de los
 * documentos relacionados") stamps the difference: to the diner, with their
 * factura's uso; for a sale in a factura global, to the general public
 * with the global's own period.
 */

/** c_TipoRelacion 02. */
const DEBIT_NOTE = '02'
const PUBLIC = { legal_name: 'PUBLICO EN GENERAL', tax_id: GENERIC_RFCS.publico, tax_system: '616' }
/** How long a note claimed by one delivery may stay pending before another takes it over. */
const CLAIM_MS = 60_000

/**
 * After refunds of these payments came back undone: the notas de débito
 * their ingreso now owes, recorded once each (by refund), then every one
 * owed issued. Answers whether any is still owed (Facturapi refused it).
 */
export async function debitsAfterUndoneRefunds(
  ledger: Ledger,
  client: Facturapi,
  paymentIds: readonly string[],
): Promise<boolean> {
  const { db, restaurantId } = ledger
  for (const owed of await owedDebits(ledger, paymentIds))
    await db
      .insert(fiscalDocuments)
      .values({
        id: crypto.randomUUID(),
        restaurantId,
        paymentId: owed.paymentId,
        refundId: owed.refundId,
        kind: 'debito',
        cents: owed.cents,
      })
      .onConflictDoNothing()
  const due = await db
    .select()
    .from(fiscalDocuments)
    .where(
      and(
        eq(fiscalDocuments.restaurantId, restaurantId),
        eq(fiscalDocuments.kind, 'debito'),
        or(
          eq(fiscalDocuments.status, 'failed'),
          and(eq(fiscalDocuments.status, 'pending'), lt(fiscalDocuments.updatedAt, Date.now() - CLAIM_MS)),
          and(eq(fiscalDocuments.status, 'pending'), eq(fiscalDocuments.updatedAt, fiscalDocuments.createdAt)),
        ),
      ),
    )
    .limit(5)
  let left = false
  for (const note of due) left = !(await issueDebit(ledger, client, note)) || left
  return left
}

/**
 * What each payment's ingreso owes now: the bill part and IVA it should
 * hold with its counted refunds as they stand (those recorded before its
 * receipt), less what its receipt said and the notas de débito already
 * recorded; owed by the counted refunds that came back undone, oldest first.
 */
async function owedDebits({ db }: Ledger, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return []
  const ids = [...paymentIds]
  const [sales, given, noted] = await db.batch([
    db
      .select({
        paymentId: payments.id,
        paidCents: payments.amountCents,
        taxCents: payments.taxCents,
        stampedCents: receipts.facturapiCents,
        version: receipts.facturapiVersion,
        request: invoiceRequests.facturapiInvoiceId,
        global: receipts.globalInvoiceId,
      })
      .from(payments)
      .innerJoin(receipts, eq(receipts.paymentId, payments.id))
      .leftJoin(invoiceRequests, and(eq(invoiceRequests.paymentId, payments.id), eq(invoiceRequests.status, 'issued')))
      .where(inArray(payments.id, ids)),
    db
      .select({
        refundId: refunds.id,
        paymentId: refunds.paymentId,
        cents: refunds.amountCents,
        taxCents: refunds.taxCents,
        failedAt: refunds.failedAt,
      })
      .from(refunds)
      .where(inArray(refunds.paymentId, ids))
      .orderBy(refunds.createdAt, refunds.id),
    db
      .select({
        paymentId: fiscalDocuments.paymentId,
        refundId: fiscalDocuments.refundId,
        cents: fiscalDocuments.cents,
      })
      .from(fiscalDocuments)
      .where(
        and(
          inArray(fiscalDocuments.paymentId, ids),
          eq(fiscalDocuments.kind, 'debito'),
          ne(fiscalDocuments.status, 'void'),
        ),
      ),
  ])
  return sales.flatMap((sale) => {
    // Not invoiced yet: its open receipt follows the money by itself.
    if (sale.stampedCents === null || sale.version === null || (!sale.request && !sale.global)) return []
    const counted = given.filter((refund) => refund.paymentId === sale.paymentId).slice(0, sale.version)
    const standing = counted.filter((refund) => refund.failedAt === null)
    const kept = sale.paidCents + sale.taxCents - standing.reduce((sum, each) => sum + each.cents + each.taxCents, 0)
    const notes = noted.filter((note) => note.paymentId === sale.paymentId)
    let owed = kept - sale.stampedCents - notes.reduce((sum, note) => sum + note.cents, 0)
    const due: { paymentId: string; refundId: string; cents: number }[] = []
    for (const refund of counted) {
      if (owed <= 0) break
      if (refund.failedAt === null || notes.some((note) => note.refundId === refund.refundId)) continue
      const cents = Math.min(owed, refund.cents + refund.taxCents)
      due.push({ paymentId: sale.paymentId, refundId: refund.refundId, cents })
      owed -= cents
    }
    return due
  })
}

type FiscalDocument = typeof fiscalDocuments.$inferSelect

/** Issues one nota de débito, claimed by this delivery alone; false when Facturapi did not take it (kept `failed` with its words). */
async function issueDebit(ledger: Ledger, client: Facturapi, note: FiscalDocument): Promise<boolean> {
  const { db } = ledger
  const [claimed] = await db
    .update(fiscalDocuments)
    .set({ status: 'pending', updatedAt: Date.now() })
    .where(and(eq(fiscalDocuments.id, note.id), eq(fiscalDocuments.updatedAt, note.updatedAt)))
    .returning({ id: fiscalDocuments.id })
  if (!claimed) return true
  const [sale] = await db
    .select({
      request: invoiceRequests,
      method: payments.paymentMethod,
      taxRateBps: payments.taxRateBps,
      funding: receipts.cardFunding,
      global: globalInvoices,
      zip: restaurants.fiscalPostalCode,
    })
    .from(payments)
    .innerJoin(restaurants, eq(restaurants.id, ledger.restaurantId))
    .leftJoin(invoiceRequests, and(eq(invoiceRequests.paymentId, payments.id), eq(invoiceRequests.status, 'issued')))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .leftJoin(globalInvoices, eq(globalInvoices.id, receipts.globalInvoiceId))
    .where(eq(payments.id, note.paymentId))
    .limit(1)
  const request = sale?.request?.facturapiInvoiceId ? sale.request : null
  const ingreso = request?.facturapiInvoiceId ?? sale?.global?.facturapiInvoiceId ?? null
  if (!sale || !ingreso) return true
  const key = `debito:${note.refundId}`
  try {
    const related = await client.invoices.retrieve(ingreso)
    const made = await client.invoices
      .create({
        type: 'I',
        ...(request
          ? { customer: facturapiCustomer(request), use: request.cfdiUse }
          : {
              customer: { ...PUBLIC, address: { zip: sale.zip ?? '' } },
              use: 'S01',
              global: globalInformation(
                {
                  fromDay: parseLocalDate(sale.global!.fromDay)!,
                  toDay: parseLocalDate(sale.global!.toDay)!,
                },
                sale.global!.periodicity,
              ),
            }),
        payment_form: paymentFormOf(sale.method, isCardFunding(sale.funding) ? sale.funding : null).form,
        related_documents: [{ relationship: DEBIT_NOTE, documents: [related.uuid] }],
        external_id: note.refundId,
        items: [
          {
            quantity: 1,
            product: {
              description: 'Reembolso no realizado: el banco devolvió el dinero',
              product_key: RESTAURANT_CONCEPT.productKey,
              unit_key: RESTAURANT_CONCEPT.unitKey,
              price: centsToPesos(note.cents),
              tax_included: true,
              taxes: [{ type: 'IVA', rate: (sale.taxRateBps ?? DEFAULT_TAX_RATE_BPS) / 10_000 }],
              sku: note.refundId ?? note.paymentId,
            },
          },
        ],
        idempotency_key: key,
      })
      .catch((error: unknown) =>
        madeUnderKey(error, key, () => client.invoices.list({ q: note.refundId ?? '', type: 'I' })),
      )
    await db
      .update(fiscalDocuments)
      .set({
        status: 'issued',
        relatedUuid: related.uuid,
        facturapiId: made.id,
        uuid: made.uuid,
        error: null,
        updatedAt: Date.now(),
      })
      .where(eq(fiscalDocuments.id, note.id))
    return true
  } catch (error) {
    console.error(`nota de débito of refund ${note.refundId} left for later`, error)
    await db
      .update(fiscalDocuments)
      .set({
        status: 'failed',
        error: error instanceof FacturapiError ? error.message : String(error),
        updatedAt: Date.now(),
      })
      .where(eq(fiscalDocuments.id, note.id))
    return false
  }
}
