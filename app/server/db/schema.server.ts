import { isNull, sql } from 'drizzle-orm'
import type { PhotoSize } from '../../domain/menu-photos'
import { MENU_TYPES } from '../../domain/schemas/menus'
import { ROLES } from '../../domain/permissions'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { ALERT_KINDS } from '../../domain/alerts'
import { INVOICE_PERIODICITIES } from '../../domain/cfdi'
import { CANCELLATION_MOTIVES, CANCELLATION_STATUSES, FISCAL_DOCUMENT_STATUSES } from '../../domain/fiscal'
import { INVOICE_REQUEST_STATUSES } from '../../domain/invoices'
import {
  adjustmentChecks,
  adjustmentColumns,
  lineChecks,
  lineColumns,
  paymentChecks,
  paymentColumns,
  refundChecks,
  refundColumns,
  ticketChecks,
  ticketColumns,
} from './records.server'

// Every timestamp is epoch milliseconds; every amount is integer cents (MXN).
/** D1's clock, for a row written without its time. */
const NOW = sql`(unixepoch('subsec') * 1000)`
const createdAt = () => integer('created_at', { mode: 'number' }).notNull().default(NOW)

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

/**
 * A physical table. `sessionId` is its current bill, the code in its QR;
 * `shortCode` is the code printed under the QR for a person to type
 * (app/domain/table-code.ts, canonical form). Null only for a table made
 * before short codes or seeded by hand, until staff next see it: the Worker
 * draws its code then (tables/tables.server.ts; migration 0006 says why).
 * `archivedAt` is when staff took the table out of use: it is never
 * deleted, so its bills and payments stay in the books; its last bill is
 * closed and `isActive` is off from then on.
 */
export const tables = sqliteTable(
  'tables',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    tableNumber: text('table_number').notNull(),
    tableName: text('table_name'),
    capacity: integer('capacity'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    sessionId: text('session_id').notNull(),
    shortCode: text('short_code'),
    archivedAt: integer('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tables_session_id_unique').on(t.sessionId),
    // Across every restaurant: a diner types only the code, not whose table it is.
    uniqueIndex('tables_short_code_unique').on(t.shortCode),
    // One "Mesa 5" in use per restaurant: staff and diners tell tables apart by number; an archived one leaves its number free.
    uniqueIndex('tables_restaurant_number_unique')
      .on(t.restaurantId, t.tableNumber)
      .where(sql`archived_at IS NULL`),
    index('tables_restaurant_idx').on(t.restaurantId),
    check('tables_capacity_non_negative', sql`${t.capacity} IS NULL OR ${t.capacity} >= 0`),
  ],
)

/**
 * One bill of a table. A table has one open session at a time (tables.session_id);
 * closed ones keep their lines and payments for the restaurant's history.
 */
export const tableSessions = sqliteTable(
  'table_sessions',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    openedAt: integer('opened_at').notNull().default(NOW),
    closedAt: integer('closed_at'),
    // A bill closed with something unpaid: how much, why ("se fueron sin pagar"), and who closed it (their name as it was then).
    unpaidCents: integer('unpaid_cents').notNull().default(0),
    unpaidReason: text('unpaid_reason'),
    closedBy: text('closed_by'),
    // Their id; null when staff typed a name instead of signing (closedBy is that name).
    closedById: text('closed_by_id'),
    // When a diner last read the bill while nothing was on it: a party at the table choosing (the floor's "ordering").
    browsedAt: integer('browsed_at'),
  },
  (t) => [index('table_sessions_table_idx').on(t.tableId)],
)

const line = lineColumns()
/** A bill line, as the ledger receives it from its bill's object (records.server.ts). */
export const billItems = sqliteTable(
  'bill_items',
  {
    ...line,
    tableId: line.tableId.references(() => tables.id, { onDelete: 'cascade' }),
    sessionId: line.sessionId.references(() => tableSessions.id, { onDelete: 'cascade' }),
    menuItemId: line.menuItemId.references(() => menuItems.id, { onDelete: 'set null' }),
    createdAt: line.createdAt.default(NOW),
  },
  (t) => [index('bill_items_session_idx').on(t.sessionId, t.createdAt), ...lineChecks('bill_items', t)],
)

