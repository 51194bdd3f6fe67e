import { Link, useRouteLoaderData } from '@remix-run/react'
import type { loader as staffAreaLoader } from '~/routes/admin'
import { BellIcon } from '../icons'
import { useI18n } from '../i18n'
import { useChime } from './use-chime'

/**
 * The bell of every staff screen's bar: how many of the person's alerts are
 * unread, a link to the list, and a chime when a new one comes (unless they
 * turned it off). The staff area's data has it, fetched again with every
 * change the screens hear of.
 */
export function AlertBell() {
  const area = useRouteLoaderData<typeof staffAreaLoader>('routes/admin')
  const { t } = useI18n()
  const badge = area?.alerts ?? null
  const chime = useChime(badge?.ids ?? [], badge?.sound ?? false)
  if (!badge) return null
  const label = badge.unread > 0 ? t('admin.alerts.bell', { count: badge.unread }) : t('admin.alerts.bellNone')
  return (
    <Link
      to="/admin/alerts"
      className="relative inline-grid size-11 shrink-0 place-items-center rounded-full text-stone-700 hover:bg-stone-200 focus-visible:outline focus-visible:outline-3 focus-visible:outline-emerald-700 dark:text-stone-300 dark:hover:bg-stone-800"
      aria-label={label}
      title={label}
      data-testid="alert-bell"
      data-unread={badge.unread}
      data-chimes={chime.played}
    >
      <BellIcon />
      {badge.unread > 0 ? (
        <span className="absolute -top-0.5 -right-0.5 grid min-w-6 place-items-center rounded-full bg-red-700 px-1 text-xs font-bold text-white tabular-nums">
          {badge.unread > 99 ? '99+' : badge.unread}
        </span>
      ) : null}
    </Link>
  )
}
