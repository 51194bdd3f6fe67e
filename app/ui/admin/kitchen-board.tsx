import { Link } from '@remix-run/react'
import { allDayCounts, OPEN_STEPS, TICKET_STEPS, type TicketLine, type TicketStep } from '~/domain/kitchen'
import { useI18n } from '../i18n'

interface BoardTicketView {
  step: TicketStep
  lines: TicketLine[]
}

const chip =
  'inline-flex min-h-12 items-center gap-2 rounded-full border px-4 text-lg font-semibold whitespace-nowrap focus-visible:outline focus-visible:outline-3 focus-visible:outline-emerald-700'
const chipOff =
  'border-stone-300 bg-white text-stone-800 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800'
const chipOn = 'border-emerald-800 bg-emerald-800 text-white dark:border-emerald-500'

/**
 * The board's filter: the open tickets (every step before served), or one
 * step's, each with how many; plain links, so it works without JavaScript.
 */
export function BoardFilter({ tickets, step }: { tickets: readonly BoardTicketView[]; step: TicketStep | null }) {
  const { t } = useI18n()
  const count = (steps: readonly TicketStep[]) => tickets.filter((ticket) => steps.includes(ticket.step)).length
  const views = [
    { step: null, label: t('admin.kitchen.open'), count: count(OPEN_STEPS) },
    ...TICKET_STEPS.map((each) => ({ step: each, label: t(`admin.kitchen.steps.${each}`), count: count([each]) })),
  ]
  return (
    <nav aria-label={t('admin.kitchen.filter')} className="-mx-4 mb-3 overflow-x-auto px-4">
      <ul className="flex gap-2 pb-1">
        {views.map((view) => {
          const current = view.step === step
          return (
            <li key={view.step ?? 'open'}>
              <Link
                to={view.step ? `?step=${view.step}` : '.'}
                replace
                aria-current={current ? 'page' : undefined}
                className={`${chip} ${current ? chipOn : chipOff}`}
                data-testid={`board-filter-${view.step ?? 'open'}`}
              >
                {view.label}
                <span className="tabular-nums">{view.count}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** The all-day counts: how many of each dish the tickets still to make need, read from the pass at a glance. */
export function AllDay({ tickets }: { tickets: readonly BoardTicketView[] }) {
  const { t } = useI18n()
  const counts = allDayCounts(tickets)
  if (counts.length === 0) return null
  return (
    <section
      aria-label={t('admin.kitchen.allDayLabel')}
      className="mb-4 flex flex-wrap items-baseline gap-x-4 gap-y-1 rounded-2xl bg-stone-200 px-4 py-2 dark:bg-stone-800"
      data-testid="all-day"
    >
      <h2 className="font-bold">{t('admin.kitchen.allDay')}</h2>
      <ul className="contents">
        {counts.map((count) => (
          <li key={count.name} className="text-lg" data-testid="all-day-count">
            <span className="font-bold tabular-nums">{count.units}×</span> {count.name}
          </li>
        ))}
      </ul>
    </section>
  )
}
