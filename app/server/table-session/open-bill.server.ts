import { and, asc, eq, sql } from 'drizzle-orm'
import { currentSessionOf, ledgerOfBill, type Ledger } from '../books/ledger.server'
import type { Db } from '../db/client.server'
import {
  billItems,
  payments,
  tables,
  tableSessions,
  restaurants,
  type BillItemRow,
  type PaymentRow,
} from '../db/schema.server'
import { billClosed, tableNotFound } from './write-failures.server'

/** The columns of a bill's table and its restaurant's settings, as BillTable holds them. */
export const billTableColumns = {
  tableId: tables.id,
  restaurantId: tables.restaurantId,
  tableNumber: tables.tableNumber,
  tableName: tables.tableName,
  capacity: tables.capacity,
  isActive: tables.isActive,
  restaurantName: restaurants.restaurantName,
  taxRateBps: restaurants.taxRateBps,
  taxIncludedInPrice: restaurants.taxIncludedInPrice,
  showTaxSeparately: restaurants.showTaxSeparately,
  stripeAccountId: restaurants.stripeAccountId,
  stripeChargesEnabled: restaurants.stripeChargesEnabled,
  unconnectedPayments: restaurants.unconnectedPayments,
  walkoutMinutes: restaurants.walkoutMinutes,
  timeZone: restaurants.timeZone,
}

/** The table (and restaurant settings) of the open bill a session id names, as a query to batch. */
const openTableQuery = (db: Db, sessionId: string) =>
  db
    .select(billTableColumns)
    .from(tables)
    .innerJoin(restaurants, eq(restaurants.id, tables.restaurantId))
    .where(and(eq(tables.sessionId, sessionId), eq(tables.isActive, true)))
    .limit(1)

export const billLinesQuery = ({ db }: Ledger, sessionId: string) =>
  db
    .select()
    .from(billItems)
    .where(eq(billItems.sessionId, sessionId))
    .orderBy(asc(billItems.createdAt), asc(sql`rowid`))

/** The table a bill belongs to, with the restaurant settings its writes and pages need. */
export interface BillTable {
  tableId: string
  restaurantId: string
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
  /** The restaurant's clock (see restaurantTimeZone); absent on bills stored before it was kept. */
  timeZone?: string
}

/** Why a write found no open bill: closed meanwhile (said as such), or never one. */
export async function notOpen(env: Env, sessionId: string) {
  return (await currentSessionOf(env, sessionId)) ? billClosed() : tableNotFound()
}

/** A bill that was open in D1 before its object held it, as the object takes it over. */
interface ImportedBill {
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
