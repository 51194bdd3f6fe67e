import { and, eq, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm'
import type Facturapi from 'facturapi'
import type { Ledger } from '../books/ledger.server'
import { cancellationAsked, facturapiCustomer, madeUnderKey, oneConcept } from './facturapi.server'
import {
  dueDocuments,
  issueDocument,
  publicReceiver,
  refundsInOrder,
  RETRIES_PER_DELIVERY,
  type FiscalDocument,
} from './fiscal-documents.server'
import { fiscalDocuments, invoiceRequests, payments, receipts, refunds } from '../db/schema.server'

/*
 * Money given back of a sale already invoiced is undone on paper: a CFDI de
 * egreso (nota de crédito) related with TipoRelación 01 to the ingreso that
 * holds the sale (the diner's factura, to the same receiver; or the factura
 * global that gathered it, to the general public), for what the refund gave
 * back of the bill part and its IVA (never the tip, which no CFDI holds), as
 * the SAT's Anexo 20 asks and Facturapi's "Create invoice" takes it.
 */

/** c_TipoRelacion 01: Nota de crédito de los documentos relacionados. */
const CREDIT_NOTE = '01'
/** c_UsoCFDI G02: Devoluciones, descuentos o bonificaciones. */
const RETURNS = 'G02'
/** The general public, as a factura global names it (the SAT's guide to the CFDI global), and its use S01. */
const PUBLIC_USE = 'S01'
/** What a nota de crédito's concept is, as the SAT's guide to filling in the CFDI has it: 84111506, ACT. */
const CREDIT_CONCEPT = {
  description: 'Devolución de consumo',
  substituted: 'Factura sustituida cuya cancelación no aceptó el receptor',
  productKey: '84111506',
  unitKey: 'ACT',
}

/**
 * After refunds of these payments reached the ledger, or they were invoiced
 * (a factura, a global), the egreso each of their refunds owes, and any
 * owed before that failed or was left midway: issued once each (a refund
 * has at most one, by the ledger's unique index). What Facturapi does not take now stays `failed`
 * with its words and is tried again (the hub's alarm, and the restaurant's
 * next refund or payment). Answers whether any is still owed.
 */
export async function egresosAfterRefunds(
  ledger: Ledger,
  client: Facturapi,
  paymentIds: readonly string[],
): Promise<boolean> {
  const { db, restaurantId } = ledger
  const undoing = await undoEgresosOfFailedRefunds(ledger, client)
  const owed = await owedEgresos(ledger, paymentIds)
  if (owed.length > 0)
    await db
      .insert(fiscalDocuments)
      .values(
        owed.map((refund) => ({
          id: crypto.randomUUID(),
          restaurantId,
          paymentId: refund.paymentId,
          refundId: refund.refundId,
          kind: 'egreso' as const,
          cents: refund.cents + refund.taxCents,
        })),
      )
      .onConflictDoNothing()
  const due = await dueDocuments(
    ledger,
    'egreso',
    owed.map((refund) => refund.refundId),
  )
  for (const document of due) if (document.status !== 'issued') await issueEgreso(ledger, client, document)
  const [left] = await db
    .select({ id: fiscalDocuments.id })
    .from(fiscalDocuments)
    .where(
      and(
        eq(fiscalDocuments.restaurantId, restaurantId),
        or(
          and(ne(fiscalDocuments.status, 'issued'), ne(fiscalDocuments.status, 'void')),
          eq(fiscalDocuments.cancellationStatus, 'pending'),
        ),
      ),
    )
    .limit(1)
  return left !== undefined || undoing
}

/** c_MotivoCancelacion 03: the operation the CFDI names did not take place (the money never went back). */
const DID_NOT_TAKE_PLACE = '03' as const

/** The restaurant's egresos whose refund came back undone (the diner's bank sent it back) and that still stand or are owed. */
function undoneRefundsWithEgreso({ db, restaurantId }: Ledger) {
  return db
    .select({
      id: fiscalDocuments.id,
      status: fiscalDocuments.status,
      facturapiId: fiscalDocuments.facturapiId,
      cancellationStatus: fiscalDocuments.cancellationStatus,
    })
    .from(fiscalDocuments)
    .innerJoin(refunds, eq(refunds.id, fiscalDocuments.refundId))
    .where(
      and(
        eq(fiscalDocuments.restaurantId, restaurantId),
        eq(fiscalDocuments.kind, 'egreso'),
        isNotNull(refunds.failedAt),
        ne(fiscalDocuments.status, 'void'),
        or(
          ne(fiscalDocuments.status, 'issued'),
          isNull(fiscalDocuments.cancellationStatus),
          // A rejected one stands until staff and their accountant decide: it is not asked again by itself.
          eq(fiscalDocuments.cancellationStatus, 'pending'),
        ),
      ),
    )
    .limit(RETRIES_PER_DELIVERY)
}

/**
 * A nota de crédito says money went back; when its refund came back undone
 * the money stayed, so the document must go: one not issued yet is owed no
 * more (`void`), one issued is cancelled at the SAT with motive 03 (the
 * operation did not take place), which an egreso needs no acceptance for;
 * a cancellation still pending is asked again until the SAT decides. What
 * Facturapi does not take now is tried again with the hub's next retry.
 * Answers whether any may be left to undo (one Facturapi did not take, or
 * more than one look takes).
 */
async function undoEgresosOfFailedRefunds(ledger: Ledger, client: Facturapi): Promise<boolean> {
  const { db } = ledger
  const undone = await undoneRefundsWithEgreso(ledger)
  let left = undone.length === RETRIES_PER_DELIVERY
  for (const document of undone) {
    if (document.status !== 'issued' || !document.facturapiId) {
      // Claimed by a delivery issuing it right now: the next look cancels what it issues.
      const [voided] = await db
        .update(fiscalDocuments)
        .set({ status: 'void', error: null, updatedAt: Date.now() })
        .where(and(eq(fiscalDocuments.id, document.id), ne(fiscalDocuments.status, 'issued')))
        .returning({ id: fiscalDocuments.id })
      if (!voided) left = true
      continue
    }
    const facturapiId = document.facturapiId
    try {
      const cancellationStatus = await cancellationAsked(
        client,
        facturapiId,
        document.cancellationStatus === 'pending',
        async () => ({ motive: DID_NOT_TAKE_PLACE }),
      )
      await db
        .update(fiscalDocuments)
        .set({ cancellationStatus, cancellationMotive: DID_NOT_TAKE_PLACE, updatedAt: Date.now() })
        .where(eq(fiscalDocuments.id, document.id))
    } catch (error) {
      console.error(`egreso ${document.id} of a refund undone not cancelled yet`, error)
      left = true
    }
  }
  return left
}

/**
 * The refunds of these payments that their ingreso does not hold: a payment invoiced (to its diner, or in a global)
 * was invoiced from the receipt made when it had had `facturapi_version`
 * refunds, so the standing ones recorded after those are what egresos must
 * undo. A refund recorded before its receipt is already in the ingreso's
 * amount, whichever reached the ledger first.
 */
async function owedEgresos(ledger: Ledger, paymentIds: readonly string[]) {
  const { db } = ledger
  if (paymentIds.length === 0) return []
  const payers = [...paymentIds]
  const [invoiced, given] = await db.batch([
    db
      .select({ paymentId: receipts.paymentId, version: receipts.facturapiVersion })
      .from(receipts)
      .leftJoin(
        invoiceRequests,
        and(eq(invoiceRequests.paymentId, receipts.paymentId), eq(invoiceRequests.status, 'issued')),
      )
      .where(
        and(
          inArray(receipts.paymentId, payers),
          isNotNull(receipts.facturapiVersion),
          // Invoiced to its diner through Facturapi, or gathered into a factura global.
          or(isNotNull(invoiceRequests.facturapiInvoiceId), isNotNull(receipts.globalInvoiceId)),
        ),
      ),
    refundsInOrder(ledger, payers),
  ])
  return invoiced.flatMap(({ paymentId, version }) =>
    given
      .filter((refund) => refund.paymentId === paymentId)
      .slice(version ?? 0)
      .filter((refund) => refund.failedAt === null),
  )
}

/** Issues an owed egreso (see issueDocument): to the ingreso's receiver, for what its refund gave back, or what the substituted factura it undoes held. */
export function issueEgreso(ledger: Ledger, client: Facturapi, document: FiscalDocument): Promise<boolean> {
  return issueDocument(ledger, document, async (sale) => {
    // Its refund came back undone meanwhile: the money stayed, nothing to undo on paper.
    if (sale.refundFailedAt != null) return 'void'
    const { request } = sale
    // The diner's factura, else the factura global that gathered the sale.
    const ingreso = request?.facturapiInvoiceId ?? sale.global?.facturapiInvoiceId ?? null
    if (!ingreso) return null
    const customer = request ? facturapiCustomer(request) : publicReceiver(sale.zip)
    // What it undoes names it: its refund, or the substituted factura it stands against.
    const undoes = document.refundId ?? `factura:${document.requestId}`
    const factura = await client.invoices.retrieve(ingreso)
    const key = `egreso:${undoes}`
    const egreso = await client.invoices
      .create({
        type: 'E',
        customer,
        use: request ? RETURNS : PUBLIC_USE,
        // The form the money went back by is the one it came by.
        payment_form: sale.paymentForm,
        related_documents: [{ relationship: CREDIT_NOTE, documents: [factura.uuid] }],
        external_id: undoes,
        items: [
          oneConcept({
            description: document.refundId ? CREDIT_CONCEPT.description : CREDIT_CONCEPT.substituted,
            productKey: CREDIT_CONCEPT.productKey,
            unitKey: CREDIT_CONCEPT.unitKey,
            cents: document.cents,
            taxRateBps: sale.taxRateBps,
            sku: undoes,
          }),
        ],
        idempotency_key: key,
      })
      // Stamped before under this key (an answer that never came back): found by what it undoes, its SKU.
      .catch((error: unknown) => madeUnderKey(error, key, () => client.invoices.list({ q: undoes, type: 'E' })))
    return { made: egreso, related: factura.uuid }
  })
}

/** How long an egreso may keep failing before those who keep the books are alerted (ten of the hub's retries). */
const FAILING_ALERT_MS = 10 * 60_000

/** The egresos Facturapi has not taken for FAILING_ALERT_MS, with the bill and Facturapi's last words: for an alert each. */
export async function failingEgresos({ db, restaurantId }: Ledger, now = Date.now()) {
  return db
    .select({
      id: fiscalDocuments.id,
      sessionId: payments.sessionId,
      cents: fiscalDocuments.cents,
      error: fiscalDocuments.error,
    })
    .from(fiscalDocuments)
    .innerJoin(payments, eq(payments.id, fiscalDocuments.paymentId))
    .where(
      and(
        eq(fiscalDocuments.restaurantId, restaurantId),
        eq(fiscalDocuments.status, 'failed'),
        lt(fiscalDocuments.createdAt, now - FAILING_ALERT_MS),
      ),
    )
    .limit(RETRIES_PER_DELIVERY)
}
