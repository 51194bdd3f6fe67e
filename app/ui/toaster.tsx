import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { useI18n } from './i18n'
import { useHydrated } from './use-hydrated'

/** Translation keys, so a toast follows the reader's language, and the values they name ({{name}}). */
interface ToastMessage {
  title: string
  description?: string
  vars?: Record<string, string>
  variant?: 'default' | 'destructive'
}

const DURATION_MS = 5000
const ToastContext = createContext<(toast: ToastMessage) => void>(() => {})

/**
 * Shows one toast at a time, for five seconds, announced to screen readers.
 * Without JavaScript a toast from the server leaves by itself after as long
 * (app.css), since its dismiss button cannot work; it would cover the header.
 */
export function ToastProvider({ initial, children }: { initial: ToastMessage | null; children: ReactNode }) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const [toast, setToast] = useState<ToastMessage | null>(initial)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const show = useCallback((next: ToastMessage) => {
    setToast(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setToast(null), DURATION_MS)
  }, [])

  // A toast from the server (after a redirect) arrives as new loader data.
  useEffect(() => {
    if (initial) show(initial)
  }, [initial, show])

  useEffect(() => () => clearTimeout(timer.current), [])

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        role="status"
        className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-4 md:justify-end print:hidden"
        data-testid="toast-region"
      >
        {toast ? (
          <div
            data-testid="toast"
            className={`pointer-events-auto w-full max-w-[420px] rounded-xl border p-4 shadow-lg ${hydrated ? '' : 'animate-toast-leave'} ${
              toast.variant === 'destructive'
                ? 'border-red-700 bg-red-700 text-white'
                : 'border-stone-200 bg-white text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100'
            }`}
          >
            <div className="flex items-start gap-3">
              <div className="flex-1">
                <p className="font-semibold">{t.message(toast.title, toast.vars)}</p>
                {toast.description ? (
                  <p className="mt-1 text-sm opacity-90">{t.message(toast.description, toast.vars)}</p>
                ) : null}
              </div>
              {hydrated ? (
                <button
                  type="button"
                  onClick={() => setToast(null)}
                  className="-m-2 grid size-11 place-items-center rounded-lg text-lg leading-none opacity-70 hover:opacity-100"
                  aria-label={t('common.dismiss')}
                >
                  ×
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  )
}

export const useToast = () => useContext(ToastContext)
