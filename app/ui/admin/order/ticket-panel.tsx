import { useActionData, useFetcher } from '@remix-run/react'
import { cartLineKey, cartTotals, isOpenEntry, MAX_LINE_QUANTITY, type TicketLine } from '~/domain/cart'
import { buttonClass } from '~/ui/button'
import { ErrorList, StatusButton } from '~/ui/forms'
import { HiddenFields } from '~/ui/hidden-fields'
import { useI18n } from '~/ui/i18n'
import { stepButton } from '~/ui/stepper'
import { resultFor } from '~/ui/use-schema-form'
import { useTicketBusy } from './use-ticket-busy'
import type { OrderIntent } from '~/domain/schemas/ticket'

/** A line as the send form carries it: what was chosen, never what the screen priced it at (but an open item's own price). */
const entryOf = (line: TicketLine) =>
  isOpenEntry(line)
    ? { name: line.name, priceCents: line.priceCents, quantity: line.quantity, note: line.note }
    : { menuItemId: line.menuItemId, optionIds: line.optionIds, quantity: line.quantity, note: line.note }

/**
 * The running ticket: each line with its options, note, quantity and
 * amount, one less, one more or off; its total; and "Enviar a cocina", on a
 * phone in a bar kept at the bottom of the screen. Every button is a form
 * that works without JavaScript; with it, the forms go through fetchers.
 * `action` is the page's address with the menu as it is shown, to come back to.
 */
export function TicketPanel({
  lines,
  orderId,
  sessionId,
  signer,
  action,
}: {
  lines: TicketLine[]
  orderId: string | null
  sessionId: string
  signer: string
  action: string
}) {
  const { t, money } = useI18n()
  const totals = cartTotals(lines)
  const count = lines.reduce((sum, line) => sum + line.quantity, 0)

  return (
    <section
      id="ticket"
      aria-labelledby="ticket-title"
      className="grid min-w-0 scroll-mt-4 gap-3 rounded-2xl bg-white p-4 shadow-sm lg:sticky lg:top-4 dark:bg-stone-900"
      data-testid="ticket"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="ticket-title" className="text-lg font-bold">
          {t('admin.order.ticket')}
        </h2>
        <span className="text-sm text-stone-600 dark:text-stone-400" data-testid="ticket-count">
          {t('admin.order.items', { count })}
        </span>
      </div>
      {lines.length === 0 ? (
        <p className="text-stone-600 dark:text-stone-400" data-testid="ticket-empty">
          {t('admin.order.empty')}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-stone-200 dark:divide-stone-800" data-testid="ticket-lines">
            {lines.map((line) => (
              <TicketLineRow key={cartLineKey(line)} line={line} action={action} />
            ))}
          </ul>
          <div className="flex justify-between border-t border-stone-200 pt-3 text-lg font-bold dark:border-stone-700">
            <span>{t('admin.order.total')}</span>
            <span className="tabular-nums" data-testid="ticket-total">
              {money(totals.subtotal)}
            </span>
          </div>
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.order.signedAs', { name: signer })}</p>
          {/* Drawn anew when the ticket changes, so a refusal of the ticket before goes with it. */}
          <SendTicket
            key={lines.map((line) => `${cartLineKey(line)}×${line.quantity}`).join('~')}
            entries={lines.map(entryOf)}
            orderId={orderId}
            sessionId={sessionId}
            summary={{ count: t('admin.order.items', { count }), total: money(totals.subtotal) }}
            action={action}
          />
        </>
      )}
    </section>
  )
}

