import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  formatLocalDateTime,
  isTimeZone,
  parseLocalDate,
  parseLocalDateTime,
  restaurantTimeZone,
  wallClockAt,
  zonedTimeToUtc,
} from '~/domain/local-time'

const MX = 'America/Mexico_City'
const at = (text: string, zone: string) => zonedTimeToUtc(parseLocalDateTime(text)!, zone)

describe('local date-time in a zone → UTC', () => {
  it('reads Mexico City’s clock, six hours behind UTC all year since 2022', () => {
    expect(at('2026-11-22T23:30', MX)).toBe(Date.UTC(2026, 10, 23, 5, 30))
    expect(at('2026-07-01T05:00', MX)).toBe(Date.UTC(2026, 6, 1, 11, 0))
    // Before 2023 the city still moved its clocks in summer.
    expect(at('2022-07-01T12:00', MX)).toBe(Date.UTC(2022, 6, 1, 17, 0))
  })

  it('reads zones east and west of Greenwich, and across a year’s end', () => {
    expect(at('2026-01-01T00:00', 'Asia/Tokyo')).toBe(Date.UTC(2025, 11, 31, 15, 0))
    expect(at('2026-01-01T00:00', 'Asia/Kolkata')).toBe(Date.UTC(2025, 11, 31, 18, 30))
    expect(at('2025-12-31T23:59', 'America/Tijuana')).toBe(Date.UTC(2026, 0, 1, 7, 59))
    expect(at('2026-03-04T10:15', 'UTC')).toBe(Date.UTC(2026, 2, 4, 10, 15))
  })

  it('takes the first of an hour the clock shows twice, and moves a skipped one past the change', () => {
    // Tijuana falls back at 2:00 on 2 Nov 2025 (PDT → PST): 1:30 happens at 08:30 and again at 09:30 UTC.
    expect(at('2025-11-02T01:30', 'America/Tijuana')).toBe(Date.UTC(2025, 10, 2, 8, 30))
    // It springs forward at 2:00 on 8 Mar 2026: 2:30 never shows; it is read as 3:30 PDT.
    expect(at('2026-03-08T02:30', 'America/Tijuana')).toBe(Date.UTC(2026, 2, 8, 10, 30))
    expect(at('2026-03-08T03:00', 'America/Tijuana')).toBe(Date.UTC(2026, 2, 8, 10, 0))
  })

  it('gives back the reading it was given, for any minute of any day in zones with and without clock changes', () => {
    const zones = [MX, 'America/Tijuana', 'America/New_York', 'Europe/Madrid', 'Asia/Kolkata', 'Australia/Lord_Howe']
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          const minute = Math.floor(instant / 60_000) * 60_000
          const wall = wallClockAt(minute, zone)
          const back = zonedTimeToUtc(wall, zone)
          // The same reading; the same instant unless the reading happens twice, when it is the first time.
          expect(wallClockAt(back, zone)).toEqual(wall)
          expect(back).toBeLessThanOrEqual(minute)
        },
      ),
    )
  })
})

describe('reading dates people typed', () => {
  it('accepts real dates and moments, as the date and datetime-local inputs send them', () => {
    expect(parseLocalDate('2026-11-22')).toEqual({ year: 2026, month: 11, day: 22, hour: 0, minute: 0 })
    expect(parseLocalDateTime('2028-02-29T23:59')).toEqual({ year: 2028, month: 2, day: 29, hour: 23, minute: 59 })
    expect(formatLocalDateTime(addDays(parseLocalDateTime('2026-12-31T05:00')!, 1))).toBe('2027-01-01T05:00')
  })

  it('refuses what is not a day or a moment of the calendar', () => {
    for (const junk of [
      '',
      'hoy',
      '2026-13-01',
      '2026-02-29',
      '2026-04-31',
      '22/11/2026',
      '2026-11-22T10:00',
      '2026-1-2',
      '0000-01-01',
    ])
      expect(parseLocalDate(junk), junk).toBeNull()
    for (const junk of [
      '2026-11-22',
      '2026-11-22T24:00',
      '2026-11-22T10:60',
      '2026-11-22 10:00',
      '2026-11-22T10:00:00',
      '2026-11-22T1:00',
    ])
      expect(parseLocalDateTime(junk), junk).toBeNull()
  })

  it('knows zones the runtime knows, and falls back to Mexico City for one it does not', () => {
    expect(isTimeZone('America/Monterrey')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(restaurantTimeZone('America/Cancun')).toBe('America/Cancun')
    expect(restaurantTimeZone('Mars/Olympus_Mons')).toBe(MX)
  })
})
