import { Link } from '@remix-run/react'
import { buttonClass } from '~/ui/button'
import { CustomerShell } from '~/ui/customer/shell'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { useI18n } from '~/ui/i18n'

/** The diner's error page, inside the diner's frame: an unknown table (404) or one the restaurant archived (410). */
export function CustomerErrorBoundary() {
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
