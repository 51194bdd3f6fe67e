import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type Facturapi from 'facturapi'
import type { InvoicePeriodicity } from '~/domain/cfdi'
import { formatLocalDate } from '~/domain/local-time'
import { globalInformation, periodInstants, withinOnePeriod, type GlobalPeriod } from '~/domain/invoices'
import { movedMoney } from '~/domain/fiscal'
import { nearestCents } from '~/domain/money'
import type { Signature } from '~/domain/signature'
import { taxBreakdown } from '~/domain/tax'
import type { LedgerMethod } from '~/domain/bill'
import type { Ledger } from '../books/ledger.server'
import { globalInvoices, invoiceRequests, payments, receipts, restaurants, tables } from '../db/schema.server'
import { netSql } from '../db/payment-net.server'
import { facturapiReceipt } from './facturapi-receipts.server'

export type { GlobalPeriod }

/**
 * The restaurant's payments in the period that no diner's factura covers,
 * with what each consumed less refunds (never the tip): what a factura
 * global gathers. A payment refunded whole has nothing left to gather; one
 * that moved no money (see movedMoney) was never income.
 */
export async function uninvoicedPayments(
  ledger: Ledger,
  period: GlobalPeriod,
  { timeZone, simulatedStandsIn }: { timeZone: string; simulatedStandsIn: boolean },
) {
  const { fromMs, toMs } = periodInstants(period, timeZone)
  const rows = await ledger.db
    .select({
      paymentId: payments.id,
      method: payments.paymentMethod,
      taxRateBps: sql<number>`coalesce(${payments.taxRateBps}, ${restaurants.taxRateBps})`,
      paidAt: payments.createdAt,
      provider: payments.provider,
      cents: netSql(['amountCents', 'taxCents']),
    })
    .from(payments)
    .innerJoin(tables, eq(tables.id, payments.tableId))
    .innerJoin(restaurants, eq(restaurants.id, tables.restaurantId))
    .where(
      and(
        eq(tables.restaurantId, ledger.restaurantId),
        gte(payments.createdAt, fromMs),
        lte(payments.createdAt, toMs),
        // A diner's factura issued, or asked and not yet decided (Facturapi down): theirs, never the public's too.
        sql`NOT EXISTS (SELECT 1 FROM ${invoiceRequests} WHERE ${invoiceRequests.paymentId} = ${payments.id} AND ${invoiceRequests.status} != 'rejected')`,
        // Nor a factura global issued before.
        sql`NOT EXISTS (SELECT 1 FROM ${receipts} WHERE ${receipts.paymentId} = ${payments.id} AND ${receipts.facturapiStatus} = 'invoiced_globally')`,
      ),
    )
  return rows
    .filter((row) => row.cents > 0 && movedMoney(row, simulatedStandsIn))
    .map((row) => ({ ...row, method: row.method as LedgerMethod }))
}

/** What the period's uninvoiced payments come to, with the IVA they hold: for an accountant who issues it by hand. */
export function globalSummary(rows: Awaited<ReturnType<typeof uninvoicedPayments>>) {
  return {
    count: rows.length,
    totalCents: rows.reduce((sum, row) => sum + row.cents, 0),
    ivaCents: rows.reduce(
      (sum, row) => sum + taxBreakdown(row.cents, { taxRateBps: row.taxRateBps, taxIncludedInPrice: true }).tax,
      0,
    ),
  }
}

/** Why a factura global was not issued for a period, before Facturapi was asked. */
export type GlobalRefusal = 'notOnePeriod' | 'notClosed'

/**
 * The period's factura global through Facturapi: every uninvoiced payment
 * gets its receipt (dated when it was paid), and those receipts, named one
 * by one, go into one invoice to the general public that says its period
 * (Periodicidad, Meses, Año) and ends at the last millisecond of the
 * period's last day. A period must be one of the periodicity's and over.
 * Null when nothing was open to gather.
 */
