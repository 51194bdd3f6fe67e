import { Link } from '@remix-run/react'
import type { FormEvent, ReactNode } from 'react'
import type { ModifierGroupRule } from '~/domain/modifiers'
import type { OrderIntent } from '~/domain/schemas/ticket'
import { useI18n } from '~/ui/i18n'
import { choiceFields } from '~/ui/item-chooser'
import { useHydrated } from '~/ui/use-hydrated'
import type { useTapQueue } from './use-tap-queue'

export interface PickedDish {
  id: string
  name: string
  priceCents: number
  modifierGroups: ModifierGroupRule[]
}

const row = 'flex min-h-14 items-center rounded-xl bg-white shadow-sm dark:bg-stone-900'
const focus = 'focus-visible:outline focus-visible:outline-3 focus-visible:outline-emerald-700'
const side = `grid w-12 shrink-0 place-items-center self-stretch text-2xl leading-none font-bold text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800 ${focus}`

/** A dish's name, and under it its price and whether it has options. */
export function DishLabel({ dish, children }: { dish: PickedDish; children?: ReactNode }) {
  const { t, money } = useI18n()
  return (
    <span className="min-w-0 flex-1">
      <span className="block font-semibold break-words">{dish.name}</span>
      <span className="block text-sm">
        <span className="font-semibold tabular-nums">{money(dish.priceCents)}</span>
        {dish.modifierGroups.length > 0 ? (
          <span className="text-emerald-800 dark:text-emerald-400"> · {t('admin.order.withOptions')}</span>
        ) : null}
      </span>
      {children}
    </span>
  )
}

/**
 * A dish that adds in one tap (`oneTap`, its options as they start): the row
 * is its form, with how many the ticket holds, an undo of one while the
 * ticket holds its line (`line`), and its sheet (options, a note) a small
 * link beside. Without JavaScript each is a form or a link of the page;
 * with it, the taps go through the page's queue, counted at once.
 */
export function OneTapDishRow({
  dish,
  oneTap,
  line,
  onTicket,
  sheetTo,
  action,
  queue,
}: {
  dish: PickedDish
  oneTap: string[]
  /** The ticket line a tap adds to (cartLineKey), and whether the ticket holds it. */
  line: { key: string; held: boolean }
  /** How many of the dish the ticket holds, over all its lines, as drawn. */
  onTicket: number
  sheetTo: string
  action: string
  queue: ReturnType<typeof useTapQueue>
}) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const count = hydrated ? queue.shown(dish.id, onTicket) : onTicket
  const add: [string, string][] = [
    ['intent', 'add' satisfies OrderIntent],
    ['item', dish.id],
    ['quantity', '1'],
    ...choiceFields(dish.modifierGroups, oneTap),
  ]
  const undo: [string, string][] = [
    ['intent', 'line' satisfies OrderIntent],
    ['line', line.key],
    ['change', 'less'],
  ]
  const send = (change: 1 | -1) => (event: FormEvent) => {
    if (!hydrated) return
    event.preventDefault()
    queue.tap({ menuItemId: dish.id, line: line.key, change, fields: change > 0 ? add : undo })
  }
  // The undo is offered while the row's own line has one to take off, counting taps not yet answered.
  const canUndo = count > 0 && (line.held || count > onTicket)

  return (
    <div className={row} data-testid="dish-row">
      <form method="post" action={action} onSubmit={send(1)} className="min-w-0 flex-1 self-stretch">
        {add.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          className={`flex h-full min-h-14 w-full items-center gap-3 rounded-l-xl py-2 pr-2 pl-4 text-left transition hover:bg-stone-100 dark:hover:bg-stone-800 ${focus}`}
          data-testid={`add-${dish.id}`}
        >
          <DishLabel dish={dish}>
            <span className="sr-only">{t('admin.order.addOne')}</span>
          </DishLabel>
          {count > 0 ? (
            <span
              className="rounded-full bg-emerald-100 px-2.5 py-0.5 font-bold text-emerald-900 tabular-nums dark:bg-emerald-950 dark:text-emerald-100"
              data-testid="dish-count"
            >
              <span aria-hidden="true">{count}</span>
              <span className="sr-only">{t('admin.order.onTicket', { count })}</span>
            </span>
          ) : null}
          <span
            aria-hidden="true"
            className="grid size-8 shrink-0 place-items-center rounded-full bg-emerald-800 text-xl leading-none text-white"
          >
            +
          </span>
        </button>
      </form>
      {canUndo ? (
        <form method="post" action={action} onSubmit={send(-1)} className="flex self-stretch">
          {undo.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            className={`${side} border-l border-stone-200 dark:border-stone-700`}
            aria-label={t('admin.order.undoOne', { name: dish.name })}
            data-testid="dish-undo"
          >
            −
          </button>
        </form>
      ) : null}
      <Link
        to={sheetTo}
        replace
        preventScrollReset
        className={`${side} rounded-r-xl border-l border-stone-200 text-xl dark:border-stone-700`}
        aria-label={t(dish.modifierGroups.length > 0 ? 'admin.order.optionsOf' : 'admin.order.noteFor', {
          name: dish.name,
        })}
        data-testid={`dish-${dish.id}`}
      >
        <span aria-hidden="true">⋯</span>
      </Link>
    </div>
  )
}
