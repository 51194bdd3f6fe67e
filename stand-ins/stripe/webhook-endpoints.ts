import type Stripe from 'stripe'
import { invalidRequest } from './errors'
import { Params } from './params'
import { type Call, find, newId } from './state'
import { listLimit, listPage } from './lists'

/*
 * Webhook endpoints, as the platform sets them up through the API
 * (`/v1/webhook_endpoints`): each is sent the events it enabled (`*` for
 * all), a Connect endpoint (`connect: true`) those of connected accounts and
 * an account endpoint the platform's own. The endpoint a stand-in is started
 * with (`webhook` option) is one of them, sent everything unless it was
 * given `enabledEvents`; the API lists and updates it like any other.
 */

type WebhookEndpointObject = Pick<
  Stripe.WebhookEndpoint,
  | 'id'
  | 'object'
  | 'api_version'
  | 'application'
  | 'created'
  | 'description'
  | 'enabled_events'
  | 'livemode'
  | 'metadata'
  | 'status'
  | 'url'
>

export interface WebhookEndpointRecord {
  object: WebhookEndpointObject
  /** Only shown when it is created, as on Stripe. */
  secret: string
  /** Sent connected accounts' events (true), the platform's (false), or both (the endpoint the stand-in started with). */
  connect: boolean | null
}

/** The event types the stand-in sends, which an endpoint may enable (besides `*`). */
const EVENT_TYPES = [
  'account.application.deauthorized',
  'account.updated',
  'charge.dispute.closed',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.refund.updated',
  'charge.refunded',
  'payment_intent.amount_capturable_updated',
  'payment_intent.canceled',
  'payment_intent.created',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.succeeded',
  'refund.created',
  'refund.failed',
  'refund.updated',
] as const

const FIELDS = ['url', 'enabled_events', 'connect', 'api_version', 'description', 'metadata', 'disabled'] as const

function enabledEvents(params: Params, required: boolean): string[] | undefined {
  const events = params.stringList('enabled_events')
  if (events === undefined || events.length === 0) {
    if (required) throw invalidRequest('Missing required param: enabled_events.', { param: 'enabled_events' })
    return undefined
  }
  events.forEach((type, index) => {
    if (type !== '*' && !(EVENT_TYPES as readonly string[]).includes(type))
      throw invalidRequest(`Invalid enabled_events[${index}]: must be one of ${['*', ...EVENT_TYPES].join(', ')}`, {
        param: `enabled_events[${index}]`,
      })
  })
  return [...new Set(events)]
}

/** Registers an endpoint on the platform; the answer alone carries its signing secret. */
export function createWebhookEndpoint(call: Call): WebhookEndpointObject & { secret: string } {
  if (call.account) throw invalidRequest('Webhook endpoints are set up on the platform, not on a connected account.')
  const params = new Params(
    call.form,
    FIELDS.filter((field) => field !== 'disabled'),
  )
  const record = registerEndpoint(call, {
    url: params.requiredUrl('url'),
    enabledEvents: enabledEvents(params, true)!,
    connect: params.boolean('connect') ?? false,
    apiVersion: params.string('api_version') ?? null,
    description: params.string('description') ?? null,
    metadata: params.metadata() ?? {},
  })
  return { ...record.object, secret: record.secret }
}

/** Files an endpoint (the API's, or the one the stand-in starts with). */
export function registerEndpoint(
  call: Call,
  spec: {
    url: string
    enabledEvents: string[]
    connect: boolean | null
    secret?: string
    apiVersion?: string | null
    description?: string | null
    metadata?: Record<string, string>
  },
): WebhookEndpointRecord {
  const object: WebhookEndpointObject = {
    id: newId('we'),
    object: 'webhook_endpoint',
    api_version: spec.apiVersion ?? null,
    application: null,
    created: call.now,
    description: spec.description ?? null,
    enabled_events: spec.enabledEvents,
    livemode: false,
    metadata: spec.metadata ?? {},
    status: 'enabled',
    url: spec.url,
  }
  const record = { object, secret: spec.secret ?? newId('whsec', 32), connect: spec.connect }
  call.state.webhookEndpoints.set(object.id, record)
  call.state.owners.set(object.id, call.account)
  return record
}

const recordOf = (call: Call) =>
  find(call, call.state.webhookEndpoints, call.path.id!, 'webhook_endpoint', 'id') as WebhookEndpointRecord

export function retrieveWebhookEndpoint(call: Call): WebhookEndpointObject {
  Params.none(call.form)
  return recordOf(call).object
}

/** Changes what an endpoint is sent, where, or whether (`disabled`): a disabled endpoint is sent nothing, retries included. */
export function updateWebhookEndpoint(call: Call): WebhookEndpointObject {
  const record = recordOf(call)
  const params = new Params(
    call.form,
    FIELDS.filter((field) => field !== 'connect' && field !== 'api_version'),
  )
  const events = enabledEvents(params, false)
  if (events) record.object.enabled_events = events
  const url = params.url('url')
  if (url) record.object.url = url
  const description = params.string('description')
  if (description !== undefined) record.object.description = description
  const disabled = params.boolean('disabled')
  if (disabled !== undefined) record.object.status = disabled ? 'disabled' : 'enabled'
  // Keys given are set, the others kept, as Stripe updates metadata.
  const metadata = params.metadata()
  if (metadata) record.object.metadata = { ...record.object.metadata, ...metadata }
  return record.object
}

export function deleteWebhookEndpoint(call: Call) {
  Params.none(call.form)
  const { object } = recordOf(call)
  call.state.webhookEndpoints.delete(object.id)
  return { id: object.id, object: 'webhook_endpoint', deleted: true }
}

/** The platform's endpoints, newest first. */
export function listWebhookEndpoints(call: Call) {
  const params = new Params(call.form, ['limit'])
  const limit = listLimit(params)
  const endpoints = [...call.state.webhookEndpoints.values()]
    .filter((record) => call.state.owners.get(record.object.id) === call.account)
    .map((record) => record.object)
    .reverse()
  return listPage(endpoints, limit, '/v1/webhook_endpoints')
}

/** Whether `record` is sent `event`: enabled, and the event is one it enabled, from the side (platform or connected) it listens to. */
export function sendsTo(record: WebhookEndpointRecord, event: { type: string; account?: string }): boolean {
  if (record.object.status !== 'enabled') return false
  if (record.connect !== null && record.connect !== Boolean(event.account)) return false
  return record.object.enabled_events.includes('*') || record.object.enabled_events.includes(event.type)
}
