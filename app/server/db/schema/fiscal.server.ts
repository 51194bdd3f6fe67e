import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { INVOICE_PERIODICITIES } from '../../../domain/cfdi'
import { CANCELLATION_MOTIVES, CANCELLATION_STATUSES, FISCAL_DOCUMENT_STATUSES } from '../../../domain/fiscal'
import { INVOICE_REQUEST_STATUSES } from '../../../domain/invoices'
import { NOW, createdAt } from './columns.server'
import { payments } from './bills.server'

/**
 * A payment's receipt: its folio, counted per restaurant in the order the
 * ledger received its payments (one statement gives the next, so payments
 * delivered at once never share one), and the card that paid, once asked of
 * the provider. Part of the ledger.
 */
export const receipts = sqliteTable(
  'receipts',
  {
    paymentId: text('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id').notNull(),
    folio: integer('folio').notNull(),
    // The card's brand and last digits as the provider gives them; `cardAskedAt` once the provider was asked (it may know none).
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    // How the card is funded (credit, debit, prepaid, unknown): its CFDI's forma de pago follows it.
    cardFunding: text('card_funding'),
    cardAskedAt: integer('card_asked_at'),
    // Its receipt at Facturapi (a restaurant that issues facturas with it), what that receipt covers, and where it stands.
    facturapiReceiptId: text('facturapi_receipt_id'),
    facturapiCents: integer('facturapi_cents'),
    // How many refunds the payment had (failed ones too) when that receipt was made: the later ones are what an
    // egreso must undo once it is invoiced.
    facturapiVersion: integer('facturapi_version'),
    facturapiStatus: text('facturapi_status'),
    // When its receipt was last asked of Facturapi (`asked`): one request at a time makes a payment's receipt.
    facturapiAskedAt: integer('facturapi_asked_at'),
    // The last moment the restaurant takes a request for this payment's factura, as its Facturapi receipt says.
    facturapiExpiresAt: integer('facturapi_expires_at'),
    // The factura global that gathered it (global_invoices.id): a refund of it is undone on paper against that one.
    globalInvoiceId: text('global_invoice_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('receipts_restaurant_folio_unique').on(t.restaurantId, t.folio)],
)

/**
 * A diner's request for a factura of one payment, and what became of it.
 * A payment has at most one that is pending or issued; a rejected one may
 * be asked again. Part of the ledger.
 */
export const invoiceRequests = sqliteTable(
  'invoice_requests',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id').notNull(),
    rfc: text('rfc').notNull(),
    legalName: text('legal_name').notNull(),
    taxRegime: text('tax_regime').notNull(),
    postalCode: text('postal_code').notNull(),
    cfdiUse: text('cfdi_use').notNull(),
    email: text('email').notNull(),
    // What it covers when asked: the consumption with its IVA, less refunds; never the tip (invoiceableCents).
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: INVOICE_REQUEST_STATUSES }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    // Who issued or rejected it (their name as it was then, and their id), and when.
    decidedBy: text('decided_by'),
    decidedById: text('decided_by_id'),
    decidedAt: integer('decided_at'),
    // An invoice issued by hand: its files in INVOICE_FILES.
    pdfKey: text('pdf_key'),
    xmlKey: text('xml_key'),
    // An invoice Facturapi issued: its id there (its files are read from Facturapi).
    facturapiInvoiceId: text('facturapi_invoice_id'),
    // A substituted one: the request that replaced it, and its cancellation at the SAT (motive 01), checked now and then.
    substitutedBy: text('substituted_by'),
    cancellationStatus: text('cancellation_status', { enum: CANCELLATION_STATUSES }),
    cancellationCheckedAt: integer('cancellation_checked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_requests_open_per_payment')
      .on(t.paymentId)
      .where(sql`${t.status} NOT IN ('rejected', 'substituted')`),
    index('invoice_requests_restaurant_idx').on(t.restaurantId, t.status, t.createdAt),
  ],
)

/**
 * The CFDIs Mesa issued after a payment's own (its receipt and its factura
 * live on `receipts` and `invoice_requests`): an egreso (nota de crédito,
 * related with TipoRelación 01 to the ingreso holding the sale) for each
 * refund of a payment already invoiced, to its diner or in a factura
 * global, for what the refund gave back of the bill part and its IVA; and
 * one for the whole of a factura substituted whose cancellation its
 * receiver refused, so the sale stands once on paper. One per refund or
 * factura; a failed one is tried again. Part of the ledger.
 */
export const fiscalDocuments = sqliteTable(
  'fiscal_documents',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id').notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    // What it undoes: a refund, or a factura whose substitution the receiver refused to let be cancelled.
    refundId: text('refund_id'),
    requestId: text('request_id'),
    // An egreso gives money back on paper; a nota de débito (an ingreso) stamps money a refund meant to give back and did not.
    kind: text('kind', { enum: ['egreso', 'debito'] }).notNull(),
    cents: integer('cents').notNull(),
    relatedUuid: text('related_uuid'),
    facturapiId: text('facturapi_id'),
    uuid: text('uuid'),
    // `void`: never issued, and owed no more (its refund came back undone).
    status: text('status', { enum: FISCAL_DOCUMENT_STATUSES }).notNull().default('pending'),
    error: text('error'),
    // An issued one whose refund came back undone is cancelled at the SAT: where that stands, and its motive.
    cancellationStatus: text('cancellation_status', { enum: CANCELLATION_STATUSES }),
    cancellationMotive: text('cancellation_motive', { enum: CANCELLATION_MOTIVES }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull().default(NOW),
  },
  (t) => [
    uniqueIndex('fiscal_documents_refund_unique').on(t.refundId, t.kind),
    uniqueIndex('fiscal_documents_request_unique').on(t.requestId, t.kind),
    index('fiscal_documents_payment_idx').on(t.paymentId),
    index('fiscal_documents_restaurant_idx').on(t.restaurantId, t.status),
  ],
)

/** A factura global the owner issued through Facturapi: the period's receipts nobody invoiced. Part of the ledger. */
export const globalInvoices = sqliteTable(
  'global_invoices',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id').notNull(),
    facturapiInvoiceId: text('facturapi_invoice_id').notNull(),
    periodicity: text('periodicity', { enum: INVOICE_PERIODICITIES }).notNull(),
    // The period, as the restaurant's wall-clock dates (YYYY-MM-DD), both days included.
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    totalCents: integer('total_cents').notNull(),
    issuedBy: text('issued_by').notNull(),
    issuedById: text('issued_by_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('global_invoices_restaurant_idx').on(t.restaurantId, t.createdAt),
    // One row per invoice Facturapi made: two owners' submits at once (one adopting the other's) record it once.
    uniqueIndex('global_invoices_facturapi_unique').on(t.restaurantId, t.facturapiInvoiceId),
  ],
)