const { recordedBy, recordedById, cashReceivedCents, ...payment } = paymentColumns()
/** A payment, as the ledger receives it from its bill's object (records.server.ts). */
export const payments = sqliteTable(
  'payments',
  {
    ...payment,
    tableId: payment.tableId.references(() => tables.id, { onDelete: 'cascade' }),
    sessionId: payment.sessionId.references(() => tableSessions.id, { onDelete: 'cascade' }),
    createdAt: payment.createdAt.default(NOW),
    // When the ledger received the payment from its table's object (commit → delivered is the outbox's lag).
    deliveredAt: integer('delivered_at'),
    recordedBy,
    cashReceivedCents,
    recordedById,
  },
  (t) => [
    // A bill's object records a transactionId once; the ledger holds each bill's records as its object committed them.
    uniqueIndex('payments_session_transaction_unique').on(t.sessionId, t.transactionId),
    index('payments_session_idx').on(t.sessionId, t.createdAt),
    index('payments_table_idx').on(t.tableId, t.createdAt),
    ...paymentChecks('payments', t),
  ],
)

const { id: adjustmentId, ...adjustment } = adjustmentColumns()
/** A void or comp (records.server.ts); append-only. */
export const billAdjustments = sqliteTable(
  'bill_adjustments',
  {
    id: adjustmentId,
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => tableSessions.id, { onDelete: 'cascade' }),
    ...adjustment,
    createdAt: adjustment.createdAt.default(NOW),
  },
  (t) => [
    index('bill_adjustments_session_idx').on(t.sessionId, t.createdAt),
    index('bill_adjustments_table_idx').on(t.tableId, t.createdAt),
    ...adjustmentChecks('bill_adjustments', t),
  ],
)

const { id: refundId, ...refund } = refundColumns()
/** A refund (records.server.ts); append-only. The ledger gets a refund once it is done. */
export const refunds = sqliteTable(
  'refunds',
  {
    id: refundId,
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => tableSessions.id, { onDelete: 'cascade' }),
    ...refund,
    paymentId: refund.paymentId.references(() => payments.id, { onDelete: 'cascade' }),
    taxCents: refund.taxCents.default(0),
    tipCents: refund.tipCents.default(0),
    units: refund.units.default('[]'),
    createdAt: refund.createdAt.default(NOW),
    // When the diner's bank sent back a refund that had been given back: from then it gives nothing back, and no sum counts it.
    failedAt: integer('failed_at'),
  },
  (t) => [
    index('refunds_session_idx').on(t.sessionId, t.createdAt),
    index('refunds_table_idx').on(t.tableId, t.createdAt),
    index('refunds_payment_idx').on(t.paymentId),
    ...refundChecks('refunds', t),
  ],
)

/** A refund that gave money back: every sum of refunds counts only these (one the bank sent back later gave nothing). */
export const refundStands = isNull(refunds.failedAt)

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

export const menus = sqliteTable(
  'menus',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: MENU_TYPES }).notNull().default('regular'),
    pdfKey: text('pdf_key'),
    pdfName: text('pdf_name'),
    createdAt: createdAt(),
  },
  (t) => [index('menus_restaurant_idx').on(t.restaurantId)],
)

export const categories = sqliteTable(
  'categories',
  {
    id: text('id').primaryKey(),
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    // What English-speaking diners read where staff wrote it; the Spanish otherwise.
    nameEn: text('name_en'),
    descriptionEn: text('description_en'),
  },
  (t) => [index('categories_menu_idx').on(t.menuId)],
)

export const menuItems = sqliteTable(
  'menu_items',
  {
    id: text('id').primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    priceCents: integer('price_cents').notNull(),
    position: integer('position').notNull().default(0),
    /** "Agotado": staff took it off for now; diners see it and cannot order it. */
    soldOut: integer('sold_out', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    nameEn: text('name_en'),
    descriptionEn: text('description_en'),
    // Allergen and dietary tag ids, comma-separated in the list's order (app/domain/allergens.ts); '' for none.
    tags: text('tags').notNull().default(''),
    // The photo's id (its objects in MENU_PHOTOS are `{photoId}/{width}.webp`) and the kept sizes, smallest first.
    photoId: text('photo_id'),
    photoSizes: text('photo_sizes', { mode: 'json' }).$type<PhotoSize[]>(),
  },
  (t) => [
    index('menu_items_category_idx').on(t.categoryId),
    check('menu_items_price_positive', sql`${t.priceCents} > 0`),
  ],
)

/**
 * A restaurant's modifier group ("Salsa", "Extras"), defined once and offered on
 * any of its dishes through menu_item_modifier_groups, so one change reaches every
 * dish that uses it.
 */
export const modifierGroups = sqliteTable(
  'modifier_groups',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    description: text('description'),
    required: integer('required', { mode: 'boolean' }).notNull().default(false),
    multipleSelect: integer('multiple_select', { mode: 'boolean' }).notNull().default(false),
    // The order a dish shows its groups in: the restaurant's one order, so "Salsa" comes first on every taco.
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('modifier_groups_restaurant_idx').on(t.restaurantId)],
)

