import { useCallback, useEffect, useState } from 'react'
import { needsHomeScreen } from '~/domain/home-screen'

/** The staff service worker (public/staff-sw.js) and the part of the site it serves: the staff's pages only. */
const WORKER_URL = '/staff-sw.js'
const WORKER_SCOPE = '/admin/'
const SUBSCRIPTIONS = '/api/push/subscriptions'

/**
 * Where this device stands: still being asked; one that must be added to
 * the Home Screen first (iOS); a browser without Web Push; one whose person
 * blocked Mesa's notifications; or off or on for the signed-in member.
 */
type PushDeviceState = 'checking' | 'home-screen' | 'unsupported' | 'denied' | 'off' | 'on'

/** Why the last tap did not turn it on or off: the permission prompt was closed, or something failed on the way. */
type PushProblem = 'dismissed' | 'failed' | null

const bytesOf = (base64Url: string) =>
  Uint8Array.from(atob(base64Url.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0))

/** A subscription made with another server key (the keys were changed) reaches nobody: it is made again. */
function madeWith(subscription: PushSubscription, serverKey: Uint8Array) {
  const key = subscription.options.applicationServerKey
  return key !== null && new Uint8Array(key).join() === serverKey.join()
}

const send = (method: 'POST' | 'DELETE', body: unknown) =>
  fetch(SUBSCRIPTIONS, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

/**
 * This device's notifications for the signed-in member: where they stand and
 * the taps that turn them on (permission, the service worker, a subscription
 * to `vapidPublicKey`'s server, kept by POST /api/push/subscriptions) and off
 * (DELETE, then the browser forgets it). `keptEndpoints` are the ones the
 * server keeps for this session: a browser subscribed under an earlier
 * session reads as off until turned on again.
 */
export function usePushDevice(vapidPublicKey: string, keptEndpoints: string[]) {
  const [state, setState] = useState<PushDeviceState>('checking')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<PushProblem>(null)

  useEffect(() => {
    const standalone =
      (navigator as Navigator & { standalone?: boolean }).standalone === true ||
      matchMedia('(display-mode: standalone)').matches
    if (needsHomeScreen({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints, standalone }))
      return setState('home-screen')
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
      return setState('unsupported')
    if (Notification.permission === 'denied') return setState('denied')
    let current = true
    void navigator.serviceWorker
      .getRegistration(WORKER_SCOPE)
      .then((registration) => registration?.pushManager.getSubscription() ?? null)
      .then((subscription) => {
        const on =
          subscription !== null &&
          keptEndpoints.includes(subscription.endpoint) &&
          madeWith(subscription, bytesOf(vapidPublicKey))
        if (current) setState(on ? 'on' : 'off')
      })
      .catch(() => current && setState('off'))
    return () => {
      current = false
    }
  }, [vapidPublicKey, keptEndpoints])

  const working = useCallback(async (step: () => Promise<PushDeviceState | 'dismissed'>) => {
    setBusy(true)
    setProblem(null)
    try {
      const next = await step()
      if (next === 'dismissed') setProblem('dismissed')
      else setState(next)
    } catch {
      setProblem('failed')
    } finally {
      setBusy(false)
    }
  }, [])

  const turnOn = () =>
    working(async () => {
      const permission = await Notification.requestPermission()
      if (permission === 'denied') return 'denied'
      if (permission !== 'granted') return 'dismissed'
      await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE })
      const registration = await navigator.serviceWorker.ready
      const serverKey = bytesOf(vapidPublicKey)
      const existing = await registration.pushManager.getSubscription()
      const reusable = existing && madeWith(existing, serverKey) ? existing : null
      if (existing && !reusable) await existing.unsubscribe()
      const subscription =
        reusable ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }))
      const kept = await send('POST', subscription.toJSON())
      if (!kept.ok) throw new Error(`The subscription was not kept (${kept.status})`)
      return 'on'
    })

  const turnOff = () =>
    working(async () => {
      const registration = await navigator.serviceWorker.getRegistration(WORKER_SCOPE)
      const subscription = await registration?.pushManager.getSubscription()
      if (subscription) {
        // The server first, so no alert is sent to a subscription about to end; a browser that then fails to forget it gets a 410 later.
        const removed = await send('DELETE', { endpoint: subscription.endpoint })
        if (!removed.ok) throw new Error(`The subscription was not removed (${removed.status})`)
        await subscription.unsubscribe()
      }
      return 'off'
    })

  return { state, busy, problem, turnOn, turnOff }
}
