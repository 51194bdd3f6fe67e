import { useSyncExternalStore } from 'react'
import { useTheme } from './theme'

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
