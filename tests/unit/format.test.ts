import { describe, expect, it } from 'vitest'
import { formatDateTime, formatTime } from '~/domain/format'

describe('formatDateTime', () => {
  it('writes the restaurant’s clock in one fixed pattern per language, whatever ICU the runtime has', () => {
    // 05:06 UTC is 23:06 the day before in Mexico City.
    const late = Date.UTC(2026, 10, 22, 5, 6)
    expect(formatDateTime(late, 'es-MX')).toBe('21 de noviembre de 2026, 11:06 p.m.')
    expect(formatDateTime(late, 'en-US')).toBe('November 21, 2026, 11:06 PM')
    expect(formatDateTime(Date.UTC(2026, 0, 1, 6, 5), 'es-MX')).toBe('1 de enero de 2026, 12:05 a.m.')
    expect(formatDateTime(Date.UTC(2026, 0, 1, 18, 0), 'en-US')).toBe('January 1, 2026, 12:00 PM')
    expect(formatTime(late, 'es-MX')).toBe('11:06 p.m.')
    expect(formatTime(Date.UTC(2026, 0, 1, 15, 30), 'en-US')).toBe('9:30 AM')
  })
})
