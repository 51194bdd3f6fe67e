import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Outlet, useRouteLoaderData } from '@remix-run/react'
import { principalOf } from '~/server/auth/guard.server'
import { LanguageSwitch, ThemeToggle } from '~/ui/customer/shell'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { useI18n } from '~/ui/i18n'
import { staffTitle } from '~/ui/page-title'

/**
 * The staff area (/admin/...): whether someone is signed in is read once here
 * for every page, and one error page serves them all, leading back to the
 * dashboard or to sign-in. Each page still checks its own access: loaders run
 * side by side, so this one cannot guard the others.
 */
export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.brand'))

/** Also the restaurant's name, which every staff page's title ends with. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const principal = await principalOf(context, request)
  return { signedIn: Boolean(principal), restaurantName: principal?.restaurant.restaurantName ?? null }
}

export default function StaffArea() {
  return <Outlet />
}

export function ErrorBoundary() {
  const { t } = useI18n()
  const signedIn = useRouteLoaderData<typeof loader>('routes/admin')?.signedIn ?? false
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
        signedIn
          ? { to: '/admin/dashboard', label: t('common.errors.dashboard') }
          : { to: '/admin/login', label: t('common.errors.signIn') }
      }
    />
  )
}
