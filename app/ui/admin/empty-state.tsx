import { Link } from '@remix-run/react'
import { buttonClass } from '~/ui/button'

/** What a staff list shows before it has anything: what is missing and the link to add the first one. */
export function EmptyState({ text, action, to }: { text: string; action?: string; to: string }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-3xl border border-dashed border-stone-300 bg-white p-10 text-center dark:border-stone-600 dark:bg-stone-900">
      <p className="text-lg font-semibold">{text}</p>
      {action ? (
        <Link to={to} preventScrollReset className={buttonClass.primary} data-testid="empty-state-action">
          {action}
        </Link>
      ) : null}
    </div>
  )
}
