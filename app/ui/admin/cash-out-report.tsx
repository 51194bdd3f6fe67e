import type { ReactNode } from 'react'
import { LEDGER_METHODS } from '~/domain/bill'
import { METHOD_GROUPS, type CashOut } from '~/domain/cash-out'
import { useI18n } from '../i18n'
import { DemoPayments } from './demo-payments'
import { Panel } from './panel'

/** Panels lose their card look on paper, and none is cut across two pages. */
const PRINTED = 'break-inside-avoid print:rounded-none print:border print:border-stone-300 print:p-3 print:shadow-none'

/** A label and an amount on one line. */
function Line({
  label,
  hint,
  value,
  testId,
  strong = false,
}: {
  label: ReactNode
  hint?: string
  value: string
  testId?: string
  strong?: boolean
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-3 py-1.5 ${strong ? 'border-t border-stone-200 font-bold dark:border-stone-700' : ''}`}
    >
      <dt className="min-w-0">
        {label}
        {hint ? <span className="block text-sm font-normal text-stone-600 dark:text-stone-400">{hint}</span> : null}
      </dt>
      <dd className="shrink-0 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

/** A figure's cell: narrower gaps on a phone, so four columns fit beside their labels. */
const FIGURE = 'py-1.5 pl-2 align-top sm:pl-3'

/** The head of a table of money: its rows' name, then bill part, tips and both. */
function MoneyHead({ first }: { first?: string }) {
  const { t } = useI18n()
  return (
    <thead className="text-sm text-stone-600 dark:text-stone-400">
      <tr>
        {first ? (
          <th scope="col" className="pb-2 text-left font-semibold">
            {first}
          </th>
        ) : (
          <td />
        )}
        {(['bill', 'tips', 'total'] as const).map((column) => (
          <th key={column} scope="col" className="pb-2 pl-2 font-semibold sm:pl-3">
            {t(`admin.cashOut.payments.${column}`)}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** The cash-out's figures: the headline amounts, then one panel per part of the books. */
export function CashOutReport({ report }: { report: CashOut }) {
  const { t, money } = useI18n()
  const method = (key: (typeof LEDGER_METHODS)[number]) => t(`admin.cashOut.methods.${key}`)
  const refunded = LEDGER_METHODS.filter((key) => report.refunds[key].count > 0)
  // The diners' own payments, and a name typed on records from before staff signed (beside a member of that name).
  const personHint = (row: CashOut['byStaff'][number]) =>
    row.staff === null
      ? `${t('admin.cashOut.dinersHint')} `
      : row.staffId === null
        ? `${t('admin.cashOut.typedHint')} `
        : ''
  const headline = [
    {
      key: 'expected-cash',
      label: t('admin.cashOut.expectedCash'),
      hint: t('admin.cashOut.expectedCashHint'),
      value: money(report.expectedCashCents),
    },
    {
      key: 'net-sales',
      label: t('admin.cashOut.netSales'),
      hint: t('admin.cashOut.netSalesHint'),
      value: money(report.netSalesCents),
    },
    { key: 'tips', label: t('admin.cashOut.tips'), hint: t('admin.cashOut.tipsHint'), value: money(report.tipsCents) },
  ]

  return (
    <div className="grid grid-cols-1 gap-6 print:gap-3">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3 print:grid-cols-3 print:gap-2">
        {headline.map((stat, index) => (
          <div
            key={stat.key}
            className={`rounded-2xl p-4 shadow-sm sm:p-5 ${index === 0 ? 'col-span-2 bg-emerald-800 text-white lg:col-span-1 dark:bg-emerald-900 print:col-span-1 print:bg-white print:text-stone-900' : 'bg-white dark:bg-stone-900'} ${PRINTED}`}
          >
            <dt
              className={`font-semibold ${index === 0 ? 'text-emerald-50' : 'text-stone-700 dark:text-stone-300'} print:text-stone-900`}
            >
              {stat.label}
            </dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl print:text-2xl" data-testid={stat.key}>
              {stat.value}
            </dd>
            <dd
              className={`mt-1 text-sm ${index === 0 ? 'text-emerald-50' : 'text-stone-600 dark:text-stone-400'} print:text-stone-700`}
            >
              {stat.hint}
            </dd>
          </div>
        ))}
      </dl>
      <DemoPayments
        count={report.demo.count}
        text={t('admin.cashOut.demo', { count: report.demo.count, amount: money(report.demo.billCents) })}
      />

      <Panel title={t('admin.cashOut.money.title')} className={PRINTED}>
        <p className="mb-2 text-sm text-stone-600 dark:text-stone-400">{t('admin.cashOut.money.lead')}</p>
        <div className="-mx-3 overflow-x-auto sm:mx-0">
          <table
            className="w-full min-w-[18rem] text-right text-sm tabular-nums sm:text-base"
            data-testid="money-summary"
          >
            <MoneyHead />
            <tbody>
              {(['gross', 'refunds', 'net'] as const).map((key) => {
                const figures = report.summary[key]
                // What went back reads as money out; nothing reads as $0.00, never -$0.00.
                const shown = (cents: number) => money(key === 'refunds' && cents !== 0 ? -cents : cents)
                return (
                  <tr
                    key={key}
                    data-testid={`money-${key}`}
                    className={key === 'net' ? 'border-t border-stone-200 font-bold dark:border-stone-700' : ''}
                  >
                    <th scope="row" className="py-1.5 text-left align-top font-semibold">
                      {t(`admin.cashOut.money.${key}`)}
                    </th>
                    <td className={FIGURE}>{shown(figures.billCents)}</td>
                    <td className={FIGURE}>{shown(figures.tipCents)}</td>
                    <td className={`${FIGURE} font-semibold`}>{shown(figures.totalCents)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </Panel>

      <Panel title={t('admin.cashOut.payments.title')} className={PRINTED}>
        <div className="-mx-3 overflow-x-auto sm:mx-0">
          <table
            className="w-full min-w-[18rem] text-right text-sm tabular-nums sm:text-base"
            data-testid="payments-by-method"
          >
            <MoneyHead first={t('admin.cashOut.payments.method')} />
            <tbody>
              {[...METHOD_GROUPS, 'total' as const].map((group) => {
                const takings = report.payments[group]
                const total = group === 'total'
                return (
                  <tr
                    key={group}
                    data-testid={`payments-${group}`}
                    className={total ? 'border-t border-stone-200 font-bold dark:border-stone-700' : ''}
                  >
                    <th scope="row" className={`py-1.5 text-left align-top ${total ? '' : 'font-semibold'}`}>
                      {t(`admin.cashOut.groups.${group}`)}
                      <span className="block text-sm font-normal text-stone-600 dark:text-stone-400">
                        {/* Too long for a phone's first column: the note under the table says it there. */}
                        {total ? (
                          ''
                        ) : (
                          <span className="hidden sm:inline print:inline">{`${t(`admin.cashOut.groupHints.${group}`)} · `}</span>
                        )}
                        {t('admin.cashOut.payments.count', { count: takings.count })}
                      </span>
                    </th>
                    <td className={FIGURE}>{money(takings.billCents)}</td>
                    <td className={FIGURE}>{money(takings.tipCents)}</td>
                    <td className={`${FIGURE} font-semibold`}>{money(takings.billCents + takings.tipCents)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-sm text-stone-600 sm:hidden dark:text-stone-400 print:hidden">
          {METHOD_GROUPS.map(
            (group) => `${t(`admin.cashOut.groups.${group}`)}: ${t(`admin.cashOut.groupHints.${group}`)}.`,
          ).join(' ')}
        </p>
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2 print:grid-cols-2 print:gap-3">
        <Panel title={t('admin.cashOut.drawer.title')} className={PRINTED}>
          <dl data-testid="drawer">
            <Line label={t('admin.cashOut.drawer.cashIn')} value={money(report.cashInCents)} testId="cash-in" />
            <Line
              label={t('admin.cashOut.drawer.cashOut')}
              value={money(report.cashOutCents === 0 ? 0 : -report.cashOutCents)}
              testId="cash-out"
            />
            <Line label={t('admin.cashOut.drawer.expected')} value={money(report.expectedCashCents)} strong />
          </dl>
        </Panel>

        <Panel title={t('admin.cashOut.refunds.title')} className={PRINTED}>
          {report.refunds.total.count === 0 ? (
            <p className="text-stone-600 dark:text-stone-400">{t('admin.cashOut.refunds.none')}</p>
          ) : (
            <dl data-testid="refunds">
              {refunded.map((key) => (
                <Line
                  key={key}
                  label={method(key)}
                  hint={t('admin.cashOut.refunds.count', { count: report.refunds[key].count })}
                  value={money(report.refunds[key].billCents + report.refunds[key].tipCents)}
                  testId={`refunds-${key}`}
                />
              ))}
              <Line
                label={t('admin.cashOut.refunds.total')}
                hint={t('admin.cashOut.refunds.count', { count: report.refunds.total.count })}
                value={money(report.refunds.total.billCents + report.refunds.total.tipCents)}
                testId="refunds-total"
                strong
              />
            </dl>
          )}
        </Panel>

        <Panel title={t('admin.cashOut.tipsByMethod')} className={PRINTED}>
          <dl data-testid="tips-by-method">
            {LEDGER_METHODS.map((key) => (
              <Line key={key} label={method(key)} value={money(report.tipsByMethod[key])} testId={`tips-${key}`} />
            ))}
            <Line label={t('admin.cashOut.tips')} value={money(report.tipsCents)} strong />
          </dl>
        </Panel>

        <Panel
          title={t('admin.cashOut.byStaff')}
          className={PRINTED}
          empty={report.byStaff.length === 0 ? t('admin.cashOut.payments.none') : null}
        >
          <dl data-testid="tips-by-staff">
            {report.byStaff.map((row) => (
              <Line
                key={`${row.staffId}:${row.staff}`}
                label={<span className="font-semibold">{row.staff ?? t('admin.cashOut.diners')}</span>}
                hint={`${personHint(row)}${t('admin.cashOut.payments.countFor', { count: row.payments, amount: money(row.billCents) })}`}
                value={money(row.tipCents)}
              />
            ))}
          </dl>
        </Panel>

        <Panel title={t('admin.cashOut.adjustments.title')} className={PRINTED}>
          <dl data-testid="adjustments">
            <Line
              label={t('admin.cashOut.adjustments.voids')}
              hint={t('admin.cashOut.adjustments.voidCount', { count: report.voids.count })}
              value={money(report.voids.amountCents)}
              testId="voids"
            />
            <Line
              label={t('admin.cashOut.adjustments.comps')}
              hint={t('admin.cashOut.adjustments.compCount', { count: report.comps.count })}
              value={money(report.comps.amountCents)}
              testId="comps"
            />
          </dl>
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{t('admin.cashOut.adjustments.hint')}</p>
        </Panel>

        <Panel title={t('admin.cashOut.bills.title')} className={PRINTED}>
          <dl data-testid="bills">
            <Line
              label={t('admin.cashOut.bills.closed')}
              value={String(report.billsClosed)}
              testId="bills-closed-count"
            />
            <Line
              label={t('admin.cashOut.bills.unpaid')}
              hint={t('admin.cashOut.bills.count', { count: report.unpaid.count })}
              value={money(report.unpaid.amountCents)}
              testId="bills-unpaid"
            />
            <Line
              label={t('admin.cashOut.bills.disputesOpen')}
              hint={t('admin.cashOut.bills.disputes', { count: report.disputes.count })}
              value={money(report.disputes.openCents)}
              testId="disputes-open"
            />
            <Line
              label={t('admin.cashOut.bills.disputesLost')}
              value={money(report.disputes.lostCents)}
              testId="disputes-lost"
            />
            <Line
              label={t('admin.cashOut.bills.voidedPayments')}
              hint={t('admin.cashOut.bills.voidedPaymentsHint', { count: report.voidedPayments.count })}
              value={money(report.voidedPayments.amountCents)}
              testId="voided-payments"
            />
          </dl>
          {report.unpaid.count === 0 ? (
            <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{t('admin.cashOut.bills.noneUnpaid')}</p>
          ) : (
            <>
              <h3 className="mt-3 font-semibold">{t('admin.cashOut.bills.reasons')}</h3>
              <dl data-testid="unpaid-reasons" className="text-sm">
                {report.unpaid.reasons.map((row) => (
                  <Line
                    key={row.reason ?? ''}
                    label={`${row.reason ?? t('admin.cashOut.bills.noReason')} (${row.count})`}
                    value={money(row.amountCents)}
                  />
                ))}
              </dl>
            </>
          )}
        </Panel>
      </div>
    </div>
  )
}
