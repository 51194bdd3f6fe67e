import type { TFunction } from '~/locales/translate'
import { averageTicket, averageTipPercent, type AnalyticsRange, type PeriodTotals } from './analytics'
import { count, csvDocument, money, text, type Cell } from './csv'
import type { Cents } from './money'

/** What the analytics page shows of a range, as its CSV takes it. */
export interface AnalyticsFigures {
  range: AnalyticsRange
  current: PeriodTotals
  hours: readonly { hour: number; cents: Cents }[]
  byStaff: readonly { staff: string | null; payments: number; tables: number; billCents: Cents; tipCents: Cents }[]
  bestSellers: readonly { name: string; quantity: number; cents: Cents }[]
}

/** The file's name: `analitica-30-dias-2026-11-30.csv`. */
export const analyticsFileName = (range: AnalyticsRange, today: string, t: TFunction) =>
  `${t('admin.analytics.file')}-${range}-${today}.csv`

/**
 * The analytics page's figures as a spreadsheet, in the page's words: the
 * range's totals, its sales by hour, by who took them, and every dish sold;
 * each section under a row naming its columns.
 */
export function analyticsCsv(
  figures: AnalyticsFigures,
  about: { restaurant: string; today: string; timeZone: string },
  t: TFunction,
): string {
  const column = (key: 'person' | 'payments' | 'tables' | 'sales' | 'tips' | 'average') =>
    text(t(`admin.analytics.columns.${key}`))
  const { current } = figures
  const rows: Cell[][] = [
    [text(t('admin.cashOut.csv.restaurant')), text(about.restaurant)],
    [text(t('admin.analytics.range')), text(t(`admin.analytics.ranges.${figures.range}`))],
    [text(t('admin.cashOut.csv.to')), text(about.today)],
    [text(t('admin.cashOut.csv.timeZone')), text(about.timeZone)],
    [],
    [text(t('admin.analytics.totalSales')), money(current.salesCents)],
    [text(t('admin.analytics.tablesServed')), count(current.tablesServed)],
    [text(t('admin.analytics.columns.tips')), money(current.tipCents)],
    [text(t('admin.analytics.averageTip')), { number: String(averageTipPercent(current)) }],
    [],
    [text(t('admin.analytics.byHour')), column('sales')],
    ...figures.hours.map((hour): Cell[] => [
      text(t('admin.analytics.hour', { hour: String(hour.hour).padStart(2, '0') })),
      money(hour.cents),
    ]),
    [],
    [column('person'), column('payments'), column('tables'), column('sales'), column('tips'), column('average')],
    ...figures.byStaff.map((row): Cell[] => [
      text(row.staff ?? t('admin.cashOut.diners')),
      count(row.payments),
      count(row.tables),
      money(row.billCents),
      money(row.tipCents),
      money(averageTicket(row)),
    ]),
    [],
    [text(t('admin.analytics.bestSellers')), text(t('admin.analytics.columns.sold')), column('sales')],
    ...figures.bestSellers.map((dish): Cell[] => [text(dish.name), count(dish.quantity), money(dish.cents)]),
  ]
  return csvDocument(rows)
}
