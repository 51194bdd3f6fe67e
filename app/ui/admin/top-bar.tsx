import { Link, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { loader as staffLoader } from '~/routes/admin'
import { buttonClass } from '../button'
import { LanguageSwitch, ThemeToggle } from '../customer/shell'
import { AlertBell } from './alert-bell'
import { SignOutButton } from './sign-out'

/**
 * The bar of the staff screens below the dashboard: the way back (if there
 * is one), anything the screen adds, the language; on the restaurant's
 * shared device, its lock, on every screen.
 */
export function AdminTopBar({
  backTo,
  backLabel,
  children,
}: {
  backTo: string | null
  backLabel: string
  children?: ReactNode
}) {
  const shared = useRouteLoaderData<typeof staffLoader>('routes/admin')?.device ?? false
  return (
    <header className="border-b border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900">
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
        {backTo ? (
          // On a phone the arrow alone (its label still read out), so the bar keeps to one line beside the bell and switches.
          <Link to={backTo} className={`${buttonClass.secondary} whitespace-nowrap`}>
            <span aria-hidden="true">←</span> <span className="sr-only sm:not-sr-only">{backLabel}</span>
          </Link>
        ) : null}
        <div className="flex flex-1 flex-wrap justify-end gap-2">{children}</div>
        {shared ? <SignOutButton device /> : null}
        <AlertBell />
        <LanguageSwitch />
        <ThemeToggle />
      </div>
    </header>
  )
}
