import { invalidRequest, noSuch } from './errors'
import { Params } from './params'
import { type Call, newId, type StandInState } from './state'

export interface EventObject {
  id: string
  object: 'event'
  /** Set on a connected account's events, as Stripe sets it for Connect webhooks. */
  account?: string
  api_version: string | null
  created: number
  data: { object: unknown; previous_attributes?: object }
  livemode: false
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
  type: string
}

export interface WebhookOptions {
  url: string
  /** The endpoint's signing secret (`whsec_…`). */
  secret: string
  /** How to reach `url`; global fetch unless given (a worker test passes the Worker's own fetch). */
  fetch?: (request: Request) => Promise<Response>
}

/** One attempt to deliver an event: the status the endpoint answered, or why it could not be reached. */
export interface Delivery {
  event: string
  type: string
  status: number | null
  error: string | null
}

export interface EventSource {
  /** The API request that caused the event; null ids for what Stripe does on its own (time passing, the Dashboard). */
  request: { id: string | null; idempotency_key: string | null; apiVersion: string | null }
  now: number
  webhook: WebhookOptions | undefined
}

export function recordEvent(
  state: StandInState,
  source: EventSource,
  type: string,
  object: object,
  account: string | null,
  previousAttributes?: object,
): EventObject {
  const event: EventObject = {
    id: newId('evt'),
    object: 'event',
    ...(account ? { account } : {}),
    api_version: source.request.apiVersion,
    created: source.now,
    // A copy: the event shows the object as it was when the event happened.
    data: {
      object: structuredClone(object),
      ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: source.webhook ? 1 : 0,
    request: { id: source.request.id, idempotency_key: source.request.idempotency_key },
    type,
  }
  state.events.push(event)
  return event
}

export type ReleaseOrder = 'in-order' | 'reversed' | 'shuffled'

export interface ReleaseOptions {
  order?: ReleaseOrder
  /** For `shuffled`: the same seed gives the same order. */
  seed?: number
  /** Each held event is delivered twice (the whole batch, then again), as Stripe may deliver an event more than once. */
  duplicates?: boolean
  /** All sent at once rather than one after another, so the endpoint handles them concurrently. */
  concurrent?: boolean
}

/**
 * Sends events to the webhook endpoint one after another, signed as Stripe
 * signs them, without holding up the API call that caused them: a failed
 * delivery is logged and recorded, never an API error. Deliveries can be
 * held and released later out of order, twice, or all at once, as Stripe
 * does not promise order or single delivery.
 */
export function webhookSender(
  webhook: WebhookOptions | undefined,
  state: StandInState,
  log: (message: string) => void,
) {
  let queue = Promise.resolve()
  let held: EventObject[] | null = null
  return {
    send(event: EventObject) {
      if (!webhook) return
      if (held) held.push(event)
      else queue = queue.then(() => deliver(webhook, event, state, log))
    },
    hold() {
      held ??= []
    },
    /** Sends what was held, as told, and goes back to delivering each event as it happens. Answers how many were sent. */
    release({ order = 'in-order', seed = 1, duplicates = false, concurrent = false }: ReleaseOptions = {}): number {
      const events = arrange(held ?? [], order, seed)
      held = null
      const batch = duplicates ? [...events, ...events] : events
      if (webhook) {
        queue = queue.then(async () => {
          if (concurrent) await Promise.all(batch.map((event) => deliver(webhook, event, state, log)))
          else for (const event of batch) await deliver(webhook, event, state, log)
        })
      }
      return batch.length
    },
    /** Resolves once every event has been delivered or has failed to be, those recorded meanwhile (by the endpoint's own calls back) included; held events wait for release. */
    async settled() {
      let current: Promise<void>
      do {
        current = queue
        await current
      } while (current !== queue)
    },
  }
}

export type WebhookSender = ReturnType<typeof webhookSender>

function arrange(events: EventObject[], order: ReleaseOrder, seed: number): EventObject[] {
  if (order === 'in-order') return [...events]
  if (order === 'reversed') return [...events].reverse()
  // Fisher–Yates on a seeded generator (mulberry32): a failing order can be played again from its seed.
  const shuffled = [...events]
  let value = seed >>> 0
  const random = () => {
    value = (value + 0x6d2b79f5) >>> 0
    let t = value
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1))
    ;[shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!]
  }
  return shuffled
}

async function deliver(
  webhook: WebhookOptions,
  event: EventObject,
  state: StandInState,
  log: (message: string) => void,
) {
  const payload = JSON.stringify(event, null, 2)
  const delivery: Delivery = { event: event.id, type: event.type, status: null, error: null }
  state.deliveries.push(delivery)
  try {
    const request = new Request(webhook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        // Real time, not the stand-in's clock: the endpoint checks the signature's age against its own clock.
        'Stripe-Signature': await signatureHeader(payload, webhook.secret, Math.floor(Date.now() / 1000)),
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    })
    const response = await (webhook.fetch ?? fetch)(request)
    delivery.status = response.status
    await response.body?.cancel()
    if (response.ok) event.pending_webhooks = 0
    else log(`Stripe stand-in: webhook ${webhook.url} answered ${response.status} to ${event.type} (${event.id})`)
  } catch (error) {
    delivery.error = error instanceof Error ? error.message : String(error)
    log(`Stripe stand-in: could not deliver ${event.type} (${event.id}) to ${webhook.url}: ${delivery.error}`)
  }
}

/** Stripe's `Stripe-Signature`: `t=<seconds>,v1=<hex HMAC-SHA256 of "<seconds>.<payload>" keyed by the endpoint secret>`. */
export async function signatureHeader(payload: string, secret: string, timestamp: number): Promise<string> {
  const encoder = new TextEncoder()
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${payload}`)))
  return `t=${timestamp},v1=${[...mac].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/** The request's account's events, newest first; `type` may end in `.*` as on Stripe. */
export function listEvents(call: Call) {
  const params = new Params(call.form, ['limit', 'type'])
  const limit = params.integer('limit') ?? 10
  if (limit < 1 || limit > 100) throw invalidRequest('Invalid limit: must be between 1 and 100', { param: 'limit' })
  const type = params.string('type')
  const matches = (event: EventObject) =>
    !type || event.type === type || (type.endsWith('.*') && event.type.startsWith(type.slice(0, -1)))
  const events = call.state.events
    .filter((event) => (event.account ?? null) === call.account && matches(event))
    .reverse()
  return { object: 'list', data: events.slice(0, limit), has_more: events.length > limit, url: '/v1/events' }
}

export function retrieveEvent(call: Call): EventObject {
  Params.none(call.form)
  const event = call.state.events.find(
    (candidate) => candidate.id === call.path.id && (candidate.account ?? null) === call.account,
  )
  if (!event) throw noSuch('event', call.path.id!, 'id')
  return event
}
