import type { Cents } from './money'

/**
 * The cash drawer at a count: what it should hold (its opening float, the
 * fondo, plus the cash taken less the cash given back while its session was
 * open) against what was counted in it.
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

export interface DrawerFigures {
  /** The fondo: what the drawer's session started with. */
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

/**
 * A drawer session: the drawer from one count to the next. It opens with its
 * fondo and closes when its cash is counted; cash taken after a close goes
 * into the next session, so a count compares itself only with the cash that
 * moved while its session was open: [coversFrom, closedAt), or up to now
 * while it is still open.
 */
export interface DrawerWindow {
  /** The register whose drawer it is; null: the restaurant's own drawer. */
  registerId: string | null
  coversFrom: number
  closedAt: number | null
}

/** Cash that moved at an instant in a register's drawer: a cash payment (bill, tax, tip) in, a cash refund out. */
export interface CashMovement {
  registerId: string | null
  at: number
  inCents: Cents
  outCents: Cents
}

/** Whether cash that moved at `at` in the drawer of `registerId` is in the session. */
export const inWindow = ({ coversFrom, closedAt, ...window }: DrawerWindow, registerId: string | null, at: number) =>
  window.registerId === registerId && at >= coversFrom && (closedAt === null || at < closedAt)

/** The cash a session's drawer took and gave back while it was open. */
export function cashOfWindow(
  window: DrawerWindow,
  movements: readonly CashMovement[],
): Pick<DrawerFigures, 'cashInCents' | 'cashOutCents'> {
  let cashInCents = 0
  let cashOutCents = 0
  for (const movement of movements) {
    if (!inWindow(window, movement.registerId, movement.at)) continue
    cashInCents += movement.inCents
    cashOutCents += movement.outCents
  }
  return { cashInCents, cashOutCents }
}

/** A count of a session's cash, signed. */
export interface DrawerCount {
  countedCents: number
  counts: DenominationCounts | null
  by: string
  at: number
  note: string | null
}

/**
 * A drawer session as the cash-out shows it: when it opened and closed, the
 * cash it held (its window's), what it should hold, and its counts (the
 * latest first: it stands; the others were recounted).
 */
export interface DrawerSession {
  id: string
  registerId: string | null
  /** False for the session a fondo or a count would open, shown before anyone opened it (it has no id yet). */
  opened: boolean
  openedAt: number
  coversFrom: number
  closedAt: number | null
  floatCents: number
  floatBy: string | null
  floatAt: number | null
  cashInCents: number
  cashOutCents: number
  expectedCents: number
  counts: DrawerCount[]
  /** The latest count less what the session should hold; null while uncounted. */
  differenceCents: number | null
}
