import type { Cents } from './money'

export const DAY_MS = 86_400_000
export const PERIOD_DAYS = 30
export const CHART_DAYS = 7

/** One 30-day window of recorded payments, less the refunds made in it. */
export interface PeriodTotals {
  /** What bills were paid, tax on top included, tips apart, less what was refunded. */
  salesCents: Cents
  /** The bill part alone (less refunds), the base tips are measured against. */
  baseCents: Cents
  tipCents: Cents
  /** Bills that received at least one payment. */
  tablesServed: number
}

export const emptyPeriod: PeriodTotals = { salesCents: 0, baseCents: 0, tipCents: 0, tablesServed: 0 }

/** Tips as a share of what they were left on, in percent with one decimal; 0 with nothing paid. */
export function averageTipPercent(period: PeriodTotals): number {
  if (period.baseCents <= 0) return 0
  return Math.round((period.tipCents / period.baseCents) * 1000) / 10
}

/** Change in percent against the previous window; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous <= 0) return null
  return Math.round(((current - previous) / previous) * 100)
}

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })

/** The restaurant's calendar day of an instant, as YYYY-MM-DD. */
export function localDay(instant: number, timeZone: string): string {
  return dayFormat(timeZone).format(new Date(instant))
}

/**
 * The last `count` calendar days in the restaurant's clock, oldest first,
 * ending today. Counted on the calendar (not in 24-hour steps) so a day
 * with a clock change is neither skipped nor repeated.
 */
export function lastDays(now: number, count: number, timeZone: string): string[] {
  const [year, month, day] = localDay(now, timeZone).split('-').map(Number) as [number, number, number]
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(year, month - 1, day - (count - 1 - index), 12)).toISOString().slice(0, 10),
  )
}

/** Sales per restaurant day for `days`, from payments as (instant, cents), refunds as negative cents; records on other days are left out. */
export function salesPerDay(
  payments: { createdAt: number; cents: Cents }[],
  days: string[],
  timeZone: string,
): { day: string; cents: Cents }[] {
  const totals = new Map(days.map((day) => [day, 0]))
  const format = dayFormat(timeZone)
  for (const payment of payments) {
    const day = format.format(new Date(payment.createdAt))
    const sum = totals.get(day)
    if (sum !== undefined) totals.set(day, sum + payment.cents)
  }
  return days.map((day) => ({ day, cents: totals.get(day) ?? 0 }))
}
