import { getTableColumns, sql } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'

/** Rows in the order they were written, among those written in the same millisecond. */
export const ROWID = sql`rowid`

/**
 * Columns of `table` (all of them unless named) as placeholders of their
 * own keys, for a statement prepared once and run with a row: drizzle
 * builds a statement's SQL afresh each time it runs one from its builder,
 * and the payment's commit runs these several times; drizzle still encodes
 * each value as its column does (a boolean as 0 or 1).
 */
export function placeholdersOf<T extends SQLiteTable>(
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[] = [],
) {
  const names = keys.length > 0 ? keys : Object.keys(getTableColumns(table))
  return Object.fromEntries(names.map((key) => [key, sql.placeholder(key)])) as unknown as T['$inferInsert']
}
