import { z } from './zod'

/**
 * What a push carries to a member's device, as JSON, and what the staff
 * service worker (public/staff-sw.js) shows: the notification's title and
 * text, the staff page a tap opens, and a tag (a new notification with the
 * same tag replaces the one shown, so a table's alerts do not pile up).
 */
export type PushMessage = { title: string; body: string; url: string; tag: string }

/**
 * A P-256 public key as browsers and VAPID write it: the 65-byte uncompressed
 * point (0x04, x, y) in base64url without padding, which always starts with B.
 */
export const P256_PUBLIC_KEY = /^B[A-Za-z0-9_-]{86}$/

/** A browser's auth secret: 16 bytes in base64url without padding. */
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}$/

/** Push services' endpoints are a few hundred characters; a longer one is not a browser's. */
const MAX_ENDPOINT_LENGTH = 2048

const endpoint = z
  .url({ protocol: /^https$/, error: 'admin.notifications.errors.endpoint' })
  .max(MAX_ENDPOINT_LENGTH, { error: 'admin.notifications.errors.endpoint' })

/**
 * POST /api/push/subscriptions: what the browser's PushSubscription.toJSON()
 * gives (its expirationTime, when sent, is ignored). The keys are checked
 * for their shape here, so a push is never encrypted to a key that cannot be one.
 */
export const pushSubscriptionSchema = z.object({
  endpoint,
  keys: z.object(
    {
      p256dh: z.string({ error: 'admin.notifications.errors.keys' }).regex(P256_PUBLIC_KEY, {
        error: 'admin.notifications.errors.keys',
      }),
      auth: z
        .string({ error: 'admin.notifications.errors.keys' })
        .regex(AUTH_SECRET, { error: 'admin.notifications.errors.keys' }),
    },
    { error: 'admin.notifications.errors.keys' },
  ),
})
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>

/** DELETE /api/push/subscriptions: the device's endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint })
