import { describe, expect, it } from 'vitest'
import { formatDateTime, formatTime } from '~/domain/format'

const CDMX = 'America/Mexico_City'

describe('formatDateTime', () => {
  it('writes the restaurant’s clock in one fixed pattern per language, whatever ICU the runtime has', () => {
    // 05:06 UTC is 23:06 the day before in Mexico City.
    const late = Date.UTC(2026, 10, 22, 5, 6)
    expect(formatDateTime(late, 'es-MX', CDMX)).toBe('21 de noviembre de 2026, 11:06 p.m.')
    expect(formatDateTime(late, 'en-US', CDMX)).toBe('November 21, 2026, 11:06 PM')
    expect(formatDateTime(Date.UTC(2026, 0, 1, 6, 5), 'es-MX', CDMX)).toBe('1 de enero de 2026, 12:05 a.m.')
    expect(formatDateTime(Date.UTC(2026, 0, 1, 18, 0), 'en-US', CDMX)).toBe('January 1, 2026, 12:00 PM')
    expect(formatTime(late, 'es-MX', CDMX)).toBe('11:06 p.m.')
    expect(formatTime(Date.UTC(2026, 0, 1, 15, 30), 'en-US', CDMX)).toBe('9:30 AM')
  })

  it('reads the clock of the restaurant’s own zone, its summer time included', () => {
    // The same instant: 23:06 in Mexico City, 21:06 in Tijuana (Pacific standard time in November), 00:06 in Cancún.
    const late = Date.UTC(2026, 10, 22, 5, 6)
    expect(formatTime(late, 'es-MX', 'America/Tijuana')).toBe('9:06 p.m.')
    expect(formatTime(late, 'es-MX', 'America/Cancun')).toBe('12:06 a.m.')
    // In July Tijuana keeps summer time (UTC−7), Hermosillo never does (UTC−7 all year), Mexico City no longer does (UTC−6).
    const summer = Date.UTC(2026, 6, 1, 3, 30)
    expect(formatTime(summer, 'en-US', 'America/Tijuana')).toBe('8:30 PM')
    expect(formatTime(summer, 'en-US', 'America/Hermosillo')).toBe('8:30 PM')
    expect(formatDateTime(summer, 'en-US', CDMX)).toBe('June 30, 2026, 9:30 PM')
  })
})
