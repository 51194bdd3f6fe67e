import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { and, eq, gte, lt } from 'drizzle-orm'
import { cashOut, type CashOut } from '~/domain/cash-out'
import { movedMoney } from '~/domain/fiscal'
import { simulatedStandsIn } from '../env.server'
import { businessDay, businessDayOf, choosePeriod, type PeriodChoice } from '~/domain/cash-out-period'
import { restaurantTimeZone } from '~/domain/local-time'
import { requireStaff, type PageAccess } from '../auth/guard.server'
import { drawerSessionsOf } from './drawer.server'
import { registersOf } from './registers.server'
import { ledgerOf, type Ledger } from './ledger.server'
import { billAdjustments, disputes, payments, refunds, refundStands, tables, tableSessions } from '../db/schema.server'

/** The period a cash-out page or its CSV asks for, from its query (`day`, or `from` and `to`), on the restaurant's clock. */
function periodOfRequest(request: Request, timeZone: string, now = Date.now()): PeriodChoice {
  const query = new URL(request.url).searchParams
  return choosePeriod({ day: query.get('day'), from: query.get('from'), to: query.get('to') }, timeZone, now)
}

/**
 * The owner's ledger records in [fromMs, toMs): payments and refunds and
 * voids and comps by when they were made, bills by when they closed, each
 * through its table, so only this restaurant's.
 */
export async function readCashOut(
  { db, restaurantId }: Ledger,
  period: { fromMs: number; toMs: number },
  simulatedStandsIn: boolean,
): Promise<CashOut> {
  const own = eq(tables.restaurantId, restaurantId)
  const [paid, refunded, adjusted, closed, disputed] = await db.batch([
    db
      .select({
        method: payments.paymentMethod,
        amountCents: payments.amountCents,
        taxCents: payments.taxCents,
        tipCents: payments.tipCents,
        recordedById: payments.recordedById,
        recordedBy: payments.recordedBy,
        sessionId: payments.sessionId,
        provider: payments.provider,
      })
      .from(payments)
      .innerJoin(tables, eq(tables.id, payments.tableId))
      .where(and(own, gte(payments.createdAt, period.fromMs), lt(payments.createdAt, period.toMs)))
      // In the order they were taken: a member who renamed themselves shows under their latest name.
      .orderBy(payments.createdAt),
    db
      .select({
        method: refunds.method,
        kind: refunds.kind,
        amountCents: refunds.amountCents,
        taxCents: refunds.taxCents,
        tipCents: refunds.tipCents,
        recordedById: payments.recordedById,
        recordedBy: payments.recordedBy,
        sessionId: payments.sessionId,
        provider: payments.provider,
      })
      .from(refunds)
      .innerJoin(tables, eq(tables.id, refunds.tableId))
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(own, refundStands, gte(refunds.createdAt, period.fromMs), lt(refunds.createdAt, period.toMs))),
    db
      .select({ kind: billAdjustments.kind, amountCents: billAdjustments.amountCents })
      .from(billAdjustments)
      .innerJoin(tables, eq(tables.id, billAdjustments.tableId))
      .where(and(own, gte(billAdjustments.createdAt, period.fromMs), lt(billAdjustments.createdAt, period.toMs))),
    db
      .select({ unpaidCents: tableSessions.unpaidCents, unpaidReason: tableSessions.unpaidReason })
      .from(tableSessions)
      .innerJoin(tables, eq(tables.id, tableSessions.tableId))
      .where(and(own, gte(tableSessions.closedAt, period.fromMs), lt(tableSessions.closedAt, period.toMs))),
    db
      .select({ amountCents: disputes.amountCents, status: disputes.status })
      .from(disputes)
      .innerJoin(tableSessions, eq(tableSessions.id, disputes.sessionId))
      .innerJoin(tables, eq(tables.id, tableSessions.tableId))
      .where(and(own, gte(disputes.createdAt, period.fromMs), lt(disputes.createdAt, period.toMs))),
  ])
  const moved = <Row extends { provider: string }>(row: Row) => ({
    ...row,
    movedMoney: movedMoney(row, simulatedStandsIn),
  })
  return cashOut({
    payments: paid.map(moved),
    refunds: refunded.map(moved),
    adjustments: adjusted,
    closedBills: closed,
    disputes: disputed,
  })
}

/**
 * What the cash-out page and its CSV both start from: who is signed in,
 * the restaurant's clock, its registers, the period asked for and, when it
 * is a period, its cash-out and the drawer sessions that held cash in it.
 */
export async function loadCashOut(
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  access: PageAccess,
) {
  const { restaurant, person, role } = await requireStaff(context, request, 'page', access.view)
  const timeZone = restaurantTimeZone(restaurant.timeZone)
  const now = Date.now()
  const choice = periodOfRequest(request, timeZone, now)
  if (!choice.ok) return { ...choice, restaurant, person, role, timeZone, now }
  const env = context.cloudflare.env
  const ledger = ledgerOf(env, restaurant.id)
  // Only a period that reaches now shows the drawers open now, to count them.
  const current = choice.period.fromMs <= now && now < choice.period.toMs
  const named = await registersOf(env, restaurant.id)
  const [report, drawers] = await Promise.all([
    readCashOut(ledger, choice.period, simulatedStandsIn(env)),
    // A drawer's first session today holds the cash since today's business day began.
    drawerSessionsOf(
      ledger,
      choice.period,
      current ? { firstFrom: businessDay(businessDayOf(now, timeZone), timeZone)!.fromMs, registers: named } : null,
    ),
  ])
  return { ...choice, restaurant, person, role, timeZone, now, report, drawers, current, registers: named }
}
