import {
  addDays,
  formatLocalDate,
  formatLocalDateTime,
  parseLocalDate,
  parseLocalDateTime,
  wallClockAt,
  zonedTimeToUtc,
  type WallClock,
} from './local-time'

/**
 * The hour a business day starts on the restaurant's clock. A dinner service
 * runs past midnight: a cash-out at 1 a.m. belongs to the evening that began
 * the day before, and nobody is open to sell at 5 a.m. and midnight alike.
 */
export const BUSINESS_DAY_STARTS_AT = 5

/** The longest shift the cash-out reads at once. */
const MAX_SHIFT_DAYS = 31

/** The period a cash-out covers: [fromMs, toMs), read on the restaurant's clock as `from` and `to` ('YYYY-MM-DDTHH:mm'). */
export interface CashOutPeriod {
  kind: 'day' | 'shift'
  /** The business day the period starts in ('YYYY-MM-DD'). */
  day: string
  from: string
  to: string
  fromMs: number
  toMs: number
}

/** What the period form sent, kept to show it again beside its errors. */
export interface PeriodQuery {
  day?: string | null
  from?: string | null
  to?: string | null
}

export type PeriodField = 'day' | 'from' | 'to'

export type PeriodChoice =
  | { ok: true; period: CashOutPeriod }
  | { ok: false; errors: Partial<Record<PeriodField, string[]>>; query: PeriodQuery }

const dayStart = (day: WallClock): WallClock => ({ ...day, hour: BUSINESS_DAY_STARTS_AT, minute: 0 })

/** The business day (its date, 'YYYY-MM-DD') an instant belongs to on the restaurant's clock. */
export function businessDayOf(instant: number, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone)
  return formatLocalDate(wall.hour < BUSINESS_DAY_STARTS_AT ? addDays(wall, -1) : wall)
}

/** The business day `day` ('YYYY-MM-DD'), from its start to the next day's start; null when it is not a date. */
export function businessDay(day: string, timeZone: string): CashOutPeriod | null {
  const date = parseLocalDate(day)
  if (!date) return null
  const start = dayStart(date)
  const end = addDays(start, 1)
  return {
    kind: 'day',
    day,
    from: formatLocalDateTime(start),
    to: formatLocalDateTime(end),
    fromMs: zonedTimeToUtc(start, timeZone),
    toMs: zonedTimeToUtc(end, timeZone),
  }
}

/** The day before or after a business day, for paging through days. */
export function shiftDay(day: string, days: number): string {
  const date = parseLocalDate(day)
  return date ? formatLocalDate(addDays(date, days)) : day
}

/**
 * The period the owner asked for: a shift when `from` or `to` is sent, a
 * business day when `day` is, and otherwise the business day `now` is in.
 * Errors are translation keys, per field.
 */
export function choosePeriod(query: PeriodQuery, timeZone: string, now: number): PeriodChoice {
  const { day, from, to } = query
  if (from != null || to != null) {
    const start = parseLocalDateTime(from ?? '')
    const end = parseLocalDateTime(to ?? '')
    const errors: Partial<Record<PeriodField, string[]>> = {}
    if (!start) errors.from = [from ? 'admin.cashOut.errors.dateTime' : 'admin.cashOut.errors.shiftBoth']
    if (!end) errors.to = [to ? 'admin.cashOut.errors.dateTime' : 'admin.cashOut.errors.shiftBoth']
    if (!start || !end) return { ok: false, errors, query }
    const fromMs = zonedTimeToUtc(start, timeZone)
    const toMs = zonedTimeToUtc(end, timeZone)
    if (toMs <= fromMs) return { ok: false, errors: { to: ['admin.cashOut.errors.order'] }, query }
    if (toMs - fromMs > MAX_SHIFT_DAYS * 86_400_000)
      return { ok: false, errors: { to: ['admin.cashOut.errors.tooLong'] }, query }
    return {
      ok: true,
      period: {
        kind: 'shift',
        day: businessDayOf(fromMs, timeZone),
        from: formatLocalDateTime(start),
        to: formatLocalDateTime(end),
        fromMs,
        toMs,
      },
    }
  }
  const period = businessDay(day ?? businessDayOf(now, timeZone), timeZone)
  return period ? { ok: true, period } : { ok: false, errors: { day: ['admin.cashOut.errors.day'] }, query }
}
