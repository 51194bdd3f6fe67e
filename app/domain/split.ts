import type { Cents } from './money'

const MIN_PEOPLE_PAYING = 1
export const MAX_PEOPLE_PAYING = 20
export const MAX_TABLE_SIZE = 30
/** Who splits when the bill knows nobody: the fewest people a split is for. */
export const DEFAULT_TABLE_SIZE = 2

/**
 * Divides `total` into `count` shares that add up to it exactly: every share
 * is the same whole number of cents, and the last share also takes the
 * remainder, so the table always closes at exactly zero.
 */
export function equalShares(total: Cents, count: number): Cents[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError('total must be whole, non-negative cents')
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer')
  const base = Math.floor(total / count)
  const shares = new Array<Cents>(count).fill(base)
  shares[count - 1] = total - base * (count - 1)
  return shares
}

/**
 * What `peoplePaying` diners pay of `remaining` when it is shared by
 * `tableSize` people. Paying for everyone left pays the exact remainder.
 */
export function shareOf(remaining: Cents, tableSize: number, peoplePaying: number): Cents {
  const shares = equalShares(remaining, tableSize)
  if (peoplePaying >= tableSize) return remaining
  let sum = 0
  for (let i = 0; i < peoplePaying; i++) sum += shares[i] ?? 0
  return sum
}

/** Clamps the split inputs the way the split screen does: 1–30 at the table, 1–20 paying, never more than the table. */
export function clampSplit(peoplePaying: number, tableSize: number): { peoplePaying: number; tableSize: number } {
  const size = Math.min(MAX_TABLE_SIZE, Math.max(MIN_PEOPLE_PAYING, Math.trunc(tableSize) || MIN_PEOPLE_PAYING))
  const paying = Math.min(
    MAX_PEOPLE_PAYING,
    size,
    Math.max(MIN_PEOPLE_PAYING, Math.trunc(peoplePaying) || MIN_PEOPLE_PAYING),
  )
  return { peoplePaying: paying, tableSize: size }
}

/** Shares of an equal split already paid on a bill, by the table size they were paid at. */
export interface SplitPaid {
  tableSize: number
  shares: number
}

export interface SplitQuote {
  peoplePaying: number
  tableSize: number
  /** Shares of this table size already paid in the current round. */
  sharesPaid: number
  /** The diner's part of what is left, in cents. */
  share: Cents
}

/**
 * An equal split as the next diner sees it: the unpaid total divided by table
 * size, times people paying (docs/money.md, Equal splits). Earlier diners'
 * shares of the same table size are taken into account, so what is left is
 * divided among those still to pay, and the last of them pays the exact
 * remainder. A finished round (every share paid, then more was ordered)
 * starts afresh.
 */
export function quoteSplit(
  remaining: Cents,
  peoplePaying: number,
  tableSize: number,
  paid: readonly SplitPaid[],
): SplitQuote {
  const clamped = clampSplit(peoplePaying, tableSize)
  const paidAtSize = paid
    .filter((entry) => entry.tableSize === clamped.tableSize)
    .reduce((sum, entry) => sum + entry.shares, 0)
  const sharesPaid = paidAtSize % clamped.tableSize
  const peopleLeft = clamped.tableSize - sharesPaid
  const paying = Math.min(clamped.peoplePaying, peopleLeft)
  const share = shareOf(remaining, peopleLeft, paying)
  // Fewer cents left than people to share them: whoever pays next pays them all, never a share of $0.00.
  return { peoplePaying: paying, tableSize: clamped.tableSize, sharesPaid, share: share === 0 ? remaining : share }
}

/**
 * How many people a diner opening the equal split starts from: a split under
 * way keeps its size (the largest unfinished round), else the diners who
 * ordered on the bill under their own names, at least two.
 */
export function startingTableSize(splitPaid: readonly SplitPaid[], diners: number): number {
  const underway = splitPaid
    .filter((entry) => entry.shares % entry.tableSize !== 0)
    .sort((a, b) => b.shares - a.shares)[0]
  return underway?.tableSize ?? Math.min(MAX_TABLE_SIZE, Math.max(DEFAULT_TABLE_SIZE, diners))
}
