import { asc, eq, sql } from 'drizzle-orm'
import { billLinesQuery, billTableColumns, openTableQuery } from '../bills/bill-reads.server'
import { currentSessionOf, ledgerOfBill } from '../books/ledger.server'
import type { Db } from '../db/client.server'
import { payments, tables, tableSessions, restaurants, type BillItemRow, type PaymentRow } from '../db/schema.server'
import { billClosed, tableNotFound } from './write-failures.server'

/** The table a bill belongs to, with the restaurant settings its writes and pages need. */
export interface BillTable {
  tableId: string
  userId: string
  tableNumber: string
  tableName: string | null
  capacity: number | null
  isActive: boolean
  restaurantName: string | null
  taxRateBps: number
  taxIncludedInPrice: boolean
  showTaxSeparately: boolean
  /** The restaurant's Stripe account and whether it takes charges yet; absent on bills stored before accounts existed. */
  stripeAccountId?: string | null
  stripeChargesEnabled?: boolean
  unconnectedPayments?: 'off' | 'demo'
  /** When a quiet unpaid bill is a possible walkout (see walkoutDue); absent on bills stored before it was set. */
  walkoutMinutes?: number
}

/** Why a write found no open bill: closed meanwhile (said as such), or never one. */
export async function notOpen(env: Env, sessionId: string) {
  return (await currentSessionOf(env, sessionId)) ? billClosed() : tableNotFound()
}

/** A bill that was open in D1 before its object held it, as the object takes it over. */
export interface ImportedBill {
  table: BillTable
  openedAt: number
  lines: BillItemRow[]
  payments: PaymentRow[]
}

/**
 * The bill `sessionId` as D1 has it, if it is a table's open bill: what its
 * object takes over the first time it wakes (bills opened before objects
 * held them, and the seeded ones). Null for anything else.
 */
export async function importOpenBill(env: Env, sessionId: string): Promise<ImportedBill | null> {
  const ledger = await ledgerOfBill(env, sessionId)
  if (!ledger) return null
  const { db } = ledger
  const [tableRows, sessionRows, lines, paymentRows] = await db.batch([
    openTableQuery(db, sessionId),
    db.select({ openedAt: tableSessions.openedAt }).from(tableSessions).where(eq(tableSessions.id, sessionId)).limit(1),
    billLinesQuery(ledger, sessionId),
    db
      .select()
      .from(payments)
      .where(eq(payments.sessionId, sessionId))
      .orderBy(asc(payments.createdAt), asc(sql`rowid`)),
  ])
  const [table] = tableRows
  if (!table) return null
  return {
    table,
    openedAt: sessionRows[0]?.openedAt ?? Date.now(),
    lines,
    payments: paymentRows.map(({ deliveredAt: _deliveredAt, ...payment }) => payment),
  }
}

/** The table as D1 has it now (staff edit it there), with the bill it names as open; null once deleted. */
export async function readTable(db: Db, tableId: string): Promise<(BillTable & { sessionId: string }) | null> {
  const [row] = await db
    .select({ ...billTableColumns, sessionId: tables.sessionId })
    .from(tables)
    .innerJoin(restaurants, eq(restaurants.id, tables.restaurantId))
    .where(eq(tables.id, tableId))
    .limit(1)
  return row ?? null
}
