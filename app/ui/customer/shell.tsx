import { Form, Link, useFetcher, useLocation, type FetcherWithComponents } from '@remix-run/react'
import { useEffect, useRef, type FormHTMLAttributes, type ReactNode } from 'react'
import { buttonClass } from '../button'
import { useI18n } from '../i18n'

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
  /** A row kept under the header as the page scrolls (the menu's categories). */
  subheader?: ReactNode
}

/** Header, language and theme switches and the 'powered by' footer of every diner screen. */
export function CustomerShell({
  restaurantName,
  tableNumber,
  backTo,
  closeTo,
  title,
  children,
  bottomBar,
  actions,
  subheader,
}: ShellProps) {
  const { t } = useI18n()
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-xl flex-col">
      <header className="sticky top-0 z-10 border-b border-stone-200 bg-stone-50/95 backdrop-blur dark:border-stone-700 dark:bg-stone-950/95 print:hidden">
        <div className="flex items-center gap-2 px-3 py-2">
          {backTo ? (
            <Link to={backTo} className={buttonClass.icon} aria-label={t('common.back')}>
              <span aria-hidden="true" className="text-xl">
                ←
              </span>
            </Link>
          ) : null}
          <div className="min-w-0 flex-1 px-1">
            {title ? <h1 className="line-clamp-2 text-lg leading-tight font-bold">{title}</h1> : null}
            {restaurantName || tableNumber ? (
              // The restaurant's name may shorten; the table's number never does.
              <p
                className={`flex min-w-0 ${title ? 'text-sm text-stone-600 dark:text-stone-400' : 'text-lg font-bold'}`}
              >
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
          <DisplayMenu />
          {closeTo ? (
            <Link to={closeTo} className={buttonClass.icon} aria-label={t('common.close')}>
              <span aria-hidden="true" className="text-xl">
                ✕
              </span>
            </Link>
          ) : null}
        </div>
        {subheader}
      </header>
      <main className={`flex-1 px-4 pt-4 ${bottomBar ? 'pb-28' : 'pb-8'}`}>{children}</main>
      <footer
        className={`px-4 py-6 text-center text-sm text-stone-600 dark:text-stone-400 print:hidden ${bottomBar ? 'pb-28' : ''}`}
      >
        {t('common.poweredBy')}{' '}
        <span className="font-semibold text-emerald-800 dark:text-emerald-400">{t('common.appName')}</span>
      </footer>
      {bottomBar}
    </div>
  )
}

const GLOBE = 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20'

/**
 * The language and the theme behind one button, so a phone's header keeps
 * room for the restaurant and the table. A `<details>`: it opens without
 * JavaScript.
 */
function DisplayMenu() {
  const { t } = useI18n()
  const menu = useRef<HTMLDetailsElement>(null)
  return (
    <details
      ref={menu}
      className="relative"
      data-testid="display-menu"
      // A new language draws the page anew; a new theme keeps the menu open, its focus on the way back.
      onSubmitCapture={(event) => {
        if ((event.target as HTMLFormElement).action.endsWith('/set-language')) menu.current?.removeAttribute('open')
      }}
    >
      <summary
        className={`${buttonClass.icon} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={t('common.display')}
        title={t('common.display')}
      >
        <ThemeIcon path={GLOBE} />
      </summary>
      <div className="absolute top-12 right-0 z-20 grid w-max min-w-48 gap-1 rounded-2xl border border-stone-200 bg-white p-2 shadow-lg dark:border-stone-700 dark:bg-stone-900">
        <LanguageSwitch labelled />
        <ThemeToggle labelled />
      </div>
    </details>
  )
}

/** Switches between Spanish and English; a plain form, so it works before JavaScript loads. `labelled`: the language's name, in a menu. */
export function LanguageSwitch({ labelled = false }: { labelled?: boolean }) {
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
        className={
          labelled
            ? 'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left font-semibold text-stone-800 hover:bg-stone-100 dark:text-stone-100 dark:hover:bg-stone-800'
            : 'inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800'
        }
        aria-label={`${other.toUpperCase()} · ${t('common.language')}: ${t(`common.languages.${other}`)}`}
      >
        {labelled ? (
          <>
            <span className="inline-grid size-6 place-items-center text-xs font-bold">{other.toUpperCase()}</span>
            {t(`common.languages.${other}`)}
          </>
        ) : (
          other.toUpperCase()
        )}
      </button>
    </Form>
  )
}

/** A line icon (rather than emoji, which phones and headless browsers may lack). */
export function ThemeIcon({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  )
}

export const SUN =
  'M12 4V2M12 22v-2M4.9 4.9 3.5 3.5M20.5 20.5l-1.4-1.4M4 12H2M22 12h-2M4.9 19.1l-1.4 1.4M20.5 3.5l-1.4 1.4M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10z'
export const MOON = 'M21 13A9 9 0 1 1 11 3a7 7 0 0 0 10 10z'

/**
 * A plain form to /set-theme that comes back to this page, so it works before
 * JavaScript loads; with it, sent by the caller's fetcher, the page changes
 * colour at once (root.tsx shows the theme being sent) and keeps its scroll.
 */
export function ThemeForm({
  fetcher,
  children,
  ...attributes
}: { fetcher: FetcherWithComponents<unknown>; children: ReactNode; 'data-testid'?: string } & Pick<
  FormHTMLAttributes<HTMLFormElement>,
  'className' | 'role' | 'aria-label'
>) {
  const location = useLocation()
  return (
    <fetcher.Form method="post" action="/set-theme" preventScrollReset {...attributes}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {children}
    </fetcher.Form>
  )
}

/**
 * One button for narrow headers (the diner's, the staff's): it turns a light
 * page dark and a dark one light. CSS picks which of its two is shown, since
 * only the device knows how 'system' is drawn; the full choice is ThemeSwitch.
 */
export function ThemeToggle({ labelled = false }: { labelled?: boolean }) {
  const { t } = useI18n()
  const fetcher = useFetcher()
  const tapped = useRef<HTMLButtonElement | null>(null)
  const sending = fetcher.state === 'submitting'

  // The tapped button hides as the page changes colour: the focus moves to the one shown instead of falling to the page.
  useEffect(() => {
    const button = tapped.current
    if (!sending || !button) return
    tapped.current = null
    ;((button.nextElementSibling ?? button.previousElementSibling) as HTMLElement).focus()
  }, [sending])

  return (
    <ThemeForm fetcher={fetcher} data-testid="theme-toggle">
      {(['dark', 'light'] as const).map((next) => (
        <button
          key={next}
          type="submit"
          name="theme"
          value={next}
          onClick={(event) => (tapped.current = event.currentTarget)}
          aria-label={t(`theme.switchTo.${next}`)}
          title={t(`theme.switchTo.${next}`)}
          // The icon look's own inline-grid comes after a plain `hidden` in the stylesheet, hence the important ones.
          className={
            labelled
              ? `min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left font-semibold text-stone-800 hover:bg-stone-100 dark:text-stone-100 dark:hover:bg-stone-800 ${next === 'dark' ? 'flex dark:hidden' : 'hidden dark:flex'}`
              : `${buttonClass.icon} ${next === 'dark' ? 'dark:hidden' : 'hidden! dark:inline-grid!'}`
          }
        >
          <ThemeIcon path={next === 'dark' ? MOON : SUN} />
          {labelled ? t(`theme.switchTo.${next}`) : null}
        </button>
      ))}
    </ThemeForm>
  )
}
