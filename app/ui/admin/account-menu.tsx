import { Form, Link } from '@remix-run/react'
import type { StaffAreaIntent } from '~/domain/schemas/auth'
import { can, type Role } from '~/domain/permissions'
import { buttonClass } from '../button'
import { ThemeToggle } from '../customer/shell'
import { useI18n } from '../i18n'
import { SignOutButton } from './sign-out'

/**
 * Who is signed in, and where: the restaurant's name whole (a waiter checks
 * which restaurant they work in) and the person with their role; a tap
 * opens their own things (a disclosure, so without JavaScript too): which
 * restaurant they work in, for one who belongs to several, their PIN, the
 * shared device, opening another restaurant, as their role allows, the
 * theme, and signing out. On the shared device locking stays one tap, in
 * sight, and the menu holds only the PIN.
 */
export function AccountMenu({
  restaurantName,
  person,
  role,
  current,
  places,
  device,
}: {
  restaurantName: string
  person: string
  role: Role
  current: string
  places: { id: string; restaurantName: string | null }[]
  device: boolean
}) {
  const { t } = useI18n()
  return (
    <>
      <details className="relative min-w-0 flex-1 basis-30" data-testid="account-menu">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl">
          <span className="min-w-0">
            <span className="block text-lg leading-tight font-bold break-words" data-testid="restaurant-name">
              {restaurantName}
            </span>
            <span className="block text-sm break-words text-stone-600 dark:text-stone-400" data-testid="signed-in-as">
              {person} · {t(`admin.team.roles.${role}`)}
            </span>
          </span>
          <span aria-hidden="true" className="text-stone-600 dark:text-stone-400">
            ▾
          </span>
          <span className="sr-only">{t('admin.dashboard.account')}</span>
        </summary>
        <div className="absolute left-0 z-30 mt-2 grid w-72 max-w-[calc(100vw-2rem)] gap-2 rounded-2xl border border-stone-200 bg-white p-3 shadow-lg dark:border-stone-700 dark:bg-stone-900">
          {places.length > 1 && !device ? (
            <Form method="post" className="grid gap-2" data-testid="restaurant-switcher">
              <input type="hidden" name="intent" value={'switch' satisfies StaffAreaIntent} />
              <label className="grid gap-1 text-sm font-semibold">
                {t('admin.team.switcher.label')}
                <select
                  name="restaurantId"
                  defaultValue={current}
                  className="min-h-11 rounded-xl border border-stone-300 bg-white px-3 dark:border-stone-600 dark:bg-stone-900"
                >
                  {places.map((place) => (
                    <option key={place.id} value={place.id}>
                      {place.restaurantName ?? place.id}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={buttonClass.secondary}>
                {t('admin.team.switcher.switch')}
              </button>
            </Form>
          ) : null}
          <Link to="/admin/pin" className={buttonClass.secondary}>
            {t('admin.team.pin.link')}
          </Link>
          {can(role, 'devices.manage') && !device ? (
            <Link to="/admin/devices" className={buttonClass.secondary}>
              {t('admin.team.devices.link')}
            </Link>
          ) : null}
          {can(role, 'restaurants.create') && !device ? (
            <Link to="/admin/restaurants/new" className={buttonClass.secondary}>
              {t('admin.team.switcher.create')}
            </Link>
          ) : null}
          <div className="flex items-center justify-between gap-2 border-t border-stone-200 pt-2 dark:border-stone-700">
            <ThemeToggle />
            {device ? null : <SignOutButton device={false} />}
          </div>
        </div>
      </details>
      {device ? <SignOutButton device /> : null}
    </>
  )
}
