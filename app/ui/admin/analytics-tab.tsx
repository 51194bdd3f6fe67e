import { Link } from '@remix-run/react'
import { ANALYTICS_RANGES, averageTicket, averageTipPercent, percentChange } from '~/domain/analytics'
import { formatMoneyShort } from '~/domain/money'
import type { Analytics } from '~/server/books/analytics.server'
import { useClock } from '../clock'
import { useI18n } from '../i18n'
import { DemoPayments } from './demo-payments'
import { Panel } from './panel'

/** The Analytics tab: recorded sales only, with an honest empty state for each part. */
export function AnalyticsTab({ analytics }: { analytics: Analytics }) {
  const { t, money, locale } = useI18n()
  const clock = useClock()
  const { current, previous, days, hours, byStaff, bestSellers, ratings, range } = analytics
  const rangeName = t(`admin.analytics.ranges.${range}`)
  const signed = (value: number, unit = '') =>
    `${new Intl.NumberFormat(locale, { signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(value)}${unit}`
  const hadPrevious = previous.tablesServed > 0
  const salesChange = percentChange(current.salesCents, previous.salesCents)
  const compare = (change: string | null) =>
    hadPrevious && change !== null ? t('admin.analytics.vsPrevious', { change }) : t('admin.analytics.noPrevious')
  const tip = averageTipPercent(current)
  const stats = [
    {
      key: 'totalSales',
      value: money(current.salesCents),
      change: compare(salesChange === null ? null : signed(salesChange, ' %')),
    },
    {
      key: 'tablesServed',
      value: String(current.tablesServed),
      change: compare(signed(current.tablesServed - previous.tablesServed)),
    },
    {
      key: 'averageTip',
      value: `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(tip)} %`,
      change: compare(t('admin.analytics.points', { value: signed(tip - averageTipPercent(previous)) })),
    },
  ] as const
  const busiest = Math.max(...days.map((day) => day.cents))
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' })

  return (
    <section aria-labelledby="analytics-title" className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="analytics-title" className="text-2xl font-bold">
          {t('admin.dashboard.tabs.analytics')}
        </h1>
        <a
          href={`/admin/dashboard/analytics.csv?days=${range}`}
          download
          className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline underline-offset-2 dark:text-emerald-400"
          data-testid="analytics-csv"
        >
          {t('admin.analytics.csv')}
        </a>
      </div>
      <nav aria-label={t('admin.analytics.range')}>
        <ul className="flex flex-wrap gap-2">
          {ANALYTICS_RANGES.map((days) => (
            <li key={days}>
              <Link
                to={`?days=${days}`}
                replace
                preventScrollReset
                aria-current={days === range ? 'true' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 font-semibold ${days === range ? 'border-emerald-800 bg-emerald-800 text-white dark:border-emerald-500' : 'border-stone-300 bg-white hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:hover:bg-stone-800'}`}
                data-testid={`range-${days}`}
              >
                {t(`admin.analytics.ranges.${days}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <dl className="grid gap-4 sm:grid-cols-3">
        {stats.map((stat) => (
          <div
            key={stat.key}
            className="rounded-2xl bg-white p-5 shadow-sm dark:bg-stone-900"
            data-testid={`stat-${stat.key}`}
          >
            <dt className="font-semibold text-stone-700 dark:text-stone-300">{t(`admin.analytics.${stat.key}`)}</dt>
            <dd className="mt-1 text-3xl font-bold tabular-nums">{stat.value}</dd>
            <dd className="mt-1 text-sm text-stone-600 dark:text-stone-400">
              {rangeName} · {stat.change}
            </dd>
          </div>
        ))}
      </dl>
      <DemoPayments
        count={analytics.demo.count}
        text={t('admin.analytics.demo', { count: analytics.demo.count, amount: money(analytics.demo.cents) })}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Panel title={t('admin.analytics.salesPerDay')} empty={busiest === 0 ? t('admin.analytics.noData') : null}>
          <ol className="flex h-48 items-end gap-2" data-testid="sales-per-day">
            {days.map((day) => (
              <li
                key={day.day}
                className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1 text-center"
              >
                {/* Seven bars share a phone's width: the label is short, the full figure is read out below. */}
                <span className="text-[0.65rem] text-stone-700 tabular-nums dark:text-stone-300" aria-hidden="true">
                  {day.cents > 0 ? formatMoneyShort(day.cents) : ''}
                </span>
                <span
                  aria-hidden="true"
                  className="w-full rounded-t-md bg-emerald-700"
                  style={{ height: `${Math.max(day.cents > 0 ? 4 : 1, (day.cents / busiest) * 100)}%` }}
                />
                <span className="text-xs text-stone-600 dark:text-stone-400">
                  {weekday.format(new Date(`${day.day}T12:00:00Z`))}
                </span>
                <span className="sr-only">{money(day.cents)}</span>
              </li>
            ))}
          </ol>
        </Panel>

        <Panel title={t('admin.analytics.byHour')} empty={hours.length === 0 ? t('admin.analytics.noData') : null}>
          <HourBars hours={hours} />
        </Panel>

        <Panel
          title={t('admin.analytics.ratings.title')}
          empty={ratings.current.count === 0 ? t('admin.analytics.ratings.none') : null}
        >
          <div className="grid gap-3" data-testid="ratings">
            <p>
              <span className="text-3xl font-bold tabular-nums" data-testid="rating-average">
                {ratings.current.average?.toLocaleString(locale, { minimumFractionDigits: 1 })}
              </span>{' '}
              <span className="text-amber-600 dark:text-amber-400" aria-hidden="true">
                ★
              </span>{' '}
              <span className="text-stone-600 dark:text-stone-400">
                {t('admin.analytics.ratings.count', { count: ratings.current.count })}
                {ratings.previous.average !== null
                  ? ` · ${t('admin.analytics.ratings.before', { average: ratings.previous.average.toLocaleString(locale, { minimumFractionDigits: 1 }) })}`
                  : ''}
              </span>
            </p>
            <ul className="grid grid-cols-1 gap-2" data-testid="rating-comments">
              {ratings.comments.map((rating) => (
                <li
                  key={rating.createdAt}
                  className="grid gap-0.5 border-t border-stone-100 pt-2 dark:border-stone-800"
                >
                  <p className="text-sm text-stone-600 dark:text-stone-400">
                    <span className="text-amber-600 dark:text-amber-400">{'★'.repeat(rating.stars)}</span> ·{' '}
                    {t('admin.analytics.ratings.table', { table: rating.tableNumber })} ·{' '}
                    {clock.dateTime(rating.createdAt)}
                  </p>
                  <p className="break-words">{rating.comment}</p>
                </li>
              ))}
            </ul>
          </div>
        </Panel>

        <Panel title={t('admin.cashOut.byStaff')} empty={byStaff.length === 0 ? t('admin.analytics.noData') : null}>
          <StaffTable rows={byStaff} />
        </Panel>

        <Panel
          title={t('admin.analytics.bestSellers')}
          empty={bestSellers.length === 0 ? t('admin.analytics.noData') : null}
        >
          <ol className="grid grid-cols-1 gap-2" data-testid="best-sellers">
            {bestSellers.map((item, index) => (
              <li key={item.name} className="flex items-baseline gap-3">
                <span className="w-5 font-bold text-stone-500 dark:text-stone-400">{index + 1}</span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold break-words">{item.name}</span>
                  <span className="block text-sm text-stone-600 dark:text-stone-400">
                    {t('admin.analytics.sold', { count: item.quantity })}
                  </span>
                </span>
                <span className="tabular-nums">{money(item.cents)}</span>
              </li>
            ))}
          </ol>
        </Panel>
      </div>
    </section>
  )
}

/** Net sales per hour of the business day, a bar each, the figure read out for those who do not see the bars. */
function HourBars({ hours }: { hours: Analytics['hours'] }) {
  const { t, money } = useI18n()
  const busiest = Math.max(1, ...hours.map((hour) => hour.cents))
  return (
    <ol className="grid grid-cols-1 gap-1" data-testid="sales-by-hour">
      {hours.map((hour) => (
        <li key={hour.hour} className="grid grid-cols-[3rem_1fr_auto] items-center gap-2 text-sm">
          <span className="text-stone-600 tabular-nums dark:text-stone-400">
            {t('admin.analytics.hour', { hour: String(hour.hour).padStart(2, '0') })}
          </span>
          <span className="h-3 rounded-full bg-stone-100 dark:bg-stone-800" aria-hidden="true">
            <span
              className="block h-3 rounded-full bg-emerald-700"
              style={{ width: `${Math.max(0, (hour.cents / busiest) * 100)}%` }}
            />
          </span>
          <span className="tabular-nums">{money(hour.cents)}</span>
        </li>
      ))}
    </ol>
  )
}

/**
 * Who took the range's payments, in the cash-out's words and figures: how
 * many, on how many tables, the bill part kept, the tips kept, and what
 * they took per table. The diners' own payments through Mesa are a row.
 */
function StaffTable({ rows }: { rows: Analytics['byStaff'] }) {
  const { t, money } = useI18n()
  const columns = ['payments', 'tables', 'sales', 'tips', 'average'] as const
  return (
    <ul className="grid grid-cols-1 gap-3" data-testid="by-staff">
      {rows.map((row) => (
        <li key={row.staffId ?? row.staff ?? 'diners'} className="grid gap-1" data-testid="staff-row">
          <p className="font-semibold break-words">{row.staff ?? t('admin.cashOut.diners')}</p>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-0.5 text-sm sm:grid-cols-5">
            {columns.map((column) => (
              <div key={column} className="flex justify-between gap-2 sm:grid sm:justify-start">
                <dt className="text-stone-600 dark:text-stone-400">{t(`admin.analytics.columns.${column}`)}</dt>
                <dd className="font-semibold tabular-nums">
                  {column === 'payments'
                    ? row.payments
                    : column === 'tables'
                      ? row.tables
                      : money(
                          column === 'sales' ? row.billCents : column === 'tips' ? row.tipCents : averageTicket(row),
                        )}
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  )
}
