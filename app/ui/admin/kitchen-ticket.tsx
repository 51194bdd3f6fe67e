import { Link, useFetcher } from '@remix-run/react'
import { nextStep, TICKET_STEPS, ticketMinutes, unitsToMake, type TicketLine, type TicketStep } from '~/domain/kitchen'
import type { KitchenIntent } from '~/domain/schemas/kitchen'
import { buttonClass } from '../button'
import { useClock } from '../clock'
import { useI18n } from '../i18n'

/** What a card shows of a ticket (the board's BoardTicket, as the page's data has it). */
interface TicketView {
  id: string
  tableNumber: string
  tableName: string | null
  createdAt: number
  sentBy: string | null
  step: TicketStep
  stepAt: number
  lines: TicketLine[]
}

/** Each step's mark on a card, so a board of mixed tickets reads at a glance which is where. */
const STEP_MARK: Record<TicketStep, string> = {
  new: 'border-l-sky-600 dark:border-l-sky-500',
  preparing: 'border-l-amber-500 dark:border-l-amber-400',
  ready: 'border-l-emerald-600 dark:border-l-emerald-500',
  served: 'border-l-stone-400 dark:border-l-stone-500',
}

/** Minutes after which a waiting ticket is flagged: amber, then red. */
const LATE_MINUTES = { slow: 10, late: 20 }

const previous = (step: TicketStep) => TICKET_STEPS[TICKET_STEPS.indexOf(step) - 1]

/**
 * One ticket on the board, readable from a step away: the table large, how
 * long it has waited, what to make (a note stands out, a voided unit is
 * struck), and the one button that moves it on; undo and print beside it.
 * The buttons are plain forms: without JavaScript each tap loads the board again.
 */
export function TicketCard({ ticket, now, canMove }: { ticket: TicketView; now: number; canMove: boolean }) {
  const { t } = useI18n()
  const clock = useClock()
  const minutes = ticketMinutes(ticket, now)
  const next = nextStep(ticket.step)
  const back = previous(ticket.step)
  const waiting = ticket.step !== 'served'
  const lateness = !waiting
    ? 'text-stone-600 dark:text-stone-400'
    : minutes >= LATE_MINUTES.late
      ? 'bg-red-700 text-white'
      : minutes >= LATE_MINUTES.slow
        ? 'bg-amber-300 text-stone-950'
        : 'bg-stone-200 text-stone-900 dark:bg-stone-700 dark:text-white'
  return (
    <article
      className={`grid gap-2 rounded-2xl border border-l-8 border-stone-300 bg-white p-3 shadow-sm dark:border-stone-600 dark:bg-stone-900 ${STEP_MARK[ticket.step]}`}
      data-testid="ticket"
      data-ticket={ticket.id}
      data-step={ticket.step}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-bold tracking-wide uppercase" data-testid="ticket-step">
            {t(`admin.kitchen.steps.${ticket.step}`)}
          </p>
          <h3 className="text-2xl leading-tight font-bold break-words">
            {t('admin.kitchen.table', { number: ticket.tableNumber })}
          </h3>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {clock.time(ticket.createdAt)} ·{' '}
            {ticket.sentBy ? t('admin.kitchen.sentBy', { name: ticket.sentBy }) : t('admin.kitchen.byDiners')}
          </p>
        </div>
        <span
          className={`shrink-0 rounded-full px-3 py-1 text-lg font-bold tabular-nums ${lateness}`}
          data-testid="ticket-elapsed"
        >
          {!waiting
            ? t('admin.kitchen.took', { count: minutes })
            : minutes === 0
              ? t('admin.kitchen.justNow')
              : t('admin.kitchen.minutes', { count: minutes })}
        </span>
      </header>
      <ul className="grid gap-2">
        {ticket.lines.map((line) => {
          const left = unitsToMake(line)
          return (
            <li
              key={line.lineId}
              className={left === 0 ? 'text-stone-600 line-through dark:text-stone-400' : ''}
              data-testid="ticket-line"
            >
              <p className="text-lg leading-snug font-semibold">
                <span className="tabular-nums">{left || line.quantity}×</span> {line.name}
              </p>
              {line.options ? <p className="text-stone-700 dark:text-stone-300">{line.options}</p> : null}
              {line.note ? (
                <p className="mt-1 rounded-lg bg-amber-100 px-2 py-1 font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50">
                  {line.note}
                </p>
              ) : null}
              {line.voided > 0 ? (
                <p className="font-bold text-red-700 no-underline dark:text-red-400" data-testid="ticket-voided">
                  {t('admin.kitchen.voided', { count: line.voided })}
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
      {canMove ? (
        <div className="flex flex-wrap gap-2">
          {next ? <MoveButton ticketId={ticket.id} field="to" step={next} /> : null}
          {back ? <MoveButton ticketId={ticket.id} field="undoFrom" step={ticket.step} undoTo={back} /> : null}
          <Link
            to={`/admin/kitchen/${ticket.id}/print`}
            className={`${buttonClass.secondary} px-4`}
            data-testid="ticket-print"
          >
            {t('admin.kitchen.print')}
          </Link>
        </div>
      ) : null}
    </article>
  )
}

/** A tap that moves the ticket on to `step`, or (`undoFrom`) back from it to `undoTo`. */
function MoveButton({
  ticketId,
  field,
  step,
  undoTo,
}: {
  ticketId: string
  field: 'to' | 'undoFrom'
  step: TicketStep
  undoTo?: TicketStep
}) {
  const { t } = useI18n()
  const fetcher = useFetcher()
  const undo = field === 'undoFrom'
  return (
    <fetcher.Form method="post" className={undo ? '' : 'flex-1'}>
      <input type="hidden" name="intent" value={'move' satisfies KitchenIntent} />
      <input type="hidden" name="ticketId" value={ticketId} />
      <input type="hidden" name={field} value={step} />
      <button
        type="submit"
        disabled={fetcher.state !== 'idle'}
        className={`${undo ? buttonClass.secondary : buttonClass.primary} min-h-14 w-full px-4 text-lg`}
        aria-label={
          undo && undoTo ? t('admin.kitchen.undoLabel', { step: t(`admin.kitchen.steps.${undoTo}`) }) : undefined
        }
        data-testid={undo ? 'ticket-undo' : 'ticket-move'}
      >
        {undo ? t('admin.kitchen.undo') : t(`admin.kitchen.moveTo.${step as Exclude<TicketStep, 'new'>}`)}
      </button>
    </fetcher.Form>
  )
}
