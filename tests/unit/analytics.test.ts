import { describe, expect, it } from 'vitest'
import { averageTipPercent, emptyPeriod, lastDays, localDay, percentChange, salesPerDay } from '~/domain/analytics'

const MX = 'America/Mexico_City'

describe('analytics rules', () => {
  it('averages tips over what they were left on, weighted by amount', () => {
    expect(averageTipPercent(emptyPeriod)).toBe(0)
    expect(averageTipPercent({ ...emptyPeriod, baseCents: 10000 + 30000, tipCents: 1000 + 4500 })).toBe(13.8)
  })

  it('compares with the previous window only when it had sales', () => {
    expect(percentChange(150, 100)).toBe(50)
    expect(percentChange(50, 100)).toBe(-50)
    expect(percentChange(100, 0)).toBeNull()
  })

  it('counts days in the restaurant’s clock, not the server’s', () => {
    // 03:00 UTC on 22 Nov is still 21 Nov, 21:00, in Mexico City.
    const lateEvening = Date.UTC(2026, 10, 22, 3)
    expect(localDay(lateEvening, MX)).toBe('2026-11-21')
    expect(lastDays(lateEvening, 7, MX)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ])
    // Across a month and a daylight-saving change (New York, 2 Nov 2025), every day once.
    expect(lastDays(Date.UTC(2025, 10, 3, 17), 4, 'America/New_York')).toEqual([
      '2025-10-31',
      '2025-11-01',
      '2025-11-02',
      '2025-11-03',
    ])
  })

  it('puts each payment on its local day and leaves out days outside the chart', () => {
    const days = ['2026-11-20', '2026-11-21']
    const sales = salesPerDay(
      [
        { createdAt: Date.UTC(2026, 10, 21, 5, 59), cents: 1000 }, // 23:59 on the 20th in Mexico City
        { createdAt: Date.UTC(2026, 10, 21, 6, 0), cents: 2500 }, // midnight: the 21st
        { createdAt: Date.UTC(2026, 10, 21, 18), cents: 500 },
        { createdAt: Date.UTC(2026, 10, 10, 18), cents: 9999 },
      ],
      days,
      MX,
    )
    expect(sales).toEqual([
      { day: '2026-11-20', cents: 1000 },
      { day: '2026-11-21', cents: 3000 },
    ])
  })
})
