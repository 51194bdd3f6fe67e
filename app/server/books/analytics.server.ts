import { and, desc, eq, gte, lt, not, sql } from 'drizzle-orm'
import {
  analyticsPeriods,
  analyticsRange,
  CHART_DAYS,
  DAY_MS,
  lastDays,
  salesByHour,
  salesPerDay,
  type AnalyticsRange,
  type PeriodTotals,
} from '~/domain/analytics'
import { billPart, netOf, type Sums } from '~/domain/bill'
import { movedMoney } from '~/domain/fiscal'
import { RESTAURANT_TIME_ZONE } from '~/domain/format'
import { ratingSummary } from '~/domain/ratings'
import type { Ledger } from './ledger.server'
import { ratingsBetween } from '../ratings/ratings.server'
import { readCashOut } from './cash-out.server'
import { billItems, notAVoid, payments, paymentVoided, refunds, refundStands, tables } from '../db/schema.server'

/** The dishes the page lists; the CSV has every one. */
export const BEST_SELLERS = 10
const LATEST_COMMENTS = 5

const noSums: Sums = { amountCents: 0, taxCents: 0, tipCents: 0 }
const plus = (a: Sums, b: Sums): Sums => ({
  amountCents: a.amountCents + b.amountCents,
  taxCents: a.taxCents + b.taxCents,
  tipCents: a.tipCents + b.tipCents,
})

/**
 * Periods are summed apart for the simulated provider's payments and the
 * others (whose `min(provider)` stands for them), so movedMoney decides
 * which are sales without the rule written again in SQL.
 */
const bySimulated = sql`${payments.provider} = 'simulated'`

/**
 * The owner's sales from recorded payments less refunds (each counted when it
 * was made, as the cash-out counts them; a voided payment is neither), and
 * what sells, over a range of business days ending today (`days`) and the
 * as many before it; the last 7 days in the restaurant's clock; the range's
 * sales by hour, by who took them (the cash-out's own figures) and by dish.
 * Payments that moved no money (see movedMoney) are no sales: they are
 * counted apart. `dishes`: how many dishes to list, most sold first.
 */
