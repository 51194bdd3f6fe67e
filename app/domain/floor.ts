import type { Cents } from './money'

/**
 * How a table is doing, from its open bill, its kitchen tickets and its
 * diners' calls, in the order someone should look at them: a diner calling,
 * an order ready to take to the table, a bill paid and to close (the table
 * is free for the next party), a party paying, waiting for food, eating
 * (everything served, nothing paid), a free table.
 */
export const FLOOR_STATES = ['calling', 'ready', 'paid', 'paying', 'waiting', 'eating', 'free'] as const
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
}

export function floorState(table: Omit<FloorTable, 'tableNumber' | 'seatedAt'>): FloorState {
  if (table.calling) return 'calling'
  if (table.totalCents === 0) return 'free'
  if (table.remainingCents === 0) return 'paid'
  if (table.readyTickets > 0) return 'ready'
  if (table.paidCents > 0) return 'paying'
  return table.cookingTickets > 0 ? 'waiting' : 'eating'
}

const byNumber = new Intl.Collator('es-MX', { numeric: true })

/** The floor in the order it needs someone (FLOOR_STATES); within a state, longest seated first, then by number. */
export function byAttention<Table extends FloorTable>(tables: readonly Table[]): Table[] {
  const rank = (table: Table) => FLOOR_STATES.indexOf(floorState(table))
  return [...tables].sort(
    (a, b) =>
      rank(a) - rank(b) || (a.seatedAt ?? 0) - (b.seatedAt ?? 0) || byNumber.compare(a.tableNumber, b.tableNumber),
  )
}
