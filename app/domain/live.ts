import type { BillTotals } from './bill'
import type { Cents } from './money'

/**
 * What the TableSession object pushes after every committed change to a bill:
 * to the diners' sockets on that bill and, through the restaurant's hub, to
 * its staff screens. Small on purpose: clients refetch what they show.
 */
export type BillChange = 'items' | 'payment' | 'closed' | 'reset' | 'hold' | 'released' | 'adjusted' | 'refunded'

export interface BillEvent {
  type: 'bill'
  change: BillChange
  tableId: string
  tableNumber: string
  sessionId: string
  totals: BillTotals
  /** What the change was worth: the payment charged (with tax and tip), or the lines ordered. */
  amountCents: Cents | null
  at: number
}

export type LiveMessage = BillEvent

/** The event a committed change to a bill sends its diners and its restaurant's staff. */
export function billEvent(
  change: BillChange,
  sessionId: string,
  table: { tableId: string; tableNumber: string },
  amountCents: Cents | null,
  totals: BillTotals,
): BillEvent {
  return {
    type: 'bill',
    change,
    tableId: table.tableId,
    tableNumber: table.tableNumber,
    sessionId,
    totals,
    amountCents,
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
