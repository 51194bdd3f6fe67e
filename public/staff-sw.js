/*
 * The staff app's service worker (scope /admin/), registered by the
 * notifications page (/admin/notifications). It only shows alerts pushed to
 * this device and opens them when tapped; it answers no fetch, so every
 * staff page still comes from the network, live and signed in.
 */

/** Where a tap leads when an alert names no staff page of this site. */
const DASHBOARD = '/admin/dashboard'

/** The staff page an alert's url names, on this site only: a push never sends anyone elsewhere. */
function staffPage(url) {
  const page = new URL(typeof url === 'string' ? url : DASHBOARD, self.location.origin)
  return page.origin === self.location.origin && page.pathname.startsWith('/admin/') ? page.href : DASHBOARD
}

// A new version takes over the open staff pages at once, so a tap reaches a window it controls.
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('push', (event) => {
  // The payload is the server's JSON { title, body, url, tag } (app/domain/schemas/push.ts); the browser decrypted it.
  let alert = {}
  try {
    alert = event.data ? event.data.json() : {}
  } catch {
    alert = { body: event.data ? event.data.text() : '' }
  }
  event.waitUntil(
    self.registration.showNotification(alert.title || 'Mesa', {
      body: alert.body || '',
      tag: alert.tag || undefined,
      // A table's newer alert replaces its older one; it still rings, so a second call for the waiter is not silent.
      renotify: Boolean(alert.tag),
      icon: '/favicon.svg',
      data: { url: staffPage(alert.url) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = staffPage(event.notification.data && event.notification.data.url)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const staff = windows.find((client) => new URL(client.url).pathname.startsWith('/admin/'))
      if (!staff) return self.clients.openWindow(target)
      const focused = await staff.focus()
      if (focused.url === target) return focused
      // navigate() works only on a window this worker controls; any other opens the alert beside it.
      return focused.navigate(target).catch(() => self.clients.openWindow(target))
    })(),
  )
})
