/**
 * Who may do what in a restaurant: the one permission table. The guard
 * (app/server/auth/guard.server.ts) refuses with it; screens hide with it.
 * docs/roles.md is this table in words.
 */
export const ROLES = ['owner', 'manager', 'waiter', 'kitchen'] as const
export type Role = (typeof ROLES)[number]

const ALL = ROLES
/** Who works the tables: everyone but the kitchen, which sees its board only. */
const FLOOR = ['owner', 'manager', 'waiter'] as const
const MANAGERS = ['owner', 'manager'] as const
const OWNERS = ['owner'] as const

export const PERMISSIONS = {
  /** The restaurant's name and one's own account: every member. */
  'restaurant.view': ALL,
  /** The tables' dashboard, a table's page and its live updates, its printable QR. */
  'tables.view': FLOOR,
  /** New tables, their number, name and seats, archiving one. */
  'tables.manage': MANAGERS,
  /** Staff orders, notes and open items on a table's bill. */
  'orders.add': FLOOR,
  /** Cash and terminal payments taken at the table. */
  'payments.record': FLOOR,
  /** Units taken off a bill before anyone paid them, with a reason. */
  'lines.void': FLOOR,
  /** Units kept on a bill at no charge. */
  'lines.comp': MANAGERS,
  /** Undoing a cash or terminal payment one recorded oneself, within minutes, on the open bill (a mis-tap: see voidRefusal). */
  'payments.void': FLOOR,
  /** Money given back on a payment. */
  'refunds.issue': MANAGERS,
  /** Closing a bill that is paid in full. */
  'bills.close': FLOOR,
  /** Closing a bill with something unpaid (the diners left, the house pays). */
  'bills.close-unpaid': MANAGERS,
  /** Closed bills, the cash-out and the analytics. */
  'books.view': MANAGERS,
  /** The drawer's fondo at the start of a day and the cash counted in it at the end. */
  'drawer.count': MANAGERS,
  /** Reading the menus (a waiter takes orders from them). */
  'menus.view': FLOOR,
  /** Alerts of the tables one follows (orders, payments, calls, walkouts), and choosing which tables to follow. */
  'alerts.view': FLOOR,
  /** Following every table unless one chooses not to (others follow the tables they ordered for or chose). */
  'alerts.all-tables': MANAGERS,
  /** The kitchen board: every order's ticket and its step. */
  'kitchen.view': ALL,
  /** Moving a ticket on (En preparación, Listo, Entregado) and undoing the last move. */
  'kitchen.manage': ALL,
  /** The diners' requests for a factura: issuing one by hand (its PDF and XML) or rejecting it. */
  'invoices.manage': MANAGERS,
  /** The factura global of the receipts nobody invoiced, per period. */
  'invoices.global': OWNERS,
  /** Menus, their dishes, options, photos and PDFs. */
  'menus.manage': MANAGERS,
  /** The team's page: who works here, pending invitations. Which roles one may invite is `rolesManagedBy`. */
  'team.view': MANAGERS,
  /** The restaurant's profile, tax settings, time zone, registers and fiscal data; its setup checklist. */
  'settings.manage': OWNERS,
  /** The restaurant's Stripe account and how it takes payments. */
  'payouts.manage': OWNERS,
  /** Making this device the restaurant's shared one, where members switch with their PIN. */
  'devices.manage': MANAGERS,
  /** Opening another restaurant from one's account. */
  'restaurants.create': OWNERS,
} as const satisfies Record<string, readonly Role[]>

export type Permission = keyof typeof PERMISSIONS

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role)
}

/** The roles a member may invite, change or remove: an owner any, a manager waiters and the kitchen. */
export function rolesManagedBy(role: Role): readonly Role[] {
  if (role === 'owner') return ROLES
  if (role === 'manager') return ['waiter', 'kitchen']
  return []
}

/** The kitchen board: the kitchen's whole world. */
export const KITCHEN_HOME = '/admin/kitchen'

/** Where a member's screens start: the tables, or the board for the kitchen, which sees nothing else. */
export const homeOf = (role: Role) => (can(role, 'tables.view') ? '/admin/dashboard' : KITCHEN_HOME)

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value)
