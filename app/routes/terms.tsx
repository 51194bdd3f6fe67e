import type { MetaFunction } from '@remix-run/cloudflare'
import { Link } from '@remix-run/react'
import { publicAction } from '~/server/site/public-action.server'
import { useI18n } from '~/ui/i18n'
import { siteMeta } from '~/ui/site/meta'
import { SiteLayout } from '~/ui/site/site-layout'

export const meta: MetaFunction = (args) => siteMeta(args, { title: 'site.meta.termsTitle' })

export const action = publicAction

const SECTIONS = ['service', 'account', 'restaurant', 'payments', 'availability', 'ending', 'changes'] as const

/** The terms an owner accepts when signing up, in plain words; the privacy notice says what is stored. */
export default function Terms() {
  const { t } = useI18n()
  return (
    <SiteLayout>
      <main className="mx-auto grid max-w-2xl gap-6 px-4 py-12">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight">{t('site.terms.title')}</h1>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('site.terms.updated')}</p>
        </div>
        <p className="text-lg">{t('site.terms.intro')}</p>
        {SECTIONS.map((section) => (
          <section key={section} className="grid gap-1">
            <h2 className="text-xl font-bold">{t(`site.terms.sections.${section}.title`)}</h2>
            <p className="text-stone-700 dark:text-stone-300">{t(`site.terms.sections.${section}.text`)}</p>
          </section>
        ))}
        <div className="grid gap-2 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
          <p>{t('site.terms.privacy')}</p>
          <Link to="/privacy" className="font-semibold text-emerald-800 underline dark:text-emerald-400">
            {t('site.terms.privacyLink')}
          </Link>
          <p>{t('site.terms.contact')}</p>
        </div>
      </main>
    </SiteLayout>
  )
}
