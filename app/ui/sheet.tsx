import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { buttonClass } from './button'
import { useI18n } from './i18n'
import { useUrlModal } from './use-url-modal'

/**
 * A bottom sheet whose open state lives in the URL, on the platform's
 * <dialog>: with JavaScript it is modal (focus trapped, Escape closes, the
 * page behind is inert) at no cost in bytes; without, it renders open and
 * its links still work.
 */
export function Sheet({
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
  const { ref, modal } = useUrlModal(open, closeTo)

  if (!open) return null
  return (
    <>
      {modal ? null : <Link to={closeTo} aria-hidden="true" tabIndex={-1} className="fixed inset-0 z-20 bg-black/40" />}
      <dialog
        ref={ref}
        open
        aria-labelledby="sheet-title"
        className="fixed inset-x-0 top-auto bottom-0 z-30 m-0 mx-auto w-full max-w-xl rounded-t-3xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-black/40 dark:bg-stone-900 dark:text-stone-100 dark:ring-1 dark:ring-stone-700"
      >
        <div className="flex items-center justify-between px-5 pt-4">
          <h2 id="sheet-title" className="text-lg font-bold">
            {title}
          </h2>
          <Link to={closeTo} replace preventScrollReset className={buttonClass.icon} aria-label={t('common.close')}>
            <span aria-hidden="true" className="text-xl">
              ✕
            </span>
          </Link>
        </div>
        <div className="px-5 pt-3 pb-[max(1.25rem,env(safe-area-inset-bottom))]">{children}</div>
      </dialog>
    </>
  )
}
