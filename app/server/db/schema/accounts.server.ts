import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { INVOICE_PERIODICITIES } from '../../../domain/cfdi'
import { ROLES } from '../../../domain/permissions'
import { createdAt } from './columns.server'

/**
 * A restaurant: its profile, tax settings, clock, Stripe account and fiscal
 * data. Every tenant key (tables, menus, the ledger through its tables, the
 * live hub, limits) is its id. A restaurant made before it was its own
 * record kept its owner's id (migration 0013), so links made then still work.
 */
export const restaurants = sqliteTable(
  'restaurants',
  {
    id: text('id').primaryKey(),
    restaurantName: text('restaurant_name'),
    restaurantType: text('restaurant_type'),
    restaurantCuisine: text('restaurant_cuisine'),
    restaurantAddress: text('restaurant_address'),
    restaurantPhone: text('restaurant_phone'),
    restaurantEmail: text('restaurant_email'),
    showTaxSeparately: integer('show_tax_separately', { mode: 'boolean' }).notNull().default(false),
    // Basis points: 1600 = 16 % IVA. An integer keeps tax arithmetic exact.
    taxRateBps: integer('tax_rate_bps').notNull().default(1600),
    taxIncludedInPrice: integer('tax_included_in_price', { mode: 'boolean' }).notNull().default(true),
    // Registered for the northern-border IVA incentive, the only way its 8 % is taken (ivaRateAllowed).
    borderIncentive: integer('border_incentive', { mode: 'boolean' }).notNull().default(false),
    // The restaurant's own Stripe account (Connect, direct charges: the restaurant is the merchant of record), as Stripe last told us of it.
    stripeAccountId: text('stripe_account_id'),
    stripeChargesEnabled: integer('stripe_charges_enabled', { mode: 'boolean' }).notNull().default(false),
    stripeDetailsSubmitted: integer('stripe_details_submitted', { mode: 'boolean' }).notNull().default(false),
    // When the account took Mesa's access away (account.application.deauthorized): it charges nothing through Mesa since.
    stripeDisconnectedAt: integer('stripe_disconnected_at'),
    // What the tables offer until that account takes charges: nothing, or the simulated demo (labelled as such), as the owner chose.
    unconnectedPayments: text('unconnected_payments', { enum: ['off', 'demo'] })
      .notNull()
      .default('off'),
    // The restaurant's clock: its business day and the cash-out's shifts are read in it.
    timeZone: text('time_zone').notNull().default('America/Mexico_City'),
    // Who issues its facturas (CFDI): RFC, razón social, régimen fiscal (SAT's code) and the código postal of its fiscal address.
    rfc: text('rfc'),
    legalName: text('legal_name'),
    taxRegime: text('tax_regime'),
    fiscalPostalCode: text('fiscal_postal_code'),
    // How often the factura global of receipts nobody invoiced is issued (INVOICE_PERIODICITIES).
    invoicePeriodicity: text('invoice_periodicity', { enum: INVOICE_PERIODICITIES }).notNull().default('month'),
    // Where every diner who rates a visit is offered to review it on Google (null: nowhere).
    googleReviewUrl: text('google_review_url'),
    // Minutes a bill with something unpaid may sit with none of its diners' pages open before staff hear of a possible
    // walkout (the settings' schema keeps it in range: a CHECK added here would rebuild the table).
    walkoutMinutes: integer('walkout_minutes').notNull().default(20),
    // When an owner put the setup checklist away (every step done): the dashboard no longer shows it.
    setupDismissedAt: integer('setup_dismissed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('restaurants_stripe_account_unique').on(t.stripeAccountId),
    check('restaurants_tax_rate_range', sql`${t.taxRateBps} BETWEEN 0 AND 10000`),
  ],
)

/**
 * A restaurant's own secrets (its Facturapi key), sealed (secrets.server.ts):
 * apart from the restaurant's row, which every staff page reads. `hint`
 * is what the owner is shown of it again (test or live, its last characters).
 */
export const restaurantSecrets = sqliteTable(
  'restaurant_secrets',
  {
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name', { enum: ['facturapi'] }).notNull(),
    sealed: text('sealed').notNull(),
    hint: text('hint').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.name] })],
)

/** A person who signs in. What they may do, and where, is their memberships'. */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordSalt: text('password_salt').notNull(),
    // Stored beside the hash so the work factor can be raised later without locking anyone out.
    passwordAlgorithm: text('password_algorithm').notNull().default('pbkdf2-sha256'),
    passwordIterations: integer('password_iterations').notNull(),
    name: text('name'),
    // The restaurant they last worked in: where their next sign-in starts.
    lastRestaurantId: text('last_restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
    // Whether their staff screens chime for a new alert: the person's own choice, on every device.
    alertSound: integer('alert_sound', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
)

/** A person's place in a restaurant: their role there (app/domain/permissions.ts says what each may do). */
export const memberships = sqliteTable(
  'memberships',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    // The member's PIN for the restaurant's shared devices, hashed as a password is (auth/password.server.ts); null until they set one.
    pinHash: text('pin_hash'),
    pinSalt: text('pin_salt'),
    pinIterations: integer('pin_iterations'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_restaurant_user_unique').on(t.restaurantId, t.userId),
    index('memberships_user_idx').on(t.userId),
  ],
)

/**
 * An invitation to join a restaurant with a role: a single-use link mailed
 * to `email`; the id is the SHA-256 of the link's token, never the token.
 * Accepted, cancelled or past `expiresAt`, it opens nothing.
 */
export const invitations = sqliteTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: integer('expires_at').notNull(),
    acceptedAt: integer('accepted_at'),
    cancelledAt: integer('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_restaurant_idx').on(t.restaurantId, t.createdAt)],
)

/**
 * What staff changed outside a bill (menus, settings, the team), with who
 * did it and their name as it was then. A bill's own records carry theirs.
 */
export const changeLog = sqliteTable(
  'change_log',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    // What changed, e.g. 'menu.item.update', 'settings.update', 'team.remove'; `subject` is the id it touched.
    action: text('action').notNull(),
    subject: text('subject'),
    createdAt: createdAt(),
  },
  (t) => [index('change_log_restaurant_idx').on(t.restaurantId, t.createdAt)],
)

/** Staff sign-in sessions; the id is the SHA-256 of the cookie token, never the token. */
export const authSessions = sqliteTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The restaurant this session works in; the guard checks the person still belongs to it on every request.
    restaurantId: text('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    // A shared device of the restaurant (a tablet on the floor): signed in as the device, it acts as whoever
    // entered their PIN last (`actingUserId`) until `actingUntil`, and is locked otherwise. `userId` set it up.
    device: integer('device', { mode: 'boolean' }).notNull().default(false),
    actingUserId: text('acting_user_id').references(() => users.id, { onDelete: 'set null' }),
    actingUntil: integer('acting_until'),
    expiresAt: integer('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
)

/**
 * A device a member turned notifications on for (Web Push): the browser's
 * push endpoint and the keys its messages are encrypted to. It belongs to
 * the session it was made in and the restaurant that session worked in, so
 * it ends with that session (a logout, a password reset, a removal) and
 * carries no other restaurant's alerts.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    // The push service's address for this browser; one browser profile has one per site, whoever is signed in.
    endpoint: text('endpoint').notNull(),
    // The browser's P-256 public key and its 16-byte auth secret (base64url), for RFC 8291's encryption.
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_member_idx').on(t.restaurantId, t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
)

/** Single-use password reset tokens, stored hashed. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
)

export type User = typeof users.$inferSelect
