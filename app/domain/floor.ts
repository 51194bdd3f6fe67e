import type { Cents } from './money'

/**
 * How a table is doing, from its open bill: free (nothing on it), open
 * (something left to pay) or paid (nothing left: the bill is to close, so
 * the table is free for the next party). In the order someone should look
 * at them.
 */
export const FLOOR_STATES = ['paid', 'open', 'free'] as const
export type FloorState = (typeof FLOOR_STATES)[number]

export interface FloorTable {
  tableNumber: string
  totalCents: Cents
  remainingCents: Cents
  /** When the open bill's first order came: about when its party sat down; null while nothing is ordered. */
  seatedAt: number | null
}

export function floorState(table: Pick<FloorTable, 'totalCents' | 'remainingCents'>): FloorState {
  if (table.totalCents === 0) return 'free'
  return table.remainingCents > 0 ? 'open' : 'paid'
}

const byNumber = new Intl.Collator('es-MX', { numeric: true })

/** The floor in the order it needs someone: bills to close first, then open ones longest seated first, then free tables; by number within. */
export function byAttention<Table extends FloorTable>(tables: readonly Table[]): Table[] {
  const rank = (table: Table) => FLOOR_STATES.indexOf(floorState(table))
  return [...tables].sort(
    (a, b) =>
      rank(a) - rank(b) || (a.seatedAt ?? 0) - (b.seatedAt ?? 0) || byNumber.compare(a.tableNumber, b.tableNumber),
  )
}
