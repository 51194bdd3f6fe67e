import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns.server'
import { tableSessions } from './bills.server'

/**
 * Provider webhook events, by the provider's event id: the same event twice
 * has one effect. A delivery claims its event before acting and marks it
 * handled after; a claim whose handling failed is given up, and one whose
 * Worker stopped midway runs out, so the provider's retry acts on it.
 */
export const providerEvents = sqliteTable('provider_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  createdAt: createdAt(),
  claimedAt: integer('claimed_at').notNull().default(0),
  handledAt: integer('handled_at'),
  // The event as Stripe sent it: one whose handling outlived its delivery's answer is finished from it by a later delivery.
  payload: text('payload'),
})

/**
 * A diner's bank disputing a card payment (a chargeback), as Stripe last
 * told of it: the money it holds back, why, by when the restaurant must
 * answer in its Stripe Dashboard, and how it stands (`needs_response`,
 * `under_review`, `won`, `lost`…). Part of the ledger: it is about one of
 * its payments.
 */

export const disputes = sqliteTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => tableSessions.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    dueBy: integer('due_by'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('disputes_session_idx').on(t.sessionId), index('disputes_created_idx').on(t.createdAt)],
)

/**
 * A restaurant's cash drawer for one business day: the fondo it started
 * with, and the cash counted in it at the end (a total, or note by note),
 * with who set and who counted, when, and their note. Counted again, the
 * later count stands. Part of the ledger.
 */
export const drawerCounts = sqliteTable(
  'drawer_counts',
  {
    restaurantId: text('restaurant_id').notNull(),
    /** The business day, on the restaurant's clock (`YYYY-MM-DD`). */
    businessDay: text('business_day').notNull(),
    floatCents: integer('float_cents').notNull().default(0),
    floatBy: text('float_by'),
    floatById: text('float_by_id'),
    floatAt: integer('float_at'),
    countedCents: integer('counted_cents'),
    /** How many of each note and coin, as JSON (`{"50000": 3}`), when counted that way. */
    denominations: text('denominations'),
    countedBy: text('counted_by'),
    countedById: text('counted_by_id'),
    countedAt: integer('counted_at'),
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.businessDay] }),
    check('drawer_counts_float', sql`${t.floatCents} >= 0`),
    check('drawer_counts_counted', sql`${t.countedCents} IS NULL OR ${t.countedCents} >= 0`),
  ],
)
export type DrawerCountRow = typeof drawerCounts.$inferSelect
