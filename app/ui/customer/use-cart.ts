import { useCallback, useSyncExternalStore } from 'react'
import { readCart, type CartLine } from '~/domain/cart'

const EMPTY: CartLine[] = []
const listeners = new Set<() => void>()
const cache = new Map<string, { raw: string | null; lines: CartLine[] }>()

const keyOf = (sessionId: string) => `mesa:cart:${sessionId}`

function read(sessionId: string): CartLine[] {
  const key = keyOf(sessionId)
  let raw: string | null = null
  try {
    raw = window.localStorage.getItem(key)
  } catch {
    // Storage can be switched off (private mode); the cart then lives as long as the page.
  }
  const cached = cache.get(key)
  if (cached && cached.raw === raw) return cached.lines
  let lines = EMPTY
  try {
    lines = raw ? readCart(JSON.parse(raw)) : EMPTY
  } catch {
    lines = EMPTY
  }
  cache.set(key, { raw, lines })
  return lines
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

/**
 * The diner's cart for one table, kept in the browser until ordered,
 * shared by the menu and cart screens and by other tabs of the same table.
 */
export function useCart(sessionId: string) {
  const lines = useSyncExternalStore(
    subscribe,
    () => read(sessionId),
    () => EMPTY,
  )
  const save = useCallback(
    (next: CartLine[]) => {
      const key = keyOf(sessionId)
      const raw = next.length ? JSON.stringify(next) : null
      try {
        if (raw) window.localStorage.setItem(key, raw)
        else window.localStorage.removeItem(key)
      } catch {
        // See read(): without storage, keep the cart in memory only.
      }
      cache.set(key, { raw, lines: next })
      for (const listener of listeners) listener()
    },
    [sessionId],
  )
  return { lines, save }
}
