import { useRouteLoaderData } from '@remix-run/react'
import { useSyncExternalStore } from 'react'
import type { loader as rootLoader } from '~/root'
import { useTheme } from './theme'

const DARK_QUERY = '(prefers-color-scheme: dark)'
const watchDevice = (changed: () => void) => {
  const query = window.matchMedia(DARK_QUERY)
  query.addEventListener('change', changed)
  return () => query.removeEventListener('change', changed)
}

/** Whether the page is drawn dark: chosen, or 'system' on a device that prefers dark (on the server, as the device's hint said). */
export function useDark(): boolean {
  const theme = useTheme()
  const hinted = useRouteLoaderData<typeof rootLoader>('root')?.deviceDark ?? false
  const deviceDark = useSyncExternalStore(
    watchDevice,
    () => window.matchMedia(DARK_QUERY).matches,
    () => hinted,
  )
  return theme === 'dark' || (theme === 'system' && deviceDark)
}
