import { type AccountObject } from './accounts'
import { type ApplicationFeeObject } from './application-fees'
import { type ChargeObject } from './charges'
import { type ConfirmationTokenRecord } from './confirmation-tokens'
import { noSuch } from './errors'
import { type EventObject, type Delivery } from './events'
import { type Form } from './form'
import { type PaymentIntentObject } from './payment-intents'
import { type PaymentMethodDomainObject } from './payment-method-domains'
import { type RefundObject } from './refunds'

/** A response kept under its idempotency key, replayed byte for byte. */
export interface SavedResponse {
  method: string
  path: string
  fingerprint: string
  status: number
  body: string
  /** The request that made it, which a replay names in its Original-Request header. */
  requestId: string
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
  /** The account each object above lives on: null for the platform's own. */
  owners: Map<string, string | null>
  events: EventObject[]
  deliveries: Delivery[]
  idempotency: Map<string, SavedResponse>
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
    idempotency: new Map(),
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
