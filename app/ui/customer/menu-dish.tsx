import { Link } from '@remix-run/react'
import type { FormEvent } from 'react'
import { priceUnit } from '~/domain/price-unit'
import type { DinerDish } from '~/server/menus/diner-menu.server'
import { buttonClass } from '~/ui/button'
import { DishPhoto } from '~/ui/dish-photo'
import { DishTags } from '~/ui/dish-tags'
import { useI18n } from '~/ui/i18n'
import { choiceFields } from '~/ui/item-chooser'
import { stepButton } from '~/ui/stepper'
import { useHydrated } from '~/ui/use-hydrated'

/**
 * A dish that adds in one tap: the options it starts with (`choice`), the
 * cart line it adds to, how many of the dish the cart holds, where the
 * forms post without JavaScript and what they do with it.
 */
export interface OneTap {
  choice: string[]
  line: { key: string; held: boolean }
  inCart: number
  action: string
  onAdd: () => void
  onUndo: () => void
}

/**
 * A dish as the diner's menu lists it: its words, tags and photo, its price
 * with its unit, and unless it is sold out: one that asks nothing (`oneTap`)
 * adds at a tap, with how many the cart holds, one less, and its sheet
 * (`chooseTo`) for options or a note a link beside; one with a choice to
 * make opens its sheet. `lazy`: its photo waits until the diner scrolls to it.
 */
export function MenuDish({
  item,
  price,
  chooseTo,
  oneTap,
  lazy,
}: {
  item: DinerDish
  price: (cents: number) => string
  chooseTo: string
  oneTap: OneTap | null
  lazy: boolean
}) {
  const { t } = useI18n()
  return (
    <li
      id={`item-${item.id}`}
      className="grid scroll-mt-32 gap-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900"
      data-testid="menu-item"
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold" lang={item.nameLang} data-testid="menu-item-name">
            {item.name}
          </p>
          {item.description ? (
            <p className="text-sm text-stone-600 dark:text-stone-400" lang={item.descriptionLang}>
              {item.description}
            </p>
          ) : null}
          {item.modifierGroups.length > 0 ? (
            <p className="mt-1 text-xs font-semibold text-emerald-800 dark:text-emerald-400">
              {t('customer.menu.customizable')}
            </p>
          ) : null}
          {item.tags.length > 0 ? (
            <div className="mt-2">
              <DishTags tags={item.tags} />
            </div>
          ) : null}
        </div>
        {item.photo ? (
          <DishPhoto
            photo={item.photo}
            alt={item.name}
            displayWidth={80}
            sizes="80px"
            lazy={lazy}
            className="size-20 shrink-0 rounded-xl bg-stone-100 object-cover dark:bg-stone-800"
          />
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-3">
        {/* On a phone the unit goes under the price, as a price and a button do not always leave it room beside. */}
        <p
          className="grid min-w-0 leading-tight sm:flex sm:flex-wrap sm:items-baseline sm:gap-x-1"
          data-testid="menu-item-price"
        >
          <span
            className={`text-lg font-semibold tabular-nums ${item.soldOut ? 'text-stone-500 line-through dark:text-stone-400' : ''}`}
          >
            {price(item.priceCents)}
          </span>{' '}
          <span className="text-sm whitespace-nowrap text-stone-600 dark:text-stone-400">
            {t(`customer.menu.unit.${priceUnit(item.description)}`)}
          </span>
        </p>
        {item.soldOut ? (
          <p
            className="rounded-full bg-amber-100 px-3 py-1 text-sm font-bold text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
            data-testid="sold-out"
          >
            {t('customer.menu.soldOut')}
          </p>
        ) : oneTap ? (
          <OneTapAdd item={item} oneTap={oneTap} />
        ) : (
          <Link
            to={chooseTo}
            replace
            preventScrollReset
            className={`${buttonClass.secondary} shrink-0 px-4`}
            data-testid="choose-options"
          >
            {t('customer.menu.addToOrder')}
          </Link>
        )}
      </div>
      {oneTap && !item.soldOut ? (
        <Link
          to={chooseTo}
          replace
          preventScrollReset
          className="-mt-2 -mb-3 inline-flex min-h-11 items-center justify-self-start text-sm text-stone-600 underline underline-offset-2 dark:text-stone-400"
          data-testid="choose-options"
        >
          {t(item.modifierGroups.length > 0 ? 'customer.menu.optionsOrNote' : 'customer.menu.addNote')}
        </Link>
      ) : null}
    </li>
  )
}

/** The one-tap add of a dish, and once the cart holds it, how many and one less; forms of the menu without JavaScript. */
function OneTapAdd({ item, oneTap }: { item: DinerDish; oneTap: OneTap }) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const inPlace = (then: () => void) => (event: FormEvent) => {
    if (!hydrated) return
    event.preventDefault()
    then()
  }
  return (
    <div className="flex shrink-0 items-center gap-2">
      {oneTap.inCart > 0 ? (
        <>
          {oneTap.line.held ? (
            <form method="post" action={oneTap.action} onSubmit={inPlace(oneTap.onUndo)}>
              <input type="hidden" name="less" value={oneTap.line.key} />
              <button
                type="submit"
                className={stepButton}
                aria-label={t('customer.menu.takeOne', { name: item.name })}
                data-testid="dish-undo"
              >
                −
              </button>
            </form>
          ) : null}
          <span className="min-w-6 text-center text-lg font-bold tabular-nums" data-testid="dish-count">
            <span aria-hidden="true">{oneTap.inCart}</span>
            <span className="sr-only">{t('customer.menu.inCart', { count: oneTap.inCart })}</span>
          </span>
        </>
      ) : null}
      <form method="post" action={oneTap.action} onSubmit={inPlace(oneTap.onAdd)}>
        <input type="hidden" name="item" value={item.id} />
        <input type="hidden" name="quantity" value="1" />
        {choiceFields(item.modifierGroups, oneTap.choice).map(([name, value]) => (
          <input key={value} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          className={`${buttonClass.primary} px-4`}
          aria-label={t('customer.menu.addOne', { name: item.name })}
          data-testid="add-dish"
        >
          <span aria-hidden="true">+</span> {t('customer.menu.add')}
        </button>
      </form>
    </div>
  )
}
