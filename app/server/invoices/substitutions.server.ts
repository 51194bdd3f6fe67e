import { and, eq, isNull, lt, ne, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type Facturapi from 'facturapi'
import { FacturapiError } from 'facturapi'
import type { FacturaRequest } from '~/domain/schemas/receipts'
import type { Signature } from '~/domain/signature'
import type { Ledger } from '../books/ledger.server'
import { fiscalDocuments, invoiceRequests } from '../db/schema.server'
import { issueEgreso } from './egresos.server'
import { cancellationAsked, facturapiCustomer, madeUnderKey } from './facturapi.server'
import { receiverOf, requestOf } from './invoice-requests.server'

/*
 * A factura issued with errors (the diner gave the wrong RFC, name, régimen
 * or uso) is corrected as the SAT's rules ask: a new CFDI with the right
 * receiver, related to the wrong one with TipoRelación 04 ("Sustitución de
 * los CFDI previos"), then the wrong one cancelled with motive 01 naming
 * its substitute. The cancellation may wait for the receiver's acceptance
 * (an ingreso over $1,000 more than a day old); Mesa follows it until the
 * SAT decides, and when the receiver refuses, the wrong factura stands: an
 * egreso for its whole amount undoes it on paper, so the sale is stamped
 * once.
 */

/** c_MotivoCancelacion 01: issued with errors, with a relation (its substitute). */
const REPLACED = '01' as const
/** c_TipoRelacion 04: Sustitución de los CFDI previos. */
const SUBSTITUTION = '04'
/** How often a cancellation waiting on its receiver is asked about: its three days are not spent asking every minute. */
const CHECK_EVERY_MS = 15 * 60_000
/** Substitutions one look follows at most. */
const PER_LOOK = 5

type SubstitutionOutcome =
  | { outcome: 'substituted'; paymentId: string }
  /** Not an issued Facturapi factura any more (substituted meanwhile, or issued by hand). */
  | { outcome: 'decided' }
  /** Notas de crédito relate to it: the SAT cancels none while they stand. */
  | { outcome: 'credited' }
  | { outcome: 'refused'; reason: string }

/**
 * Staff's "Corregir factura": the issued request `form.requestId` replaced
 * by one with the corrected receiver, its substitute stamped for the same
 * items, and its cancellation asked (motive 01). Claimed first, so two
 * submits at once make one substitute; what Facturapi refuses changes
 * nothing and is said in its words. A cancellation Facturapi did not take
 * now is asked again by `followSubstitutions`.
 */
export async function substituteFactura(
  ledger: Ledger,
  client: Facturapi,
  form: FacturaRequest & { requestId: string },
  by: Signature,
): Promise<SubstitutionOutcome> {
  const { db, restaurantId } = ledger
  const wrong = await requestOf(ledger, form.requestId)
  if (wrong?.status !== 'issued' || !wrong.facturapiInvoiceId) return { outcome: 'decided' }
  const [credit] = await db
    .select({ id: fiscalDocuments.id })
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.paymentId, wrong.paymentId), ne(fiscalDocuments.status, 'void')))
    .limit(1)
  if (credit) return { outcome: 'credited' }
  const id = crypto.randomUUID()
  const decided = { decidedBy: by.name, decidedById: by.userId, decidedAt: Date.now() }
  try {
    // One batch, one transaction: the wrong one leaves `issued` as its substitute arrives; a second submit
    // finds it taken or meets the substitute in the ledger's one-open-request index.
    const [[claimed]] = await db.batch([
      db
        .update(invoiceRequests)
        .set({ status: 'substituted', substitutedBy: id })
        .where(and(eq(invoiceRequests.id, wrong.id), eq(invoiceRequests.status, 'issued')))
        .returning({ id: invoiceRequests.id }),
      db.insert(invoiceRequests).values({
        id,
        paymentId: wrong.paymentId,
        restaurantId,
        ...receiverOf(form),
        amountCents: wrong.amountCents,
        ...decided,
      }),
    ])
    if (!claimed) throw new Error('taken')
  } catch {
    await db.delete(invoiceRequests).where(and(eq(invoiceRequests.id, id), eq(invoiceRequests.status, 'pending')))
    return { outcome: 'decided' }
  }
  const wrongId = wrong.facturapiInvoiceId
  let substitute: Awaited<ReturnType<Facturapi['invoices']['create']>>
  try {
    const invoice = await client.invoices.retrieve(wrongId)
    const key = `sustituye:${wrong.id}`
    substitute = await client.invoices
      .create({
        type: 'I',
        customer: facturapiCustomer(form),
        use: form.cfdiUse,
        payment_form: invoice.payment_form,
        payment_method: invoice.payment_method,
        // What the wrong one stamped, line by line: only the receiver changes.
        items: invoice.items.map(({ quantity, product }) => ({
          quantity,
          product: {
            description: product.description,
            product_key: product.product_key,
            unit_key: product.unit_key,
            price: product.price,
            tax_included: product.tax_included,
            taxes: (product.taxes ?? []).map(({ type, rate }) => ({ type, rate })),
            sku: product.sku,
          },
        })),
        related_documents: [{ relationship: SUBSTITUTION, documents: [invoice.uuid] }],
        external_id: id,
        idempotency_key: key,
      })
      // Stamped under this key before, its answer lost: found by the payment's id, the SKU its lines carry.
      .catch((error: unknown) =>
        madeUnderKey(error, key, () => client.invoices.list({ q: wrong.paymentId, type: 'I' })),
      )
  } catch (error) {
    // Nothing was stamped: the wrong one stands as it was, and staff read why.
    await db.batch([
      db.delete(invoiceRequests).where(eq(invoiceRequests.id, id)),
      db.update(invoiceRequests).set({ status: 'issued', substitutedBy: null }).where(eq(invoiceRequests.id, wrong.id)),
    ])
    if (error instanceof FacturapiError && error.status < 500) return { outcome: 'refused', reason: error.message }
    throw error
  }
  await db
    .update(invoiceRequests)
    .set({ status: 'issued', facturapiInvoiceId: substitute.id })
    .where(eq(invoiceRequests.id, id))
  await askCancellation(
    ledger,
    client,
    { id: wrong.id, facturapiInvoiceId: wrongId, cancellationStatus: null },
    substitute.uuid,
  )
  await client.invoices.sendByEmail(substitute.id, { email: form.email }).catch((error: unknown) =>
    // Issued all the same: the diner downloads it from their receipt.
    console.error(`factura ${substitute.id} not mailed by Facturapi`, error),
  )
  return { outcome: 'substituted', paymentId: wrong.paymentId }
}