/** Which dishes offer which of the restaurant's modifier groups. */
export const menuItemModifierGroups = sqliteTable(
  'menu_item_modifier_groups',
  {
    menuItemId: text('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    modifierGroupId: text('modifier_group_id')
      .notNull()
      .references(() => modifierGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.menuItemId, t.modifierGroupId] }),
    index('menu_item_modifier_groups_group_idx').on(t.modifierGroupId),
  ],
)

export const modifierOptions = sqliteTable(
  'modifier_options',
  {
    id: text('id').primaryKey(),
    modifierGroupId: text('modifier_group_id')
      .notNull()
      .references(() => modifierGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    description: text('description'),
    priceAdjustmentCents: integer('price_adjustment_cents').notNull().default(0),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    /** Offered but not orderable for now, as a dish's own "Agotado". */
    soldOut: integer('sold_out', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('modifier_options_group_idx').on(t.modifierGroupId),
    check('modifier_options_price_non_negative', sql`${t.priceAdjustmentCents} >= 0`),
  ],
)

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

export type User = typeof users.$inferSelect
export type Table = typeof tables.$inferSelect
export type BillItemRow = typeof billItems.$inferSelect
/** A payment as its bill's object records it; the ledger adds when it received it. */
export type PaymentRow = Omit<typeof payments.$inferSelect, 'deliveredAt'>
export type AdjustmentRow = typeof billAdjustments.$inferSelect
export type RefundRow = typeof refunds.$inferSelect
export type KitchenTicketRow = typeof kitchenTickets.$inferSelect

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
/**
 * A payment's receipt: its folio, counted per restaurant in the order the
 * ledger received its payments (one statement gives the next, so payments
 * delivered at once never share one), and the card that paid, once asked of
 * the provider. Part of the ledger.
 */
export const receipts = sqliteTable(
  'receipts',
  {
    paymentId: text('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id').notNull(),
    folio: integer('folio').notNull(),
    // The card's brand and last digits as the provider gives them; `cardAskedAt` once the provider was asked (it may know none).
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    // How the card is funded (credit, debit, prepaid, unknown): its CFDI's forma de pago follows it.
    cardFunding: text('card_funding'),
    cardAskedAt: integer('card_asked_at'),
    // Its receipt at Facturapi (a restaurant that issues facturas with it), what that receipt covers, and where it stands.
    facturapiReceiptId: text('facturapi_receipt_id'),
    facturapiCents: integer('facturapi_cents'),
    // How many refunds the payment had (failed ones too) when that receipt was made: the later ones are what an
    // egreso must undo once it is invoiced.
    facturapiVersion: integer('facturapi_version'),
    facturapiStatus: text('facturapi_status'),
    // When its receipt was last asked of Facturapi (`asked`): one request at a time makes a payment's receipt.
    facturapiAskedAt: integer('facturapi_asked_at'),
    // The last moment the restaurant takes a request for this payment's factura, as its Facturapi receipt says.
    facturapiExpiresAt: integer('facturapi_expires_at'),
    // The factura global that gathered it (global_invoices.id): a refund of it is undone on paper against that one.
    globalInvoiceId: text('global_invoice_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('receipts_restaurant_folio_unique').on(t.restaurantId, t.folio)],
)

/**
 * A diner's request for a factura of one payment, and what became of it.
 * A payment has at most one that is pending or issued; a rejected one may
 * be asked again. Part of the ledger.
 */
export const invoiceRequests = sqliteTable(
  'invoice_requests',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id').notNull(),
    rfc: text('rfc').notNull(),
    legalName: text('legal_name').notNull(),
    taxRegime: text('tax_regime').notNull(),
    postalCode: text('postal_code').notNull(),
    cfdiUse: text('cfdi_use').notNull(),
    email: text('email').notNull(),
    // What it covers when asked: the consumption with its IVA, less refunds; never the tip (invoiceableCents).
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: INVOICE_REQUEST_STATUSES }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    // Who issued or rejected it (their name as it was then, and their id), and when.
    decidedBy: text('decided_by'),
    decidedById: text('decided_by_id'),
    decidedAt: integer('decided_at'),
    // An invoice issued by hand: its files in INVOICE_FILES.
    pdfKey: text('pdf_key'),
    xmlKey: text('xml_key'),
    // An invoice Facturapi issued: its id there (its files are read from Facturapi).
    facturapiInvoiceId: text('facturapi_invoice_id'),
    // A substituted one: the request that replaced it, and its cancellation at the SAT (motive 01), checked now and then.
    substitutedBy: text('substituted_by'),
    cancellationStatus: text('cancellation_status', { enum: CANCELLATION_STATUSES }),
    cancellationCheckedAt: integer('cancellation_checked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_requests_open_per_payment')
      .on(t.paymentId)
      .where(sql`${t.status} NOT IN ('rejected', 'substituted')`),
    index('invoice_requests_restaurant_idx').on(t.restaurantId, t.status, t.createdAt),
  ],
)

/**
 * A diner's rating of their visit, one per payment (rated again, it is
 * changed): the stars and a comment for the restaurant alone. Part of the ledger.
 */
export const ratings = sqliteTable(
  'ratings',
  {
    paymentId: text('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id').notNull(),
    sessionId: text('session_id').notNull(),
    tableId: text('table_id').notNull(),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('ratings_restaurant_idx').on(t.restaurantId, t.createdAt),
    index('ratings_session_idx').on(t.sessionId),
    check('ratings_stars_range', sql`${t.stars} BETWEEN 1 AND 5`),
  ],
)

/**
 * The CFDIs Mesa issued after a payment's own (its receipt and its factura
 * live on `receipts` and `invoice_requests`): an egreso (nota de crédito,
 * related with TipoRelación 01 to the ingreso holding the sale) for each
 * refund of a payment already invoiced, to its diner or in a factura
 * global, for what the refund gave back of the bill part and its IVA; and
 * one for the whole of a factura substituted whose cancellation its
 * receiver refused, so the sale stands once on paper. One per refund or
 * factura; a failed one is tried again. Part of the ledger.
 */
export const fiscalDocuments = sqliteTable(
  'fiscal_documents',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id').notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    // What it undoes: a refund, or a factura whose substitution the receiver refused to let be cancelled.
    refundId: text('refund_id'),
    requestId: text('request_id'),
    // An egreso gives money back on paper; a nota de débito (an ingreso) stamps money a refund meant to give back and did not.
    kind: text('kind', { enum: ['egreso', 'debito'] }).notNull(),
    cents: integer('cents').notNull(),
    relatedUuid: text('related_uuid'),
    facturapiId: text('facturapi_id'),
    uuid: text('uuid'),
    // `void`: never issued, and owed no more (its refund came back undone).
    status: text('status', { enum: FISCAL_DOCUMENT_STATUSES }).notNull().default('pending'),
    error: text('error'),
    // An issued one whose refund came back undone is cancelled at the SAT: where that stands, and its motive.
    cancellationStatus: text('cancellation_status', { enum: CANCELLATION_STATUSES }),
    cancellationMotive: text('cancellation_motive', { enum: CANCELLATION_MOTIVES }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull().default(NOW),
  },
  (t) => [
    uniqueIndex('fiscal_documents_refund_unique').on(t.refundId, t.kind),
    uniqueIndex('fiscal_documents_request_unique').on(t.requestId, t.kind),
    index('fiscal_documents_payment_idx').on(t.paymentId),
    index('fiscal_documents_restaurant_idx').on(t.restaurantId, t.status),
  ],
)

/** A factura global the owner issued through Facturapi: the period's receipts nobody invoiced. Part of the ledger. */
export const globalInvoices = sqliteTable(
  'global_invoices',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id').notNull(),
    facturapiInvoiceId: text('facturapi_invoice_id').notNull(),
    periodicity: text('periodicity', { enum: INVOICE_PERIODICITIES }).notNull(),
    // The period, as the restaurant's wall-clock dates (YYYY-MM-DD), both days included.
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    totalCents: integer('total_cents').notNull(),
    issuedBy: text('issued_by').notNull(),
    issuedById: text('issued_by_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('global_invoices_restaurant_idx').on(t.restaurantId, t.createdAt),
    // One row per invoice Facturapi made: two owners' submits at once (one adopting the other's) record it once.
    uniqueIndex('global_invoices_facturapi_unique').on(t.restaurantId, t.facturapiInvoiceId),
  ],
)

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
