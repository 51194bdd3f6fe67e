import { noSuch } from './errors'
import { Params } from './params'
import { type Call, newId, type StandInState } from './state'
import { sendsTo, type WebhookEndpointRecord } from './webhook-endpoints'
import { listLimit, listPage } from './lists'

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
  /** How to reach every endpoint's url; global fetch unless given (a worker test passes the Worker's own fetch). */
  fetch?: (request: Request) => Promise<Response>
  /** The events it is sent: every one unless given (the API can change it, as any endpoint's). */
  enabledEvents?: string[]
}

/** One attempt to deliver an event to an endpoint: the status it answered, or why it could not be reached. */
export interface Delivery {
  event: string
  type: string
  endpoint: string
  /** 1 for the first attempt, then each retry's. */
  attempt: number
  status: number | null
  error: string | null
}

/**
 * When a failed delivery is tried again, after the attempt before it, in
 * seconds of the stand-in's clock: in test mode Stripe retries "three times
 * over a few hours" (its webhook docs; live mode, for up to three days with
 * exponential backoff). The intervals are the stand-in's, which Stripe does
 * not publish.
 */
export const RETRY_AFTER_SECONDS = [10 * 60, 60 * 60, 3 * 60 * 60] as const

export interface EventSource {
  /** The API request that caused the event; null ids for what Stripe does on its own (time passing, the Dashboard). */
  request: { id: string | null; idempotency_key: string | null; apiVersion: string | null }
  now: number
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
    // How many endpoints it is for, counted as it is sent (webhookSender).
    pending_webhooks: 0,
    request: { id: source.request.id, idempotency_key: source.request.idempotency_key },
    type,
  }
  state.events.push(event)
  return event
}

type ReleaseOrder = 'in-order' | 'reversed' | 'shuffled'

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
 * Sends each event to every endpoint it is for (sendsTo), one after another,
 * signed with the endpoint's secret as Stripe signs webhooks, without
 * holding up the API call that caused it: a failed delivery is logged,
 * recorded and tried again as time passes (RETRY_AFTER_SECONDS), never an
 * API error. Deliveries can be held and released later out of order, twice,
 * or all at once, as Stripe does not promise order or single delivery.
 */
export function webhookSender(
  transport: ((request: Request) => Promise<Response>) | undefined,
  state: StandInState,
  log: (message: string) => void,
) {
  let queue = Promise.resolve()
  let held: EventObject[] | null = null
  const attempt = (record: WebhookEndpointRecord, event: EventObject, number: number) =>
    deliver(record, event, number, { state, log, fetch: transport ?? fetch })
  const toEach = async (event: EventObject) => {
    for (const record of [...state.webhookEndpoints.values()])
      if (sendsTo(record, event)) await attempt(record, event, 1)
  }
  return {
    send(event: EventObject) {
      event.pending_webhooks = [...state.webhookEndpoints.values()].filter((record) => sendsTo(record, event)).length
      if (held) held.push(event)
      else queue = queue.then(() => toEach(event))
    },
    hold() {
      held ??= []
    },
    /** Sends what was held, as told, and goes back to delivering each event as it happens. Answers how many were sent. */
    release({ order = 'in-order', seed = 1, duplicates = false, concurrent = false }: ReleaseOptions = {}): number {
      const events = arrange(held ?? [], order, seed)
      held = null
      const batch = duplicates ? [...events, ...events] : events
      queue = queue.then(async () => {
        if (concurrent) await Promise.all(batch.map(toEach))
        else for (const event of batch) await toEach(event)
      })
      return batch.length
    },
    /** Tries again the failed deliveries whose time came on the stand-in's clock (to endpoints still there and enabled). */
    retryDue(now: number) {
      const due = state.webhookRetries.filter((retry) => retry.dueAt <= now)
      state.webhookRetries = state.webhookRetries.filter((retry) => retry.dueAt > now)
      queue = queue.then(async () => {
        for (const retry of due) {
          const record = state.webhookEndpoints.get(retry.endpoint)
          if (record && sendsTo(record, retry.event)) await attempt(record, retry.event, retry.attempt + 1)
        }
      })
      return due.length
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
  record: WebhookEndpointRecord,
  event: EventObject,
  attempt: number,
  {
    state,
    log,
    fetch: send,
  }: { state: StandInState; log: (message: string) => void; fetch: (request: Request) => Promise<Response> },
) {
  const { url, id: endpoint } = record.object
  const payload = JSON.stringify(event, null, 2)
  const delivery: Delivery = { event: event.id, type: event.type, endpoint, attempt, status: null, error: null }
  state.deliveries.push(delivery)
  try {
    const request = new Request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        // Real time, not the stand-in's clock: the endpoint checks the signature's age against its own clock.
        'Stripe-Signature': await signatureHeader(payload, record.secret, Math.floor(Date.now() / 1000)),
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    })
    const response = await send(request)
    delivery.status = response.status
    await response.body?.cancel()
    if (response.ok) {
      event.pending_webhooks = Math.max(0, event.pending_webhooks - 1)
      return
    }
    log(`Stripe stand-in: webhook ${url} answered ${response.status} to ${event.type} (${event.id})`)
  } catch (error) {
    delivery.error = error instanceof Error ? error.message : String(error)
    log(`Stripe stand-in: could not deliver ${event.type} (${event.id}) to ${url}: ${delivery.error}`)
  }
  const wait = RETRY_AFTER_SECONDS[attempt - 1]
  if (wait !== undefined) state.webhookRetries.push({ endpoint, event, attempt, dueAt: state.clock.now() + wait })
}

/** Stripe's `Stripe-Signature`: `t=<seconds>,v1=<hex HMAC-SHA256 of "<seconds>.<payload>" keyed by the endpoint secret>`. */
async function signatureHeader(payload: string, secret: string, timestamp: number): Promise<string> {
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
  const limit = listLimit(params)
  const type = params.string('type')
  const matches = (event: EventObject) =>
    !type || event.type === type || (type.endsWith('.*') && event.type.startsWith(type.slice(0, -1)))
  const events = call.state.events
    .filter((event) => (event.account ?? null) === call.account && matches(event))
    .reverse()
  return listPage(events, limit, '/v1/events')
}

export function retrieveEvent(call: Call): EventObject {
  Params.none(call.form)
  const event = call.state.events.find(
    (candidate) => candidate.id === call.path.id && (candidate.account ?? null) === call.account,
  )
  if (!event) throw noSuch('event', call.path.id!, 'id')
  return event
}