interface Substituted {
  id: string
  facturapiInvoiceId: string | null
  cancellationStatus: (typeof invoiceRequests.$inferSelect)['cancellationStatus']
}

/**
 * Asks the SAT (through Facturapi) to cancel a substituted factura, or how
 * its cancellation stands, and keeps the answer. Refused by the receiver,
 * an egreso for the whole of it is owed. Facturapi down: asked again later.
 */
async function askCancellation(
  ledger: Ledger,
  client: Facturapi,
  wrong: Substituted,
  substitution?: string,
): Promise<void> {
  const { db } = ledger
  const facturapiId = wrong.facturapiInvoiceId
  if (!facturapiId) return
  try {
    const status = await cancellationAsked(client, facturapiId, wrong.cancellationStatus === 'pending', async () => ({
      motive: REPLACED,
      substitution: substitution ?? (await substituteUuid(ledger, client, wrong.id)),
    }))
    const [request] = await db
      .update(invoiceRequests)
      .set({ cancellationStatus: status, cancellationCheckedAt: Date.now() })
      .where(eq(invoiceRequests.id, wrong.id))
      .returning({ paymentId: invoiceRequests.paymentId, amountCents: invoiceRequests.amountCents })
    if (status !== 'rejected' || !request) return
    const [owed] = await db
      .insert(fiscalDocuments)
      .values({
        id: crypto.randomUUID(),
        restaurantId: ledger.restaurantId,
        paymentId: request.paymentId,
        requestId: wrong.id,
        kind: 'egreso',
        cents: request.amountCents,
      })
      .onConflictDoNothing()
      .returning()
    // Tried again with the other egresos while Facturapi does not take it.
    if (owed) await issueEgreso(ledger, client, owed)
  } catch (error) {
    console.error(`cancellation of substituted factura ${wrong.id} left for later`, error)
    await db.update(invoiceRequests).set({ cancellationCheckedAt: Date.now() }).where(eq(invoiceRequests.id, wrong.id))
  }
}

/** The UUID of the factura that replaced `requestId`. */
async function substituteUuid({ db }: Ledger, client: Facturapi, requestId: string): Promise<string> {
  const substitute = alias(invoiceRequests, 'substitute')
  const [row] = await db
    .select({ facturapiInvoiceId: substitute.facturapiInvoiceId })
    .from(invoiceRequests)
    .innerJoin(substitute, eq(substitute.id, invoiceRequests.substitutedBy))
    .where(eq(invoiceRequests.id, requestId))
    .limit(1)
  if (!row?.facturapiInvoiceId) throw new Error(`substituted factura ${requestId} has no substitute`)
  return (await client.invoices.retrieve(row.facturapiInvoiceId)).uuid
}

/**
 * The restaurant's substituted facturas whose cancellation the SAT has not
 * decided: asked (again) of Facturapi, each at most every fifteen minutes.
 * Answers whether any is still undecided.
 */
export async function followSubstitutions(ledger: Ledger, client: Facturapi): Promise<boolean> {
  const { db, restaurantId } = ledger
  const undecided = and(
    eq(invoiceRequests.restaurantId, restaurantId),
    eq(invoiceRequests.status, 'substituted'),
    or(isNull(invoiceRequests.cancellationStatus), eq(invoiceRequests.cancellationStatus, 'pending')),
  )
  const due = await db
    .select({
      id: invoiceRequests.id,
      facturapiInvoiceId: invoiceRequests.facturapiInvoiceId,
      cancellationStatus: invoiceRequests.cancellationStatus,
    })
    .from(invoiceRequests)
    .where(
      and(
        undecided,
        or(
          isNull(invoiceRequests.cancellationCheckedAt),
          lt(invoiceRequests.cancellationCheckedAt, Date.now() - CHECK_EVERY_MS),
        ),
      ),
    )
    .limit(PER_LOOK)
  for (const wrong of due) await askCancellation(ledger, client, wrong)
  const [left] = await db.select({ id: invoiceRequests.id }).from(invoiceRequests).where(undecided).limit(1)
  return left !== undefined
}
