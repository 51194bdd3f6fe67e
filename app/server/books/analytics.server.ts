import { and, desc, eq, gte, sql } from 'drizzle-orm'
import { CHART_DAYS, DAY_MS, lastDays, PERIOD_DAYS, salesPerDay, type PeriodTotals } from '~/domain/analytics'
import { billPart, netOf, type Sums } from '~/domain/cash-out'
import { RESTAURANT_TIME_ZONE } from '~/domain/format'
import { ratingSummary } from '~/domain/ratings'
import type { Ledger } from './ledger.server'
import { ratingsBetween } from '../ratings/ratings.server'
import { billItems, payments, refunds, refundStands, tables } from '../db/schema.server'

const BEST_SELLERS = 5
const LATEST_COMMENTS = 5

const noSums: Sums = { amountCents: 0, taxCents: 0, tipCents: 0 }

/**
 * The owner's sales from recorded payments less refunds (each counted when it
 * was made, as the cash-out counts them), and what sells: this 30 days, the
 * 30 before, the last 7 days in the restaurant's clock.
 */
export async function readAnalytics(ledger: Ledger, timeZone = RESTAURANT_TIME_ZONE, now = Date.now()) {
  const { db, restaurantId } = ledger
  const periodStart = now - PERIOD_DAYS * DAY_MS
  // A day more than the chart, so the restaurant's earliest day is whole whatever its offset from UTC.
  const chartStart = now - (CHART_DAYS + 1) * DAY_MS
  const own = eq(tables.restaurantId, restaurantId)
  const [paidPeriods, refundedPeriods, paidRecently, refundedRecently, sellers] = await db.batch([
    db
      .select({
        current: sql<number>`${payments.createdAt} >= ${periodStart}`,
        amountCents: sql<number>`sum(${payments.amountCents})`,
        taxCents: sql<number>`sum(${payments.taxCents})`,
        tipCents: sql<number>`sum(${payments.tipCents})`,
        tablesServed: sql<number>`count(distinct ${payments.sessionId})`,
      })
      .from(payments)
      .innerJoin(tables, eq(tables.id, payments.tableId))
      .where(and(own, gte(payments.createdAt, now - 2 * PERIOD_DAYS * DAY_MS)))
      .groupBy(sql`1`),
    db
      .select({
        current: sql<number>`${refunds.createdAt} >= ${periodStart}`,
        amountCents: sql<number>`sum(${refunds.amountCents})`,
        taxCents: sql<number>`sum(${refunds.taxCents})`,
        tipCents: sql<number>`sum(${refunds.tipCents})`,
      })
      .from(refunds)
      .innerJoin(tables, eq(tables.id, refunds.tableId))
      .where(and(own, refundStands, gte(refunds.createdAt, now - 2 * PERIOD_DAYS * DAY_MS)))
      .groupBy(sql`1`),
    db
      .select({ createdAt: payments.createdAt, cents: sql<number>`${payments.amountCents} + ${payments.taxCents}` })
      .from(payments)
      .innerJoin(tables, eq(tables.id, payments.tableId))
      .where(and(own, gte(payments.createdAt, chartStart))),
    db
      .select({ createdAt: refunds.createdAt, cents: sql<number>`-(${refunds.amountCents} + ${refunds.taxCents})` })
      .from(refunds)
      .innerJoin(tables, eq(tables.id, refunds.tableId))
      .where(and(own, refundStands, gte(refunds.createdAt, chartStart))),
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
      .limit(BEST_SELLERS),
  ])
  const inWindow = <Row extends { current: number }>(rows: Row[], current: boolean) =>
    rows.find((candidate) => Boolean(candidate.current) === current)
  const period = (current: boolean): PeriodTotals => {
    const paid = inWindow(paidPeriods, current)
    const net = netOf(paid ?? noSums, inWindow(refundedPeriods, current) ?? noSums)
    return {
      salesCents: billPart(net),
      baseCents: net.amountCents,
      tipCents: net.tipCents,
      tablesServed: paid?.tablesServed ?? 0,
    }
  }
  const rated = await ratingsBetween(ledger, now - 2 * PERIOD_DAYS * DAY_MS, now)
  const latest = rated.filter((rating) => rating.createdAt >= periodStart)
  return {
    current: period(true),
    previous: period(false),
    // The same periods as the sales: how diners rated them, and the latest comments (for staff alone).
    ratings: {
      current: ratingSummary(latest),
      previous: ratingSummary(rated.filter((rating) => rating.createdAt < periodStart)),
      comments: latest.filter((rating) => rating.comment).slice(0, LATEST_COMMENTS),
    },
    days: salesPerDay([...paidRecently, ...refundedRecently], lastDays(now, CHART_DAYS, timeZone), timeZone),
    bestSellers: sellers,
  }
}

export type Analytics = Awaited<ReturnType<typeof readAnalytics>>
