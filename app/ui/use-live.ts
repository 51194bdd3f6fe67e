import { useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { LIVE_PING, livePath, parseLiveMessage, SESSION_ENDED, type LiveMessage } from '~/domain/live'

const KEEP_ALIVE_MS = 25_000
const MAX_BACKOFF_MS = 30_000

/**
 * Listens on one of our live sockets while the page is open. Each message
 * goes to `onMessage`; a dropped connection is retried with exponential
 * backoff (1 s, 2 s, 4 s… 30 s, jittered), and once it is back — or when a
 * phone returns to the tab — the page's data is fetched again, so nothing
 * missed meanwhile leaves a stale total on screen. Without JavaScript or
 * WebSockets the page simply works as before (revalidation after actions).
 * `catchUp` fetches the data again as soon as the socket first opens too:
 * for pages drawn from D1, whose changes are published when D1 gets them,
 * which may be after the page was drawn and before the socket listened.
 *
 * A refetch asked for while a navigation or a form's answer is loading waits
 * until it has landed: started at once it would cut that load off, and with
 * it the one-time toast its answer carried (a close's "Cuenta cerrada").
 */
export function useLiveSocket(
  path: string | null,
  onMessage: (message: LiveMessage, revalidate: () => void) => void,
  { catchUp = false } = {},
) {
  const revalidator = useRevalidator()
  const loading = useNavigation().state !== 'idle'
  const owed = useRef(false)
  const refetch = () => {
    if (loading) owed.current = true
    else void revalidator.revalidate()
  }
  const latest = useRef({ onMessage, revalidate: refetch })
  latest.current = { onMessage, revalidate: refetch }

  useEffect(() => {
    if (loading || !owed.current) return
    owed.current = false
    void revalidator.revalidate()
  }, [loading, revalidator])

  useEffect(() => {
    if (!path || typeof WebSocket === 'undefined') return
    let socket: WebSocket | null = null
    let failures = 0
    let caughtUp = !catchUp
    let stopped = false
    let retry: ReturnType<typeof setTimeout> | undefined
    let keepAlive: ReturnType<typeof setInterval> | undefined
    const revalidate = () => latest.current.revalidate()

    const connect = () => {
      socket = new WebSocket(`${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${path}`)
      socket.addEventListener('open', () => {
        if (failures > 0 || !caughtUp) revalidate()
        caughtUp = true
        failures = 0
        keepAlive = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send(LIVE_PING), KEEP_ALIVE_MS)
      })
      socket.addEventListener('message', (event) => {
        const message = parseLiveMessage(event.data)
        if (message) latest.current.onMessage(message, revalidate)
      })
      socket.addEventListener('close', (event) => {
        clearInterval(keepAlive)
        if (stopped) return
        // The session behind a staff screen ended: loading the page again leads to sign-in (or to the screen the person may still see).
        if (event.code === SESSION_ENDED) return window.location.reload()
        failures += 1
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1))
        retry = setTimeout(connect, delay / 2 + Math.random() * (delay / 2))
      })
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') revalidate()
    }

    connect()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      stopped = true
      clearTimeout(retry)
      clearInterval(keepAlive)
      document.removeEventListener('visibilitychange', onVisible)
      socket?.close()
    }
  }, [path, catchUp])
}

/** A diner's screen of one bill: any order, payment or close on it refetches the page. */
export function useLiveBill(sessionId: string) {
  useLiveSocket(livePath.bill(sessionId), (_message, revalidate) => revalidate())
}
