import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { paymentsSimulated } from '~/server/payments/provider.server'
import { pageTitle } from '~/ui/page-title'
import { CustomerErrorBoundary } from '~/ui/customer/table-missing'
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

export { CustomerErrorBoundary as ErrorBoundary }
