import { describe, expect, it } from 'vitest'
import { facturaClosed, invoiceableCents, lastPeriod } from '~/domain/invoices'
import { formatLocalDate } from '~/domain/local-time'

const period = (periodicity: Parameters<typeof lastPeriod>[0], today: string) => {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number]
  const { fromDay, toDay } = lastPeriod(periodicity, { year, month, day })
  return `${formatLocalDate(fromDay)}..${formatLocalDate(toDay)}`
}

describe('whether a diner can still ask for a factura', () => {
  const now = Date.UTC(2026, 10, 27, 18)
  it('can while no factura global took the payment and the restaurant’s window is open or unknown', () => {
    expect(facturaClosed({ inGlobalInvoice: false, facturaUntil: null }, now)).toBeNull()
    expect(facturaClosed({ inGlobalInvoice: false, facturaUntil: now }, now)).toBeNull()
  })
  it('cannot once the window passed, nor once the payment is in the factura global (said first)', () => {
    expect(facturaClosed({ inGlobalInvoice: false, facturaUntil: now - 1 }, now)).toBe('expired')
    expect(facturaClosed({ inGlobalInvoice: true, facturaUntil: now - 1 }, now)).toBe('global')
    expect(facturaClosed({ inGlobalInvoice: true, facturaUntil: null }, now)).toBe('global')
  })
})

describe('a factura', () => {
  it('covers what was consumed with its IVA, less refunds, never the tip', () => {
    expect(invoiceableCents({ amountCents: 20_000, taxCents: 3_200 }, [])).toBe(23_200)
    expect(invoiceableCents({ amountCents: 20_000, taxCents: 3_200 }, [{ amountCents: 5_000, taxCents: 800 }])).toBe(
      17_400,
    )
    expect(invoiceableCents({ amountCents: 20_000, taxCents: 0 }, [{ amountCents: 20_000, taxCents: 0 }])).toBe(0)
  })

  it('global covers the last whole period of the restaurant’s periodicity', () => {
    expect(period('day', '2026-03-01')).toBe('2026-02-28..2026-02-28')
    // 27 Nov 2026 is a Friday: the week before, Monday to Sunday.
    expect(period('week', '2026-11-27')).toBe('2026-11-16..2026-11-22')
    expect(period('week', '2026-11-23')).toBe('2026-11-16..2026-11-22')
    expect(period('fortnight', '2026-11-27')).toBe('2026-11-01..2026-11-15')
    expect(period('fortnight', '2026-03-10')).toBe('2026-02-16..2026-02-28')
    expect(period('month', '2026-01-05')).toBe('2025-12-01..2025-12-31')
    expect(period('month', '2024-03-31')).toBe('2024-02-01..2024-02-29')
  })
})