export async function readAnalytics(
  ledger: Ledger,
  {
    days = analyticsRange(null),
    timeZone = RESTAURANT_TIME_ZONE,
    now = Date.now(),
    simulatedStandsIn,
    dishes = BEST_SELLERS,
  }: { days?: AnalyticsRange; timeZone?: string; now?: number; simulatedStandsIn: boolean; dishes?: number },
) {
  const { db, restaurantId } = ledger
  const range = analyticsPeriods(days, timeZone, now)
  const periodStart = range.current.fromMs
  const compareStart = range.previous.fromMs
  // A day more than the chart, so the restaurant's earliest day is whole whatever its offset from UTC; the range's hours too.
  const chartStart = Math.min(now - (CHART_DAYS + 1) * DAY_MS, periodStart)
  const own = eq(tables.restaurantId, restaurantId)
  // A voided payment was never a sale, nor its void a refund: both are left out, as the cash-out leaves them out.
  const sold = not(paymentVoided)
  const [paidPeriods, refundedPeriods, paidRecently, refundedRecently, sellers] = await db.batch([
    db
      .select({
        current: sql<number>`${payments.createdAt} >= ${periodStart}`,
        amountCents: sql<number>`sum(${payments.amountCents})`,
        taxCents: sql<number>`sum(${payments.taxCents})`,
        tipCents: sql<number>`sum(${payments.tipCents})`,
        tablesServed: sql<number>`count(distinct ${payments.sessionId})`,
        count: sql<number>`count(*)`,
        provider: sql<string>`min(${payments.provider})`,
      })
      .from(payments)
      .innerJoin(tables, eq(tables.id, payments.tableId))
      .where(and(own, sold, gte(payments.createdAt, compareStart), lt(payments.createdAt, range.current.toMs)))
      .groupBy(sql`1`, bySimulated),
    db
      .select({
        current: sql<number>`${refunds.createdAt} >= ${periodStart}`,
        amountCents: sql<number>`sum(${refunds.amountCents})`,
        taxCents: sql<number>`sum(${refunds.taxCents})`,
        tipCents: sql<number>`sum(${refunds.tipCents})`,
        provider: sql<string>`min(${payments.provider})`,
      })
      .from(refunds)
      .innerJoin(tables, eq(tables.id, refunds.tableId))
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(
        and(
          own,
          refundStands,
          notAVoid,
          gte(refunds.createdAt, compareStart),
          lt(refunds.createdAt, range.current.toMs),
        ),
      )
      .groupBy(sql`1`, bySimulated),
    db
      .select({
        createdAt: payments.createdAt,
        cents: sql<number>`${payments.amountCents} + ${payments.taxCents}`,
        provider: payments.provider,
      })
      .from(payments)
      .innerJoin(tables, eq(tables.id, payments.tableId))
      .where(and(own, sold, gte(payments.createdAt, chartStart))),
    db
      .select({
        createdAt: refunds.createdAt,
        cents: sql<number>`-(${refunds.amountCents} + ${refunds.taxCents})`,
        provider: payments.provider,
      })
      .from(refunds)
      .innerJoin(tables, eq(tables.id, refunds.tableId))
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(own, refundStands, notAVoid, gte(refunds.createdAt, chartStart))),
    db
      .select({
        name: sql<string>`max(${billItems.name})`,
        quantity: sql<number>`sum(${billItems.quantity})`,
        cents: sql<number>`sum(${billItems.priceCents})`,
      })
      .from(billItems)
      .innerJoin(tables, eq(tables.id, billItems.tableId))
      // What was sold: a comp is given away, not sold.
      .where(and(own, gte(billItems.createdAt, periodStart), eq(billItems.comped, false)))
      // A menu item is one product even if renamed; free-form lines are told apart by name.
      .groupBy(sql`coalesce(${billItems.menuItemId}, ${billItems.name})`)
      .orderBy(desc(sql`sum(${billItems.quantity})`), desc(sql`sum(${billItems.priceCents})`))
      .limit(dishes),
  ])
  const moved = (row: { provider: string }) => movedMoney(row, simulatedStandsIn)
  /** The window's rows of money that moved (`real`) or of the demo, added up. */
  const inWindow = <Row extends Sums & { current: number; provider: string }>(
    rows: Row[],
    current: boolean,
    real: boolean,
  ) => rows.filter((row) => Boolean(row.current) === current && moved(row) === real).reduce(plus, noSums)
  const period = (current: boolean): PeriodTotals => {
    const net = netOf(inWindow(paidPeriods, current, true), [inWindow(refundedPeriods, current, true)])
    return {
      salesCents: billPart(net),
      baseCents: net.amountCents,
      tipCents: net.tipCents,
      tablesServed: paidPeriods.find((row) => Boolean(row.current) === current && moved(row))?.tablesServed ?? 0,
    }
  }
  const demoRows = paidPeriods.filter((row) => Boolean(row.current) && !moved(row))
  const demoNet = netOf(inWindow(paidPeriods, true, false), [inWindow(refundedPeriods, true, false)])
  const [rated, byStaff] = await Promise.all([
    ratingsBetween(ledger, compareStart, now),
    readCashOut(ledger, range.current, simulatedStandsIn).then((report) => report.byStaff),
  ])
  const recent = [...paidRecently, ...refundedRecently].filter(moved)
  const latest = rated.filter((rating) => rating.createdAt >= periodStart)
  return {
    current: period(true),
    previous: period(false),
    // This 30 days' payments that moved no money: shown apart, never as sales.
    demo: { count: demoRows.reduce((sum, row) => sum + row.count, 0), cents: billPart(demoNet) },
    // The same periods as the sales: how diners rated them, and the latest comments (for staff alone).
    ratings: {
      current: ratingSummary(latest),
      previous: ratingSummary(rated.filter((rating) => rating.createdAt < periodStart)),
      comments: latest.filter((rating) => rating.comment).slice(0, LATEST_COMMENTS),
    },
    range: days,
    days: salesPerDay(recent, lastDays(now, CHART_DAYS, timeZone), timeZone),
    hours: salesByHour(
      recent.filter((record) => record.createdAt >= periodStart),
      timeZone,
    ),
    byStaff,
    bestSellers: sellers,
  }
}

export type Analytics = Awaited<ReturnType<typeof readAnalytics>>
