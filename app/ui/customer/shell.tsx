import { Form, Link, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { buttonClass } from '../button'
import { useI18n } from '../i18n'
import { ThemeSwitch } from '../theme-switch'

interface ShellProps {
  restaurantName?: string
  tableNumber?: string
  /** Where the back arrow goes; none on the bill itself. */
  backTo?: string
  /** Where the close button goes (the payment steps close back to the bill). */
  closeTo?: string
  title?: string
  children: ReactNode
  /** A bar fixed to the bottom of the screen (the bill's Menu / Pay). */
  bottomBar?: ReactNode
  /** Extra header controls, before the language switch (the menu's cart). */
  actions?: ReactNode
}

/** Header, language switch and the 'powered by' footer of every diner screen. */
export function CustomerShell({ restaurantName, tableNumber, backTo, closeTo, title, children, bottomBar, actions }: ShellProps) {
  const { t } = useI18n()
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-xl flex-col">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-stone-200 dark:border-stone-700 bg-stone-50/95 dark:bg-stone-950/95 px-3 py-2 backdrop-blur">
        {backTo ? (
          <Link to={backTo} className={buttonClass.icon} aria-label={t('common.back')}>
            <span aria-hidden="true" className="text-xl">←</span>
          </Link>
        ) : null}
        <div className="min-w-0 flex-1 px-1">
          {title ? <h1 className="line-clamp-2 text-lg font-bold leading-tight">{title}</h1> : null}
          {restaurantName || tableNumber ? (
            // The restaurant's name may shorten; the table's number never does.
            <p className={`flex min-w-0 ${title ? 'text-sm text-stone-600 dark:text-stone-400' : 'text-lg font-bold'}`}>
              {restaurantName ? <span className="truncate">{restaurantName}</span> : null}
              {restaurantName && tableNumber ? <span className="shrink-0 whitespace-pre"> · </span> : null}
              {tableNumber ? (
                <span className="shrink-0 whitespace-nowrap" data-testid="header-table">
                  {t('customer.tableNumber', { number: tableNumber })}
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
        {actions}
        <LanguageSwitch />
        <ThemeSwitch compact />
        {closeTo ? (
          <Link to={closeTo} className={buttonClass.icon} aria-label={t('common.close')}>
            <span aria-hidden="true" className="text-xl">✕</span>
          </Link>
        ) : null}
      </header>
      <main className={`flex-1 px-4 pt-4 ${bottomBar ? 'pb-28' : 'pb-8'}`}>{children}</main>
      <footer className={`px-4 py-6 text-center text-sm text-stone-600 dark:text-stone-400 ${bottomBar ? 'pb-28' : ''}`}>
        {t('common.poweredBy')} <span className="font-semibold text-emerald-800 dark:text-emerald-400">{t('common.appName')}</span>
      </footer>
      {bottomBar}
    </div>
  )
}

/** Switches between Spanish and English; a plain form, so it works before JavaScript loads. */
export function LanguageSwitch() {
  const { t, language } = useI18n()
  const location = useLocation()
  const other = language === 'es' ? 'en' : 'es'
  return (
    <Form method="post" action="/set-language" preventScrollReset>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        name="lng"
        value={other}
        lang={other}
        className="inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800"
        aria-label={`${other.toUpperCase()} · ${t('common.language')}: ${t(`common.languages.${other}`)}`}
      >
        {other.toUpperCase()}
      </button>
    </Form>
  )
}
