import { buildPushPayload } from '@block65/webcrypto-web-push'
import { beforeAll, describe, expect, it } from 'vitest'
import { newVapidKeys } from '../../scripts/vapid'
import { fromBase64Url, toBase64Url } from '../../stand-ins/push/base64url'
import { subscribe, type BrowserSubscription } from '../../stand-ins/push/browser'
import { createPushStandIn } from '../../stand-ins/push/service'

/*
 * The push service stand-in the worker tests push to must refuse what a
 * real push service refuses, or those tests would pass whatever Mesa sent.
 * Each case here starts from a push built the way the Worker builds one and
 * spoils one thing.
 */

const ORIGIN = 'https://push.standin'
const standIn = createPushStandIn({ origin: ORIGIN })
const send: typeof fetch = async (input, init) => standIn.fetch(new Request(input, init))

let vapid: { publicKey: string; privateKey: string; subject: string }
let phone: BrowserSubscription

beforeAll(async () => {
  vapid = { ...(await newVapidKeys()), subject: 'mailto:ops@mesa.test' }
  phone = await subscribe(ORIGIN, vapid.publicKey, send)
})

const message = { title: 'Mesa 4', body: 'Llaman al mesero', url: '/admin/tables/4', tag: 'table-4' }

/** A push as the Worker sends it, with `change` applied to its headers. */
async function push(change: (headers: Record<string, string>) => void = () => {}, endpoint = phone.json.endpoint) {
  const built = await buildPushPayload(
    { data: message, options: { ttl: 900, urgency: 'high' } },
    { ...phone.json, endpoint },
    vapid,
  )
  const headers: Record<string, string> = { ...built.headers }
  change(headers)
  return standIn.fetch(new Request(endpoint, { method: 'POST', headers, body: built.body }))
}

/** A VAPID token with these claims over the default ones, signed with `keys` (the server's own unless given). */
async function token(claims: Record<string, unknown>, keys: { publicKey: string; privateKey: string } = vapid) {
  const point = fromBase64Url(keys.publicKey)
  const key = await crypto.subtle.importKey(
    'jwk',
    {
      kty: 'EC',
      crv: 'P-256',
      x: toBase64Url(point.slice(1, 33)),
      y: toBase64Url(point.slice(33)),
      d: keys.privateKey,
    },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  )
  const now = Math.floor(Date.now() / 1000)
  const part = (value: object) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)))
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part({ aud: ORIGIN, exp: now + 3600, sub: vapid.subject, ...claims })}`
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    new TextEncoder().encode(unsigned),
  )
  return `${unsigned}.${toBase64Url(signature)}`
}

const withToken =
  (jwt: string, k = vapid.publicKey) =>
  (headers: Record<string, string>) => {
    headers.authorization = `vapid t=${jwt}, k=${k}`
  }

describe('the push service stand-in', () => {
  it('takes a push made as the Worker makes it (201), and the browser decrypts it to what was sent', async () => {
    const before = (await phone.received()).messages.length
    const taken = await push()
    expect(taken.status).toBe(201)
    expect(taken.headers.get('Location')).toMatch(/^https:\/\/push\.standin\/messages\//)
    const { messages } = await phone.received()
    expect(messages.slice(before)).toEqual([{ ttl: 900, urgency: 'high', data: message }])
  })

  it('takes a message encrypted to another browser’s keys, which this browser then cannot read', async () => {
    const stranger = await subscribe(ORIGIN, vapid.publicKey, send)
    const mixedUp = await subscribe(ORIGIN, vapid.publicKey, send)
    const sealed = await buildPushPayload(
      { data: message },
      { ...stranger.json, endpoint: mixedUp.json.endpoint },
      vapid,
    )
    const taken = await standIn.fetch(
      new Request(mixedUp.json.endpoint, { method: 'POST', headers: sealed.headers, body: sealed.body }),
    )
    expect(taken.status).toBe(201)
    await expect(mixedUp.received()).rejects.toThrow()
  })

  it.each([
    ['no Authorization', (headers: Record<string, string>) => delete headers.authorization, 401],
    ['another scheme', (headers: Record<string, string>) => (headers.authorization = 'Bearer abc'), 401],
    [
      'no k',
      (headers: Record<string, string>) => (headers.authorization = headers.authorization!.replace(/, k=.*$/, '')),
      401,
    ],
  ])('refuses a push with %s: %i', async (_, change, status) => {
    expect((await push(change)).status).toBe(status)
  })

  it('refuses a token that is not the subscribed server’s, or whose claims a push service refuses: 403', async () => {
    const other = await newVapidKeys()
    const now = Math.floor(Date.now() / 1000)
    const refusals = {
      'signed by another key': withToken(await token({}, other)),
      'k of another server': withToken(await token({}), other.publicKey),
      'aud of another push service': withToken(await token({ aud: 'https://fcm.googleapis.com' })),
      'aud with a path': withToken(await token({ aud: `${ORIGIN}/push` })),
      'exp past': withToken(await token({ exp: now - 1 })),
      'exp more than 24 hours away': withToken(await token({ exp: now + 24 * 3600 + 60 })),
      'no exp': withToken(await token({ exp: undefined })),
      'sub that is neither mailto: nor https:': withToken(await token({ sub: 'ops@mesa.test' })),
      'sub over plain http': withToken(await token({ sub: 'http://mesa.test' })),
      'a token of two parts': withToken((await token({})).split('.').slice(0, 2).join('.')),
    }
    for (const [name, change] of Object.entries(refusals)) expect((await push(change)).status, name).toBe(403)
    // The same claims, well made, are taken: each refusal above is its one spoiled thing.
    expect((await push(withToken(await token({ exp: now + 24 * 3600 - 60 })))).status).toBe(201)
  })

  it('refuses a push without a TTL, or not encoded aes128gcm (400), or larger than 4096 bytes (413)', async () => {
    expect((await push((headers) => delete headers.ttl)).status).toBe(400)
    expect((await push((headers) => (headers.ttl = 'soon'))).status).toBe(400)
    expect((await push((headers) => (headers['content-encoding'] = 'aesgcm'))).status).toBe(400)
    const huge = await standIn.fetch(
      new Request(phone.json.endpoint, {
        method: 'POST',
        headers: {
          ...(await buildPushPayload({ data: message }, phone.json, vapid)).headers,
          'content-length': '5000',
        },
        body: new Uint8Array(5000),
      }),
    )
    expect(huge.status).toBe(413)
    const { refused } = await phone.received()
    expect(refused.map((refusal) => refusal.status)).toEqual(expect.arrayContaining([400, 413]))
  })

  it('answers 404 for an endpoint it never made, and what a test asks of a subscription (410, 500)', async () => {
    expect((await push(undefined, `${ORIGIN}/push/${crypto.randomUUID()}`)).status).toBe(404)
    const gone = await subscribe(ORIGIN, vapid.publicKey, send)
    await gone.answerWith(410)
    expect((await standIn.fetch(new Request(gone.json.endpoint, { method: 'POST' }))).status).toBe(410)
    await gone.answerWith(500)
    expect((await standIn.fetch(new Request(gone.json.endpoint, { method: 'POST' }))).status).toBe(500)
  })
})
