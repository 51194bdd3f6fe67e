import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { loader as rootLoader } from '~/root'
import { buttonClass } from './button'
import { useI18n } from './i18n'

/** The statuses the app answers on purpose; anything else is said as a 500. */
const KNOWN: ReadonlySet<number> = new Set([401, 403, 404, 409, 429] as const)

/** The status an error page says: one the app answers on purpose, else 500. */
export const shownStatus = (error: unknown) =>
  (isRouteErrorResponse(error) && KNOWN.has(error.status) ? error.status : 500) as 401 | 403 | 404 | 409 | 429 | 500

type StatusHandler = () => ReactNode

/**
 * The one error page every area builds its boundary on: the status in the
 * page's language with a way back, or, for an error nobody expected, the
 * request id the server logged it with, for a diner or a waiter to quote.
 * `frame` draws the area around it; `statusHandlers` replace the words of a
 * status an area says its own way (a diner's unknown table).
 */
export function GeneralErrorBoundary({
  frame = (children) => children,
  back,
  statusHandlers = {},
}: {
  frame?: (children: ReactNode) => ReactNode
  back: { to: string; label: string }
  statusHandlers?: Record<number, StatusHandler>
}) {
  const error = useRouteError()
  const { t } = useI18n()
  const requestId = useRouteLoaderData<typeof rootLoader>('root')?.requestId
  const status = shownStatus(error)
  const handler = isRouteErrorResponse(error) ? statusHandlers[error.status] : undefined
  if (handler) return frame(handler())
  return frame(
    <section
      className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-16 text-center"
      data-testid="error-page"
      data-status={status}
    >
      <p aria-hidden="true" className="text-6xl font-extrabold text-emerald-800 dark:text-emerald-400">
        {status}
      </p>
      <h1 className="text-2xl font-bold">{t(`common.errors.${status}.title`)}</h1>
      <p className="text-stone-700 dark:text-stone-300">{t(`common.errors.${status}.text`)}</p>
      {status === 500 && requestId ? (
        <p
          className="rounded-xl bg-stone-100 px-3 py-2 text-sm text-stone-700 dark:bg-stone-800 dark:text-stone-300"
          data-testid="request-id"
        >
          {t('common.errors.requestId', { id: requestId })}
        </p>
      ) : null}
      <Link to={back.to} className={buttonClass.primary}>
        {back.label}
      </Link>
    </section>,
  )
}
