import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm'
import { formatTableCode, TABLE_CODE_LENGTH, tableCodeFromBytes } from '~/domain/table-code'
import { getDb, type Db } from '../db/client.server'
import { tables } from '../db/schema.server'
import { spend, type RateLimit } from '../http/rate-limit.server'

/** A source of canonical codes; tests pass one that repeats a code to force a collision. */
export type DrawCode = () => string

/** A fresh random code, canonical (`K7MQ4XPD`). */
export const drawTableCode: DrawCode = () =>
  tableCodeFromBytes(crypto.getRandomValues(new Uint8Array(TABLE_CODE_LENGTH)))

/** Draws before giving up: among 2^40 codes even one collision is rare, five in a row means something else is wrong. */
const DRAWS = 5

/** Whether a write was refused because its code is already another table's (D1's message, possibly wrapped by drizzle). */
function isCodeTaken(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if (String(cause).includes('tables.short_code')) return true
  }
  return false
}

/**
 * Runs `write`, which draws its codes with `draw`, again with new ones while
 * the unique index says a code is taken.
 */
export async function withFreshCodes<T>(
  write: (draw: DrawCode) => Promise<T>,
  draw: DrawCode = drawTableCode,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(draw)
    } catch (error) {
      if (!isCodeTaken(error) || attempt >= DRAWS) throw error
    }
  }
}

/**
 * Rows of `tables` with their codes as people see them (`K7MQ-4XPD`). A
 * table without one (made before short codes, or seeded by hand) gets it
 * now, once: another request drawing for the same table at the same time
 * cannot overwrite it, and the code read back is the one that stayed.
 */
export async function withCodes<Row extends { id: string; shortCode: string | null }>(
  db: Db,
  rows: Row[],
  draw: DrawCode = drawTableCode,
): Promise<(Omit<Row, 'shortCode'> & { shortCode: string })[]> {
  const missing = rows.filter((row) => row.shortCode === null).map((row) => row.id)
  const drawn = new Map<string, string>()
  if (missing.length > 0) {
    await withFreshCodes(async (next) => {
      const [first, ...rest] = missing.map((id) =>
        db
          .update(tables)
          .set({ shortCode: next() })
          .where(and(eq(tables.id, id), isNull(tables.shortCode))),
      )
      await db.batch([first!, ...rest])
    }, draw)
    const stored = await db
      .select({ id: tables.id, shortCode: tables.shortCode })
      .from(tables)
      .where(inArray(tables.id, missing))
    for (const row of stored) if (row.shortCode) drawn.set(row.id, row.shortCode)
  }
  return rows.flatMap((row) => {
    const code = row.shortCode ?? drawn.get(row.id)
    // A table deleted meanwhile has no code to show, nor anything else.
    return code ? [{ ...row, shortCode: formatTableCode(code) }] : []
  })
}

type CodeLookup = { found: true; sessionId: string } | { found: false; archived: boolean; limit: RateLimit | null }

/**
 * The open bill of the active table whose code this is (canonical), for
 * `/customer` and `GET /api/tables/session/{code}`; an archived table's code
 * is found but opens nothing (`archived`). A short code can be
 * guessed where a 43-character id cannot, so the limit comes first: every
 * lookup from an address takes a hit on tableCodeMissesPerAddress before the
 * database is asked, and a code that is found gives its hit back. Only misses
 * are counted, and once they are used up no lookup from that address is
 * answered (not even a right guess) until the window has passed.
 */
export async function lookupTableCode(env: Env, code: string, address: string | null): Promise<CodeLookup> {
  const spent = await spend(env, { tableCodeMissesPerAddress: address })
  if (!spent.ok) return { found: false, archived: false, limit: spent.limit }
  const [table] = await getDb(env.DB)
    .select({ sessionId: tables.sessionId, archivedAt: tables.archivedAt })
    .from(tables)
    .where(and(eq(tables.shortCode, code), or(eq(tables.isActive, true), isNotNull(tables.archivedAt))))
    .limit(1)
  if (!table) return { found: false, archived: false, limit: null }
  await spent.undo()
  return table.archivedAt === null
    ? { found: true, sessionId: table.sessionId }
    : { found: false, archived: true, limit: null }
}
