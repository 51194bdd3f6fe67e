import { Link } from '@remix-run/react'
import { buttonClass } from '../button'
import { useI18n } from '../i18n'
import { MenuTypeIcon } from './menu-type'

/**
 * The restaurant's menus across the top of the menu editor: each a link to
 * edit it (the one open marked), and a new one. Scrolls sideways on a phone.
 */
export function MenuBar({
  menus,
  current,
  newMenuTo,
}: {
  menus: { id: string; name: string; type: string }[]
  current: string | null
  newMenuTo: string
}) {
  const { t } = useI18n()
  return (
    <nav aria-label={t('admin.menu.sidebar.myMenus')} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2 pb-1" data-testid="menu-list">
        {menus.map((menu) => (
          <li key={menu.id}>
            <Link
              to={`/admin/menu-builder/${menu.id}`}
              aria-current={menu.id === current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 font-semibold whitespace-nowrap ${
                menu.id === current
                  ? 'border-emerald-800 bg-emerald-800 text-white dark:border-emerald-500'
                  : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800'
              }`}
            >
              <MenuTypeIcon type={menu.type} className="size-5" />
              {menu.name}
            </Link>
          </li>
        ))}
        <li>
          <Link
            to={newMenuTo}
            preventScrollReset
            className={`${buttonClass.secondary} min-h-11 rounded-full px-4 whitespace-nowrap`}
            data-testid="new-menu"
          >
            <span aria-hidden="true">+</span> {t('admin.menu.sidebar.newMenu')}
          </Link>
        </li>
      </ul>
    </nav>
  )
}
