import { Form, Link, useActionData, useLocation, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import type { PublicActionResult } from '~/server/public-action.server'
import { UrlDialog } from '../admin/dialog'
import { buttonClass } from '../button'
import { LanguageSwitch } from '../customer/shell'
import { Field } from '../field'
import { useI18n } from '../i18n'
import { ThemeSwitch } from './theme-switch'

const WAITLIST_STORAGE_KEY = 'mesa:waitlist'

/** The page's own URL with one dialog open (or none), keeping the rest of its query. */
export function useDialogUrl() {
  const location = useLocation()
  return (dialog: string | null) => {
    const params = new URLSearchParams(location.search)
    params.delete('index')
    params.delete('tab')
    if (dialog) params.set('dialog', dialog)
    else params.delete('dialog')
    const query = params.toString()
    return query ? `?${query}` : location.pathname
  }
}

/** Navbar, footer and the waitlist and contact dialogs around every public page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  const dialogUrl = useDialogUrl()
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-20 border-b border-stone-200 bg-stone-50/90 backdrop-blur dark:border-stone-800 dark:bg-stone-950/90">
        <nav aria-label={t('site.nav.label')} className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
          <Link to="/" className="mr-auto text-xl font-extrabold tracking-tight text-emerald-800 dark:text-emerald-400">
            Mesa
          </Link>
          <LanguageSwitch />
          {/* On a phone the navbar has no room for it; it waits in the footer instead. */}
          <div className="hidden sm:block">
            <ThemeSwitch />
          </div>
          <Link to="/admin/login" className="hidden min-h-11 items-center px-3 font-semibold text-stone-700 hover:text-stone-950 sm:inline-flex dark:text-stone-300 dark:hover:text-white">
            {t('site.nav.login')}
          </Link>
          <Link to={dialogUrl('waitlist')} preventScrollReset className={`${buttonClass.primary} min-h-11 whitespace-nowrap px-4`} data-testid="get-demo">
            {t('site.nav.getDemo')}
          </Link>
        </nav>
      </header>
      <div className="flex-1">{children}</div>
      <SiteFooter />
      <WaitlistDialog />
      <ContactDialog />
    </div>
  )
}

