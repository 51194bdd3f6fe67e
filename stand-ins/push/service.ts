/**
 * An in-memory stand-in of a browser's push service (RFC 8030), for the
 * Worker to push to where FCM, Mozilla's or Apple's service cannot be
 * reached. It checks what those check before taking a message (RFC 8292's
 * VAPID authentication, `TTL`, `Content-Encoding: aes128gcm`, the 4096-byte
 * limit) and keeps each message as it arrived, encrypted: only the
 * browser's side (browser.ts) holds the key that reads it. Web APIs only,
 * so it runs in workerd and in Node alike.
 *
 *   POST /_standin/subscriptions { applicationServerKey }  → 201 { endpoint }: what a browser's subscribe() asks
 *   POST /_standin/subscriptions/{id}/answer { status }    → from now on a push there answers `status` (410: gone)
 *   GET  /_standin/subscriptions/{id}                      → { delivered, refused }: what arrived, and what was refused and why
 *   POST /push/{id}                                        → a push: 201 Created, or the refusal
 */
import { toBase64Url } from './base64url'
import { checkVapid } from './vapid'

/** A message the service took: its headers and its body, still encrypted. */
export interface Delivery {
  ttl: number
  urgency: string | null
  topic: string | null
  body: string
}

export interface Refusal {
  status: number
  reason: string
}

interface Subscription {
  endpoint: string
  applicationServerKey: string
  answer: number | null
  delivered: Delivery[]
  refused: Refusal[]
}

/** The most a push service must take in one message (RFC 8030 §7.2): a larger one may be refused. */
const MAX_MESSAGE_BYTES = 4096

const P256_PUBLIC_KEY = /^B[A-Za-z0-9_-]{86}$/

interface PushStandIn {
  fetch(request: Request): Promise<Response>
}

export function createPushStandIn({ origin, now = () => Date.now() }: { origin: string; now?: () => number }) {
  const subscriptions = new Map<string, Subscription>()

  function refuse(subscription: Subscription, status: number, reason: string) {
    subscription.refused.push({ status, reason })
    return Response.json({ reason }, { status })
  }

  async function push(subscription: Subscription, request: Request): Promise<Response> {
    if (subscription.answer !== null)
      return Response.json({ reason: 'As the test asked' }, { status: subscription.answer })
    const vapid = await checkVapid(
      request.headers.get('Authorization'),
      subscription.endpoint,
      subscription.applicationServerKey,
      now(),
    )
    if (!vapid.ok) return refuse(subscription, vapid.status, vapid.reason)
    const ttl = request.headers.get('TTL')
    if (ttl === null || !/^\d+$/.test(ttl)) return refuse(subscription, 400, 'TTL is missing or not a whole number')
    if (request.headers.get('Content-Encoding') !== 'aes128gcm')
      return refuse(subscription, 400, `Content-Encoding is ${request.headers.get('Content-Encoding')}, not aes128gcm`)
    const body = new Uint8Array(await request.arrayBuffer())
    if (body.byteLength === 0) return refuse(subscription, 400, 'The message is empty')
    if (body.byteLength > MAX_MESSAGE_BYTES) return refuse(subscription, 413, `The message is ${body.byteLength} bytes`)
    subscription.delivered.push({
      ttl: Number(ttl),
      urgency: request.headers.get('Urgency'),
      topic: request.headers.get('Topic'),
      body: toBase64Url(body),
    })
    return new Response(null, { status: 201, headers: { Location: `${origin}/messages/${crypto.randomUUID()}` } })
  }

  async function subscribe(request: Request): Promise<Response> {
    const { applicationServerKey } = (await request.json()) as { applicationServerKey?: string }
    if (!applicationServerKey || !P256_PUBLIC_KEY.test(applicationServerKey))
      return Response.json({ reason: 'applicationServerKey is not a P-256 public key' }, { status: 400 })
    const id = crypto.randomUUID()
    const endpoint = `${origin}/push/${id}`
    subscriptions.set(id, { endpoint, applicationServerKey, answer: null, delivered: [], refused: [] })
    return Response.json({ endpoint }, { status: 201 })
  }

  return {
    async fetch(request: Request): Promise<Response> {
      const { pathname } = new URL(request.url)
      if (request.method === 'POST' && pathname === '/_standin/subscriptions') return subscribe(request)
      const [, area, id, command] = /^\/(push|_standin\/subscriptions)\/([^/]+)(?:\/([^/]+))?$/.exec(pathname) ?? []
      const subscription = subscriptions.get(id ?? '')
      // An endpoint the service does not know (never made, or dropped) is gone, as RFC 8030 §7.3 answers it.
      if (!subscription) return Response.json({ reason: 'No such subscription' }, { status: 404 })
      if (area === 'push' && command === undefined && request.method === 'POST') return push(subscription, request)
      if (area !== 'push' && command === undefined && request.method === 'GET')
        return Response.json({ delivered: subscription.delivered, refused: subscription.refused })
      if (area !== 'push' && command === 'answer' && request.method === 'POST') {
        subscription.answer = ((await request.json()) as { status: number }).status
        return Response.json({ answer: subscription.answer })
      }
      return Response.json({ reason: `No stand-in route for ${request.method} ${pathname}` }, { status: 404 })
    },
  } satisfies PushStandIn
}
