import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { publicAction } from '~/server/site/public-action.server'
import { qrSvg } from '~/server/tables/qr.server'
import { DEMO_SESSION_ID } from '~/domain/demo'
import { UrlDialog } from '~/ui/admin/dialog'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { useI18n } from '~/ui/i18n'
import { siteMeta } from '~/ui/site/meta'
import { SiteLayout, useDialogUrl } from '~/ui/site/site-layout'

export const meta: MetaFunction = (args) =>
  siteMeta(args, { title: 'site.meta.title', description: 'site.meta.description' })

export async function loader({ request }: LoaderFunctionArgs) {
  // The demo table's own bill, `demo7`, as the README names it.
  const demoUrl = `${new URL(request.url).origin}${customerPath.bill(DEMO_SESSION_ID)}`
  return { demoUrl, demoQr: await qrSvg(demoUrl) }
}

export const action = publicAction

const DINER_CARDS = ['scan', 'live', 'split', 'tip', 'pay', 'order'] as const
// Only what the product does today: a card is added when its feature ships.
const STAFF_CARDS = ['tables', 'menu', 'realtime', 'kitchen', 'push', 'analytics', 'cashout'] as const
const BENEFITS = ['fast', 'trial', 'noApp', 'methods'] as const

export default function Landing() {
  // The previews are pictures of our own screens, taken in each language (scripts/site-previews.ts).
  const { t, language } = useI18n()
  const dialogUrl = useDialogUrl()
  const [searchParams] = useSearchParams()
  const preview = searchParams.get('preview') === 'admin' ? 'admin' : 'customer'

  return (
    <SiteLayout>
      <main>
        <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-[1.1fr_0.9fr] md:py-20">
          <div className="grid gap-6">
            <p className="font-semibold text-emerald-800 dark:text-emerald-400">{t('site.hero.eyebrow')}</p>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{t('site.hero.title')}</h1>
            <p className="text-lg text-stone-700 dark:text-stone-300">{t('site.hero.lead')}</p>
            <div className="flex flex-wrap gap-3">
              <Link to="/admin/signup" className={buttonClass.primary} data-testid="hero-signup">
                {t('site.hero.signUp')}
              </Link>
              <Link to={dialogUrl('demo')} preventScrollReset className={buttonClass.secondary} data-testid="try-demo">
                {t('site.hero.tryDemo')}
              </Link>
            </div>
            <p className="text-sm text-stone-600 dark:text-stone-400">
              {t('site.hero.trial')}{' '}
              <Link
                to={dialogUrl('waitlist')}
                preventScrollReset
                className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline underline-offset-2 dark:text-emerald-400"
                data-testid="hero-waitlist"
              >
                {t('site.hero.waitlist')}
              </Link>
            </p>
          </div>
          <PhoneFrame>
            <img
              src={`/preview/customer.${language}.jpg`}
              width={390}
              height={760}
              alt={t('site.preview.customerAlt')}
              className="block h-auto w-full"
            />
          </PhoneFrame>
        </section>

        <FeatureStrip title={t('site.diners.title')} testId="diner-features">
          {DINER_CARDS.map((card) => (
            <FeatureCard
              key={card}
              title={t(`site.diners.cards.${card}.title`)}
              text={t(`site.diners.cards.${card}.text`)}
            />
          ))}
        </FeatureStrip>
        <FeatureStrip title={t('site.staff.title')} testId="staff-features">
          {STAFF_CARDS.map((card) => (
            <FeatureCard
              key={card}
              title={t(`site.staff.cards.${card}.title`)}
              text={t(`site.staff.cards.${card}.text`)}
            />
          ))}
        </FeatureStrip>

        <section aria-labelledby="preview-title" className="mx-auto grid max-w-6xl gap-6 px-4 py-12">
          <h2 id="preview-title" className="text-3xl font-bold tracking-tight">
            {t('site.preview.title')}
          </h2>
          <div className="flex w-fit gap-1 rounded-full border border-stone-300 bg-white p-1 dark:border-stone-700 dark:bg-stone-900">
            {(['customer', 'admin'] as const).map((view) => (
              <Link
                key={view}
                to={`?preview=${view}`}
                replace
                preventScrollReset
                aria-current={preview === view ? 'true' : undefined}
                className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-stone-700 aria-[current]:bg-emerald-800 aria-[current]:text-white dark:text-stone-300"
              >
                {t(`site.preview.${view}`)}
              </Link>
            ))}
          </div>
          <div data-testid="preview">
            {preview === 'customer' ? (
              <div className="max-w-xs">
                <PhoneFrame>
                  <img
                    src={`/preview/split.${language}.jpg`}
                    width={390}
                    height={760}
                    alt={t('site.preview.splitAlt')}
                    loading="lazy"
                    className="block h-auto w-full"
                  />
                </PhoneFrame>
              </div>
            ) : (
              <div className="overflow-hidden rounded-2xl border border-stone-300 bg-white shadow-xl dark:border-stone-700">
                <div aria-hidden="true" className="flex gap-1.5 border-b border-stone-200 bg-stone-100 px-4 py-3">
                  <span className="size-3 rounded-full bg-stone-300" />
                  <span className="size-3 rounded-full bg-stone-300" />
                  <span className="size-3 rounded-full bg-stone-300" />
                </div>
                <img
                  src={`/preview/admin.${language}.jpg`}
                  width={1280}
                  height={640}
                  alt={t('site.preview.adminAlt')}
                  loading="lazy"
                  className="block h-auto w-full"
                />
              </div>
            )}
          </div>
        </section>

        <section aria-labelledby="benefits-title" className="bg-emerald-900 text-white dark:bg-emerald-950">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14">
            <h2 id="benefits-title" className="text-3xl font-bold tracking-tight">
              {t('site.benefits.title')}
            </h2>
            <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {BENEFITS.map((benefit) => (
                <div key={benefit} className="grid gap-1">
                  <dt className="text-4xl font-extrabold text-emerald-300">
                    {t(`site.benefits.items.${benefit}.value`)}
                  </dt>
                  <dd className="text-emerald-50">{t(`site.benefits.items.${benefit}.text`)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-14">
          <div className="grid gap-4 rounded-3xl bg-white p-8 text-center shadow-sm dark:bg-stone-900">
            <h2 className="text-3xl font-bold tracking-tight">{t('site.start.title')}</h2>
            <p className="mx-auto max-w-xl text-stone-700 dark:text-stone-300">{t('site.start.text')}</p>
            <Link to="/admin/signup" className={`${buttonClass.primary} justify-self-center`} data-testid="start-now">
              {t('site.start.cta')}
            </Link>
          </div>
        </section>
      </main>
      <DemoDialog />
    </SiteLayout>
  )
}

function PhoneFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-[300px] overflow-hidden rounded-[2.5rem] border-[10px] border-stone-900 bg-white shadow-2xl dark:border-stone-700">
      {children}
    </div>
  )
}

function FeatureStrip({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto grid max-w-6xl gap-4 px-4 py-8" aria-label={title}>
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      {/* A strip that scrolls sideways on a phone; it is a list, so screen readers hear how many there are. */}
      {/* Focusable, so the strip can be scrolled from the keyboard too (its cards hold no links). */}
      <ul
        tabIndex={0}
        className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-4 focus-visible:outline focus-visible:outline-3 focus-visible:outline-emerald-700"
        data-testid={testId}
      >
        {children}
      </ul>
    </section>
  )
}

function FeatureCard({ title, text }: { title: string; text: string }) {
  return (
    <li className="grid w-64 shrink-0 snap-start content-start gap-2 rounded-2xl border-t-4 border-emerald-700 bg-white p-5 shadow-sm dark:bg-stone-900">
      <h3 className="font-bold">{title}</h3>
      <p className="text-stone-700 dark:text-stone-300">{text}</p>
    </li>
  )
}

function DemoDialog() {
  const { demoUrl, demoQr } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  const [searchParams] = useSearchParams()
  const dialogUrl = useDialogUrl()
  const tab = searchParams.get('tab') === 'browser' ? 'browser' : 'qr'
  const demoPath = customerPath.bill(DEMO_SESSION_ID)
  return (
    <UrlDialog open={searchParams.get('dialog') === 'demo'} closeTo={dialogUrl(null)} title={t('site.demo.title')}>
      <div className="grid gap-4">
        <div className="grid grid-cols-2 gap-1 rounded-full border border-stone-300 p-1 dark:border-stone-700">
          {(['qr', 'browser'] as const).map((name) => (
            <Link
              key={name}
              to={`${dialogUrl('demo')}&tab=${name}`}
              replace
              preventScrollReset
              aria-current={tab === name ? 'true' : undefined}
              className="inline-flex min-h-11 items-center justify-center rounded-full px-3 font-semibold text-stone-700 aria-[current]:bg-emerald-800 aria-[current]:text-white dark:text-stone-300"
            >
              {t(name === 'qr' ? 'site.demo.qrTab' : 'site.demo.browserTab')}
            </Link>
          ))}
        </div>
        {tab === 'qr' ? (
          <div className="grid justify-items-center gap-3 text-center">
            {/* Server-rendered SVG from the qrcode library, for our own demo URL. */}
            <div
              className="rounded-xl bg-white p-2"
              data-testid="demo-qr"
              dangerouslySetInnerHTML={{ __html: demoQr }}
            />
            <p className="text-sm text-stone-600 dark:text-stone-300">{t('site.demo.qrHint')}</p>
            <p className="text-xs break-all text-stone-600 dark:text-stone-400">{demoUrl}</p>
          </div>
        ) : (
          <div className="grid gap-3">
            <p className="text-stone-700 dark:text-stone-300">{t('site.demo.browserHint')}</p>
            <Link to={demoPath} className={buttonClass.primary} data-testid="open-demo">
              {t('site.demo.open')}
            </Link>
          </div>
        )}
      </div>
    </UrlDialog>
  )
}
