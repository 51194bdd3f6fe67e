/**
 * A browser's side of Web Push, for tests: subscribe() asks the push
 * service stand-in for an endpoint restricted to the server's key, and makes
 * the subscription's keys as a browser does (an ECDH P-256 key pair and a
 * 16-byte auth secret, the private key never leaving it); received() reads
 * back what arrived at that endpoint and decrypts it with them.
 */
import { fromBase64Url, toBase64Url } from './base64url'
import { decryptPush } from './ece'
import type { Delivery, Refusal } from './service'

export interface BrowserSubscription {
  /** What PushSubscription.toJSON() gives, to send to the server. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
  /** The messages that arrived, decrypted and parsed, with their headers; and the pushes the service refused. */
  received(): Promise<{ messages: { ttl: number; urgency: string | null; data: unknown }[]; refused: Refusal[] }>
  /** From now on the push service answers every push here with `status` (410: the subscription is gone). */
  answerWith(status: number): Promise<void>
}

/** Subscribes a new browser at the push service `service` (its origin), for the server whose VAPID public key is given. */
export async function subscribe(
  service: string,
  applicationServerKey: string,
  send: typeof fetch = fetch,
): Promise<BrowserSubscription> {
  const made = await send(`${service}/_standin/subscriptions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ applicationServerKey }),
  })
  if (made.status !== 201) throw new Error(`The push service refused the subscription: ${await made.text()}`)
  const { endpoint } = (await made.json()) as { endpoint: string }
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])) as CryptoKeyPair
  const keys = {
    privateKey: pair.privateKey,
    publicKey: new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer),
    authSecret: crypto.getRandomValues(new Uint8Array(16)),
  }
  const state = `${service}/_standin/subscriptions/${endpoint.split('/').at(-1)}`
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: toBase64Url(keys.publicKey), auth: toBase64Url(keys.authSecret) },
    },
    async received() {
      const { delivered, refused } = (await (await send(state)).json()) as { delivered: Delivery[]; refused: Refusal[] }
      const messages = await Promise.all(
        delivered.map(async ({ ttl, urgency, body }) => ({
          ttl,
          urgency,
          data: JSON.parse(new TextDecoder().decode(await decryptPush(fromBase64Url(body), keys))) as unknown,
        })),
      )
      return { messages, refused }
    },
    async answerWith(status) {
      const answered = await send(`${state}/answer`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ status }),
      })
      if (!answered.ok) throw new Error(`The push service did not take the answer: ${await answered.text()}`)
    },
  }
}
