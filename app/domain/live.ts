import { billTotals, NOTHING_PAID, type BillTotals } from './bill'
import type { CallReason } from './alerts'
import type { TicketStep } from './kitchen'
import type { Cents } from './money'

/** The order an `items` or `ticket` change is about: its id, its step, and who sent it (null: the table's diners). */
interface OrderMark {
  id: string
  step: TicketStep
  sentBy: string | null
  sentById: string | null
}

/**
 * What happened on a bill, by kind, with what each kind says: the record it
 * is about (`ref`, which names the alert it raises), what it was worth
 * (`amountCents`: a payment charged with tax and tip, lines ordered, money
 * given back) and its own words (a call's reason, a dispute's status, a
 * rating's stars). Kinds past `ticket` are nothing the ledger records.
 */
export type BillNews =
  | { change: 'items'; amountCents: Cents; ref: string; order: OrderMark }
  | { change: 'payment'; amountCents: Cents; ref: string }
  | { change: 'closed' | 'reset' | 'browsing'; amountCents: null }
  | { change: 'hold' | 'released' | 'adjusted' | 'refunded'; amountCents: Cents }
  | { change: 'ticket'; amountCents: null; ref: string; order: OrderMark }
  // A card the bank refused or wants the diner to confirm (3-D Secure).
  | { change: 'declined' | 'confirming'; amountCents: Cents; ref: string }
  | { change: 'call'; amountCents: null; ref: string; reason: CallReason }
  | { change: 'call-answered'; amountCents: null; ref: string }
  // A table gone quiet with something unpaid; a refund the bank sent back.
  | { change: 'walkout' | 'refund-failed'; amountCents: Cents; ref: string }
  | { change: 'dispute'; amountCents: Cents; ref: string; status: string }
  | { change: 'rating'; amountCents: null; ref: string; stars: number }

type BillChange = BillNews['change']

/** Where a change happened, and the bill's totals after it. */
interface EventPlace {
  type: 'bill'
  tableId: string
  tableNumber: string
  sessionId: string
  totals: BillTotals
  /** The member who made the change, if one did: they need no alert of it. */
  by?: string
  at: number
}

/**
 * What the TableSession object pushes after every committed change to a bill:
 * to the diners' sockets on that bill and, through the restaurant's hub, to
 * its staff screens, its ledger and its alerts. Small on purpose: clients
 * refetch what they show.
 */
export type BillEvent = EventPlace & BillNews

/** News with who made it, when a member did. */
export type NewsBy = BillNews & { by?: string }

export type LiveMessage = BillEvent

/** The record names some kinds of news point at, made one way everywhere. */
export const refs = {
  /** A ticket's move: the order and the moment (each move is its own). */
  ticket: (orderId: string, at: number) => `${orderId}@${at}`,
  /** A rating as given then (rated again, it is news again). */
  rating: (paymentId: string, updatedAt: number) => `${paymentId}:${updatedAt}`,
  /** A stretch of quiet on a bill, by when it began. */
  walkout: (sessionId: string, lastAt: number) => `${sessionId}@${lastAt}`,
}

/**
 * What a staff screen hears: the floor's screens every change of every bill;
 * the kitchen's board only orders, tickets and voids, without amounts.
 */
export type LiveFeed = 'floor' | 'kitchen'

const NO_TOTALS = billTotals([], NOTHING_PAID)
const KITCHEN_CHANGES: ReadonlySet<BillChange> = new Set(['items', 'ticket', 'adjusted', 'reset'])

/** The event as `feed` hears it; null when it does not concern that feed. */
export function eventFor(feed: LiveFeed, event: BillEvent): BillEvent | null {
  if (feed === 'floor') return event
  if (!KITCHEN_CHANGES.has(event.change)) return null
  // Amounts stay off the kitchen's board: every kind it hears may carry none.
  return { ...event, amountCents: null, totals: NO_TOTALS } as BillEvent
}

/** The event a change to a bill sends its diners and its restaurant's staff. */
export function billEvent(
  news: NewsBy,
  sessionId: string,
  table: { tableId: string; tableNumber: string },
  totals: BillTotals,
): BillEvent {
  return {
    type: 'bill',
    tableId: table.tableId,
    tableNumber: table.tableNumber,
    sessionId,
    totals,
    ...news,
    at: Date.now(),
  }
}

/**
 * What each kind carries beyond the place, checked on the wire: a field's
 * name and its type. Its amount is a number or null for every kind: the
 * kitchen's feed hears none (see eventFor).
 */
const KIND_FIELDS: Record<BillChange, [string, 'string' | 'number' | 'object'][]> = {
  items: [
    ['ref', 'string'],
    ['order', 'object'],
  ],
  payment: [['ref', 'string']],
  closed: [],
  reset: [],
  browsing: [],
  hold: [],
  released: [],
  adjusted: [],
  refunded: [],
  ticket: [
    ['ref', 'string'],
    ['order', 'object'],
  ],
  declined: [['ref', 'string']],
  confirming: [['ref', 'string']],
  call: [
    ['ref', 'string'],
    ['reason', 'string'],
  ],
  'call-answered': [['ref', 'string']],
  walkout: [['ref', 'string']],
  'refund-failed': [['ref', 'string']],
  dispute: [
    ['ref', 'string'],
    ['status', 'string'],
  ],
  rating: [
    ['ref', 'string'],
    ['stars', 'number'],
  ],
}

/**
 * A message off the wire, checked against its kind (KIND_FIELDS: written
 * by hand rather than with zod, which the diner's bill page does not load),
 * or null for anything that is not one of ours.
 */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null
  let message: Record<string, unknown>
  try {
    message = JSON.parse(data) as Record<string, unknown>
  } catch {
    return null
  }
  if (typeof message !== 'object' || message === null || message.type !== 'bill') return null
  const place = ['tableId', 'tableNumber', 'sessionId'].every((field) => typeof message[field] === 'string')
  const fields = Object.hasOwn(KIND_FIELDS, String(message.change)) ? KIND_FIELDS[message.change as BillChange] : null
  if (!place || !fields || typeof message.totals !== 'object' || typeof message.at !== 'number') return null
  if (message.amountCents !== null && typeof message.amountCents !== 'number') return null
  return fields.every(([field, type]) => typeof message[field] === type && message[field] !== null)
    ? (message as unknown as LiveMessage)
    : null
}

/** The keep-alive the clients send; answered by the runtime without waking the object. */
export const LIVE_PING = 'ping'
export const LIVE_PONG = 'pong'

/** The close code of a staff socket whose session ended (signed out, removed from the team, role changed). */
export const SESSION_ENDED = 4001

/** Where the sockets are: a bill's (public, by its session id) and a restaurant's (staff only). */
export const livePath = {
  bill: (sessionId: string) => `/api/tables/session/${sessionId}/live`,
  restaurant: '/api/live/restaurant',
}
