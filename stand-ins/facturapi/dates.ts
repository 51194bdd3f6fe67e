import { type Periodicity } from './catalogs'

/**
 * Dates as Facturapi reads them (its "Formato de fechas" guide): any ISO 8601
 * form; one without a zone is the organization's local time, and answers
 * always give UTC. Periods (a day, a week, a fortnight, a month, two months)
 * are counted on the organization's calendar, the time zone Facturapi takes
 * from its zip code (here the stand-in's option, America/Mexico_City unless
 * told).
 */

const DAY_MS = 24 * 60 * 60 * 1000
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/

export const iso = (ms: number) => new Date(ms).toISOString()

/** The instant a date string names, or null if it is not an ISO 8601 date. */
export function parseDate(value: string, timeZone: string): number | null {
  const match = ISO.exec(value.trim())
  if (!match) return null
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0', zone] = match
  const fields = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const [y, mo, d, h, mi, s] = fields
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || s > 59) return null
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, Number(fraction.padEnd(3, '0').slice(0, 3)))
  if (zone === undefined) return fromLocal(wall, timeZone)
  if (zone === 'Z') return wall
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  return wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000
}

/** A period of a periodicity on the organization's calendar: [start, end) in epoch milliseconds. */
export interface Period {
  start: number
  end: number
  /** c_Meses: the month (01–12), or for two months the bimester (13: enero–febrero … 18: noviembre–diciembre). */
  months: string
  year: number
}

/** The period of `periodicity` that holds `instant`. Weeks run Monday to Sunday. */
export function periodOf(instant: number, periodicity: Periodicity, timeZone: string): Period {
  const { year, month, day } = localDate(instant, timeZone)
  const months = (periodicity === 'two_months' ? 12 + Math.ceil(month / 2) : month).toString().padStart(2, '0')
  const at = (y: number, m: number, d: number) => fromLocal(Date.UTC(y, m - 1, d), timeZone)
  switch (periodicity) {
    case 'day':
      return { start: at(year, month, day), end: at(year, month, day + 1), months, year }
    case 'week': {
      const sinceMonday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7
      return { start: at(year, month, day - sinceMonday), end: at(year, month, day - sinceMonday + 7), months, year }
    }
    case 'fortnight':
      return day <= 15
        ? { start: at(year, month, 1), end: at(year, month, 16), months, year }
        : { start: at(year, month, 16), end: at(year, month + 1, 1), months, year }
    case 'month':
      return { start: at(year, month, 1), end: at(year, month + 1, 1), months, year }
    case 'two_months': {
      const first = month % 2 === 1 ? month : month - 1
      return { start: at(year, first, 1), end: at(year, first + 2, 1), months, year }
    }
  }
}

/** The last whole period before the one holding `instant`: what a global invoice covers by default. */
export const previousPeriod = (instant: number, periodicity: Periodicity, timeZone: string): Period =>
  periodOf(periodOf(instant, periodicity, timeZone).start - 1, periodicity, timeZone)

export const addDays = (instant: number, days: number) => instant + days * DAY_MS

/** An instant as the organization's wall-clock time, `YYYY-MM-DDTHH:mm:ss`: how a CFDI states its dates. */
export const localDateTime = (instant: number, timeZone: string) =>
  new Date(instant + offsetAt(instant, timeZone)).toISOString().slice(0, 19)

/** One formatter per zone: making an Intl.DateTimeFormat costs far more than using one. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>()

/** A time zone's offset from UTC at an instant, in milliseconds (negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    offsetFormats.set(timeZone, format)
  }
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '')
  if (!match) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000
}

/** The instant whose local wall-clock time (expressed as if UTC) is `wall`. */
function fromLocal(wall: number, timeZone: string): number {
  const guess = wall - offsetAt(wall, timeZone)
  return wall - offsetAt(guess, timeZone)
}

function localDate(instant: number, timeZone: string) {
  const local = new Date(instant + offsetAt(instant, timeZone))
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() }
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()
