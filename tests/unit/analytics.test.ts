import { describe, expect, it } from 'vitest'
import {
  analyticsPeriods,
  analyticsRange,
  averageTicket,
  averageTipPercent,
  emptyPeriod,
  lastDays,
  localDay,
  percentChange,
  salesByHour,
  salesPerDay,
} from '~/domain/analytics'
import { analyticsCsv } from '~/domain/analytics-csv'
import { resources } from '~/locales'
import { makeT } from '~/locales/translate'

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

describe('a chosen range', () => {
  // 2026-11-30 at 15:00 in Mexico City (UTC-6).
  const now = Date.UTC(2026, 10, 30, 21, 0)
  const at = (day: number, hour: number) => Date.UTC(2026, 10, day, hour + 6, 0)

  it('takes today, 7, 30 or 90 business days from the address, 30 for anything else', () => {
    expect([analyticsRange('1'), analyticsRange('7'), analyticsRange('90')]).toEqual([1, 7, 90])
    expect([analyticsRange(null), analyticsRange('365'), analyticsRange('7d')]).toEqual([30, 30, 30])
  })

  it('covers whole business days ending today, from 5 a.m., and compares with as many before', () => {
    const today = analyticsPeriods(1, MX, now)
    expect(today.current).toEqual({ fromMs: at(30, 5), toMs: at(31, 5) })
    expect(today.previous).toEqual({ fromMs: at(29, 5), toMs: at(30, 5) })
    const week = analyticsPeriods(7, MX, now)
    expect(week.current.fromMs).toBe(at(24, 5))
    expect(week.previous).toEqual({ fromMs: at(17, 5), toMs: at(24, 5) })
  })

  it('sums net sales per hour on the restaurant’s clock, a service past midnight in one block', () => {
    expect(salesByHour([], MX)).toEqual([])
    expect(
      salesByHour(
        [
          { createdAt: at(29, 21) + 10 * 60_000, cents: 50000 },
          { createdAt: at(29, 21) + 40 * 60_000, cents: 20000 },
          { createdAt: at(29, 23), cents: 10000 },
          { createdAt: at(30, 1), cents: 30000 },
          { createdAt: at(30, 1) + 5 * 60_000, cents: -5000 },
        ],
        MX,
      ),
    ).toEqual([
      { hour: 21, cents: 70000 },
      { hour: 22, cents: 0 },
      { hour: 23, cents: 10000 },
      { hour: 0, cents: 0 },
      { hour: 1, cents: 25000 },
    ])
  })

  it('averages what a person took per table, and writes the page’s figures as a spreadsheet', () => {
    expect(averageTicket({ billCents: 100001, tables: 3 })).toBe(33334)
    expect(averageTicket({ billCents: 5000, tables: 0 })).toBe(0)
    const csv = analyticsCsv(
      {
        range: 7,
        current: { salesCents: 150000, baseCents: 150000, tipCents: 22500, tablesServed: 4 },
        hours: [{ hour: 21, cents: 150000 }],
        byStaff: [
          { staff: 'Rosa', payments: 2, tables: 2, billCents: 100000, tipCents: 15000 },
          { staff: null, payments: 2, tables: 2, billCents: 50000, tipCents: 7500 },
        ],
        bestSellers: [{ name: 'Tacos, al pastor', quantity: 12, cents: 66000 }],
      },
      { restaurant: 'Fonda', today: '2026-11-30', timeZone: MX },
      makeT('es', resources.es),
    )
    const lines = csv.replace('\uFEFF', '').split('\r\n')
    expect(lines).toContain('Periodo,7 días')
    expect(lines).toContain('Ventas netas (después de devoluciones),1500.00')
    expect(lines).toContain('21 h,1500.00')
    expect(lines).toContain('Persona,Cobros,Mesas,Ventas netas,Propinas,Ticket promedio')
    expect(lines).toContain('Rosa,2,2,1000.00,150.00,500.00')
    expect(lines).toContain('Mesa (comensales),2,2,500.00,75.00,250.00')
    expect(lines).toContain('"Tacos, al pastor",12,660.00')
  })
})
