import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns.server'

/** Every rate limit's hits, by key; see app/server/http/rate-limit.server.ts. */
export const rateLimitHits = sqliteTable(
  'rate_limit_hits',
  {
    id: text('id').primaryKey(),
    // '<limit>:<who>', e.g. 'waitlistPerAddress:203.0.113.7' or 'login-pair:203.0.113.7|ana@example.com'.
    key: text('key').notNull(),
    hitAt: integer('hit_at').notNull(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.hitAt)],
)

/** Every message the app sends, kept so the local mailer's mail can be read back (and audited). */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress, t.createdAt)],
)

export const waitlist = sqliteTable('waitlist', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  restaurantName: text('restaurant_name').notNull(),
  message: text('message'),
  createdAt: createdAt(),
})

export const contactRequests = sqliteTable('contact_requests', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  restaurant: text('restaurant').notNull(),
  createdAt: createdAt(),
})
