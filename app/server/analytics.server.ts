import { and, desc, eq, gte, sql } from 'drizzle-orm'
import { CHART_DAYS, DAY_MS, emptyPeriod, lastDays, PERIOD_DAYS, salesPerDay, type PeriodTotals } from '~/domain/analytics'
import { RESTAURANT_TIME_ZONE } from '~/domain/format'
import type { Db } from './db/client.server'
import { billItems, payments, tables } from './db/schema.server'

const BEST_SELLERS = 5

/** The owner's sales from recorded payments and bill items: this 30 days, the 30 before, the last 7 days, and what sells. */
export async function readAnalytics(db: Db, userId: string, now = Date.now()) {
  const periodStart = now - PERIOD_DAYS * DAY_MS
  const ownPayments = eq(tables.userId, userId)
  const [periods, recent, sellers] = await db.batch([
    db
      .select({
        current: sql<number>`${payments.createdAt} >= ${periodStart}`,
        salesCents: sql<number>`sum(${payments.amountCents} + ${payments.taxCents})`,
        baseCents: sql<number>`sum(${payments.amountCents})`,
        tipCents: sql<number>`sum(${payments.tipCents})`,
        tablesServed: sql<number>`count(distinct ${payments.sessionId})`,
      })
      .from(payments)
      .innerJoin(tables, eq(tables.id, payments.tableId))
      .where(and(ownPayments, gte(payments.createdAt, now - 2 * PERIOD_DAYS * DAY_MS)))
      .groupBy(sql`1`),
    // A day more than the chart, so the restaurant's earliest day is whole whatever its offset from UTC.
    db
      .select({ createdAt: payments.createdAt, cents: sql<number>`${payments.amountCents} + ${payments.taxCents}` })
      .from(payments)
      .innerJoin(tables, eq(tables.id, payments.tableId))
      .where(and(ownPayments, gte(payments.createdAt, now - (CHART_DAYS + 1) * DAY_MS))),
    db
      .select({
        name: sql<string>`max(${billItems.name})`,
        quantity: sql<number>`sum(${billItems.quantity})`,
        cents: sql<number>`sum(${billItems.priceCents})`,
      })
      .from(billItems)
      .innerJoin(tables, eq(tables.id, billItems.tableId))
      .where(and(ownPayments, gte(billItems.createdAt, periodStart)))
      // A menu item is one product even if renamed; free-form lines are told apart by name.
      .groupBy(sql`coalesce(${billItems.menuItemId}, ${billItems.name})`)
      .orderBy(desc(sql`sum(${billItems.quantity})`), desc(sql`sum(${billItems.priceCents})`))
      .limit(BEST_SELLERS),
  ])
  const period = (current: boolean): PeriodTotals => {
    const row = periods.find((candidate) => Boolean(candidate.current) === current)
    return row ? { salesCents: row.salesCents, baseCents: row.baseCents, tipCents: row.tipCents, tablesServed: row.tablesServed } : emptyPeriod
  }
  return {
    current: period(true),
    previous: period(false),
    days: salesPerDay(recent, lastDays(now, CHART_DAYS, RESTAURANT_TIME_ZONE), RESTAURANT_TIME_ZONE),
    bestSellers: sellers,
  }
}

export type Analytics = Awaited<ReturnType<typeof readAnalytics>>
