import type { InvoicePeriodicity } from './cfdi'
import { addDays, zonedTimeToUtc, type WallClock } from './local-time'
import type { Cents } from './money'
import { billPart } from './bill'

/**
 * Where a diner's request for a factura stands: waiting for staff, issued,
 * refused by staff with a reason, or `substituted`: issued with errors (the
 * wrong receiver) and replaced by a corrected one, its cancellation asked
 * of the SAT.
 */
export const INVOICE_REQUEST_STATUSES = ['pending', 'issued', 'rejected', 'substituted'] as const
export type InvoiceRequestStatus = (typeof INVOICE_REQUEST_STATUSES)[number]

/**
 * What a payment's factura covers: its consumption, IVA included, less what
 * refunds gave back of it. Never the tip: it is the staff's, not the
 * restaurant's income.
 */
export function invoiceableCents(
  payment: { amountCents: Cents; taxCents: Cents },
  refunds: readonly { amountCents: Cents; taxCents: Cents }[],
): Cents {
  return Math.max(0, billPart(payment) - refunds.reduce((sum, refund) => sum + billPart(refund), 0))
}

/**
 * Why a diner can no longer ask for a payment's factura, or null while they
 * can: it moved no money (a demo payment: there is no income to invoice),
 * it went into the restaurant's factura global, or the restaurant's window
 * for requests (its Facturapi receipt's expiry) has passed. One already
 * issued stays theirs either way.
 */
export function facturaClosed(
  receipt: { movedMoney: boolean; inGlobalInvoice: boolean; facturaUntil: number | null },
  now: number,
): 'demo' | 'global' | 'expired' | null {
  if (!receipt.movedMoney) return 'demo'
  if (receipt.inGlobalInvoice) return 'global'
  return receipt.facturaUntil !== null && receipt.facturaUntil < now ? 'expired' : null
}

/** A factura global's period: the restaurant's wall-clock days, both included. */
export interface GlobalPeriod {
  fromDay: WallClock
  toDay: WallClock
}

const dayOf = (year: number, month: number, date: number): WallClock => ({ year, month, day: date, hour: 0, minute: 0 })

/**
 * The period of `periodicity` that holds `day` (the restaurant's wall-clock
 * date): the day itself, its Monday-to-Sunday week, its half month (1–15 or
 * 16–end) or its month. Both days included.
 */
function periodHolding(periodicity: InvoicePeriodicity, day: Pick<WallClock, 'year' | 'month' | 'day'>): GlobalPeriod {
  const start = dayOf(day.year, day.month, day.day)
  const lastOfMonth = addDays(dayOf(day.year, day.month + 1, 1), -1)
  switch (periodicity) {
    case 'day':
      return { fromDay: start, toDay: start }
    case 'week': {
      // 0 is Sunday: back to the Monday of the week.
      const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()
      const monday = addDays(start, -((weekday + 6) % 7))
      return { fromDay: monday, toDay: addDays(monday, 6) }
    }
    case 'fortnight':
      return day.day <= 15
        ? { fromDay: dayOf(day.year, day.month, 1), toDay: dayOf(day.year, day.month, 15) }
        : { fromDay: dayOf(day.year, day.month, 16), toDay: lastOfMonth }
    case 'month':
      return { fromDay: dayOf(day.year, day.month, 1), toDay: lastOfMonth }
  }
}

/** The last whole period a factura global covers, seen from `today` (the restaurant's wall-clock date). */
export function lastPeriod(
  periodicity: InvoicePeriodicity,
  today: Pick<WallClock, 'year' | 'month' | 'day'>,
): GlobalPeriod {
  return periodHolding(periodicity, addDays(periodHolding(periodicity, today).fromDay, -1))
}

const sameDay = (a: WallClock, b: WallClock) => a.year === b.year && a.month === b.month && a.day === b.day

/** Whether `period` lies within one period of `periodicity`: a factura global covers one (Facturapi refuses more). */
export function withinOnePeriod(period: GlobalPeriod, periodicity: InvoicePeriodicity): boolean {
  return sameDay(periodHolding(periodicity, period.fromDay).fromDay, periodHolding(periodicity, period.toDay).fromDay)
}

/** The instants a period covers in the restaurant's zone: its first millisecond and its last, both included. */
export function periodInstants(period: GlobalPeriod, timeZone: string): { fromMs: number; toMs: number } {
  return {
    fromMs: zonedTimeToUtc(period.fromDay, timeZone),
    toMs: zonedTimeToUtc(addDays(period.toDay, 1), timeZone) - 1,
  }
}

/** The SAT's time to issue a period's factura global: the 24 hours after the period closes, in the restaurant's zone. */
const GLOBAL_DEADLINE_MS = 24 * 60 * 60 * 1000

/** The moment a period's factura global is due: 24 hours after its last day ends. */
export const globalDeadline = (period: GlobalPeriod, timeZone: string) =>
  periodInstants(period, timeZone).toMs + 1 + GLOBAL_DEADLINE_MS

/**
 * What a factura global's CFDI says of its period (cfdi:InformacionGlobal):
 * the periodicity as Facturapi names it, Meses (c_Meses, the month of the
 * period's first day, 01–12) and Año.
 */
export function globalInformation(period: GlobalPeriod, periodicity: InvoicePeriodicity) {
  return { periodicity, months: String(period.fromDay.month).padStart(2, '0'), year: period.fromDay.year }
}
