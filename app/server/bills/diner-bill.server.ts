import { orderedBy } from '~/domain/diners'
import { data, type AppLoadContext } from '@remix-run/cloudflare'
import { GUEST } from '~/domain/diners'
import { lineRemaining } from '~/domain/bill'
import { heldUnits } from '~/domain/holds'
import { isIdLike } from '~/domain/schemas/fields'
import { restaurantTimeZone } from '~/domain/local-time'
import { customerPath } from '~/domain/customer-paths'
import { shownName, shownText } from '~/domain/menu-language'
import type { Language } from '~/locales'
import { eq } from 'drizzle-orm'
import type { PublicPayment } from '~/domain/wire'
import { payableBill, readClosedBill, toPublicPayment } from './bill-reads.server'
import type { BillView } from '../table-session/bill-view.server'
import { tableOfBill } from '../books/ledger.server'
import { getDb } from '../db/client.server'
import { tables } from '../db/schema.server'
import { tableSessionStub } from '../table-session/stub.server'
import { retryAfter, spend, type RateLimit } from '../http/rate-limit.server'
import { redirectWithToast } from '../http/toast.server'

/**
 * A bill as its table's object holds it (the public demo restored first if
 * stale): open, or closed with the bill that followed it; null when the
 * object holds no such bill.
 */
function readHeldBill(env: Env, sessionId: string, options: { payments?: boolean } = {}): Promise<BillView | null> {
  return isIdLike(sessionId) ? tableSessionStub(env, sessionId).read(sessionId, options) : Promise.resolve(null)
}

/** The open bill a diner asks for; null when there is none. */
async function readDinerBill(
  env: Env,
  sessionId: string,
  options: { payments?: boolean } = {},
): Promise<BillView | null> {
  const bill = await readHeldBill(env, sessionId, options)
  return bill?.closedAt === null ? bill : null
}

/**
 * Where a bill that is not open leads. The table's current bill: the ledger
 * names it (however many closes ago this one was); while the ledger has not
 * yet heard of this bill's close, the bill's object knows the one after it.
 * Or nowhere, because the restaurant archived the table.
 */
async function followingBill(
  env: Env,
  sessionId: string,
  held: BillView | null,
): Promise<{ archived: true } | { archived: false; current: string | null }> {
  // While D1 is unreachable, the object's own word is the best there is.
  const table = isIdLike(sessionId) ? await tableOfBill(env, sessionId).catch(() => null) : null
  if (table?.archived) return { archived: true }
  const current = table && table.current !== sessionId ? table.current : null
  return { archived: false, current: current ?? held?.nextSessionId ?? null }
}

/**
 * The bill of a diner's screen. A bill the restaurant has closed leads to the
 * table's current one (old QR codes keep working), unless a receipt of it is
 * asked for; a bill of a table the restaurant archived is the 410 that says
 * the table is no longer available; anything else is the 404 that shows
 * 'Table Not Found'.
 */
export async function loadBill(
  context: AppLoadContext,
  sessionId: string | undefined,
  { receipt = false, payments = false } = {},
): Promise<BillView> {
  const env = context.cloudflare.env
  if (!sessionId || !isIdLike(sessionId)) throw await notFound(context)
  const held = await readHeldBill(env, sessionId, { payments })
  if (held && (held.closedAt === null || receipt)) return held
  const closed = receipt ? await readClosedBill(env, sessionId) : null
  if (closed) return closed
  const following = await followingBill(env, sessionId, held)
  if (following.archived) throw tableGone()
  if (following.current)
    throw await redirectWithToast(customerPath.bill(following.current), {
      title: 'customer.bill.movedTitle',
      description: 'customer.bill.movedText',
    })
  throw await notFound(context)
}

/**
 * 410, not 404: the code is right and the table existed, but the restaurant
 * took it out of use for good. Diners are told so rather than to check what
 * they typed, and a real code is not counted as a guess.
 */
export const tableGone = () => data({ gone: true }, { status: 410 })

/**
 * Counts a table code that named no bill against the address that asked
 * (tableLookupMissesPerAddress); answers the limit once it is used up. Codes
 * are long random tokens, so misses come from typos or from a scan.
 */
