import { Form, Link, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { cartLineKey, dishQuantity, type TicketEntry } from '~/domain/cart'
import { menuViewSearch, searchMenu, type MenuView } from '~/domain/menu-search'
import { oneTapChoice } from '~/domain/modifiers'
import { buttonClass } from '~/ui/button'
import { SearchIcon } from '~/ui/icons'
import { useI18n } from '~/ui/i18n'
import { useHydrated } from '~/ui/use-hydrated'
import { DishLabel, OneTapDishRow, type PickedDish } from './dish-row'
import { useTapQueue } from './use-tap-queue'

type Dish = PickedDish & { soldOut: boolean }

const chip =
  'inline-flex min-h-11 items-center rounded-full border px-4 font-semibold whitespace-nowrap focus-visible:outline focus-visible:outline-3 focus-visible:outline-emerald-700'
const chipOff =
  'border-stone-300 bg-white text-stone-800 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800'
const chipOn = 'border-emerald-800 bg-emerald-800 text-white dark:border-emerald-500'

/**
 * The menu as a waiter picks from it with one thumb: a search by name (live
 * with JavaScript, a GET form without), the categories as a row of chips,
 * each dish a row: one that asks nothing adds in one tap, one with a choice
 * to make opens its sheet, a sold-out one says so and does neither; the
 * open item's sheet last. What is searched and chosen lives in the address,
 * so every dish's sheet closes back to it; adding clears the search.
 * `action`: where the rows' forms post, the page with the menu as shown.
 */
export function DishPicker({
  categories,
  view,
  openItemTo,
  ticket,
  action,
}: {
  categories: readonly { id: string; name: string; items: Dish[] }[]
  view: MenuView
  openItemTo: string
  ticket: readonly TicketEntry[]
  action: string
}) {
  const { t, money } = useI18n()
  const hydrated = useHydrated()
  const [, setSearchParams] = useSearchParams()
  const queue = useTapQueue(action)
  const shown = searchMenu(categories, view)
  // Typed, the search narrows at once; a dish added clears it from the address, and so from the box.
  const [query, setQuery] = useState(view.query)
  useEffect(() => setQuery(view.query), [view.query])

  return (
    <>
      <Form method="get" role="search" className="flex gap-2">
        {view.categoryId ? <input type="hidden" name="category" value={view.categoryId} /> : null}
        <span className="relative flex min-w-0 flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-stone-500 dark:text-stone-400" />
          <input
            type="search"
            name="q"
            value={query}
            aria-label={t('admin.order.search')}
            placeholder={t('admin.order.searchPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => {
              const query = event.currentTarget.value
              setQuery(query)
              setSearchParams(
                (params) => {
                  if (query) params.set('q', query)
                  else params.delete('q')
                  return params
                },
                { replace: true, preventScrollReset: true },
              )
            }}
            className="min-h-12 w-full rounded-xl border border-stone-300 bg-white pr-4 pl-11 text-base dark:border-stone-600 dark:bg-stone-950"
            data-testid="dish-search"
          />
        </span>
        {hydrated ? null : (
          <button type="submit" className={buttonClass.secondary}>
            {t('admin.order.searchButton')}
          </button>
        )}
      </Form>

      {categories.length > 1 ? (
        <nav aria-label={t('admin.order.categories')} className="-mx-4 overflow-x-auto px-4">
          <ul className="flex gap-2 pb-1">
            {[{ id: null, name: t('admin.order.all') }, ...categories].map((category) => {
              const current = category.id === view.categoryId
              return (
                <li key={category.id ?? ''}>
                  <Link
                    to={menuViewSearch({ ...view, categoryId: category.id })}
                    replace
                    preventScrollReset
                    aria-current={current ? 'page' : undefined}
                    className={`${chip} ${current ? chipOn : chipOff}`}
                  >
                    {category.name}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
      ) : null}

      {categories.length === 0 ? (
        <p className="text-stone-600 dark:text-stone-400">{t('admin.order.noMenu')}</p>
      ) : shown.length === 0 ? (
        <p className="text-stone-600 dark:text-stone-400" data-testid="no-dish">
          {t('admin.order.noMatch', { query: view.query })}
        </p>
      ) : (
        <div className="grid gap-4" data-testid="dishes">
          {shown.map((category) => (
            <section key={category.id} aria-labelledby={`category-${category.id}`} className="grid gap-2">
              <h2 id={`category-${category.id}`} className="font-bold text-stone-700 dark:text-stone-300">
                {category.name}
              </h2>
              <ul className="grid grid-cols-1 gap-2">
                {category.items.map((dish) => {
                  const oneTap = dish.soldOut ? null : oneTapChoice(dish.modifierGroups)
                  const line = oneTap && cartLineKey({ menuItemId: dish.id, optionIds: oneTap })
                  return (
                    <li key={dish.id}>
                      {oneTap && line ? (
                        <OneTapDishRow
                          dish={dish}
                          oneTap={oneTap}
                          line={{ key: line, held: ticket.some((entry) => cartLineKey(entry) === line) }}
                          onTicket={dishQuantity(ticket, dish.id)}
                          sheetTo={menuViewSearch(view, { item: dish.id })}
                          action={action}
                          queue={queue}
                        />
                      ) : dish.soldOut ? (
                        <div
                          className="flex min-h-14 items-center gap-3 rounded-xl border border-dashed border-stone-300 px-4 py-2 dark:border-stone-700"
                          data-testid={`sold-out-${dish.id}`}
                        >
                          <span className="min-w-0 flex-1">
                            <span className="block font-semibold text-stone-600 dark:text-stone-400">{dish.name}</span>
                            <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 text-sm font-bold text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
                              {t('admin.order.soldOut')}
                            </span>
                          </span>
                          <span className="text-stone-600 tabular-nums line-through dark:text-stone-400">
                            {money(dish.priceCents)}
                          </span>
                        </div>
                      ) : (
                        <Link
                          to={menuViewSearch(view, { item: dish.id })}
                          replace
                          preventScrollReset
                          className="flex min-h-14 items-center gap-3 rounded-xl bg-white px-4 py-2 shadow-sm transition hover:bg-stone-100 focus-visible:outline focus-visible:outline-3 focus-visible:outline-emerald-700 dark:bg-stone-900 dark:hover:bg-stone-800"
                          data-testid={`dish-${dish.id}`}
                        >
                          <DishLabel dish={dish} />
                          <span
                            aria-hidden="true"
                            className="grid size-8 shrink-0 place-items-center rounded-full bg-emerald-800 text-xl leading-none text-white"
                          >
                            +
                          </span>
                        </Link>
                      )}
                    </li>
                  )
                })}
              </ul>
            </section>
          ))}
        </div>
      )}

      <Link
        to={openItemTo}
        replace
        preventScrollReset
        className={`${buttonClass.secondary} w-full`}
        data-testid="open-item"
      >
        <span aria-hidden="true">+</span> {t('admin.order.openItem')}
      </Link>
    </>
  )
}
