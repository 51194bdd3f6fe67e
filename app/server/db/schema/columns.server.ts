import { sql } from 'drizzle-orm'
import { integer } from 'drizzle-orm/sqlite-core'

// Every timestamp is epoch milliseconds; every amount is integer cents (MXN).
/** D1's clock, for a row written without its time. */
export const NOW = sql`(unixepoch('subsec') * 1000)`
export const createdAt = () => integer('created_at', { mode: 'number' }).notNull().default(NOW)
