import { describe, expect, it } from 'vitest'
import {
  facturaClosed,
  globalDeadline,
  globalInformation,
  invoiceableCents,
  lastPeriod,
  periodInstants,
  withinOnePeriod,
} from '~/domain/invoices'
import { movedMoney } from '~/domain/fiscal'
import { paymentFormOf } from '~/domain/cfdi'
import { formatLocalDate, parseLocalDate } from '~/domain/local-time'

const period = (periodicity: Parameters<typeof lastPeriod>[0], today: string) => {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number]
  const { fromDay, toDay } = lastPeriod(periodicity, { year, month, day })
  return `${formatLocalDate(fromDay)}..${formatLocalDate(toDay)}`
}

describe('whether a diner can still ask for a factura', () => {
  const now = Date.UTC(2026, 10, 27, 18)
  it('can while no factura global took the payment and the restaurant’s window is open or unknown', () => {
    expect(facturaClosed({ movedMoney: true, inGlobalInvoice: false, facturaUntil: null }, now)).toBeNull()
    expect(facturaClosed({ movedMoney: true, inGlobalInvoice: false, facturaUntil: now }, now)).toBeNull()
  })
  it('cannot once the window passed, nor once the payment is in the factura global (said first)', () => {
    expect(facturaClosed({ movedMoney: true, inGlobalInvoice: false, facturaUntil: now - 1 }, now)).toBe('expired')
    expect(facturaClosed({ movedMoney: true, inGlobalInvoice: true, facturaUntil: now - 1 }, now)).toBe('global')
    expect(facturaClosed({ movedMoney: true, inGlobalInvoice: true, facturaUntil: null }, now)).toBe('global')
  })
  it('never for a payment that moved no money, whatever else holds', () => {
    expect(facturaClosed({ movedMoney: false, inGlobalInvoice: false, facturaUntil: null }, now)).toBe('demo')
    expect(facturaClosed({ movedMoney: false, inGlobalInvoice: true, facturaUntil: now - 1 }, now)).toBe('demo')
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

describe('a factura global’s period', () => {
  const days = (from: string, to: string) => ({ fromDay: parseLocalDate(from)!, toDay: parseLocalDate(to)! })

  it('ends at the last millisecond of its last day in the restaurant’s zone, both days included', () => {
    expect(periodInstants(days('2026-11-01', '2026-11-30'), 'America/Mexico_City')).toEqual({
      fromMs: Date.parse('2026-11-01T06:00:00.000Z'),
      toMs: Date.parse('2026-12-01T05:59:59.999Z'),
    })
    // Tijuana is on Pacific time, an hour behind Hermosillo in winter.
    expect(periodInstants(days('2026-12-24', '2026-12-24'), 'America/Tijuana').toMs).toBe(
      Date.parse('2026-12-25T07:59:59.999Z'),
    )
    expect(periodInstants(days('2026-12-24', '2026-12-24'), 'America/Hermosillo').toMs).toBe(
      Date.parse('2026-12-25T06:59:59.999Z'),
    )
  })

  it('is due within the 24 hours after it closes', () => {
    expect(globalDeadline(days('2026-11-01', '2026-11-30'), 'America/Mexico_City')).toBe(
      Date.parse('2026-12-02T06:00:00.000Z'),
    )
  })

  it('says its periodicity, month and year as the CFDI’s InformacionGlobal', () => {
    expect(globalInformation(days('2026-02-16', '2026-02-28'), 'fortnight')).toEqual({
      periodicity: 'fortnight',
      months: '02',
      year: 2026,
    })
    expect(globalInformation(days('2025-12-01', '2025-12-31'), 'month')).toEqual({
      periodicity: 'month',
      months: '12',
      year: 2025,
    })
  })

  it('lies within one period of the periodicity', () => {
    expect(withinOnePeriod(days('2026-11-16', '2026-11-22'), 'week')).toBe(true)
    expect(withinOnePeriod(days('2026-11-20', '2026-11-23'), 'week')).toBe(false)
    expect(withinOnePeriod(days('2026-11-14', '2026-11-16'), 'fortnight')).toBe(false)
    expect(withinOnePeriod(days('2026-11-01', '2026-11-30'), 'month')).toBe(true)
    expect(withinOnePeriod(days('2026-11-30', '2026-12-01'), 'month')).toBe(false)
    expect(withinOnePeriod(days('2026-11-30', '2026-11-30'), 'day')).toBe(true)
    expect(withinOnePeriod(days('2026-11-29', '2026-11-30'), 'day')).toBe(false)
  })
})

describe('what may be stamped', () => {
  it('is money that moved: a simulated payment only where the simulated provider stands in for every card', () => {
    expect(movedMoney({ provider: 'stripe' }, false)).toBe(true)
    expect(movedMoney({ provider: 'recorded' }, false)).toBe(true)
    expect(movedMoney({ provider: 'simulated' }, false)).toBe(false)
    expect(movedMoney({ provider: 'simulated' }, true)).toBe(true)
  })
})

describe('the forma de pago of a payment', () => {
  it('is 01 for cash, 28 for a debit or prepaid card, 04 for a credit card, and 04 guessed when the funding is not known', () => {
    expect(paymentFormOf('cash', null)).toEqual({ form: '01', guessed: false })
    expect(paymentFormOf('card', 'debit')).toEqual({ form: '28', guessed: false })
    expect(paymentFormOf('apple', 'prepaid')).toEqual({ form: '28', guessed: false })
    expect(paymentFormOf('google', 'credit')).toEqual({ form: '04', guessed: false })
    expect(paymentFormOf('card', 'unknown')).toEqual({ form: '04', guessed: true })
    expect(paymentFormOf('terminal', null)).toEqual({ form: '04', guessed: true })
  })
})
