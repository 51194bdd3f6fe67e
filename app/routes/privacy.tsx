import type { MetaFunction } from '@remix-run/cloudflare'
import { publicAction } from '~/server/site/public-action.server'
import { useI18n } from '~/ui/i18n'
import { siteMeta } from '~/ui/site/meta'
import { SiteLayout } from '~/ui/site/site-layout'

export const meta: MetaFunction = (args) => siteMeta(args, { title: 'site.meta.privacyTitle' })

export const action = publicAction

const SECTIONS = ['waitlist', 'contact', 'bills', 'payments', 'accounts', 'nothingElse'] as const

/** What the product stores, in plain words (issue 6: a real page behind the footer's Privacidad). */
export default function Privacy() {
  const { t } = useI18n()
  return (
    <SiteLayout>
      <main className="mx-auto grid max-w-2xl gap-6 px-4 py-12">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight">{t('site.privacy.title')}</h1>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('site.privacy.updated')}</p>
        </div>
        <p className="text-lg">{t('site.privacy.intro')}</p>
        {SECTIONS.map((section) => (
          <section key={section} className="grid gap-1">
            <h2 className="text-xl font-bold">{t(`site.privacy.sections.${section}.title`)}</h2>
            <p className="text-stone-700 dark:text-stone-300">{t(`site.privacy.sections.${section}.text`)}</p>
          </section>
        ))}
        <p className="rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">{t('site.privacy.contact')}</p>
      </main>
    </SiteLayout>
  )
}
