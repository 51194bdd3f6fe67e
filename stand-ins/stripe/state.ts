import { type AccountObject } from './accounts'
import { type ApplicationFeeObject } from './application-fees'
import { type ChargeObject } from './charges'
import { Clock } from '../engine/clock'
import { IdempotencyKeys } from '../engine/idempotency'
import { type ConfirmationTokenRecord } from './confirmation-tokens'
import { type DisputeObject } from './disputes'
import { noSuch } from './errors'
import { type EventObject, type Delivery } from './events'
import { newFaultBook } from './faults'
import { type Form } from './form'
import { type PaymentIntentObject } from './payment-intents'
import { type PaymentMethodDomainObject } from './payment-method-domains'
import { type RefundMode, type RefundObject } from './refunds'
import { type WebhookEndpointRecord } from './webhook-endpoints'

/** A response kept under its idempotency key, replayed byte for byte. */
export interface SavedResponse {
  method: string
  path: string
  fingerprint: string
  status: number
  body: string
  /** The request that made it, which a replay names in its Original-Request header. */
  requestId: string
  /** When it was kept, on the stand-in's clock: Stripe prunes keys after 24 hours. */
  created: number
}

/** Everything the stand-in knows, in memory; tests may read it. */
export interface StandInState {
  accounts: Map<string, AccountObject>
  paymentIntents: Map<string, PaymentIntentObject>
  charges: Map<string, ChargeObject>
  refunds: Map<string, RefundObject>
  applicationFees: Map<string, ApplicationFeeObject>
  confirmationTokens: Map<string, ConfirmationTokenRecord>
  paymentMethodDomains: Map<string, PaymentMethodDomainObject>
  disputes: Map<string, DisputeObject>
  /** The account each object above lives on: null for the platform's own. */
  owners: Map<string, string | null>
  events: EventObject[]
  deliveries: Delivery[]
  /** The platform's webhook endpoints, by id. */
  webhookEndpoints: Map<string, WebhookEndpointRecord>
  /** Deliveries that failed, each to be tried again when the stand-in's clock reaches `dueAt` (seconds). */
  webhookRetries: { endpoint: string; event: EventObject; attempt: number; dueAt: number }[]
  /** Answers kept for retries; a second request under a slot being executed gets 409. */
  idempotency: IdempotencyKeys<SavedResponse>
  clock: Clock
  faults: ReturnType<typeof newFaultBook>
  /** Accounts that disconnected the platform (account.application.deauthorized): their requests are refused. */
  deauthorized: Set<string>
  /** How new refunds come out: for every account, unless an account has its own. */
  refundModes: { all: RefundMode; accounts: Map<string, RefundMode> }
  /** The platform's Connect application, which a deauthorization names. */
  application: { id: string; object: 'application'; name: string | null }
}

export function emptyState(): StandInState {
  return {
    accounts: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    applicationFees: new Map(),
    confirmationTokens: new Map(),
    paymentMethodDomains: new Map(),
    owners: new Map(),
    events: [],
    deliveries: [],
    webhookEndpoints: new Map(),
    webhookRetries: [],
    idempotency: new IdempotencyKeys(),
    clock: new Clock('seconds'),
    faults: newFaultBook(),
    deauthorized: new Set(),
    disputes: new Map(),
    refundModes: { all: 'succeeded', accounts: new Map() },
    application: { id: newId('ca', 32), object: 'application', name: 'Mesa' },
  }
}

/** One API request as an endpoint sees it. */
export interface Call {
  state: StandInState
  /** The connected account named by the Stripe-Account header; null for the platform. */
  account: string | null
  /** The body's parameters (the query's, for a GET). */
  form: Form
  /** The `:name` parts of the route. */
  path: Record<string, string>
  /** Where the stand-in is reached, for the URLs it hands out. */
  origin: string
  /** The secret key the request was made with (null for the stand-in's own pages and for what time does). */
  key: string | null
  /** Seconds since the epoch, as Stripe's timestamps. */
  now: number
  /** Records an event about `object`, on the account `object` lives on unless told otherwise. */
  emit(type: string, object: { id: string }, options?: { account?: string; previousAttributes?: object }): void
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function newId(prefix: string, length = 24): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length))
  return `${prefix}_${[...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`
}

/** Files a new object under the account of the request that made it. */
export function keep<T extends { id: string }>(call: Call, map: Map<string, T>, object: T): T {
  map.set(object.id, object)
  call.state.owners.set(object.id, call.account)
  return object
}

/**
 * An object by id, seen from the request's account. One on another account
 * (or on the platform, seen from a connected account) does not exist for it,
 * as on Stripe.
 */
export function find<T>(call: Call, map: Map<string, T>, id: string, kind: string, param: string): T {
  const object = map.get(id)
  if (object === undefined || call.state.owners.get(id) !== call.account) throw noSuch(kind, id, param)
  return object
}
