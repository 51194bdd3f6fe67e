import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { sessionEndpoints } from '~/server/alerts/push-subscriptions.server'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'
import { getDb } from '~/server/db/client.server'
import { appEnv } from '~/server/env.server'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { usePushDevice } from '~/ui/admin/use-push-device'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'
import { useHydrated } from '~/ui/use-hydrated'

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.notifications.title'))

/** Every member turns alerts on for their own devices. */
export const access: PageAccess = { view: 'restaurant.view' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant, session, device } = await requireStaff(context, request, 'page', access.view)
  const env = context.cloudflare.env
  return {
    restaurantName: restaurant.restaurantName ?? '',
    // Null only in a local run without keys: production refuses to start without them.
    vapidPublicKey: appEnv(env).VAPID_PUBLIC_KEY ?? null,
    keptEndpoints: device ? [] : await sessionEndpoints(getDb(env.DB), session, restaurant.id),
    device,
  }
}

export default function Notifications() {
  const { restaurantName, vapidPublicKey, keptEndpoints, device } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  const hydrated = useHydrated()
  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo="/admin/dashboard" backLabel={t('admin.cashOut.back')} />
      <main className="mx-auto max-w-md px-4 py-6">
        <section className="grid gap-4 rounded-3xl bg-white p-6 shadow-sm dark:bg-stone-900">
          <h1 className="text-2xl font-bold">{t('admin.notifications.title')}</h1>
          <p className="text-stone-700 dark:text-stone-300">
            {t('admin.notifications.lead', { restaurant: restaurantName })}
          </p>
          <noscript>
            <Notice>{t('admin.notifications.needsJavaScript')}</Notice>
          </noscript>
          {/* Without JavaScript nothing here could work: the notice above says so instead. */}
          <div hidden={!hydrated} className="grid gap-4">
            {device ? (
              <Notice>{t('admin.notifications.sharedDevice')}</Notice>
            ) : vapidPublicKey ? (
              <DeviceSwitch vapidPublicKey={vapidPublicKey} keptEndpoints={keptEndpoints} />
            ) : (
              <Notice>{t('admin.notifications.notConfigured')}</Notice>
            )}
          </div>
        </section>
      </main>
    </div>
  )
}

function DeviceSwitch({ vapidPublicKey, keptEndpoints }: { vapidPublicKey: string; keptEndpoints: string[] }) {
  const { t } = useI18n()
  const { state, busy, problem, turnOn, turnOff } = usePushDevice(vapidPublicKey, keptEndpoints)
  switch (state) {
    case 'checking':
      return <p className="text-stone-600 dark:text-stone-400">{t('admin.notifications.checking')}</p>
    case 'home-screen':
      return <HomeScreenSteps />
    case 'unsupported':
      return <Notice>{t('admin.notifications.unsupported')}</Notice>
    case 'denied':
      return <Notice>{t('admin.notifications.denied')}</Notice>
  }
  const on = state === 'on'
  return (
    <>
      <p role="status" className="flex items-center gap-3 text-lg font-semibold" data-testid="push-state">
        <span
          aria-hidden="true"
          className={`size-3 shrink-0 rounded-full ${on ? 'bg-emerald-600 dark:bg-emerald-400' : 'bg-stone-400 dark:bg-stone-500'}`}
        />
        {t(on ? 'admin.notifications.on' : 'admin.notifications.off')}
      </p>
      <button
        type="button"
        className={on ? buttonClass.secondary : buttonClass.primary}
        disabled={busy}
        onClick={on ? turnOff : turnOn}
      >
        {busy ? t('admin.notifications.working') : t(on ? 'admin.notifications.turnOff' : 'admin.notifications.turnOn')}
      </button>
      {problem ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {t(problem === 'dismissed' ? 'admin.notifications.dismissed' : 'admin.notifications.failed')}
        </p>
      ) : null}
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.notifications.signOutNote')}</p>
    </>
  )
}

/** iOS delivers pushes only to a web app opened from the Home Screen: how to get there, in Safari's words. */
function HomeScreenSteps() {
  const { t } = useI18n()
  return (
    <div className="grid gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100">
      <h2 className="font-bold">{t('admin.notifications.homeScreen.title')}</h2>
      <p>{t('admin.notifications.homeScreen.text')}</p>
      <ol className="grid list-decimal gap-1 pl-6">
        <li>{t('admin.notifications.homeScreen.share')}</li>
        <li>{t('admin.notifications.homeScreen.add')}</li>
        <li>{t('admin.notifications.homeScreen.open')}</li>
      </ol>
    </div>
  )
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100">{children}</p>
  )
}
