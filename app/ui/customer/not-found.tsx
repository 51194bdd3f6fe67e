import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { buttonClass } from '../button'
import { useI18n } from '../i18n'
import { CustomerShell } from './shell'

/** Every diner screen's error boundary: an unknown or closed table shows 'Table Not Found'. */
export function CustomerErrorBoundary() {
  const error = useRouteError()
  const { t } = useI18n()
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error
  return (
    <CustomerShell>
      <section className="flex flex-col items-center gap-4 py-16 text-center" data-testid="table-not-found">
        <span aria-hidden="true" className="text-5xl">🍽️</span>
        <h1 className="text-2xl font-bold">{t('customer.notFound.title')}</h1>
        <p className="text-stone-600">{t('customer.notFound.text')}</p>
        <Link to="/" className={buttonClass.primary}>
          {t('common.returnHome')}
        </Link>
      </section>
    </CustomerShell>
  )
}
