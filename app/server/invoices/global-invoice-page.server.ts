import type { Principal } from '../auth/guard.server'
import { globalDeadline, lastPeriod, type GlobalPeriod } from '~/domain/invoices'
import { formatLocalDate, parseLocalDate, restaurantTimeZone, wallClockAt } from '~/domain/local-time'
import { signatureOf } from '~/domain/signature'
import type { Ledger } from '../books/ledger.server'
import { simulatedStandsIn } from '../env.server'
import { facturapiOf, refusedBy } from './facturapi.server'
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
 * A factura global's period as the restaurant reads it: its days, its
 * payments nobody invoiced, and the SAT's deadline for it (24 hours after
 * the period closes, in the restaurant's zone), `choose`n from the
 * restaurant's periodicity.
 */
async function periodFigures(
  env: Env,
  ledger: Ledger,
  restaurant: { id: string; timeZone: string },
  choose: (periodicity: Parameters<typeof lastPeriod>[0], timeZone: string) => GlobalPeriod,
  now: number,
) {
  const timeZone = restaurantTimeZone(restaurant.timeZone)
  const profile = await fiscalProfileOf(env, restaurant.id)
  const periodicity = profile?.invoicePeriodicity ?? 'month'
  const period = choose(periodicity, timeZone)
  const uninvoiced = await uninvoicedPayments(ledger, period, { timeZone, simulatedStandsIn: simulatedStandsIn(env) })
  const deadline = globalDeadline(period, timeZone)
  return {
    profile,
    periodicity,
    uninvoiced,
    from: formatLocalDate(period.fromDay),
    to: formatLocalDate(period.toDay),
    deadline,
    late: deadline < now,
    timeZone,
  }
}

/**
 * The owner's factura global: the period's payments nobody invoiced (what
 * an accountant issues by hand), by when the SAT wants it, and, with
 * Facturapi, the invoices issued.
 */
export async function globalSection(env: Env, ledger: Ledger, restaurant: { id: string; timeZone: string }, url: URL) {
  const [{ profile, uninvoiced, ...figures }, issued] = await Promise.all([
    periodFigures(env, ledger, restaurant, (periodicity, timeZone) => periodOf(url, periodicity, timeZone), Date.now()),
    globalInvoicesOf(ledger),
  ])
  return { ...figures, connected: Boolean(profile?.facturapi), summary: globalSummary(uninvoiced), issued }
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
  const due = await periodFigures(
    env,
    ledger,
    restaurant,
    (periodicity, timeZone) => lastPeriod(periodicity, wallClockAt(now, timeZone)),
    now,
  )
  if (due.uninvoiced.length === 0) return null
  const { from, to, deadline, late, timeZone } = due
  return { from, to, count: due.uninvoiced.length, deadline, late, timeZone }
}

/** What became of an owner's "Emitir factura global". */
type GlobalOutcome =
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
    if (refusedBy(error)) return { outcome: 'refused', reason: error.message }
    console.error('factura global not issued', error)
    return { outcome: 'failed' }
  }
}
