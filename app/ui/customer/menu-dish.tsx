import { Link } from '@remix-run/react'
import { priceUnit } from '~/domain/price-unit'
import type { DinerDish } from '~/server/menus/diner-menu.server'
import { buttonClass } from '~/ui/button'
import { DishPhoto } from '~/ui/dish-photo'
import { DishTags } from '~/ui/dish-tags'
import { useI18n } from '~/ui/i18n'

/**
 * A dish as the diner's menu lists it: its words, tags and photo, its price
 * with its unit, and the way to its sheet (`chooseTo`) unless it is sold out.
 * `lazy`: its photo waits until the diner scrolls to it.
 */
export function MenuDish({
  item,
  price,
  chooseTo,
  lazy,
}: {
  item: DinerDish
  price: (cents: number) => string
  chooseTo: string
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
          <span className={`text-lg font-semibold tabular-nums ${item.soldOut ? 'text-stone-500 line-through' : ''}`}>
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
    </li>
  )
}
