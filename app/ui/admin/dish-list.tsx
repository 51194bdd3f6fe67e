import { Link } from '@remix-run/react'
import type { CategoryWithItems } from '~/server/menus/menu-store.server'
import { SoldOutBadge, SoldOutSwitch } from '~/ui/admin/sold-out'
import { DragHandle, MoveButtons, useDragOrder } from '~/ui/admin/move-buttons'
import { buttonClass } from '~/ui/button'
import { DishPhoto } from '~/ui/dish-photo'
import { DishTags } from '~/ui/dish-tags'
import { useI18n } from '~/ui/i18n'

/** One category's dishes, in the order the diner reads them, each with its own buttons. */
export function DishList({
  dishes,
  linkTo,
  groupNames,
}: {
  dishes: CategoryWithItems['menuItems']
  linkTo: (params: Record<string, string>) => string
  groupNames: ReadonlyMap<string, string>
}) {
  const { t, money } = useI18n()
  const drag = useDragOrder('item.move')
  return (
    <ul className="divide-y divide-stone-100 dark:divide-stone-800">
      {dishes.map((menuItem, index) => (
        <li
          key={menuItem.id}
          {...drag.row(index)}
          className="flex flex-wrap items-center gap-3 py-2 data-[drop-target]:ring-2 data-[drop-target]:ring-emerald-600"
          data-testid="builder-item"
        >
          <DragHandle {...drag.handle(menuItem.id)} />
          {menuItem.photo ? (
            <DishPhoto
              photo={menuItem.photo}
              alt=""
              displayWidth={48}
              sizes="48px"
              lazy
              className="size-12 shrink-0 rounded-lg bg-stone-100 object-cover dark:bg-stone-800"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {menuItem.name}{' '}
              <span className="font-normal text-stone-700 tabular-nums dark:text-stone-300">
                · {money(menuItem.priceCents)}
              </span>
              {menuItem.soldOut ? <SoldOutBadge /> : null}
            </p>
            {menuItem.nameEn ? (
              <p className="text-sm text-stone-600 dark:text-stone-400" lang="en">
                {menuItem.nameEn}
              </p>
            ) : null}
            {menuItem.description ? (
              <p className="text-sm text-stone-600 dark:text-stone-400">{menuItem.description}</p>
            ) : null}
            {menuItem.modifierGroupIds.length > 0 ? (
              <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="dish-groups">
                {t('admin.menu.modifiers.ofDish', {
                  groups: menuItem.modifierGroupIds.map((id) => groupNames.get(id)).join(', '),
                })}
              </p>
            ) : null}
            {menuItem.tags.length > 0 ? (
              <div className="mt-1">
                <DishTags tags={menuItem.tags} />
              </div>
            ) : null}
          </div>
          <SoldOutSwitch item={menuItem} />
          <Link
            to={linkTo({ edit: `item:${menuItem.id}` })}
            preventScrollReset
            className={buttonClass.secondary}
            aria-label={`${t('admin.menu.common.edit')} ${menuItem.name}`}
            data-testid="edit-item"
          >
            {t('admin.menu.common.edit')}
          </Link>
          <MoveButtons
            intent="item.move"
            id={menuItem.id}
            name={menuItem.name}
            first={index === 0}
            last={index === dishes.length - 1}
          />
          <Link
            to={linkTo({ delete: `item:${menuItem.id}` })}
            preventScrollReset
            className={`${buttonClass.secondary} text-red-800 dark:text-red-300`}
          >
            {t('admin.menu.common.delete')}
          </Link>
        </li>
      ))}
    </ul>
  )
}
