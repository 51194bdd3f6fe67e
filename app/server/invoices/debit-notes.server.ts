import { and, eq, inArray, ne } from 'drizzle-orm'
import type Facturapi from 'facturapi'
import { RESTAURANT_CONCEPT } from '~/domain/cfdi'
import { globalInformation } from '~/domain/invoices'
import { parseLocalDate } from '~/domain/local-time'
import type { Ledger } from '../books/ledger.server'
import { fiscalDocuments, invoiceRequests, payments, receipts } from '../db/schema.server'
import { facturapiCustomer, madeUnderKey, oneConcept } from './facturapi.server'
import {
  dueDocuments,
  issueDocument,
  publicReceiver,
  refundsInOrder,
  type FiscalDocument,
} from './fiscal-documents.server'

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
  const fresh = await owedDebits(ledger, paymentIds)
  for (const owed of fresh)
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
  const due = await dueDocuments(
    ledger,
    'debito',
    fresh.map((owed) => owed.refundId),
  )
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
async function owedDebits(ledger: Ledger, paymentIds: readonly string[]) {
  const { db } = ledger
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
    refundsInOrder(ledger, ids),
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

/** Issues one nota de débito (see issueDocument): to the diner for their factura, or to the public for a global's sale. */
function issueDebit(ledger: Ledger, client: Facturapi, note: FiscalDocument): Promise<boolean> {
  return issueDocument(ledger, note, async (sale) => {
    const { request, global } = sale
    const ingreso = request?.facturapiInvoiceId ?? global?.facturapiInvoiceId ?? null
    if (!ingreso) return null
    const key = `debito:${note.refundId}`
    const related = await client.invoices.retrieve(ingreso)
    const made = await client.invoices
      .create({
        type: 'I',
        ...(request
          ? { customer: facturapiCustomer(request), use: request.cfdiUse }
          : {
              customer: publicReceiver(sale.zip),
              use: 'S01',
              global: globalInformation(
                { fromDay: parseLocalDate(global!.fromDay)!, toDay: parseLocalDate(global!.toDay)! },
                global!.periodicity,
              ),
            }),
        payment_form: sale.paymentForm,
        related_documents: [{ relationship: DEBIT_NOTE, documents: [related.uuid] }],
        external_id: note.refundId,
        items: [
          oneConcept({
            description: 'Reembolso no realizado: el banco devolvió el dinero',
            ...RESTAURANT_CONCEPT,
            cents: note.cents,
            taxRateBps: sale.taxRateBps,
            sku: note.refundId ?? note.paymentId,
          }),
        ],
        idempotency_key: key,
      })
      // Stamped before under this key (an answer that never came back): found by its refund, its SKU.
      .catch((error: unknown) =>
        madeUnderKey(error, key, () => client.invoices.list({ q: note.refundId ?? '', type: 'I' })),
      )
    return { made, related: related.uuid }
  })
}
