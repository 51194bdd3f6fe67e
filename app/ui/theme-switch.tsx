import { useFetcher } from '@remix-run/react'
import { THEMES } from '~/domain/themes'
import { MOON, SUN, ThemeForm, ThemeIcon } from './customer/shell'
import { useI18n } from './i18n'
import { useTheme } from './theme'

const ICONS = { light: SUN, dark: MOON, system: 'M3 5h18v11H3zM8 20h8M12 16v4' }
const themeButton =
  'grid size-11 place-items-center rounded-full text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'

/** Light, dark or system, the chosen one pressed: the public site's navbar and the staff's settings. */
export function ThemeSwitch() {
  const { t } = useI18n()
  const current = useTheme()
  return (
    <ThemeForm
      fetcher={useFetcher()}
      className="flex rounded-full border border-stone-300 bg-white p-0.5 dark:border-stone-700 dark:bg-stone-900"
      role="group"
      aria-label={t('theme.label')}
      data-testid="theme-switch"
    >
      {THEMES.map((theme) => (
        <button
          key={theme}
          type="submit"
          name="theme"
          value={theme}
          aria-pressed={current === theme}
          aria-label={t(`theme.themes.${theme}`)}
          title={t(`theme.themes.${theme}`)}
          className={`${themeButton} aria-pressed:bg-emerald-800 aria-pressed:text-white`}
        >
          <ThemeIcon path={ICONS[theme]} />
        </button>
      ))}
    </ThemeForm>
  )
}
