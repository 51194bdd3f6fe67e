import { isTimeZone } from './local-time'

/**
 * Mexico's clocks as the IANA database names them, with the place a
 * restaurant knows each by: what Configuración offers before every other
 * zone. The centre's first, then Quintana Roo's, the northern border's (which
 * keep the United States' summer time), the Pacific's, Sonora's (which never
 * changes) and Baja California's.
 */
export const MEXICAN_TIME_ZONES = {
  'America/Mexico_City': 'Ciudad de México',
  'America/Monterrey': 'Monterrey',
  'America/Merida': 'Mérida',
  'America/Bahia_Banderas': 'Bahía de Banderas',
  'America/Chihuahua': 'Chihuahua',
  'America/Cancun': 'Cancún',
  'America/Matamoros': 'Matamoros',
  'America/Ojinaga': 'Ojinaga',
  'America/Ciudad_Juarez': 'Ciudad Juárez',
  'America/Mazatlan': 'Mazatlán',
  'America/Hermosillo': 'Hermosillo',
  'America/Tijuana': 'Tijuana',
} as const satisfies Record<string, string>

/** A zone as a list shows it: its place and how far its clock is from UTC at `now` ('Tijuana (GMT-8)'); short, for a phone's select. */
export function timeZoneLabel(timeZone: string, now: number): string {
  const place =
    MEXICAN_TIME_ZONES[timeZone as keyof typeof MEXICAN_TIME_ZONES] ??
    timeZone.split('/').slice(1).join(' / ').replaceAll('_', ' ')
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value
  return `${place || timeZone} (${offset ?? 'GMT'})`
}

/** Every zone the runtime knows, Mexico's first (in MEXICAN_TIME_ZONES' order), then the others by name. */
export function timeZoneChoices(now: number): { mexico: Choice[]; others: Choice[] } {
  const mexican = Object.keys(MEXICAN_TIME_ZONES)
  const choice = (value: string) => ({ value, label: timeZoneLabel(value, now) })
  return {
    mexico: mexican.filter(isTimeZone).map(choice),
    others: Intl.supportedValuesOf('timeZone')
      .filter((zone) => !mexican.includes(zone) && zone.includes('/'))
      .map(choice),
  }
}

interface Choice {
  value: string
  label: string
}
