/** A restaurant's clock until it sets its own (Configuración): times are shown in it, never in the server's. */
export const RESTAURANT_TIME_ZONE = 'America/Mexico_City'

/**
 * A date as the screens show it: long month, day, year, hour and 2-digit
 * minute, 12-hour clock.
 * Intl supplies the parts (month names, the restaurant's clock), but the
 * pattern around them is ours: the server's and the phone's ICU versions
 * join them differently ("2026, 11:06" vs "2026 a las 11:06"), and a page
 * rendered on one and hydrated on the other must read the same.
 */
export function formatDateTime(date: Date | string | number, locale: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(locale, {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    })
      .formatToParts(new Date(date))
      .map((part) => [part.type, part.value]),
  ) as Record<'month' | 'day' | 'year' | 'hour' | 'minute', string>
  const time = clockTime(Number(parts.hour), parts.minute, locale)
  return locale.startsWith('en')
    ? `${parts.month} ${parts.day}, ${parts.year}, ${time}`
    : `${parts.day} de ${parts.month} de ${parts.year}, ${time}`
}

/** A calendar day ('2026-11-22') with its weekday, in the same fixed pattern: 'domingo 22 de noviembre de 2026', 'Sunday, November 22, 2026'. */
export function formatDay(day: string, locale: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    })
      .formatToParts(new Date(`${day}T12:00:00Z`))
      .map((part) => [part.type, part.value]),
  ) as Record<'weekday' | 'month' | 'day' | 'year', string>
  return locale.startsWith('en')
    ? `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.year}`
    : `${parts.weekday} ${parts.day} de ${parts.month} de ${parts.year}`
}

/** The hour and minute alone in the restaurant's clock ('11:06 p.m.'), in the same fixed pattern. */
export function formatTime(date: Date | string | number, locale: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(locale, {
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    })
      .formatToParts(new Date(date))
      .map((part) => [part.type, part.value]),
  ) as Record<'hour' | 'minute', string>
  return clockTime(Number(parts.hour), parts.minute, locale)
}

/** An hour and minute of the clock in the same pattern ('5:00 a.m.', '5:00 AM'). */
export function clockTime(hour: number, minute: string, locale: string): string {
  const hour24 = hour % 24
  const english = locale.startsWith('en')
  return `${hour24 % 12 || 12}:${minute} ${hour24 < 12 ? (english ? 'AM' : 'a.m.') : english ? 'PM' : 'p.m.'}`
}
