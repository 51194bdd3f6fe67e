import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { ALERT_KINDS } from '../../../domain/alerts'
import { ticketChecks, ticketColumns } from '../records.server'
import { createdAt } from './columns.server'
import { restaurants, users } from './accounts.server'
import { tableSessions, tables } from './bills.server'

/**
 * What a restaurant's staff were alerted of (app/domain/alerts.ts): one row
 * per change that raised it (its id names the change, so a change delivered
 * twice is one alert), and one row per person it reached, read or not.
 */
export const alerts = sqliteTable(
  'alerts',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    tableNumber: text('table_number').notNull(),
    sessionId: text('session_id').notNull(),
    amountCents: integer('amount_cents'),
    detail: text('detail'),
    // When what it asked for was done: a diner's call answered. Null for alerts that ask nothing, or not yet.
    resolvedAt: integer('resolved_at'),
    createdAt: integer('created_at').notNull(),
  },
  // No CHECK on the kind: alerts are written only from the domain's list, which grows (a CHECK would rebuild the table each time).
  (t) => [index('alerts_restaurant_idx').on(t.restaurantId, t.createdAt)],
)

export const alertRecipients = sqliteTable(
  'alert_recipients',
  {
    alertId: text('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: integer('read_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.userId] }),
    index('alert_recipients_person_idx').on(t.userId, t.readAt, t.createdAt),
  ],
)

/**
 * A member's choice about a table's alerts, where it differs from their
 * role's (owners and managers follow every table; anyone else the tables
 * they ordered for or chose): follow it, or not.
 */
export const tableFollows = sqliteTable(
  'table_follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    following: integer('following', { mode: 'boolean' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tableId] }), index('table_follows_table_idx').on(t.tableId)],
)

/**
 * An order as the kitchen board reads it (records.server.ts): its lines as
 * sent (JSON of TicketLine[]; the voids since are the bill's adjustments),
 * and its step, moved on by the table's object, which owns the order.
 */
export const kitchenTickets = sqliteTable(
  'kitchen_tickets',
  {
    ...ticketColumns(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => tableSessions.id, { onDelete: 'cascade' }),
    lines: text('lines').notNull(),
  },
  (t) => [
    index('kitchen_tickets_board_idx').on(t.restaurantId, t.step, t.createdAt),
    index('kitchen_tickets_session_idx').on(t.sessionId),
    ...ticketChecks('kitchen_tickets', t),
  ],
)

export type KitchenTicketRow = typeof kitchenTickets.$inferSelect
