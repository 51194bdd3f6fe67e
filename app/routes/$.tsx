import { data, type MetaFunction } from '@remix-run/cloudflare'
import { Link } from '@remix-run/react'
import { publicAction } from '~/server/site/public-action.server'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import { siteMeta } from '~/ui/site/meta'
import { SiteLayout } from '~/ui/site/site-layout'

export const meta: MetaFunction = (args) => siteMeta(args, { title: 'site.meta.notFoundTitle' })

/** Any URL no route claims: the site's own 404 page, with status 404. */
export const loader = () => data(null, { status: 404 })

export const action = publicAction

export default function NotFound() {
  const { t } = useI18n()
  return (
    <SiteLayout>
      <main className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-24 text-center">
        <p aria-hidden="true" className="text-7xl font-extrabold text-emerald-800 dark:text-emerald-400">
          404
        </p>
        <h1 className="text-3xl font-bold tracking-tight">{t('site.notFound.title')}</h1>
        <p className="text-stone-700 dark:text-stone-300">{t('site.notFound.text')}</p>
        <Link to="/" className={buttonClass.primary}>
          {t('site.notFound.home')}
        </Link>
      </main>
    </SiteLayout>
  )
}
