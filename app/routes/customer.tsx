import type { MetaFunction } from '@remix-run/cloudflare'
import { Link, Outlet } from '@remix-run/react'
import { buttonClass } from '~/ui/button'
import { CustomerShell } from '~/ui/customer/shell'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { useI18n } from '~/ui/i18n'

/**
 * The diner's screens (/customer/...). Each loads its own bill, so a screen
 * only waits for what it shows; they share this one error page, inside the
 * diner's frame: an unknown or closed table is 'Table Not Found'.
 */
export const meta: MetaFunction = () => [{ title: 'Mesa' }]

export default function CustomerArea() {
  return <Outlet />
}

export function ErrorBoundary() {
  const { t } = useI18n()
  return (
    <GeneralErrorBoundary
      frame={(children) => <CustomerShell>{children}</CustomerShell>}
      back={{ to: '/', label: t('common.returnHome') }}
      statusHandlers={{ 404: () => <TableNotFound /> }}
    />
  )
}

function TableNotFound() {
  const { t } = useI18n()
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center" data-testid="table-not-found">
      <span aria-hidden="true" className="text-5xl">🍽️</span>
      <h1 className="text-2xl font-bold">{t('customer.notFound.title')}</h1>
      <p className="text-stone-600">{t('customer.notFound.text')}</p>
      <Link to="/" className={buttonClass.primary}>
        {t('common.returnHome')}
      </Link>
    </section>
  )
}
