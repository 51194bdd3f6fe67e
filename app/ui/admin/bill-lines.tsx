import { lineSettled } from '~/domain/bill'
import type { StaffLine } from '~/server/tables/table-details.server'
import { useI18n } from '~/ui/i18n'
import { useStaffNames } from './bill-records'
import { Panel } from './panel'

/**
 * How much of a line is paid and who paid which units: each payer of its
 * items, the payer of the rest that paid it, or the bill's equal shares and
 * amounts (which pay the bill, not a line). Nothing for a line nobody paid.
 */
export function LinePaid({ line }: { line: StaffLine }) {
  const { t } = useI18n()
  const named = useStaffNames()
  if (line.paidQuantity === 0 || line.comped) return null
  const settled = lineSettled(line)
  return (
    <p
      className={`text-sm ${settled ? 'text-emerald-800 dark:text-emerald-400' : 'text-amber-800 dark:text-amber-200'}`}
      data-testid="line-paid"
    >
      {settled
        ? t('admin.details.paid')
        : t('admin.details.paidUnits', { paid: line.paidQuantity, quantity: line.quantity })}
      {' · '}
      {line.whoPaid
        .map(({ payer, units }) =>
          line.quantity === 1
            ? payer === null
              ? t('admin.details.paidByShares')
              : t('admin.details.paidBy', { name: named(payer) })
            : payer === null
              ? t('admin.details.unitsPaidByShares', { count: units })
              : t('admin.details.unitsPaidBy', { name: named(payer), count: units }),
        )
        .join(' · ')}
    </p>
  )
}

/** What a closed bill consumed, line by line, with who paid which units: what a refund gives back is read from here. */
export function ConsumedPanel({ lines }: { lines: StaffLine[] }) {
  const { t, money } = useI18n()
  return (
    <Panel title={t('admin.details.items')} empty={lines.length === 0 ? t('admin.details.noItems') : null}>
      <ul className="divide-y divide-stone-100 dark:divide-stone-800" data-testid="bill-lines">
        {lines.map((line) => (
          <li key={line.id} className="grid gap-1 py-2">
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold">
                {line.quantity}× {line.name}
              </p>
              <p className="shrink-0 font-semibold tabular-nums">
                {line.comped ? t('admin.books.onTheHouse') : money(line.priceCents)}
              </p>
            </div>
            <LinePaid line={line} />
          </li>
        ))}
      </ul>
    </Panel>
  )
}
