import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Link, Outlet, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { paymentsSimulated } from '~/server/payments/provider.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { CustomerShell } from '~/ui/customer/shell'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { useI18n } from '~/ui/i18n'

/**
 * The diner's screens (/customer/...). Each loads its own bill, so a screen
 * only waits for what it shows; they share this one error page, inside the
 * diner's frame: an unknown or closed table is 'Table Not Found', and a
 * table the restaurant archived is 'no longer available'.
 */
export const meta: MetaFunction = (args) =>
  pageTitle(args, (t) => ({ page: t('common.appName') }), {
    404: 'customer.notFound.title',
    410: 'customer.gone.title',
  })

/** Whether this table's payments are simulated: then every screen of it says that no money moves. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return { simulated: params.sessionId ? await paymentsSimulated(context.cloudflare.env, params.sessionId) : false }
}

/** It only depends on the table, so moving between one table's steps never asks for it again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams }) =>
  currentParams.sessionId !== nextParams.sessionId

export default function CustomerArea() {
  const { simulated } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  return (
    <>
      {simulated ? (
        <p
          role="note"
          className="bg-sky-100 px-4 py-1.5 text-center text-sm font-medium text-sky-950 dark:bg-sky-950 dark:text-sky-100"
          data-testid="simulated-payments"
        >
          {t('customer.simulatedPayments')}
        </p>
      ) : null}
      <Outlet />
    </>
  )
}

export function ErrorBoundary() {
  const { t } = useI18n()
  return (
    <GeneralErrorBoundary
      frame={(children) => <CustomerShell>{children}</CustomerShell>}
      back={{ to: '/', label: t('common.returnHome') }}
      statusHandlers={{ 404: () => <TableMissing why="notFound" />, 410: () => <TableMissing why="gone" /> }}
    />
  )
}

/** An unknown table (404) or one the restaurant archived (410): the same page, in its own words. */
function TableMissing({ why }: { why: 'notFound' | 'gone' }) {
  const { t } = useI18n()
  return (
    <section
      className="flex flex-col items-center gap-4 py-16 text-center"
      data-testid={why === 'gone' ? 'table-gone' : 'table-not-found'}
    >
      <span aria-hidden="true" className="text-5xl">
        🍽️
      </span>
      <h1 className="text-2xl font-bold">{t(`customer.${why}.title`)}</h1>
      <p className="text-stone-600 dark:text-stone-400">{t(`customer.${why}.text`)}</p>
      <Link to="/" className={buttonClass.primary}>
        {t('common.returnHome')}
      </Link>
    </section>
  )
}
