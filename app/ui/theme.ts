import { useFetchers, useRouteLoaderData } from '@remix-run/react'
import { isTheme, type Theme } from '~/domain/themes'
import type { loader as rootLoader } from '~/root'

/** The theme in force: the one being chosen (shown at once, before the cookie round trip ends), else the cookie's. */
export function useTheme(): Theme {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const choosing = useFetchers()
    .find((fetcher) => fetcher.formAction === '/set-theme')
    ?.formData?.get('theme')
  return isTheme(choosing) ? choosing : (root?.theme ?? 'system')
}

/** The handle of a route whose page previews paper (the QR print pages): it stays light whatever the theme, as it will print. */
export const PAPER = { paper: true } as const
export const isPaper = (handle: unknown) => (handle as Partial<typeof PAPER> | undefined)?.paper === true
