import { Link, NavLink, useLocation } from '@remix-run/react'
import { can, type Permission, type Role } from '~/domain/permissions'
import { useI18n } from '../i18n'

/**
 * Every place the dashboard's tabs lead, in the order a phone shows them:
 * the tabs (child routes, `tab`) and the pages of their own (the kitchen
 * board, the cash-out, the invoices), each with what seeing it takes.
 */
export const DASHBOARD_PLACES = [
  { name: 'tables', to: '/admin/dashboard', permission: 'tables.view', tab: true },
  { name: 'kitchen', to: '/admin/kitchen', permission: 'kitchen.view', tab: false, testId: 'kitchen-link' },
  { name: 'cashOut', to: '/admin/cash-out', permission: 'books.view', tab: false, testId: 'cash-out-link' },
  { name: 'menus', to: '/admin/dashboard/menus', permission: 'menus.manage', tab: true },
  { name: 'analytics', to: '/admin/dashboard/analytics', permission: 'books.view', tab: true },
  { name: 'team', to: '/admin/dashboard/team', permission: 'team.view', tab: true },
  { name: 'settings', to: '/admin/dashboard/settings', permission: 'settings.manage', tab: true },
  { name: 'invoices', to: '/admin/invoices', permission: 'invoices.manage', tab: false, testId: 'invoices-link' },
] as const satisfies readonly { name: string; to: string; permission: Permission; tab: boolean; testId?: string }[]

type Place = (typeof DASHBOARD_PLACES)[number]

/** The tabs seen most; more than three fit one row of a 320 px phone only with the rest under "Más". */
const IN_ROW = 2

const tabLook = (current: boolean) =>
  `inline-flex min-h-11 shrink-0 items-center border-b-2 px-3 font-semibold whitespace-nowrap sm:px-4 ${
    current
      ? 'border-emerald-700 text-emerald-800 dark:border-emerald-500 dark:text-emerald-400'
      : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white'
  }`

/**
 * The tabs a member's role opens, in one row on any screen: the first few,
 * and the rest under "Más" (a disclosure: it opens without JavaScript),
 * which names the tab shown when it is one of them. A page of its own (the
 * kitchen board, the cash-out) leaves the dashboard's frame.
 */
export function DashboardTabs({ role }: { role: Role }) {
  const { t } = useI18n()
  const { pathname } = useLocation()
  const places = DASHBOARD_PLACES.filter(({ permission }) => can(role, permission))
  const inRow = places.length > IN_ROW + 1 ? places.slice(0, IN_ROW) : places
  const more = places.slice(inRow.length)
  const shownInMore = more.find((place) => place.to === pathname.replace(/\/$/, ''))
  const label = (place: Place) => t(`admin.dashboard.tabs.${place.name}`)
  return (
    <nav aria-label={t('admin.dashboard.title')} className="mx-auto flex max-w-5xl items-stretch px-1 sm:px-4">
      {inRow.map((place) =>
        place.tab ? (
          <NavLink key={place.name} to={place.to} end className={({ isActive }) => tabLook(isActive)}>
            {label(place)}
          </NavLink>
        ) : (
          <Link key={place.name} to={place.to} className={tabLook(false)} data-testid={place.testId}>
            {label(place)}
          </Link>
        ),
      )}
      {more.length > 0 ? (
        // Drawn anew on each page, so a tab chosen from it does not leave it open over the page.
        <details key={pathname} className="relative" data-testid="more-tabs">
          <summary className={`${tabLook(Boolean(shownInMore))} cursor-pointer list-none gap-1`}>
            {shownInMore ? label(shownInMore) : t('admin.dashboard.more')}
            <span aria-hidden="true">▾</span>
          </summary>
          <ul className="absolute right-0 z-20 mt-1 grid min-w-56 rounded-2xl border border-stone-200 bg-white p-2 shadow-lg dark:border-stone-700 dark:bg-stone-900">
            {more.map((place) => (
              <li key={place.name}>
                <Link
                  to={place.to}
                  aria-current={place === shownInMore ? 'page' : undefined}
                  className="flex min-h-11 items-center rounded-xl px-3 font-semibold hover:bg-stone-100 aria-[current=page]:text-emerald-800 dark:hover:bg-stone-800 dark:aria-[current=page]:text-emerald-400"
                  data-testid={'testId' in place ? place.testId : undefined}
                >
                  {label(place)}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </nav>
  )
}
