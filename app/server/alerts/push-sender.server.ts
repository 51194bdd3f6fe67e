import { buildPushPayload } from '@block65/webcrypto-web-push'
import type { PushMessage } from '~/domain/schemas/push'
import { appEnv } from '../env.server'

/** One device's subscription, as the browser gave it: where to push, and the keys to encrypt to. */
export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/**
 * What became of one push: the push service took it; the subscription is
 * gone for good (404, 410: the browser unsubscribed or the service dropped
 * it); or it failed this time and the subscription stays.
 */
type PushOutcome = 'sent' | 'gone' | 'failed'

/**
 * How an alert leaves for a member's device, chosen by whether VAPID keys
 * are configured: Web Push (RFC 8030, encrypted per RFC 8291, signed per RFC
 * 8292) with them, the console without. `send` never throws: one device's
 * failure is its outcome, not the other devices' problem.
 */
interface PushSender {
  readonly id: string
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>
}

interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/** How long a push service keeps an alert for a phone that is offline: an alert is about the floor now, so a quarter of an hour. */
export const PUSH_TTL_SECONDS = 15 * 60

/**
 * Web Push through each device's push service. 'high' urgency, because a
 * diner waiting or leaving unpaid should wake the phone. Each push is one
 * record padded to the 4 KB every push service takes, so its size tells
 * nothing of the alert.
 */
function webPushSender(vapid: VapidKeys): PushSender {
  return {
    id: 'web-push',
    async send(target, message) {
      const origin = new URL(target.endpoint).origin
      try {
        const request = await buildPushPayload(
          { data: message, options: { ttl: PUSH_TTL_SECONDS, urgency: 'high' } },
          { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
          vapid,
        )
        const response = await fetch(target.endpoint, request)
        // Push services answer 201 Created; the reason for a refusal is in the body, never the alert (it was encrypted).
        const reason = await response.text()
        if (response.ok) return 'sent'
        if (response.status === 404 || response.status === 410) return 'gone'
        // The endpoint's path is the device's address at the push service: only its origin is logged.
        console.warn(`Push to ${origin} refused (${response.status}): ${reason.slice(0, 200)}`)
        return 'failed'
      } catch (error) {
        console.warn(`Push to ${origin} failed: ${error instanceof Error ? error.message : String(error)}`)
        return 'failed'
      }
    },
  }
}

/**
 * Local runs without VAPID keys: each push is printed instead of sent. Safe
 * because production refuses to run without the keys (env.server.ts), so
 * this sender never stands in for a real one, and a push holds nothing
 * secret: an alert's words and the staff page it links to.
 */
const logSender: PushSender = {
  id: 'log',
  async send(target, message) {
    console.log(`[push] to ${new URL(target.endpoint).origin}: ${message.title} · ${message.body} → ${message.url}`)
    return 'sent'
  },
}

export function pushSender(env: Env): PushSender {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = appEnv(env)
  return publicKey && privateKey && subject ? webPushSender({ publicKey, privateKey, subject }) : logSender
}
