import { billTotals, NOTHING_PAID, type BillTotals } from './bill'
import type { TicketStep } from './kitchen'
import type { Cents } from './money'

/**
 * What the TableSession object pushes after every committed change to a bill:
 * to the diners' sockets on that bill and, through the restaurant's hub, to
 * its staff screens. Small on purpose: clients refetch what they show.
 */
export type BillChange =
  | 'items'
  | 'payment'
  | 'closed'
  | 'reset'
  | 'hold'
  | 'released'
  | 'adjusted'
  | 'refunded'
  | 'ticket'
  // Nothing the ledger records: a card the bank refused or wants the diner to confirm (3-D Secure), a diner calling the waiter and the call answered, a table gone quiet unpaid, a diner reading an empty bill, a refund the bank sent back, a payment disputed (detail: the dispute's status).
  | 'declined'
  | 'confirming'
  | 'call'
  | 'call-answered'
  | 'walkout'
  | 'browsing'
  | 'refund-failed'
  | 'dispute'
  // A diner rated their visit (detail: the stars).
  | 'rating'

/** The order an `items` or `ticket` change is about: its id, its step, and who sent it (null: the table's diners). */
export interface OrderMark {
  id: string
  step: TicketStep
  sentBy: string | null
  sentById: string | null
}

/** What an event says of the record it is about (see BillEvent). */
export type EventAbout = Pick<BillEvent, 'order' | 'ref' | 'detail' | 'by'>

export interface BillEvent {
  type: 'bill'
  change: BillChange
  tableId: string
  tableNumber: string
  sessionId: string
  totals: BillTotals
  /** What the change was worth: the payment charged (with tax and tip), or the lines ordered. */
  amountCents: Cents | null
  order?: OrderMark
  /** The record the change is about (an order, a payment, a call…): it names the alert the change raises. */
  ref?: string
  /** What the change says beyond its amount: a call's reason. */
  detail?: string
  /** The member who made the change, if one did: they need no alert of it. */
  by?: string
  at: number
}

export type LiveMessage = BillEvent

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
  return { ...event, amountCents: null, totals: NO_TOTALS }
}

/** The event a committed change to a bill sends its diners and its restaurant's staff. */
export function billEvent(
  change: BillChange,
  sessionId: string,
  table: { tableId: string; tableNumber: string },
  amountCents: Cents | null,
  totals: BillTotals,
  about: EventAbout = {},
): BillEvent {
  return {
    type: 'bill',
    change,
    tableId: table.tableId,
    tableNumber: table.tableNumber,
    sessionId,
    totals,
    amountCents,
    ...about,
    at: Date.now(),
  }
}

/** A message off the wire, or null for anything that is not one of ours. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null
  try {
    const message = JSON.parse(data) as Partial<BillEvent>
    return message.type === 'bill' && typeof message.tableId === 'string' && typeof message.sessionId === 'string'
      ? (message as BillEvent)
      : null
  } catch {
    return null
  }
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
