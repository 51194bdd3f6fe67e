import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useI18n } from '../i18n'
import { useUrlModal } from '../use-url-modal'

/**
 * A modal whose open state lives in the URL (?dialog=...), on the platform's
 * <dialog>: focus is trapped and Escape closes it; without JavaScript it
 * renders open and its forms and links still work.
 */
export function UrlDialog({
  open,
  closeTo,
  title,
  children,
}: {
  open: boolean
  closeTo: string
  title: string
  children: ReactNode
}) {
  const { t } = useI18n()
  const { ref } = useUrlModal(open, closeTo)
  if (!open) return null
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="dialog-title"
      className="fixed inset-0 z-40 m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100%-2rem))] overflow-y-auto rounded-3xl bg-white p-6 shadow-xl backdrop:bg-stone-900/50 dark:bg-stone-900 dark:text-stone-100 dark:ring-1 dark:ring-stone-700"
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <h2 id="dialog-title" className="text-xl font-bold">
          {title}
        </h2>
        <Link
          to={closeTo}
          replace
          preventScrollReset
          aria-label={t('common.close')}
          className="inline-grid size-11 place-items-center rounded-full hover:bg-stone-100 dark:hover:bg-stone-800"
        >
          <span aria-hidden="true">✕</span>
        </Link>
      </div>
      {children}
    </dialog>
  )
}
