import type { TFunction } from '../locales/translate'
import type { BillEvent } from './live'
import { formatMoney } from './money'
import { isLowRating } from './ratings'

/**
 * What staff are alerted of. Each comes from one change to a bill (see
 * alertOf), is stored once per alert with a row per person it reached
 * (read or not), and links to its table.
 */
export const ALERT_KINDS = [
  'order',
  'payment',
  'partial-payment',
  'payment-failed',
  'payment-action',
  'refund-failed',
  'dispute',
  'dispute-won',
  'dispute-lost',
  'rating-low',
  'call',
  'ready',
  'walkout',
  'fiscal-failed',
  'stripe-account',
] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/** Minutes of quiet after which an unpaid bill is a possible walkout, unless the restaurant sets its own (within these). */
export const DEFAULT_WALKOUT_MINUTES = 20
export const WALKOUT_MINUTES = { min: 5, max: 240 }

/** The reasons a diner gives for calling the waiter. */
export const CALL_REASONS = ['order', 'bill', 'help'] as const
export type CallReason = (typeof CALL_REASONS)[number]

/** An alert as a change makes it: its id names the change, so the same change delivered twice is one alert. */
export interface AlertDraft {
  id: string
  kind: AlertKind
  tableId: string
  tableNumber: string
  sessionId: string
  amountCents: number | null
  /** What else the alert says: the call's reason, who sent an order. */
  detail: string | null
  at: number
}

/**
 * The alert a change to a bill raises, if any: a diner's order (a waiter
 * knows their own), a payment (all of what was left, or part), a payment
 * that failed or waits on the diner's bank (3-D Secure), a refund the bank
 * sent back, a dispute opened, won or lost, a diner calling, an order the kitchen has ready, a table
 * that looks like it left without paying.
 */
export function alertOf(event: BillEvent): AlertDraft | null {
  const kind = kindOf(event)
  if (!kind || !('ref' in event)) return null
  return {
    id: alertId(kind, event.ref),
    kind,
    tableId: event.tableId,
    tableNumber: event.tableNumber,
    sessionId: event.sessionId,
    amountCents: event.amountCents,
    detail: detailOf(event),
    at: event.at,
  }
}

/** An alert's id: its kind and the record it is about, so the same change delivered twice is one alert. */
export const alertId = (kind: AlertKind, ref: string) => `${kind}:${ref}`

/** What an alert keeps of its change's own words: a call's reason, a dispute's status, a rating's stars. */
function detailOf(event: BillEvent): string | null {
  switch (event.change) {
    case 'call':
      return event.reason
    case 'dispute':
      return event.status
    case 'rating':
      return String(event.stars)
    default:
      return null
  }
}

function kindOf(event: BillEvent): AlertKind | null {
  switch (event.change) {
    case 'items':
      return event.order.sentBy === null ? 'order' : null
    case 'payment':
      return event.totals.remaining === 0 ? 'payment' : 'partial-payment'
    case 'ticket':
      return event.order.step === 'ready' ? 'ready' : null
    case 'declined':
      return 'payment-failed'
    case 'confirming':
      return 'payment-action'
    case 'refund-failed':
      return 'refund-failed'
    case 'dispute':
      return event.status === 'won' ? 'dispute-won' : event.status === 'lost' ? 'dispute-lost' : 'dispute'
    case 'rating':
      return isLowRating(event.stars) ? 'rating-low' : null
    case 'call':
      return 'call'
    case 'walkout':
      return 'walkout'
    default:
      return null
  }
}

/** What an alert says, in `t`'s language: the same words on the alerts' list and on a phone's notification. */
export function alertText(t: TFunction, alert: Pick<AlertDraft, 'kind' | 'tableNumber' | 'amountCents' | 'detail'>) {
  return t(`admin.alerts.kinds.${alert.kind}`, {
    table: alert.tableNumber,
    amount: formatMoney(alert.amountCents ?? 0),
    reason: alert.kind === 'call' && alert.detail ? t(`admin.alerts.reasons.${alert.detail as CallReason}`) : '',
    stars: alert.kind === 'rating-low' ? (alert.detail ?? '') : '',
    detail: alert.kind === 'fiscal-failed' ? (alert.detail ?? '') : '',
  })
}

/**
 * Whether a bill looks walked out on: something is unpaid, none of its
 * diners' pages is open, and nothing happened on it for `minutes` — once
 * for each stretch of quiet (`alertedAt` is when it last said so).
 */
export function walkoutDue(bill: {
  unpaidCents: number
  dinersOnline: number
  lastActivity: number
  alertedAt: number | null
  now: number
  minutes: number
}): boolean {
  if (bill.unpaidCents <= 0 || bill.dinersOnline > 0) return false
  if (bill.alertedAt !== null && bill.alertedAt >= bill.lastActivity) return false
  return bill.now - bill.lastActivity >= bill.minutes * 60_000
}
