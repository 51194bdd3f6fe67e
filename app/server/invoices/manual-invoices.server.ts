import { and, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { InvoiceRequestStatus } from '~/domain/invoices'
import type { Signature } from '~/domain/signature'
import { taxBreakdown } from '~/domain/tax'
import type { Ledger } from '../books/ledger.server'
import { invoiceRequests, payments, receipts, restaurants } from '../db/schema.server'
import { getT } from '../http/i18n.server'
import { getMailer } from '../mail/mailer.server'
import { receiptOf, receiptPath } from '../receipts/receipt-reads.server'
import { facturapiOf } from './facturapi.server'
import { issueWithFacturapi } from './facturapi-invoices.server'
import { subjectOf } from './facturapi-receipts.server'
import { INVOICE_FILE_MAX_BYTES, keepInvoiceFile, looksLike, type InvoiceFileKind } from './invoice-files.server'
import { decideRequest, requestOf } from './invoice-requests.server'

/**
 * The restaurant's requests in one status, with the IVA their amount holds,
 * their receipt's link and, for one substituted, whom its substitute names;
 * newest first.
 */
export async function requestsForStaff({ db, restaurantId }: Ledger, status: InvoiceRequestStatus) {
  const substitute = alias(invoiceRequests, 'substitute')
  const rows = await db
    .select({
      request: invoiceRequests,
      sessionId: payments.sessionId,
      receiptToken: payments.receiptToken,
      rateBps: payments.taxRateBps,
      restaurantRateBps: restaurants.taxRateBps,
      substitutedBy: { legalName: substitute.legalName, rfc: substitute.rfc },
    })
    .from(invoiceRequests)
    .innerJoin(payments, eq(payments.id, invoiceRequests.paymentId))
    .innerJoin(restaurants, eq(restaurants.id, invoiceRequests.restaurantId))
    .leftJoin(substitute, eq(substitute.id, invoiceRequests.substitutedBy))
    .where(and(eq(invoiceRequests.restaurantId, restaurantId), eq(invoiceRequests.status, status)))
    .orderBy(desc(invoiceRequests.createdAt))
    .limit(200)
  return rows.map(({ request, sessionId, receiptToken, rateBps, restaurantRateBps, substitutedBy }) => ({
    ...request,
    substitutedBy,
    // The amount holds its IVA (what the diner consumed, tax included): the invoice breaks it out.
    ivaCents: taxBreakdown(request.amountCents, { taxRateBps: rateBps ?? restaurantRateBps, taxIncludedInPrice: true })
      .tax,
    receiptUrl: receiptToken ? receiptPath(sessionId, receiptToken) : null,
  }))
}

/** Whether the payment went into a factura global. */
async function inGlobalInvoice({ db }: Ledger, paymentId: string): Promise<boolean> {
  const [receipt] = await db
    .select({ status: receipts.facturapiStatus })
    .from(receipts)
    .where(eq(receipts.paymentId, paymentId))
    .limit(1)
  return receipt?.status === 'invoiced_globally'
}

/** Why a factura issued by hand was not taken. */
type IssueRefusal = 'decided' | 'global' | 'pdf' | 'xml' | 'tooBig'

/**
 * A pending request issued by hand: its PDF and XML checked (what they are,
 * not what the browser says) and kept, the request marked issued, and the
 * diner mailed both, in the language of whoever issued it.
 */
export async function issueRequestByHand(
  env: Env,
  request: Request,
  ledger: Ledger,
  form: { requestId: string; pdf: File; xml: File },
  by: Signature,
): Promise<'issued' | IssueRefusal> {
  const pending = await requestOf(ledger, form.requestId)
  if (pending?.status !== 'pending') return 'decided'
  // A sale in a factura global is the public's already: a factura in the diner's name would stamp it twice.
  if (await inGlobalInvoice(ledger, pending.paymentId)) return 'global'
  const files: [InvoiceFileKind, Uint8Array][] = []
  for (const kind of ['pdf', 'xml'] as const) {
    const file = form[kind]
    if (file.size > INVOICE_FILE_MAX_BYTES) return 'tooBig'
    const bytes = new Uint8Array(await file.arrayBuffer())
    if (!looksLike(kind, bytes)) return kind
    files.push([kind, bytes])
  }
  const [pdfKey, xmlKey] = await Promise.all(
    files.map(([kind, bytes]) => keepInvoiceFile(env, pending.id, kind, bytes)),
  )
  const issued = await decideRequest(ledger, pending.id, { status: 'issued', pdfKey: pdfKey!, xmlKey: xmlKey! }, by)
  if (!issued) return 'decided'
  const t = await getT(request)
  await getMailer(env).send({
    to: issued.email,
    subject: t('admin.invoices.mail.subject'),
    text: t('admin.invoices.mail.text', { name: issued.legalName }),
    attachments: files.map(([kind, content]) => ({ filename: `factura.${kind}`, content })),
  })
  return 'issued'
}

/** A pending request rejected with a reason the diner reads on their receipt; null when it was decided already. */
export function rejectRequest(ledger: Ledger, form: { requestId: string; reason: string }, by: Signature) {
  return decideRequest(ledger, form.requestId, { status: 'rejected', reason: form.reason }, by)
}

/**
 * A pending request sent to Facturapi again by staff, when it did not answer
 * the diner: issued, rejected with Facturapi's words, or still pending.
 * `decided` when someone decided it meanwhile; `unconnected` when the
 * restaurant no longer issues with Facturapi (staff issue it by hand).
 */
export async function retryWithFacturapi(
  env: Env,
  request: Request,
  ledger: Ledger,
  requestId: string,
): Promise<'issued' | 'rejected' | 'pending' | 'decided' | 'unconnected'> {
  const pending = await requestOf(ledger, requestId)
  if (pending?.status !== 'pending') return 'decided'
  const client = await facturapiOf(env, ledger.restaurantId)
  if (!client) return 'unconnected'
  const [payment] = await ledger.db.select().from(payments).where(eq(payments.id, pending.paymentId)).limit(1)
  const receipt = payment ? await receiptOf(env, ledger, payment) : null
  if (!receipt) return 'decided'
  const t = await getT(request)
  return issueWithFacturapi(
    ledger,
    client,
    pending,
    subjectOf(receipt),
    { invoicedGlobally: t('receipt.factura.invoicedGlobally'), refunded: t('receipt.factura.refused.refunded') },
    true,
  )
}
