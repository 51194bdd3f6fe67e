import { describe, expect, it } from 'vitest'
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '~/domain/schemas/push'

const base64Url = (bytes: ArrayBuffer | Uint8Array) =>
  Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url')

/** What a browser's PushSubscription.toJSON() gives: a real P-256 public key and a 16-byte auth secret. */
async function browserSubscription() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair
  return {
    endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH',
    expirationTime: null,
    keys: {
      p256dh: base64Url(await crypto.subtle.exportKey('raw', pair.publicKey)),
      auth: base64Url(crypto.getRandomValues(new Uint8Array(16))),
    },
  }
}

const issuesOf = (body: unknown) => {
  const parsed = pushSubscriptionSchema.safeParse(body)
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

describe('a push subscription as the API takes it', () => {
  it('is what a browser gives: an https endpoint, its P-256 key and auth secret (expirationTime ignored)', async () => {
    const subscription = await browserSubscription()
    expect(pushSubscriptionSchema.parse(subscription)).toEqual({
      endpoint: subscription.endpoint,
      keys: subscription.keys,
    })
  })

  it('refuses an endpoint that is not https, or longer than any push service’s', async () => {
    const subscription = await browserSubscription()
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'wss://push.example/x',
      'fcm.googleapis.com/x',
      `https://push.example/${'x'.repeat(2048)}`,
    ])
      expect(issuesOf({ ...subscription, endpoint }), endpoint).toEqual(['admin.notifications.errors.endpoint'])
    expect(pushUnsubscribeSchema.safeParse({ endpoint: 'http://push.example/x' }).success).toBe(false)
  })

  it('refuses keys that cannot be a browser’s: the wrong length or alphabet, or a compressed point', async () => {
    const subscription = await browserSubscription()
    const { p256dh, auth } = subscription.keys
    for (const keys of [
      undefined,
      { p256dh },
      { p256dh: p256dh.slice(1), auth },
      { p256dh: `C${p256dh.slice(1)}`, auth },
      { p256dh: `${p256dh.slice(0, 86)}+`, auth },
      { p256dh, auth: `${auth}==` },
      { p256dh, auth: auth.slice(0, 21) },
    ])
      expect(issuesOf({ ...subscription, keys }), JSON.stringify(keys)).toContain('admin.notifications.errors.keys')
  })
})
