import { Form, Link, useSearchParams } from '@remix-run/react'
import { menuViewSearch, searchMenu, type MenuView } from '~/domain/menu-search'
import { buttonClass } from '~/ui/button'
import { SearchIcon } from '~/ui/icons'
import { useI18n } from '~/ui/i18n'
import { useHydrated } from '~/ui/use-hydrated'

interface Dish {
  id: string
  name: string
  priceCents: number
  soldOut: boolean
  modifierGroups: readonly unknown[]
}

const chip =
  'inline-flex min-h-11 items-center rounded-full border px-4 font-semibold whitespace-nowrap focus-visible:outline focus-visible:outline-3 focus-visible:outline-emerald-700'
const chipOff =
  'border-stone-300 bg-white text-stone-800 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800'
const chipOn = 'border-emerald-800 bg-emerald-800 text-white dark:border-emerald-500'

/**
 * The menu as a waiter picks from it with one thumb: a search by name (live
 * with JavaScript, a GET form without), the categories as a row of chips,
 * each dish a row that opens its sheet (a sold-out one says so and opens
 * nothing), and the open item's sheet last. What is searched and chosen
 * lives in the address, so every dish's sheet closes back to it.
 */
export function DishPicker({
  categories,
  view,
  openItemTo,
}: {
  categories: readonly { id: string; name: string; items: Dish[] }[]
  view: MenuView
  openItemTo: string
}) {
  const { t, money } = useI18n()
  const hydrated = useHydrated()
  const [, setSearchParams] = useSearchParams()
  const shown = searchMenu(categories, view)

  return (
    <>
      <Form method="get" role="search" className="flex gap-2">
        {view.categoryId ? <input type="hidden" name="category" value={view.categoryId} /> : null}
        <span className="relative flex min-w-0 flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-stone-500 dark:text-stone-400" />
          <input
            type="search"
            name="q"
            defaultValue={view.query}
            aria-label={t('admin.order.search')}
            placeholder={t('admin.order.searchPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => {
              const query = event.currentTarget.value
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
              <ul className="grid gap-2">
                {category.items.map((dish) => (
                  <li key={dish.id}>
                    {dish.soldOut ? (
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
                        <span className="min-w-0 flex-1">
                          <span className="block font-semibold">{dish.name}</span>
                          {dish.modifierGroups.length > 0 ? (
                            <span className="block text-sm text-emerald-800 dark:text-emerald-400">
                              {t('admin.order.withOptions')}
                            </span>
                          ) : null}
                        </span>
                        <span className="font-semibold tabular-nums">{money(dish.priceCents)}</span>
                        <span
                          aria-hidden="true"
                          className="grid size-8 shrink-0 place-items-center rounded-full bg-emerald-800 text-xl leading-none text-white"
                        >
                          +
                        </span>
                      </Link>
                    )}
                  </li>
                ))}
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
