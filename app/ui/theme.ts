import { useFetchers, useRouteLoaderData } from '@remix-run/react'
import { useSyncExternalStore } from 'react'
import { isTheme, type Theme } from '~/domain/themes'
import type { loader as rootLoader } from '~/root'

/** The theme in force: the one being chosen (shown at once, before the cookie round trip ends), else the cookie's. */
export function useTheme(): Theme {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const choosing = useFetchers().find((fetcher) => fetcher.formAction === '/set-theme')?.formData?.get('theme')
  return isTheme(choosing) ? choosing : (root?.theme ?? 'light')
}

const DARK_QUERY = '(prefers-color-scheme: dark)'
const watchDevice = (changed: () => void) => {
  const query = window.matchMedia(DARK_QUERY)
  query.addEventListener('change', changed)
  return () => query.removeEventListener('change', changed)
}

/** Whether the page is drawn dark: chosen, or 'system' on a device that prefers dark (light on the server, which cannot know). */
export function useDark(): boolean {
  const theme = useTheme()
  const deviceDark = useSyncExternalStore(
    watchDevice,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  )
  return theme === 'dark' || (theme === 'system' && deviceDark)
}

/** The handle of a route whose page previews paper (the QR print pages): it stays light whatever the theme, as it will print. */
export const PAPER = { paper: true } as const
export const isPaper = (handle: unknown) => (handle as Partial<typeof PAPER> | undefined)?.paper === true
