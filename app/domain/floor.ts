import type { Cents } from './money'

/**
 * How a table is doing, from its open bill, its kitchen tickets and its
 * diners' calls, in the order someone should go to them: a diner calling,
 * an order ready to take to the table, a bill paid and to close (the table
 * is free for the next party), a party paying, a party choosing (nothing
 * ordered yet), waiting for food, eating (everything served, nothing paid),
 * a free table.
 */
const FLOOR_STATES = ['calling', 'ready', 'paid', 'paying', 'ordering', 'waiting', 'eating', 'free'] as const
export type FloorState = (typeof FLOOR_STATES)[number]

export interface FloorTable {
  tableNumber: string
  totalCents: Cents
  paidCents: Cents
  remainingCents: Cents
  /** When the open bill's first order came: about when its party sat down; null while nothing is ordered. */
  seatedAt: number | null
  /** The open bill's kitchen tickets not ready yet (Nuevo, En preparación), and those ready to take to the table. */
  cookingTickets: number
  readyTickets: number
  /** Whether a diner's call waits for someone. */
  calling: boolean
  /** When a diner last read the bill while nothing was on it (the menu, the empty bill); null if none has. */
  browsedAt: number | null
}

/**
 * When a bill's party sat down, as every staff screen says it ("Desde las
 * 10:45"): its first order's time; null while nothing is ordered. (The
 * tables' list reads the same in SQL, `seatedAt` in tables.server.ts.) Not
 * when the bill opened: a table's next bill opens as the last one closes.
 */
export const seatedAt = (lines: readonly { createdAt: number }[]): number | null =>
  lines.length > 0 ? Math.min(...lines.map((line) => line.createdAt)) : null

/**
 * How long a diner reading an empty bill counts as a party choosing: past
 * it the table shows free again (a code scanned by someone passing by, a
 * party that left without ordering).
 */
export const ORDERING_MINUTES = 30

export function floorState(table: Omit<FloorTable, 'tableNumber' | 'seatedAt'>, now: number): FloorState {
  if (table.calling) return 'calling'
  if (table.totalCents === 0)
    return table.browsedAt !== null && now - table.browsedAt < ORDERING_MINUTES * 60_000 ? 'ordering' : 'free'
  if (table.remainingCents === 0) return 'paid'
  if (table.readyTickets > 0) return 'ready'
  if (table.paidCents > 0) return 'paying'
  return table.cookingTickets > 0 ? 'waiting' : 'eating'
}

const byNumber = new Intl.Collator('es-MX', { numeric: true })

/** A diner calling, an order ready to take to the table, a bill paid and to close: someone should go now. */
export const needsSomeone = (state: FloorState): boolean => state === 'calling' || state === 'ready' || state === 'paid'

/**
 * The floor with each table's state, by table number: the order stays put
 * under a waiter's thumb as tables change, and what needs someone is
 * flagged (needsSomeone), not moved; those tables come apart, in the order
 * of FLOOR_STATES and then longest seated, for the floor's summary.
 */
export function onTheFloor<Table extends FloorTable>(tables: readonly Table[], now: number) {
  const floor = tables
    .map((table) => ({ ...table, state: floorState(table, now) }))
    .sort((a, b) => byNumber.compare(a.tableNumber, b.tableNumber))
  const rank = (table: { state: FloorState }) => FLOOR_STATES.indexOf(table.state)
  const waiting = floor
    .filter((table) => needsSomeone(table.state))
    .sort((a, b) => rank(a) - rank(b) || (a.seatedAt ?? 0) - (b.seatedAt ?? 0))
  return { tables: floor, waiting }
}
