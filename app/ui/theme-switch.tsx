import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { THEMES } from '~/domain/themes'
import { useI18n } from './i18n'
import { useTheme } from './theme'

// Line icons rather than emoji, which phones and headless browsers may lack.
const ICONS = {
  light: 'M12 4V2M12 22v-2M4.9 4.9 3.5 3.5M20.5 20.5l-1.4-1.4M4 12H2M22 12h-2M4.9 19.1l-1.4 1.4M20.5 3.5l-1.4 1.4M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10z',
  dark: 'M21 13A9 9 0 1 1 11 3a7 7 0 0 0 10 10z',
  system: 'M3 5h18v11H3zM8 20h8M12 16v4',
}

function Icon({ theme }: { theme: keyof typeof ICONS }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={ICONS[theme]} />
    </svg>
  )
}

const iconButton = 'grid size-11 place-items-center rounded-full text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'

/**
 * A plain form to /set-theme, so it works before JavaScript loads; with it the
 * page changes at once. Light, dark or system; `compact` is one button for
 * narrow headers (the diner's, the staff's), which turns a light page dark
 * and a dark one light, the shown one chosen by CSS since only the device
 * knows what 'system' is drawn as.
 */
export function ThemeSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useI18n()
  const location = useLocation()
  const fetcher = useFetcher()
  const current = useTheme()
  const form = useRef<HTMLFormElement>(null)
  const tapped = useRef(false)

  // The tapped button hides as the page changes colour: the focus moves to the one shown instead of falling to the page.
  useEffect(() => {
    if (!compact || !tapped.current) return
    tapped.current = false
    const shown = [...(form.current?.querySelectorAll('button') ?? [])].find((button) => button.offsetParent !== null)
    shown?.focus()
  }, [compact, current])

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/set-theme"
      preventScrollReset
      className={compact ? '' : 'flex rounded-full border border-stone-300 bg-white p-0.5 dark:border-stone-700 dark:bg-stone-900'}
      role={compact ? undefined : 'group'}
      aria-label={compact ? undefined : t('common.theme')}
      data-testid={compact ? 'theme-toggle' : 'theme-switch'}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {compact
        ? (['dark', 'light'] as const).map((theme) => (
            <button
              key={theme}
              type="submit"
              name="theme"
              value={theme}
              onClick={() => (tapped.current = true)}
              aria-label={t(`common.switchTheme.${theme}`)}
              title={t(`common.switchTheme.${theme}`)}
              className={`${iconButton} hover:bg-stone-200 dark:hover:bg-stone-800 ${theme === 'dark' ? 'dark:hidden' : 'hidden dark:grid'}`}
            >
              <Icon theme={theme} />
            </button>
          ))
        : THEMES.map((theme) => (
            <button
              key={theme}
              type="submit"
              name="theme"
              value={theme}
              aria-pressed={current === theme}
              aria-label={t(`common.themes.${theme}`)}
              title={t(`common.themes.${theme}`)}
              className={`${iconButton} aria-pressed:bg-emerald-800 aria-pressed:text-white`}
            >
              <Icon theme={theme} />
            </button>
          ))}
    </fetcher.Form>
  )
}
