import { useCallback, useSyncExternalStore } from 'react'
import { cartCookie, cartFromCookies, dinerCart, type CartEntry } from '~/domain/cart'

const listeners = new Set<() => void>()
const cache = new Map<string, { cookies: string; entries: CartEntry[] }>()

function read(sessionId: string): CartEntry[] {
  const cookies = document.cookie
  const cached = cache.get(sessionId)
  if (cached?.cookies === cookies) return cached.entries
  const { entries } = cartFromCookies(cookies, dinerCart(sessionId))
  cache.set(sessionId, { cookies, entries })
  return entries
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // A cookie changed in another tab of the table says nothing; it is read again when the diner comes back to this one.
  document.addEventListener('visibilitychange', listener)
  return () => {
    listeners.delete(listener)
    document.removeEventListener('visibilitychange', listener)
  }
}

/**
 * The diner's cart for one table, kept in a cookie until ordered: the server
 * draws it (`drawn`, what the loader read) and takes its forms without
 * JavaScript; with JavaScript the menu and cart screens change it in place.
 */
export function useCart(sessionId: string, drawn: readonly CartEntry[]) {
  const entries = useSyncExternalStore<readonly CartEntry[]>(
    subscribe,
    () => read(sessionId),
    () => drawn,
  )
  const save = useCallback(
    (next: readonly CartEntry[]) => {
      document.cookie = cartCookie(dinerCart(sessionId), { entries: next })
      for (const listener of listeners) listener()
    },
    [sessionId],
  )
  return { entries, save }
}
