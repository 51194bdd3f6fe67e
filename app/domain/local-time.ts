import { RESTAURANT_TIME_ZONE } from './format'

/*
 * The restaurant's wall clock and the instants it names. A day or a shift is
 * chosen as the restaurant reads its clock ('2026-11-22', '2026-11-22T18:00',
 * what <input type="date"> and "datetime-local" send); the ledger counts in
 * epoch milliseconds. Intl knows every zone's offsets, so no time zone
 * library is needed.
 */

/** A reading of a wall clock, to the minute; `month` is 1–12. */
export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Whether the runtime knows `timeZone` ('America/Mexico_City'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone)
    return true
  } catch {
    return false
  }
}

/** The restaurant's clock as stored, or Mexico City's when there is none (a bill stored before it was kept) or the runtime does not know it. */
export const restaurantTimeZone = (stored: string | null | undefined) =>
  stored && isTimeZone(stored) ? stored : RESTAURANT_TIME_ZONE

/** A reading that names a real calendar moment (no 31 April, no 24:00). */
function checked(wall: WallClock): WallClock | null {
  const { year, month, day, hour, minute } = wall
  if (year < 1 || hour > 23 || minute > 59) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? wall : null
}

/** 'YYYY-MM-DD' as midnight of that day, or null when it is not a date. */
export function parseLocalDate(text: string): WallClock | null {
  const match = DATE.exec(text)
  if (!match) return null
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  return checked({ year, month, day, hour: 0, minute: 0 })
}

/** 'YYYY-MM-DDTHH:mm', or null when it is not a moment of the calendar. */
export function parseLocalDateTime(text: string): WallClock | null {
  const match = DATE_TIME.exec(text)
  if (!match) return null
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number]
  return checked({ year, month, day, hour, minute })
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

/** 'YYYY-MM-DD'. */
export const formatLocalDate = (wall: WallClock) => `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`

/** 'YYYY-MM-DDTHH:mm', as a datetime-local input shows it. */
export const formatLocalDateTime = (wall: WallClock) => `${formatLocalDate(wall)}T${pad(wall.hour)}:${pad(wall.minute)}`

/** The same reading `days` calendar days later (or earlier), at the same hour. */
export function addDays(wall: WallClock, days: number): WallClock {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days))
  return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}

/** What the restaurant's clock reads at `instant`. */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute }
}

/** How far the zone's clock is ahead of UTC at `instant`, in ms (negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(whole))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - whole
}

const DAY_MS = 86_400_000

/**
 * The instant (epoch ms) at which the restaurant's clock reads `wall`.
 * Around a clock change, as Temporal's "compatible" choice: a reading the
 * clock shows twice (the hour repeated in autumn) is its first time, and one
 * it skips (the hour lost in spring) is read with the offset before the
 * change, so it lands as far after the change as it was after the skipped
 * hour's start.
 */
export function zonedTimeToUtc(wall: WallClock, timeZone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)
  // No zone changes its offset twice within two days, so the offsets a day either side are the only candidates.
  const before = offsetAt(asUtc - DAY_MS, timeZone)
  const after = offsetAt(asUtc + DAY_MS, timeZone)
  const readsRight = (instant: number) => offsetAt(instant, timeZone) === asUtc - instant
  const candidates = [asUtc - before, asUtc - after].filter(readsRight).sort((a, b) => a - b)
  return candidates[0] ?? asUtc - before
}
