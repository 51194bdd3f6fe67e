import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Outlet, useLoaderData, useMatches, useRouteLoaderData } from '@remix-run/react'
import { alertOf } from '~/domain/alerts'
import { can, homeOf, KITCHEN_HOME } from '~/domain/permissions'
import { livePath } from '~/domain/live'
import { alertBadge } from '~/server/alerts/alert-reads.server'
import { getDb } from '~/server/db/client.server'
import { useLiveSocket } from '~/ui/use-live'
import { unlessOnlySearchChanged } from '~/ui/revalidate'
import { useEffect } from 'react'
import { DEVICE_IDLE_MS } from '~/domain/schemas/pins'
import { principalOf } from '~/server/auth/guard.server'
import { LanguageSwitch, ThemeToggle } from '~/ui/customer/shell'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'
import { ClockProvider } from '~/ui/clock'
import { restaurantTimeZone } from '~/domain/local-time'

/**
 * The staff area (/admin/...): whether someone is signed in is read once here
 * for every page, and one error page serves them all, leading back to the
 * dashboard or to sign-in. Each page still checks its own access: loaders run
 * side by side, so this one cannot guard the others.
 */
export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.brand'))

/** Also the restaurant's name, which every staff page's title ends with, and the person's unread alerts (the bell). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const principal = await principalOf(context, request)
  return {
    signedIn: Boolean(principal),
    // Where the person's screens start: what an error page leads back to.
    home: principal ? homeOf(principal.role) : null,
    restaurantName: principal?.restaurant.restaurantName ?? null,
    // Every time a staff page shows is on the restaurant's clock (Configuración), whatever the device's.
    timeZone: restaurantTimeZone(principal?.restaurant.timeZone),
    device: principal?.device ?? false,
    // The bell, for those whose role has alerts (the kitchen has its board instead).
    alerts:
      principal && can(principal.role, 'alerts.view')
        ? await alertBadge(getDb(context.cloudflare.env.DB), principal.person.id, principal.restaurant.id)
        : null,
  }
}

/** Only what the address names changed (a search typed, a dialog opened): the bell is as it was, and typing never waits on it. */
export const shouldRevalidate = unlessOnlySearchChanged

export default function StaffArea() {
  const { device, signedIn, timeZone } = useLoaderData<typeof loader>()
  useLockWhenIdle(device)
  useAlertsLive(signedIn)
  return (
    <ClockProvider timeZone={timeZone}>
      <Outlet />
    </ClockProvider>
  )
}

/**
 * Keeps the bell live on screens that do not follow the restaurant
 * themselves (a page that does says so in its handle, and its own
 * socket's refetch brings the bell along).
 */
function useAlertsLive(signedIn: boolean) {
  const followsItself = useMatches().some((match) => (match.handle as { live?: boolean } | undefined)?.live)
  useLiveSocket(signedIn && !followsItself ? livePath.restaurant : null, (event, revalidate) => {
    if (alertOf(event) || event.change === 'call-answered') revalidate()
  })
}

/**
 * On the restaurant's shared device, the screen goes back to the lock
 * screen once nobody has touched it for the idle time, so the next person
 * does not act under the last one's name. The server locks it too (its
 * next request finds the time over); this only saves a tap on a stale page.
 */
function useLockWhenIdle(device: boolean) {
  useEffect(() => {
    if (!device) return
    let timer = setTimeout(lock, DEVICE_IDLE_MS)
    function lock() {
      window.location.assign('/admin/device')
    }
    function touched() {
      clearTimeout(timer)
      timer = setTimeout(lock, DEVICE_IDLE_MS)
    }
    const events = ['pointerdown', 'keydown'] as const
    for (const event of events) window.addEventListener(event, touched, { passive: true })
    return () => {
      clearTimeout(timer)
      for (const event of events) window.removeEventListener(event, touched)
    }
  }, [device])
}

export function ErrorBoundary() {
  const { t } = useI18n()
  const staff = useRouteLoaderData<typeof loader>('routes/admin')
  const home = staff?.signedIn ? staff.home : null
  return (
    <GeneralErrorBoundary
      frame={(children) => (
        <div className="min-h-dvh">
          <header className="border-b border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900">
            <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
              <p className="text-lg font-bold text-emerald-800 dark:text-emerald-400">{t('admin.brand')}</p>
              <div className="flex gap-2">
                <LanguageSwitch />
                <ThemeToggle />
              </div>
            </div>
          </header>
          <main>{children}</main>
        </div>
      )}
      back={
        home
          ? { to: home, label: t(home === KITCHEN_HOME ? 'common.errors.kitchen' : 'common.errors.dashboard') }
          : { to: '/admin/login', label: t('common.errors.signIn') }
      }
    />
  )
}
