import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, Link, useActionData, useLocation, useSearchParams } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { contactSchema, waitlistSchema } from '~/domain/schemas/public'
import { UrlDialog } from '../admin/dialog'
import { buttonClass } from '../button'
import { LanguageSwitch } from '../customer/shell'
import { ErrorList, Field, StatusButton, useIsPending } from '../forms'
import { useI18n } from '../i18n'
import { resultFor, useSchemaForm } from '../use-schema-form'
import { ThemeSwitch } from '../theme-switch'

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
          <Link
            to="/"
            className="mr-auto inline-flex min-h-11 items-center text-xl font-extrabold tracking-tight text-emerald-800 dark:text-emerald-400"
          >
            Mesa
          </Link>
          <LanguageSwitch />
          {/* On a phone the navbar has no room for it; it waits in the footer instead. */}
          <div className="hidden sm:block">
            <ThemeSwitch />
          </div>
          <Link
            to="/admin/login"
            className="hidden min-h-11 items-center px-3 font-semibold text-stone-700 hover:text-stone-950 sm:inline-flex dark:text-stone-300 dark:hover:text-white"
          >
            {t('site.nav.login')}
          </Link>
          <Link
            to={dialogUrl('waitlist')}
            preventScrollReset
            className={`${buttonClass.primary} min-h-11 px-4 whitespace-nowrap`}
            data-testid="get-demo"
          >
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
  const link =
    'inline-flex min-h-11 items-center px-2 text-stone-700 hover:text-stone-950 dark:text-stone-300 dark:hover:text-white'
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
              <Link to="/terms" className={link}>
                {t('site.footer.terms')}
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

/** The first refused field's kind, in the two messages the waitlist is known for; a refusal of the whole form is said as it is. */
function waitlistProblem(fieldErrors: string[], formErrors: string[] | undefined) {
  if (formErrors?.length) return { title: 'site.errors.failedTitle', text: formErrors[0] ?? '' }
  if (fieldErrors.includes('site.errors.required'))
    return { title: 'site.errors.requiredTitle', text: 'site.errors.requiredText' }
  if (fieldErrors.includes('site.errors.email'))
    return { title: 'site.errors.emailTitle', text: 'site.errors.emailText' }
  return fieldErrors.length ? { title: 'site.errors.failedTitle', text: fieldErrors[0] ?? '' } : null
}

/** The waitlist entry an accepted form stored, as the server trimmed it. */
function entryOf(result: Parameters<typeof resultFor>[0]) {
  if (result?.status !== 'success' || !result.initialValue) return null
  const text = (name: string) => String(result.initialValue?.[name] ?? '').trim()
  return {
    name: text('name'),
    email: text('email'),
    restaurantName: text('restaurantName'),
    message: text('message') || null,
  }
}

function WaitlistDialog() {
  const { t } = useI18n()
  const [searchParams] = useSearchParams()
  const dialogUrl = useDialogUrl()
  const lastResult = resultFor(useActionData<Parameters<typeof resultFor>[0]>(), 'waitlist')
  const pending = useIsPending({ intent: 'waitlist' })
  const open = searchParams.get('dialog') === 'waitlist'
  const [form, fields] = useSchemaForm(waitlistSchema, { id: 'waitlist', lastResult, coerce: false })
  const entry = entryOf(lastResult)

  // The entry is kept in the browser too, for the visitor; the server copy is the one we act on.
  useEffect(() => {
    const stored = entryOf(lastResult)
    if (!stored) return
    try {
      const kept: unknown = JSON.parse(window.localStorage.getItem(WAITLIST_STORAGE_KEY) ?? '[]')
      const list = Array.isArray(kept) ? kept : []
      window.localStorage.setItem(
        WAITLIST_STORAGE_KEY,
        JSON.stringify([...list, { ...stored, date: new Date().toISOString(), id: crypto.randomUUID() }]),
      )
    } catch {
      // Storage switched off (private mode): the entry is on the server all the same.
    }
  }, [lastResult])

  if (entry) {
    return (
      <UrlDialog open={open} closeTo={dialogUrl(null)} title={t('site.waitlist.thanksTitle')}>
        <div className="grid gap-4" data-testid="waitlist-thanks">
          <p>
            {t('site.waitlist.thanksText', { name: entry.name, email: entry.email, restaurant: entry.restaurantName })}
          </p>
          <Link to={dialogUrl(null)} replace preventScrollReset className={buttonClass.primary}>
            {t('site.waitlist.close')}
          </Link>
        </div>
      </UrlDialog>
    )
  }
  const fieldErrors = [fields.name, fields.email, fields.restaurantName, fields.message].flatMap(
    (field) => field.errors ?? [],
  )
  const problem = waitlistProblem(fieldErrors, form.errors)
  return (
    <UrlDialog open={open} closeTo={dialogUrl(null)} title={t('site.waitlist.title')}>
      <Form method="post" preventScrollReset className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="waitlist" />
        <p className="text-stone-600 dark:text-stone-300">{t('site.waitlist.lead')}</p>
        {problem ? (
          <div
            id={form.errorId}
            role="alert"
            className="rounded-xl bg-red-50 p-3 text-red-900"
            data-testid="waitlist-error"
          >
            <p className="font-bold">{t.message(problem.title)}</p>
            <p>{t.message(problem.text)}</p>
          </div>
        ) : null}
        <Field
          label={t('site.waitlist.name')}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
        />
        <Field
          label={t('site.waitlist.email')}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <Field
          label={t('site.waitlist.restaurantName')}
          errors={fields.restaurantName.errors}
          inputProps={{ ...getInputProps(fields.restaurantName, { type: 'text' }), autoComplete: 'organization' }}
        />
        <Field
          label={t('site.waitlist.message')}
          errors={fields.message.errors}
          inputProps={getInputProps(fields.message, { type: 'text' })}
        />
        <StatusButton pending={pending} pendingText={t('site.waitlist.submitting')} className={buttonClass.primary}>
          {t('site.waitlist.submit')}
        </StatusButton>
      </Form>
    </UrlDialog>
  )
}

function ContactDialog() {
  const { t } = useI18n()
  const [searchParams] = useSearchParams()
  const dialogUrl = useDialogUrl()
  const pending = useIsPending({ intent: 'contact' })
  const [form, fields] = useSchemaForm(contactSchema, {
    id: 'contact',
    lastResult: resultFor(useActionData<Parameters<typeof resultFor>[0]>(), 'contact'),
    coerce: false,
  })
  return (
    <UrlDialog
      open={searchParams.get('dialog') === 'contact'}
      closeTo={dialogUrl(null)}
      title={t('site.contact.title')}
    >
      <Form method="post" preventScrollReset className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="contact" />
        <p className="text-stone-600 dark:text-stone-300">{t('site.contact.lead')}</p>
        <ErrorList id={form.errorId} errors={form.errors} alert />
        <Field
          label={t('site.contact.name')}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
        />
        <Field
          label={t('site.contact.phone')}
          errors={fields.phone.errors}
          inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
        />
        <Field
          label={t('site.contact.email')}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <Field
          label={t('site.contact.restaurant')}
          errors={fields.restaurant.errors}
          inputProps={{ ...getInputProps(fields.restaurant, { type: 'text' }), autoComplete: 'organization' }}
        />
        <StatusButton pending={pending} className={buttonClass.primary}>
          {t('site.contact.submit')}
        </StatusButton>
      </Form>
    </UrlDialog>
  )
}
