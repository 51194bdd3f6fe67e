import type { Cents } from './money'

/**
 * The cash drawer at the end of a business day: what it should hold (its
 * opening float, the fondo, plus the cash taken less the cash given back)
 * against what was counted in it.
 */

/** Mexico's notes and coins in circulation, in cents, largest first: what a drawer is counted by. */
export const MXN_DENOMINATIONS = [100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50] as const
type Denomination = (typeof MXN_DENOMINATIONS)[number]

/** How many of each note and coin were counted. */
export type DenominationCounts = Partial<Record<Denomination, number>>

/** The cash a count by denomination comes to. */
export function countedCents(counts: DenominationCounts): Cents {
  return MXN_DENOMINATIONS.reduce((sum, value) => sum + value * (counts[value] ?? 0), 0)
}

interface DrawerFigures {
  /** The fondo: what the drawer started the day with. */
  floatCents: Cents
  /** Cash taken (bill, tax, tip). */
  cashInCents: Cents
  /** Cash given back (refunds in cash). */
  cashOutCents: Cents
}

/** What the drawer should hold: its fondo, plus cash taken, less cash given back. */
export const expectedInDrawer = ({ floatCents, cashInCents, cashOutCents }: DrawerFigures): Cents =>
  floatCents + cashInCents - cashOutCents

/** Counted less expected: negative when cash is missing, positive when there is more than there should be. */
export const drawerDifference = (figures: DrawerFigures & { countedCents: Cents }): Cents =>
  figures.countedCents - expectedInDrawer(figures)
