import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

/** One way to pay in the bill's "Pagar" sheet: an icon, what it does and a hint, as a link a thumb reaches. */
export function SheetOption({
  to,
  icon,
  title,
  hint,
  replace,
}: {
  to: string
  icon: ReactNode
  title: string
  hint: string
  replace?: boolean
}) {
  return (
    <Link
      to={to}
      replace={replace}
      preventScrollReset
      className="flex min-h-16 items-center gap-4 rounded-2xl border border-stone-200 p-4 hover:bg-stone-50 focus-visible:outline focus-visible:outline-3 focus-visible:outline-emerald-700 dark:border-stone-700 dark:hover:bg-stone-800"
    >
      <span className="text-emerald-800 dark:text-emerald-400">{icon}</span>
      <span className="flex-1">
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-stone-600 dark:text-stone-400">{hint}</span>
      </span>
      <span aria-hidden="true" className="text-stone-400 dark:text-stone-500">
        ›
      </span>
    </Link>
  )
}