/** One line of the ticket, and its one form: a button per change, each sending which. */
function TicketLineRow({ line, action }: { line: TicketLine; action: string }) {
  const { t, money } = useI18n()
  const fetcher = useFetcher()
  const { changing } = useTicketBusy()
  const name = line.name
  return (
    <li className="grid gap-2 py-3" data-testid="ticket-line">
      <div className="flex items-start gap-3">
        <span className="min-w-0 flex-1 break-words">
          <span className="block font-semibold">{name}</span>
          {line.details ? (
            <span className="block text-sm text-stone-600 dark:text-stone-400">{line.details}</span>
          ) : null}
          {line.note ? (
            <span className="block text-sm text-stone-700 italic dark:text-stone-300" data-testid="ticket-line-note">
              {t('admin.order.lineNote', { note: line.note })}
            </span>
          ) : null}
          {line.soldOut ? (
            <span
              className="mt-1 block text-sm font-bold text-amber-900 dark:text-amber-100"
              data-testid="ticket-line-sold-out"
            >
              {t('admin.order.lineSoldOut')}
            </span>
          ) : null}
        </span>
        <span
          className={`font-semibold tabular-nums ${line.soldOut ? 'line-through' : ''}`}
          data-testid="ticket-line-amount"
        >
          {money(line.priceCents * line.quantity)}
        </span>
      </div>
      <fetcher.Form method="post" action={action} preventScrollReset className="flex items-center gap-2">
        <input type="hidden" name="intent" value={'line' satisfies OrderIntent} />
        <input type="hidden" name="line" value={cartLineKey(line)} />
        <button
          type="submit"
          name="change"
          value="less"
          className={stepButton}
          aria-label={t('admin.order.decrease', { name })}
          disabled={changing || line.quantity <= 1}
        >
          −
        </button>
        <span className="min-w-8 text-center text-lg font-semibold tabular-nums" data-testid="ticket-line-quantity">
          <span aria-hidden="true">{line.quantity}</span>
          <span className="sr-only">{t('admin.order.quantityOf', { count: line.quantity, name })}</span>
        </span>
        <button
          type="submit"
          name="change"
          value="more"
          className={stepButton}
          aria-label={t('admin.order.increase', { name })}
          disabled={changing || line.quantity >= MAX_LINE_QUANTITY}
        >
          +
        </button>
        <button
          type="submit"
          name="change"
          value="remove"
          className={`${buttonClass.icon} ml-auto`}
          aria-label={t('admin.order.remove', { name })}
          disabled={changing}
          data-testid="ticket-line-remove"
        >
          <span aria-hidden="true" className="text-xl">
            ✕
          </span>
        </button>
      </fetcher.Form>
    </li>
  )
}

/**
 * "Enviar a cocina": the ticket as shown, under its order id, in one form.
 * On a phone it is a bar at the bottom of the screen, with what the ticket
 * holds (a link to it); beside the ticket on a wide screen. A refusal shows
 * above the button, the ticket left as it was.
 */
function SendTicket({
  entries,
  orderId,
  sessionId,
  summary,
  action,
}: {
  entries: ReturnType<typeof entryOf>[]
  orderId: string | null
  sessionId: string
  /** What the bar says of the ticket on a phone, where the ticket itself may be out of sight. */
  summary: { count: string; total: string }
  action: string
}) {
  const { t } = useI18n()
  const fetcher = useFetcher()
  const actionData = useActionData()
  const { settling } = useTicketBusy()
  const refusal = resultFor((fetcher.data ?? actionData) as Parameters<typeof resultFor>[0], 'send')?.error?.['']
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-10 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:static lg:border-0 lg:bg-transparent lg:pb-0 lg:backdrop-blur-none dark:border-stone-700 dark:bg-stone-900/95 lg:dark:bg-transparent"
      data-testid="send-bar"
    >
      <div className="mx-auto grid max-w-5xl gap-2 p-3 lg:p-0">
        <ErrorList errors={refusal} alert testId="send-errors" />
        <fetcher.Form method="post" action={action} className="flex items-center gap-3">
          <HiddenFields
            value={{ intent: 'send' satisfies OrderIntent, sessionId, orderId: orderId ?? '', items: entries }}
          />
          <a
            href="#ticket"
            className="grid min-h-12 shrink-0 content-center rounded-xl px-1 leading-tight lg:hidden"
            data-testid="ticket-summary"
          >
            <span className="text-sm text-emerald-800 underline underline-offset-2 dark:text-emerald-400">
              {summary.count}
            </span>
            <span className="text-lg font-bold tabular-nums">{summary.total}</span>
          </a>
          <StatusButton
            pending={fetcher.state === 'submitting'}
            pendingText={t('admin.order.sending')}
            disabled={settling}
            className={`${buttonClass.primary} flex-1`}
            data-testid="send-ticket"
          >
            {t('admin.order.send')}
          </StatusButton>
        </fetcher.Form>
      </div>
    </div>
  )
}
