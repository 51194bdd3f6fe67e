import type Facturapi from 'facturapi'
import { and, eq } from 'drizzle-orm'
import type { Ledger } from '../books/ledger.server'
import { invoiceRequests, receipts } from '../db/schema.server'
import { facturapiCustomer, refusedBy } from './facturapi.server'
import { facturapiReceipt, type ReceiptSubject } from './facturapi-receipts.server'
import type { InvoiceRequestRow } from './invoice-requests.server'

/** Who decided a request Facturapi answered. */
const FACTURAPI = 'Facturapi'

/**
 * Issues a diner's pending request through Facturapi: its receipt invoiced
 * to them (the tip never in it), the invoice mailed by Facturapi (PDF and
 * XML). What Facturapi refuses (an RFC the SAT does not know, a name that is
 * not the Constancia's, a receipt already in a factura global) rejects the
 * request with its words, for the diner to correct; an answer that did not
 * come leaves it pending for staff, who send it `again`: then the receipt
 * is asked of Facturapi first, since the invoice whose answer was lost may
 * have been made, and is this request's (only one request of a payment is
 * pending at a time).
 */
export async function issueWithFacturapi(
  ledger: Ledger,
  client: Facturapi,
  request: InvoiceRequestRow,
  subject: ReceiptSubject,
  words: { invoicedGlobally: string; refunded: string },
  again = false,
): Promise<'issued' | 'rejected' | 'pending'> {
  const issued = async (invoiceId: string) => {
    await ledger.db
      .update(receipts)
      .set({ facturapiStatus: 'invoiced_to_customer' })
      .where(eq(receipts.paymentId, subject.paymentId))
    await decide(ledger, request.id, { status: 'issued', facturapiInvoiceId: invoiceId })
    await client.invoices.sendByEmail(invoiceId, { email: request.email }).catch((error: unknown) =>
      // Issued all the same: the diner downloads it from their receipt.
      console.error(`factura ${invoiceId} not mailed by Facturapi`, error),
    )
    return 'issued' as const
  }
  try {
    if (again) {
      // Asked first, before a refund since then makes the receipt follow it: the invoice whose answer was lost holds it.
      const [kept] = await ledger.db
        .select({ id: receipts.facturapiReceiptId, status: receipts.facturapiStatus })
        .from(receipts)
        .where(eq(receipts.paymentId, subject.paymentId))
        .limit(1)
      const live = kept?.id && kept.status !== 'canceled' ? await client.receipts.retrieve(kept.id) : null
      if (live?.status === 'invoiced_to_customer' && live.invoice) return await issued(live.invoice)
    }
    const receipt = await facturapiReceipt(ledger, client, subject)
    if (!receipt || receipt.status === 'canceled') {
      await decide(ledger, request.id, { status: 'rejected', rejectReason: words.refunded })
      return 'rejected'
    }
    if (receipt.status !== 'open') {
      await decide(ledger, request.id, { status: 'rejected', rejectReason: words.invoicedGlobally })
      return 'rejected'
    }
    const invoice = await client.receipts.invoice(receipt.id, {
      customer: facturapiCustomer(request),
      use: request.cfdiUse,
    })
    return await issued(invoice.id)
  } catch (error) {
    if (refusedBy(error)) {
      await decide(ledger, request.id, { status: 'rejected', rejectReason: error.message })
      return 'rejected'
    }
    console.error(`factura request ${request.id} left for later`, error)
    return 'pending'
  }
}

async function decide(
  ledger: Ledger,
  id: string,
  change: { status: 'issued'; facturapiInvoiceId: string } | { status: 'rejected'; rejectReason: string },
) {
  await ledger.db
    .update(invoiceRequests)
    .set({ ...change, decidedBy: FACTURAPI, decidedById: null, decidedAt: Date.now() })
    .where(and(eq(invoiceRequests.id, id), eq(invoiceRequests.status, 'pending')))
}