export async function issueGlobalInvoice(
  ledger: Ledger,
  client: Facturapi,
  {
    period,
    periodicity,
    timeZone,
    simulatedStandsIn,
    by,
    now,
  }: {
    period: GlobalPeriod
    periodicity: InvoicePeriodicity
    timeZone: string
    simulatedStandsIn: boolean
    by: Signature
    now: number
  },
): Promise<{ refused: GlobalRefusal } | (typeof globalInvoices.$inferSelect & { paymentIds: string[] }) | null> {
  if (!withinOnePeriod(period, periodicity)) return { refused: 'notOnePeriod' }
  const { fromMs, toMs } = periodInstants(period, timeZone)
  if (toMs >= now) return { refused: 'notClosed' }
  const gathered: { paymentId: string; receiptId: string }[] = []
  for (const payment of await uninvoicedPayments(ledger, period, { timeZone, simulatedStandsIn })) {
    const receipt = await facturapiReceipt(ledger, client, { ...payment, funding: null })
    if (receipt?.status === 'open') gathered.push({ paymentId: payment.paymentId, receiptId: receipt.id })
  }
  if (gathered.length === 0) return null
  const issued = await client.receipts
    .createGlobalInvoice({
      ...globalInformation(period, periodicity),
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      receipts: gathered.map((each) => each.receiptId),
    })
    .then((invoice) => (invoice ? { invoice, held: gathered } : null))
    .catch(async (error: unknown) => {
      // Made though its answer was lost (the request has no idempotency key): its receipts say which invoice holds them.
      const made = await globalHolding(client, gathered)
      if (!made) throw error
      return made
    })
  if (!issued) return null
  const { invoice, held } = issued
  await ledger.db
    .insert(globalInvoices)
    .values({
      id: crypto.randomUUID(),
      restaurantId: ledger.restaurantId,
      facturapiInvoiceId: invoice.id,
      periodicity,
      fromDay: formatLocalDate(period.fromDay),
      toDay: formatLocalDate(period.toDay),
      totalCents: nearestCents(invoice.total),
      issuedBy: by.name,
      issuedById: by.userId,
    })
    .onConflictDoNothing()
  const [kept] = await ledger.db
    .select()
    .from(globalInvoices)
    .where(and(eq(globalInvoices.restaurantId, ledger.restaurantId), eq(globalInvoices.facturapiInvoiceId, invoice.id)))
    .limit(1)
  // What it gathered can no longer be invoiced to a diner: their receipts say so.
  await ledger.db
    .update(receipts)
    .set({ facturapiStatus: 'invoiced_globally', globalInvoiceId: kept?.id ?? null })
    .where(
      and(
        eq(receipts.restaurantId, ledger.restaurantId),
        inArray(
          receipts.paymentId,
          held.map((each) => each.paymentId),
        ),
      ),
    )
  return kept ? { ...kept, paymentIds: held.map((each) => each.paymentId) } : null
}

/**
 * The factura global Facturapi says holds these receipts, and those it holds
 * (a receipt asked since, a payment that joined this try, stays open for the
 * next global), or null when none or more than one does. Asked one receipt
 * at a time, as a rate limit would refuse a burst.
 */
async function globalHolding<Gathered extends { receiptId: string }>(client: Facturapi, gathered: readonly Gathered[]) {
  const held: { each: Gathered; invoice: string }[] = []
  for (const each of gathered) {
    const receipt = await client.receipts.retrieve(each.receiptId).catch(() => null)
    if (receipt?.status === 'invoiced_globally' && receipt.invoice) held.push({ each, invoice: receipt.invoice })
  }
  const invoices = new Set(held.map((receipt) => receipt.invoice))
  const [invoiceId] = invoices
  if (invoices.size !== 1 || !invoiceId) return null
  return { invoice: await client.invoices.retrieve(invoiceId), held: held.map((receipt) => receipt.each) }
}

/** The restaurant's facturas globales, newest first. */
export function globalInvoicesOf({ db, restaurantId }: Ledger) {
  return db
    .select()
    .from(globalInvoices)
    .where(eq(globalInvoices.restaurantId, restaurantId))
    .orderBy(desc(globalInvoices.createdAt))
    .limit(24)
}

/** One of the restaurant's facturas globales. */
export async function globalInvoiceOf({ db, restaurantId }: Ledger, id: string) {
  const [row] = await db
    .select()
    .from(globalInvoices)
    .where(and(eq(globalInvoices.id, id), eq(globalInvoices.restaurantId, restaurantId)))
    .limit(1)
  return row ?? null
}
