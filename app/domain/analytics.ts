import { BUSINESS_DAY_STARTS_AT, businessDay, businessDayOf, shiftDay } from './cash-out-period'
import { wallClockAt } from './local-time'
import type { Cents } from './money'

export const DAY_MS = 86_400_000
export const CHART_DAYS = 7

/** The ranges the owner chooses among, in business days ending today; 30 unless asked. */
export const ANALYTICS_RANGES = [1, 7, 30, 90] as const
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]
const DEFAULT_RANGE: AnalyticsRange = 30

/** The range an address asks for (`?days=`), or the default for anything else. */
export const analyticsRange = (asked: string | null): AnalyticsRange =>
  ANALYTICS_RANGES.find((days) => String(days) === asked) ?? DEFAULT_RANGE

/**
 * A range's instants, `[fromMs, toMs)`: its business days (as the cash-out
 * counts a day, from 5 a.m.) ending with today's, and the as many days
 * before it, to compare with.
 */
export function analyticsPeriods(days: AnalyticsRange, timeZone: string, now: number) {
  const today = businessDayOf(now, timeZone)
  const start = (day: string) => businessDay(day, timeZone)!.fromMs
  const current = { fromMs: start(shiftDay(today, 1 - days)), toMs: start(shiftDay(today, 1)) }
  const previous = { fromMs: start(shiftDay(today, 1 - 2 * days)), toMs: current.fromMs }
  return { current, previous }
}

/** What a member took per table they took payments on: their net bill part over their tables; 0 with none. */
export const averageTicket = (row: { billCents: Cents; tables: number }): Cents =>
  row.tables > 0 ? Math.round(row.billCents / row.tables) : 0

/**
 * Net sales per hour of the restaurant's clock, payments as (instant, cents)
 * and refunds as negative cents: the hours from the first with a sale to
 * the last.
 */
export function salesByHour(records: { createdAt: number; cents: Cents }[], timeZone: string) {
  const totals = new Map<number, Cents>()
  for (const record of records) {
    const hour = wallClockAt(record.createdAt, timeZone).hour
    totals.set(hour, (totals.get(hour) ?? 0) + record.cents)
  }
  // In the business day's order (5 a.m. first), so a service past midnight stays one block.
  const place = (hour: number) => (hour - BUSINESS_DAY_STARTS_AT + 24) % 24
  const places = [...totals].filter(([, cents]) => cents !== 0).map(([hour]) => place(hour))
  if (places.length === 0) return []
  const [first, last] = [Math.min(...places), Math.max(...places)]
  return Array.from({ length: last - first + 1 }, (_, index) => {
    const hour = (first + index + BUSINESS_DAY_STARTS_AT) % 24
    return { hour, cents: totals.get(hour) ?? 0 }
  })
}

/** One range of recorded payments, less the refunds made in it. */
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
