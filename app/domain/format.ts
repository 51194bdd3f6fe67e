/** Restaurants are in Mexico; times are shown in their clock, not the server's. */
export const RESTAURANT_TIME_ZONE = 'America/Mexico_City'

/** SPEC §1: long month, day, year, hour and 2-digit minute, 12-hour clock. */
export function formatDateTime(date: Date | string | number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: RESTAURANT_TIME_ZONE,
  }).format(new Date(date))
}