function SiteFooter() {
  const { t } = useI18n()
  const dialogUrl = useDialogUrl()
  const link = 'inline-flex min-h-11 items-center px-2 text-stone-700 hover:text-stone-950 dark:text-stone-300 dark:hover:text-white'
  return (
    <footer className="border-t border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
      <div className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:grid-cols-[1fr_auto] sm:items-center">
        <nav aria-label={t('site.footer.label')}>
          <ul className="flex flex-wrap gap-x-2">
            <li>
              <Link to="/" className={link}>
                {t('site.footer.home')}
              </Link>
            </li>
            <li>
              <Link to="/admin/login" className={link}>
                {t('site.footer.login')}
              </Link>
            </li>
            <li>
              <Link to="/admin/signup" className={link}>
                {t('site.footer.signup')}
              </Link>
            </li>
            <li>
              <Link to={dialogUrl('contact')} preventScrollReset className={link} data-testid="open-contact">
                {t('site.footer.contact')}
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={link}>
                {t('site.footer.privacy')}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="sm:hidden">
          <ThemeSwitch />
        </div>
        <div className="text-sm text-stone-600 sm:text-right dark:text-stone-400">
          <p>{t('site.footer.madeIn')}</p>
          <p>{t('site.footer.rights', { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  )
}

/** The first refused field's kind, as the spec's two messages put it (SPEC §5). */
function waitlistProblem(errors: Record<string, string[] | null>) {
  const messages = Object.values(errors).flatMap((list) => list ?? [])
  if (messages.includes('site.errors.required')) return { title: 'site.errors.requiredTitle', text: 'site.errors.requiredText' }
  if (messages.includes('site.errors.email')) return { title: 'site.errors.emailTitle', text: 'site.errors.emailText' }
  return messages.length ? { title: 'site.errors.failedTitle', text: messages[0] ?? '' } : null
}

function WaitlistDialog() {
  const { t } = useI18n()
  const [searchParams] = useSearchParams()
  const dialogUrl = useDialogUrl()
  const result = useActionData<PublicActionResult>()
  const mine = result?.intent === 'waitlist' ? result : null
  const pending = useNavigation().formData?.get('intent') === 'waitlist'
  const open = searchParams.get('dialog') === 'waitlist'

  // SPEC §3 keeps the entry in the browser too; the server copy is the one we act on.
  useEffect(() => {
    if (!mine?.ok) return
    try {
      const kept: unknown = JSON.parse(window.localStorage.getItem(WAITLIST_STORAGE_KEY) ?? '[]')
      const list = Array.isArray(kept) ? kept : []
      window.localStorage.setItem(WAITLIST_STORAGE_KEY, JSON.stringify([...list, { ...mine.entry, date: new Date().toISOString(), id: crypto.randomUUID() }]))
    } catch {
      // Storage switched off (private mode): the entry is on the server all the same.
    }
  }, [mine])

  if (mine?.ok) {
    return (
      <UrlDialog open={open} closeTo={dialogUrl(null)} title={t('site.waitlist.thanksTitle')}>
        <div className="grid gap-4" data-testid="waitlist-thanks">
          <p>{t('site.waitlist.thanksText', { name: mine.entry.name, email: mine.entry.email, restaurant: mine.entry.restaurantName })}</p>
          <Link to={dialogUrl(null)} replace preventScrollReset className={buttonClass.primary}>
            {t('site.waitlist.close')}
          </Link>
        </div>
      </UrlDialog>
    )
  }
  const errors = mine?.errors ?? {}
  const problem = mine ? (mine.message ? { title: 'site.errors.failedTitle', text: mine.message } : waitlistProblem(errors)) : null
  return (
    <UrlDialog open={open} closeTo={dialogUrl(null)} title={t('site.waitlist.title')}>
      <Form method="post" preventScrollReset className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="waitlist" />
        <p className="text-stone-600 dark:text-stone-300">{t('site.waitlist.lead')}</p>
        {problem ? (
          <div role="alert" className="rounded-xl bg-red-50 p-3 text-red-900" data-testid="waitlist-error">
            <p className="font-bold">{t(problem.title)}</p>
            <p>{t(problem.text)}</p>
          </div>
        ) : null}
        <Field label={t('site.waitlist.name')} name="name" autoComplete="name" defaultValue={mine?.values.name ?? ''} error={errors.name} />
        <Field label={t('site.waitlist.email')} name="email" type="email" autoComplete="email" defaultValue={mine?.values.email ?? ''} error={errors.email} />
        <Field label={t('site.waitlist.restaurantName')} name="restaurantName" autoComplete="organization" defaultValue={mine?.values.restaurantName ?? ''} error={errors.restaurantName} />
        <Field label={t('site.waitlist.message')} name="message" defaultValue={mine?.values.message ?? ''} error={errors.message} />
        <button type="submit" className={buttonClass.primary} disabled={pending}>
          {pending ? t('site.waitlist.submitting') : t('site.waitlist.submit')}
        </button>
      </Form>
    </UrlDialog>
  )
}

function ContactDialog() {
  const { t } = useI18n()
  const [searchParams] = useSearchParams()
  const dialogUrl = useDialogUrl()
  const result = useActionData<PublicActionResult>()
  const mine = result?.intent === 'contact' && !result.ok ? result : null
  const pending = useNavigation().formData?.get('intent') === 'contact'
  const errors = mine?.errors ?? {}
  return (
    <UrlDialog open={searchParams.get('dialog') === 'contact'} closeTo={dialogUrl(null)} title={t('site.contact.title')}>
      <Form method="post" preventScrollReset className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="contact" />
        <p className="text-stone-600 dark:text-stone-300">{t('site.contact.lead')}</p>
        {mine?.message ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900">
            {t(mine.message)}
          </p>
        ) : null}
        <Field label={t('site.contact.name')} name="name" autoComplete="name" defaultValue={mine?.values.name ?? ''} error={errors.name} />
        <Field label={t('site.contact.phone')} name="phone" type="tel" autoComplete="tel" defaultValue={mine?.values.phone ?? ''} error={errors.phone} />
        <Field label={t('site.contact.email')} name="email" type="email" autoComplete="email" defaultValue={mine?.values.email ?? ''} error={errors.email} />
        <Field label={t('site.contact.restaurant')} name="restaurant" autoComplete="organization" defaultValue={mine?.values.restaurant ?? ''} error={errors.restaurant} />
        <button type="submit" className={buttonClass.primary} disabled={pending}>
          {t('site.contact.submit')}
        </button>
      </Form>
    </UrlDialog>
  )
}
