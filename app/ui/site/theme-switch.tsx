import { useFetcher, useLocation, useRouteLoaderData } from '@remix-run/react'
import type { loader as rootLoader } from '~/root'
import { useI18n } from '../i18n'
import { isTheme, THEMES } from '~/domain/themes'

// Line icons rather than emoji, which phones and headless browsers may lack.
const ICONS = {
  light: 'M12 4V2M12 22v-2M4.9 4.9 3.5 3.5M20.5 20.5l-1.4-1.4M4 12H2M22 12h-2M4.9 19.1l-1.4 1.4M20.5 3.5l-1.4 1.4M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10z',
  dark: 'M21 13A9 9 0 1 1 11 3a7 7 0 0 0 10 10z',
  system: 'M3 5h18v11H3zM8 20h8M12 16v4',
}

/** Light, dark or system: a plain form to /set-theme, so it works before JavaScript loads. */
export function ThemeSwitch() {
  const { t } = useI18n()
  const location = useLocation()
  const fetcher = useFetcher()
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const pending = fetcher.formData?.get('theme')
  const current = isTheme(pending) ? pending : (root?.theme ?? 'light')
  return (
    <fetcher.Form method="post" action="/set-theme" className="flex rounded-full border border-stone-300 bg-white p-0.5 dark:border-stone-700 dark:bg-stone-900" role="group" aria-label={t('site.nav.theme')}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {THEMES.map((theme) => (
        <button
          key={theme}
          type="submit"
          name="theme"
          value={theme}
          aria-pressed={current === theme}
          aria-label={t(`site.nav.themes.${theme}`)}
          title={t(`site.nav.themes.${theme}`)}
          className="grid size-11 place-items-center rounded-full text-stone-600 hover:text-stone-900 aria-pressed:bg-emerald-800 aria-pressed:text-white dark:text-stone-300 dark:hover:text-white"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d={ICONS[theme]} />
          </svg>
        </button>
      ))}
    </fetcher.Form>
  )
}
