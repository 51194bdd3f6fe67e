import { paidPercent } from '~/domain/bill'
import type { FloorState } from '~/domain/floor'
import { useI18n } from '~/ui/i18n'
import { useClock } from '~/ui/clock'

/** How the table is doing, in words and colour (never colour alone). */
export function FloorChip({ state }: { state: FloorState }) {
  const { t } = useI18n()
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-bold ${FLOOR_CHIP[state]}`}
      data-testid="floor-state"
    >
      {t(`admin.tables.floor.${state}`)}
    </span>
  )
}

const FLOOR_CHIP: Record<FloorState, string> = {
  calling: 'bg-red-700 text-white',
  ready: 'bg-sky-700 text-white',
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  paying: 'bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100',
  ordering: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  eating: 'bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100',
  free: 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200',
}

/** The table's open bill at a glance: what is left to pay, how much is paid, since when the party is seated, when it last changed. */
export function TableState({
  table,
}: {
  table: {
    totalCents: number
    paidCents: number
    remainingCents: number
    lastActivityAt: number
    seatedAt: number | null
    state: FloorState
  }
}) {
  const { t, money } = useI18n()
  const clock = useClock()
  if (table.totalCents === 0)
    return (
      <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="table-state">
        {t(table.state === 'ordering' ? 'admin.tables.nothingOrdered' : 'admin.tables.free')}
      </p>
    )
  const percent = paidPercent({ total: table.totalCents, paid: table.paidCents })
  return (
    <div className="grid gap-1" data-testid="table-state">
      <p className="font-semibold tabular-nums">{t('admin.tables.open', { amount: money(table.remainingCents) })}</p>
      <div
        className="h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('admin.tables.paidPercent', { percent })}
      >
        <div className="h-full rounded-full bg-emerald-700" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-stone-600 dark:text-stone-400">
        {t('admin.tables.paidPercent', { percent })}
        {table.seatedAt ? ` · ${t('admin.tables.seatedAt', { time: clock.time(table.seatedAt) })}` : null}
        {/* Two cards to a row on a phone: the last change only where there is room. */}
        <span className="hidden sm:inline">
          {` · ${t('admin.tables.lastActivity', { time: clock.time(table.lastActivityAt) })}`}
        </span>
      </p>
    </div>
  )
}
