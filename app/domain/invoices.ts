import type { InvoicePeriodicity } from './cfdi'
import { addDays, type WallClock } from './local-time'
import type { Cents } from './money'

/** Where a diner's request for a factura stands: waiting for staff, issued, or refused by staff with a reason. */
export const INVOICE_REQUEST_STATUSES = ['pending', 'issued', 'rejected'] as const
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
  const given = refunds.reduce((sum, refund) => sum + refund.amountCents + refund.taxCents, 0)
  return Math.max(0, payment.amountCents + payment.taxCents - given)
}

/**
 * Why a diner can no longer ask for a payment's factura, or null while they
 * can: it went into the restaurant's factura global, or the restaurant's
 * window for requests (its Facturapi receipt's expiry) has passed. One
 * already issued stays theirs either way.
 */
export function facturaClosed(
  receipt: { inGlobalInvoice: boolean; facturaUntil: number | null },
  now: number,
): 'global' | 'expired' | null {
  if (receipt.inGlobalInvoice) return 'global'
  return receipt.facturaUntil !== null && receipt.facturaUntil < now ? 'expired' : null
}

/**
 * The last whole period a factura global covers, seen from `today` (the
 * restaurant's wall-clock date): yesterday, last Monday to Sunday, the last
 * half month (1–15 or 16–end), or last month. Both days included.
 */
export function lastPeriod(
  periodicity: InvoicePeriodicity,
  today: Pick<WallClock, 'year' | 'month' | 'day'>,
): { fromDay: WallClock; toDay: WallClock } {
  const day = (year: number, month: number, date: number): WallClock => ({ year, month, day: date, hour: 0, minute: 0 })
  const start = day(today.year, today.month, today.day)
  switch (periodicity) {
    case 'day': {
      const yesterday = addDays(start, -1)
      return { fromDay: yesterday, toDay: yesterday }
    }
    case 'week': {
      // 0 is Sunday: the Monday of this week, then the week before it.
      const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay()
      const monday = addDays(start, -((weekday + 6) % 7))
      return { fromDay: addDays(monday, -7), toDay: addDays(monday, -1) }
    }
    case 'fortnight': {
      if (today.day > 15) return { fromDay: day(today.year, today.month, 1), toDay: day(today.year, today.month, 15) }
      const lastOfPrevious = addDays(day(today.year, today.month, 1), -1)
      return { fromDay: { ...lastOfPrevious, day: 16 }, toDay: lastOfPrevious }
    }
    case 'month': {
      const lastOfPrevious = addDays(day(today.year, today.month, 1), -1)
      return { fromDay: { ...lastOfPrevious, day: 1 }, toDay: lastOfPrevious }
    }
  }
}
