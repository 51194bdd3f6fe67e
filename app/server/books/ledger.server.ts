import { and, eq, isNotNull, or } from 'drizzle-orm'
import { getDb, type Db } from '../db/client.server'
import { tables, tableSessions } from '../db/schema.server'

/**
 * A restaurant's ledger: its bills (`table_sessions`) with their lines,
 * payments, voids and comps (`bill_adjustments`) and refunds, as D1 keeps
 * them for the books. Every read or write of those records in D1 starts
 * from `ledgerOf` with the restaurant's id, so that placing a restaurant's
 * ledger elsewhere (a database of its own, or one in its region) is decided
 * here; an open bill's own copy lives in its table's object. The
 * restaurants and their tables stay in the central D1: the directory the
 * ledger hangs from. Today every restaurant's ledger is in that same D1.
 * tests/unit/ledger-access.test.ts holds the rest of the code to this.
 */
export interface Ledger {
  readonly restaurantId: string
  /** drizzle over the database that holds this restaurant's ledger. */
  readonly db: Db
  /** The same database, for statements prepared ahead and written in batches (LedgerBatches). */
  readonly d1: D1Database
}

export function ledgerOf(env: Pick<Env, 'DB'>, restaurantId: string): Ledger {
  return { restaurantId, db: getDb(env.DB), d1: env.DB }
}

/*
 * The bill directory: what a bill's id alone says (a diner's link, an old QR
 * code, a receipt), before anyone knows whose it is. These are the only
 * reads that look across restaurants; with ledgers placed apart they become
 * a directory of bill ids kept beside the restaurants.
 */

/** The ledger of the restaurant whose table has (or had) the bill `sessionId`; null for an id no table has had. */
export async function ledgerOfBill(env: Pick<Env, 'DB'>, sessionId: string): Promise<Ledger | null> {
  const db = getDb(env.DB)
  const [row] = await db
    .select({ restaurantId: tables.restaurantId })
    .from(tables)
    .where(
      or(
        eq(tables.sessionId, sessionId),
        eq(
          tables.id,
          db.select({ tableId: tableSessions.tableId }).from(tableSessions).where(eq(tableSessions.id, sessionId)),
        ),
      ),
    )
    .limit(1)
  return row ? ledgerOf(env, row.restaurantId) : null
}

/**
 * The table of any bill, open or closed, as the ledger has it now: the bill
 * it names as open, and whether the restaurant archived it. Null when no
 * table in use or archived has this bill.
 */
export async function tableOfBill(
  env: Pick<Env, 'DB'>,
  sessionId: string,
): Promise<{ current: string; archived: boolean } | null> {
  const [row] = await getDb(env.DB)
    .select({ current: tables.sessionId, archivedAt: tables.archivedAt })
    .from(tableSessions)
    .innerJoin(tables, eq(tables.id, tableSessions.tableId))
    .where(and(eq(tableSessions.id, sessionId), or(eq(tables.isActive, true), isNotNull(tables.archivedAt))))
    .limit(1)
  return row ? { current: row.current, archived: row.archivedAt !== null } : null
}

/**
 * The open bill of the table a closed bill belonged to. Closing a bill gives
 * the table a new session id, but the QR codes already printed carry an old
 * one: any id the table ever had leads to its current bill.
 */
export async function currentSessionOf(env: Pick<Env, 'DB'>, sessionId: string): Promise<string | null> {
  const [row] = await getDb(env.DB)
    .select({ current: tables.sessionId })
    .from(tableSessions)
    .innerJoin(tables, eq(tables.id, tableSessions.tableId))
    .where(and(eq(tableSessions.id, sessionId), eq(tables.isActive, true)))
    .limit(1)
  return row && row.current !== sessionId ? row.current : null
}