export async function missedLookup(env: Env, address: string | null): Promise<RateLimit | null> {
  const spent = await spend(env, { tableLookupMissesPerAddress: address })
  return spent.ok ? null : spent.limit
}

async function notFound(context: AppLoadContext) {
  const limit = await missedLookup(context.cloudflare.env, context.clientAddress)
  return limit
    ? data({ tooMany: true }, { status: 429, headers: retryAfter(limit) })
    : data({ notFound: true }, { status: 404 })
}

/**
 * The open bill an API caller names, following a closed bill to the table's
 * current one as the screens do; 'archived' for a bill of a table the
 * restaurant archived.
 */
export async function readApiBill(env: Env, sessionId: string): Promise<BillView | 'archived' | null> {
  const held = await readHeldBill(env, sessionId)
  if (held?.closedAt === null) return held
  const following = await followingBill(env, sessionId, held)
  if (following.archived) return 'archived'
  return following.current ? readDinerBill(env, following.current) : null
}

/** Payments of a table's open bill, newest first, as the API answers them. Null when the table is unknown. */
export async function readTablePayments(env: Env, tableId: string): Promise<PublicPayment[] | null> {
  const [table] = await getDb(env.DB)
    .select({ sessionId: tables.sessionId })
    .from(tables)
    .where(eq(tables.id, tableId))
    .limit(1)
  if (!table) return null
  return ((await readHeldBill(env, table.sessionId, { payments: true }))?.payments ?? []).map(toPublicPayment)
}

/** What every diner screen's header shows. */
export function dinerHeader(bill: BillView) {
  return {
    sessionId: bill.sessionId,
    restaurantName: bill.restaurantName ?? '',
    tableNumber: bill.tableNumber,
    tax: taxOf(bill),
    // Times the diner is shown (an order's, a call's, a payment's) are the restaurant's, whatever the phone's clock.
    timeZone: restaurantTimeZone(bill.timeZone),
  }
}

/** How the bill's restaurant taxes it: a diner is shown every price with its IVA (useShownPrice). */
const taxOf = (bill: BillView) => ({ taxRateBps: bill.taxRateBps, taxIncludedInPrice: bill.taxIncludedInPrice })

export type ClientLine = ReturnType<typeof clientBill>['lines'][number]

/**
 * Who is paying right now and what: the screens tell the table ("Ana está
 * pagando 2 artículos") and keep those units out of reach. Payers who gave no
 * name are null ("Alguien").
 */
function payingNow(holds: BillView['holds']) {
  if (holds.length === 0) return null
  const named = [...new Set(holds.map((hold) => hold.payer))].filter((payer) => payer !== GUEST)
  return {
    payer: holds.length === 1 && named.length === 1 ? (named[0] ?? null) : null,
    // The units chosen: an item payment that pays the rest also holds every other unit, which it does not name.
    units: holds.reduce((sum, hold) => sum + hold.paidLines.reduce((count, line) => count + line.quantity, 0), 0),
    cents: holds.reduce((sum, hold) => sum + hold.amountCents, 0),
  }
}

/**
 * What a diner's page needs of the bill, in cents, its lines in the page's
 * language (see shownText); nothing more goes to the phone.
 */
export function clientBill(bill: BillView, language: Language) {
  const held = heldUnits(bill.holds)
  const payable = payableBill(bill)
  return {
    ...dinerHeader(bill),
    tableId: bill.tableId,
    userId: bill.restaurantId,
    capacity: bill.capacity,
    totals: bill.totals,
    /** What is left once the payments in progress go through: what a new payment can pay. */
    payableCents: payable.totals.remaining,
    paying: payingNow(bill.holds),
    orders: (bill.orders ?? []).map((order) => ({
      ...order,
      items: order.items.map((item) => ({ name: shownName(item, language), quantity: item.quantity })),
    })),
    call: bill.call ?? null,
    lines: bill.lines.map((line) => ({
      id: line.id,
      ...shownText(line, language),
      note: line.note,
      priceCents: line.priceCents,
      quantity: line.quantity,
      paidQuantity: line.paidQuantity,
      /** Units someone is paying right now. */
      heldQuantity: held.get(line.id) ?? 0,
      remainingCents: lineRemaining(line),
      customerName: line.customerName,
      orderedBy: orderedBy(line),
      paidBy: line.paidBy,
      comped: line.comped,
    })),
  }
}
