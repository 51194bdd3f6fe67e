import { Link } from '@remix-run/react'
import type { loader } from '~/routes/admin.tables.$id'
import { Panel } from '~/ui/admin/panel'
import { useI18n } from '~/ui/i18n'
import { useClock } from '~/ui/clock'

type ClosedBill = NonNullable<Awaited<ReturnType<typeof loader>>['details']['previous']>[number]

/** The last bills closed on a table, each linking to its page: for those who may see the books. */
export function PreviousBills({ tableId, bills }: { tableId: string; bills: readonly ClosedBill[] }) {
  const { t, money } = useI18n()
  const clock = useClock()
  return (
    <Panel title={t('admin.details.previous')} empty={bills.length === 0 ? t('admin.details.noPrevious') : null}>
      <ul className="divide-y divide-stone-100 dark:divide-stone-800" data-testid="previous-bills">
        {bills.map((bill) => (
          <li key={bill.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
            <Link
              to={`/admin/tables/${tableId}/bills/${bill.id}`}
              className="font-semibold text-emerald-800 underline dark:text-emerald-400"
              data-testid="previous-bill-link"
            >
              {t('admin.details.closedAt', { date: clock.dateTime(bill.closedAt) })}
            </Link>
            <span className="tabular-nums">
              {t('admin.details.previousLine', {
                count: bill.payments,
                amount: money(bill.totals.paid),
                tip: money(bill.tipCents),
              })}
            </span>
            {bill.totals.refunded > 0 ? (
              <span className="w-full text-red-800 dark:text-red-300">
                {t('admin.books.refundedAmount', { amount: money(bill.totals.refunded) })}
              </span>
            ) : null}
            {bill.unpaidCents > 0 ? (
              <span className="w-full text-amber-800 dark:text-amber-200" data-testid="previous-unpaid">
                {t('admin.books.leftUnpaid', {
                  amount: money(bill.unpaidCents),
                  reason: bill.unpaidReason ?? '',
                  staff: bill.closedBy ?? '',
                })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </Panel>
  )
}
