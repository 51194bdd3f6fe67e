import { data, type AppLoadContext } from '@remix-run/cloudflare'
import { lineRemaining } from '~/domain/bill'
import { isIdLike } from '~/domain/schemas/fields'
import { customerPath } from '~/domain/customer-paths'
import { currentSessionOf, readBill, type BillView } from './bill.server'
import { getDb } from './db/client.server'
import { isDemoSession, tableSessionStub } from './table-session.server'
import { retryAfter, spend, type RateLimit } from './rate-limit.server'
import { redirectWithToast } from './toast.server'

/** The open bill a diner asks for, the public demo restored first if stale; null when there is none. */
export async function readDinerBill(env: Env, sessionId: string): Promise<BillView | null> {
  if (!isIdLike(sessionId)) return null
  if (isDemoSession(sessionId)) await tableSessionStub(env, sessionId).restoreDemo(sessionId)
  return readBill(getDb(env.DB), sessionId)
}

/**
 * The bill of a diner's screen. A bill the restaurant has closed leads to the
 * table's current one (old QR codes keep working), unless a receipt of it is
 * asked for; anything else is the 404 that shows 'Table Not Found'.
 */
export async function loadBill(context: AppLoadContext, sessionId: string | undefined, { receipt = false } = {}): Promise<BillView> {
  const env = context.cloudflare.env
  if (!sessionId || !isIdLike(sessionId)) throw await notFound(context)
  const bill = await readDinerBill(env, sessionId)
  if (bill) return bill
  const db = getDb(env.DB)
  const closed = receipt ? await readBill(db, sessionId, { includeClosed: true }) : null
  if (closed) return closed
  const current = await currentSessionOf(db, sessionId)
  if (current) throw await redirectWithToast(customerPath.bill(current), { title: 'customer.bill.movedTitle', description: 'customer.bill.movedText' })
  throw await notFound(context)
}

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
  return limit ? data({ tooMany: true }, { status: 429, headers: retryAfter(limit) }) : data({ notFound: true }, { status: 404 })
}

/** The open bill an API caller names, following a closed bill to the table's current one as the screens do. */
export async function readApiBill(env: Env, sessionId: string): Promise<BillView | null> {
  const bill = await readDinerBill(env, sessionId)
  if (bill || !isIdLike(sessionId)) return bill
  const current = await currentSessionOf(getDb(env.DB), sessionId)
  return current ? readDinerBill(env, current) : null
}

/** What every diner screen's header shows. */
export function dinerHeader(bill: BillView) {
  return { sessionId: bill.sessionId, restaurantName: bill.restaurantName ?? '', tableNumber: bill.tableNumber }
}

export type ClientLine = ReturnType<typeof clientBill>['lines'][number]

/** What a diner's page needs of the bill, in cents; nothing more goes to the phone. */
export function clientBill(bill: BillView) {
  return {
    tableId: bill.tableId,
    sessionId: bill.sessionId,
    userId: bill.userId,
    restaurantName: bill.restaurantName ?? '',
    tableNumber: bill.tableNumber,
    capacity: bill.capacity,
    totals: bill.totals,
    lines: bill.lines.map((line) => ({
      id: line.id,
      name: line.name,
      description: line.description,
      priceCents: line.priceCents,
      quantity: line.quantity,
      paidQuantity: line.paidQuantity,
      remainingCents: lineRemaining(line),
      customerName: line.customerName,
      paidBy: line.paidBy,
    })),
  }
}
