import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type Facturapi from 'facturapi'
import type { InvoicePeriodicity } from '~/domain/cfdi'
import { addDays, formatLocalDate, zonedTimeToUtc, type WallClock } from '~/domain/local-time'
import { nearestCents } from '~/domain/money'
import type { Signature } from '~/domain/signature'
import { taxBreakdown } from '~/domain/tax'
import type { LedgerMethod } from '~/domain/bill'
import type { Ledger } from '../books/ledger.server'
import {
  globalInvoices,
  invoiceRequests,
  payments,
  receipts,
  refunds,
  refundStands,
  restaurants,
  tables,
} from '../db/schema.server'
import { facturapiReceipt } from './facturapi.server'

/** A factura global's period: the restaurant's wall-clock days, both included. */
export interface GlobalPeriod {
  fromDay: WallClock
  toDay: WallClock
}

/** The period's bounds as instants: its first day's midnight, and the midnight after its last day. */
const boundsOf = (period: GlobalPeriod, timeZone: string) => ({
  fromMs: zonedTimeToUtc(period.fromDay, timeZone),
  toMs: zonedTimeToUtc(addDays(period.toDay, 1), timeZone),
})

/**
 * The restaurant's payments in the period that no diner's factura covers,
 * with what each consumed less refunds (never the tip): what a factura
 * global gathers. A payment refunded whole has nothing left to gather.
 */
export async function uninvoicedPayments(ledger: Ledger, period: GlobalPeriod, timeZone: string) {
  const { fromMs, toMs } = boundsOf(period, timeZone)
  const rows = await ledger.db
    .select({
      paymentId: payments.id,
      method: payments.paymentMethod,
      taxRateBps: sql<number>`coalesce(${payments.taxRateBps}, ${restaurants.taxRateBps})`,
      paidAt: payments.createdAt,
      cents: sql<number>`${payments.amountCents} + ${payments.taxCents} - (SELECT coalesce(sum(${refunds.amountCents} + ${refunds.taxCents}), 0) FROM ${refunds} WHERE ${refunds.paymentId} = ${payments.id} AND ${refundStands})`,
    })
    .from(payments)
    .innerJoin(tables, eq(tables.id, payments.tableId))
    .innerJoin(restaurants, eq(restaurants.id, tables.restaurantId))
    .where(
      and(
        eq(tables.restaurantId, ledger.restaurantId),
        gte(payments.createdAt, fromMs),
        lt(payments.createdAt, toMs),
        sql`NOT EXISTS (SELECT 1 FROM ${invoiceRequests} WHERE ${invoiceRequests.paymentId} = ${payments.id} AND ${invoiceRequests.status} = 'issued')`,
        // Nor a factura global issued before.
        sql`NOT EXISTS (SELECT 1 FROM ${receipts} WHERE ${receipts.paymentId} = ${payments.id} AND ${receipts.facturapiStatus} = 'invoiced_globally')`,
      ),
    )
  return rows.filter((row) => row.cents > 0).map((row) => ({ ...row, method: row.method as LedgerMethod }))
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

/**
 * The period's factura global through Facturapi: every uninvoiced payment
 * gets its receipt (dated when it was paid), then Facturapi gathers the
 * period's open receipts into one invoice to the general public, which is
 * kept. Null when nothing was open to gather.
 */
export async function issueGlobalInvoice(
  ledger: Ledger,
  client: Facturapi,
  {
    period,
    periodicity,
    timeZone,
    by,
  }: { period: GlobalPeriod; periodicity: InvoicePeriodicity; timeZone: string; by: Signature },
) {
  for (const payment of await uninvoicedPayments(ledger, period, timeZone))
    await facturapiReceipt(ledger, client, payment, payment.cents)
  const { fromMs, toMs } = boundsOf(period, timeZone)
  const invoice = await client.receipts.createGlobalInvoice({
    periodicity,
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
  })
  if (!invoice) return null
  const [kept] = await ledger.db
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
    .returning()
  // What it gathered can no longer be invoiced to a diner: their receipts say so.
  await ledger.db
    .update(receipts)
    .set({ facturapiStatus: 'invoiced_globally' })
    .where(
      and(
        eq(receipts.restaurantId, ledger.restaurantId),
        eq(receipts.facturapiStatus, 'open'),
        sql`${receipts.paymentId} IN (SELECT ${payments.id} FROM ${payments} WHERE ${payments.createdAt} >= ${fromMs} AND ${payments.createdAt} < ${toMs})`,
      ),
    )
  return kept ?? null
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
