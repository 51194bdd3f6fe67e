import { FacturapiError } from 'facturapi'
import type { Principal } from '../auth/guard.server'
import { globalDeadline, lastPeriod, type GlobalPeriod } from '~/domain/invoices'
import { formatLocalDate, parseLocalDate, restaurantTimeZone, wallClockAt } from '~/domain/local-time'
import { signatureOf } from '~/domain/signature'
import type { Ledger } from '../books/ledger.server'
import { simulatedStandsIn } from '../env.server'
import { facturapiOf } from './facturapi.server'
import { fiscalProfileOf } from './fiscal-profile.server'
import {
  globalInvoicesOf,
  globalSummary,
  issueGlobalInvoice,
  uninvoicedPayments,
  type GlobalRefusal,
} from './global-invoices.server'

/** The period the page shows: the one the address names, else the last whole one of the restaurant's periodicity. */
function periodOf(url: URL, periodicity: Parameters<typeof lastPeriod>[0], timeZone: string): GlobalPeriod {
  const fromDay = parseLocalDate(url.searchParams.get('from') ?? '')
  const toDay = parseLocalDate(url.searchParams.get('to') ?? '')
  return fromDay && toDay ? { fromDay, toDay } : lastPeriod(periodicity, wallClockAt(Date.now(), timeZone))
}

/**
 * The owner's factura global: the period's payments nobody invoiced (what
 * an accountant issues by hand), by when the SAT wants it (24 hours after
 * the period closes), and, with Facturapi, the invoices issued.
 */
export async function globalSection(env: Env, ledger: Ledger, restaurant: { id: string; timeZone: string }, url: URL) {
  const timeZone = restaurantTimeZone(restaurant.timeZone)
  const profile = await fiscalProfileOf(env, restaurant.id)
  const periodicity = profile?.invoicePeriodicity ?? 'month'
  const period = periodOf(url, periodicity, timeZone)
  const deadline = globalDeadline(period, timeZone)
  const [uninvoiced, issued] = await Promise.all([
    uninvoicedPayments(ledger, period, { timeZone, simulatedStandsIn: simulatedStandsIn(env) }),
    globalInvoicesOf(ledger),
  ])
  return {
    periodicity,
    from: formatLocalDate(period.fromDay),
    to: formatLocalDate(period.toDay),
    deadline,
    late: deadline < Date.now(),
    timeZone,
    connected: Boolean(profile?.facturapi),
    summary: globalSummary(uninvoiced),
    issued,
  }
}

/**
 * The factura global the SAT is waiting for: the restaurant's last whole
 * period, while payments in it are uninvoiced (none once it is issued), with
 * its deadline; null when there is nothing to issue. For the owner's
 * dashboard, so the 24 hours are not missed.
 */
export async function globalDue(
  env: Env,
  ledger: Ledger,
  restaurant: { id: string; timeZone: string },
  now = Date.now(),
) {
  const timeZone = restaurantTimeZone(restaurant.timeZone)
  const profile = await fiscalProfileOf(env, restaurant.id)
  const period = lastPeriod(profile?.invoicePeriodicity ?? 'month', wallClockAt(now, timeZone))
  const uninvoiced = await uninvoicedPayments(ledger, period, { timeZone, simulatedStandsIn: simulatedStandsIn(env) })
  if (uninvoiced.length === 0) return null
  const deadline = globalDeadline(period, timeZone)
  return {
    from: formatLocalDate(period.fromDay),
    to: formatLocalDate(period.toDay),
    count: uninvoiced.length,
    deadline,
    late: deadline < now,
    timeZone,
  }
}

/** What became of an owner's "Emitir factura global". */
export type GlobalOutcome =
  | { outcome: 'empty' | 'manual' | 'failed' | GlobalRefusal }
  | { outcome: 'issued'; paymentIds: string[] }
  | { outcome: 'refused'; reason: string }

/**
 * Issues the period's factura global through Facturapi; by hand (no key)
 * there is nothing to issue here. What Facturapi refuses is said in its
 * words; only an answer that did not come is "try again".
 */
export async function issueGlobalFromForm(
  env: Env,
  ledger: Ledger,
  principal: Principal,
  form: { from: string; to: string },
): Promise<GlobalOutcome> {
  const client = await facturapiOf(env, principal.restaurant.id)
  if (!client) return { outcome: 'manual' }
  const profile = await fiscalProfileOf(env, principal.restaurant.id)
  try {
    const issued = await issueGlobalInvoice(ledger, client, {
      period: { fromDay: parseLocalDate(form.from)!, toDay: parseLocalDate(form.to)! },
      periodicity: profile?.invoicePeriodicity ?? 'month',
      timeZone: restaurantTimeZone(principal.restaurant.timeZone),
      simulatedStandsIn: simulatedStandsIn(env),
      by: signatureOf(principal.person),
      now: Date.now(),
    })
    if (issued && 'refused' in issued) return { outcome: issued.refused }
    return issued ? { outcome: 'issued', paymentIds: issued.paymentIds } : { outcome: 'empty' }
  } catch (error) {
    if (error instanceof FacturapiError && error.status >= 400 && error.status < 500 && error.status !== 429)
      return { outcome: 'refused', reason: error.message }
    console.error('factura global not issued', error)
    return { outcome: 'failed' }
  }
}
