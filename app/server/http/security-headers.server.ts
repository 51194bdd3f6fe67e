import { readSessionToken } from '../auth/session.server'

/** A fresh, unguessable value per response for the page's own inline scripts. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
}

/**
 * The diner's screens, whose policies let Stripe in. Only the payment step
 * runs Stripe.js, but the steps before it lead there without loading a new
 * document, and a document keeps the policy it came with.
 */
const isDinerPage = (url: URL) => url.pathname.startsWith('/customer/')

/**
 * Dish photos are the same public files for everyone, under addresses that
 * never change: a staff member's cookie on the request does not make them
 * private, and they keep their long cache.
 */
const isPublicPhoto = (url: URL) => url.pathname.startsWith('/menu-photos/')

/**
 * The page's Content-Security-Policy. Images come from our own origin (dish
 * photos are served by the Worker, /menu-photos/…) or are inline. Scripts
 * run only with this response's nonce (Remix's inline scripts carry it) and
 * whatever those scripts load
 * ('strict-dynamic'): that already covers Stripe.js, which the payment step's
 * own code adds. No page may be framed, no plugin loaded, no base URL
 * changed. Styles may be inline: React's style attributes need it and a
 * style cannot run code. 'self' in connect-src covers the live WebSockets of
 * the same host. A service worker is a script no nonce can cover, and
 * 'strict-dynamic' drops 'self': worker-src lets in workers from our own
 * origin alone (public/staff-sw.js, the staff's notifications). With
 * `stripe`, Stripe.js may call its API and show its frames (the card form,
 * the wallet buttons, the bank's 3-D Secure page).
 */
function contentSecurityPolicy(nonce: string, { stripe = false } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    stripe ? "connect-src 'self' https://api.stripe.com" : "connect-src 'self'",
    stripe ? 'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com' : "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/** Browser features no screen of ours uses; `payment` stays with our own pages, and on the diner's with Stripe's frames, whose wallet buttons ask for it. */
const permissionsPolicy = (url: URL) =>
  `camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), payment=(self${isDinerPage(url) ? ' "https://js.stripe.com"' : ''})`

/**
 * Sets the headers every response carries, in one place: what a browser must
 * not guess, leak or frame; HSTS on https; a CSP for HTML pages; and no
 * shared cache for staff pages or anything a signed-in session asked for.
 */
export function withSecurityHeaders(response: Response, request: Request, url: URL, nonce: string): Response {
  // A WebSocket upgrade's headers belong to the handshake; there is nothing to protect in them.
  if (response.status === 101) return response
  const apply = (headers: Headers) => {
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Permissions-Policy', permissionsPolicy(url))
    if (url.protocol === 'https:') headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    if (headers.get('Content-Type')?.startsWith('text/html'))
      headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, { stripe: isDinerPage(url) }))
    if (isPublicPhoto(url)) return
    if (url.pathname === '/admin' || url.pathname.startsWith('/admin/') || readSessionToken(request))
      headers.set('Cache-Control', 'private, no-store')
  }
  // Remix's and our own responses have headers that can be set; one that arrives sealed (a fetch's) is copied once.
  try {
    apply(response.headers)
    return response
  } catch {
    const copy = new Response(response.body, response)
    apply(copy.headers)
    return copy
  }
}
