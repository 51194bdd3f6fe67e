import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns.server'
import { tableSessions } from './bills.server'
import { restaurants } from './accounts.server'

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
 * A cash register a restaurant names (a bar's drawer, a shared tablet's):
 * each has its own drawer, counted apart. A restaurant that names none has
 * one drawer; cash recorded without a register goes into it. A register
 * taken out of use keeps its name on the sessions it held.
 */
export const registers = sqliteTable(
  'registers',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    retiredAt: integer('retired_at'),
  },
  (t) => [index('registers_restaurant_idx').on(t.restaurantId, t.createdAt)],
)
export type RegisterRow = typeof registers.$inferSelect

/**
 * A session of a restaurant's cash drawer: from its opening, with the fondo
 * it started with (signed by who set it), to its first count. It holds the
 * cash that moved from `covers_from` (the previous session's close; for a
 * drawer's first session, the start of the business day it opened in) until
 * `closed_at`; cash taken after a close goes into the next session, which
 * opens at that close. At most one session is open per drawer. Part of
 * the ledger.
 */
export const drawerSessions = sqliteTable(
  'drawer_sessions',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id').notNull(),
    // The register whose drawer it is; null: the restaurant's own drawer (it names no registers, or cash from before).
    registerId: text('register_id'),
    openedAt: integer('opened_at').notNull(),
    coversFrom: integer('covers_from').notNull(),
    floatCents: integer('float_cents').notNull().default(0),
    floatBy: text('float_by'),
    floatById: text('float_by_id'),
    floatAt: integer('float_at'),
    closedAt: integer('closed_at'),
  },
  (t) => [
    index('drawer_sessions_restaurant_idx').on(t.restaurantId, t.coversFrom),
    uniqueIndex('drawer_sessions_one_open')
      .on(t.restaurantId, sql`coalesce(${t.registerId}, '')`)
      .where(sql`${t.closedAt} IS NULL`),
    check('drawer_sessions_float', sql`${t.floatCents} >= 0`),
  ],
)
export type DrawerSessionRow = typeof drawerSessions.$inferSelect

/**
 * A count of a drawer session's cash (a total, or note by note), signed,
 * with its note. The first closes the session; a recount is kept beside it
 * and the latest stands, against the same cash as the first.
 */
export const drawerCounts = sqliteTable(
  'drawer_session_counts',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => drawerSessions.id, { onDelete: 'cascade' }),
    countedCents: integer('counted_cents').notNull(),
    /** How many of each note and coin, as JSON (`{"50000": 3}`), when counted that way. */
    denominations: text('denominations'),
    countedBy: text('counted_by').notNull(),
    countedById: text('counted_by_id'),
    countedAt: integer('counted_at').notNull(),
    note: text('note'),
  },
  (t) => [
    index('drawer_session_counts_session_idx').on(t.sessionId, t.countedAt),
    check('drawer_session_counts_counted', sql`${t.countedCents} >= 0`),
  ],
)
