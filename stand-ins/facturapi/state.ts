import { Clock } from '../engine/clock'
import { IdempotencyKeys } from '../engine/idempotency'
import { newFaultBook } from './faults'
import { type InvoiceRecord } from './invoices'
import { type Organization } from './organizations'
import { type ReceiptObject } from './receipts'
import { type Taxpayer } from './taxpayers'

/** One API request as it arrived, for tests to check what the app sent. */
export interface LoggedRequest {
  /** When it arrived, on the stand-in's clock (ISO 8601). */
  at: string
  method: string
  /** The path without the query, e.g. `/v2/receipts/…/invoice`. */
  path: string
  query: Record<string, string>
  /** The organization its key names; null when the key was missing or unknown. */
  organization: string | null
  /** The JSON body as parsed; the raw text if it was not JSON; null without a body. */
  body: unknown
  /** What the stand-in answered (0 while it is being answered, or if the connection was dropped by a fault). */
  status: number
}

/** An invoice Facturapi mailed (POST /v2/invoices/:id/email), with its PDF and XML attached. */
interface SentEmail {
  at: string
  organization: string
  invoice: string
  to: string[]
}

/**
 * How a second receipt with an `idempotency_key` already used is answered:
 * 409 `idempotency_key_in_use` (the default), or the receipt made first.
 * Facturapi's docs do not say which (docs/facturapi-standin.md).
 */
export type IdempotencyMode = 'conflict' | 'existing'

/** Everything the stand-in knows, in memory; tests may read it. */
export interface StandInState {
  organizations: Organization[]
  receipts: Map<string, ReceiptObject>
  invoices: Map<string, InvoiceRecord>
  /** An organization's idempotency keys, each with the id of the document it made. */
  idempotencyKeys: IdempotencyKeys<string>
  idempotencyMode: IdempotencyMode
  /** The last folio handed out, per `${organization} receipt` and `${organization} invoice`. */
  folios: Map<string, number>
  requests: LoggedRequest[]
  emails: SentEmail[]
  /** SAT's records of the RFCs a test registered (taxpayers.ts). */
  taxpayers: Map<string, Taxpayer>
  faults: ReturnType<typeof newFaultBook>
  clock: Clock
}

export function emptyState(organizations: Organization[]): StandInState {
  return {
    organizations,
    receipts: new Map(),
    invoices: new Map(),
    idempotencyKeys: new IdempotencyKeys(),
    idempotencyMode: 'conflict',
    folios: new Map(),
    requests: [],
    emails: [],
    taxpayers: new Map(),
    faults: newFaultBook(),
    clock: new Clock('milliseconds'),
  }
}

/** Forgets every document, request, email, registered taxpayer and fault, and resets the clock: the organizations stay. */
export function clearState(state: StandInState): void {
  state.receipts.clear()
  state.invoices.clear()
  state.idempotencyKeys.clear()
  state.idempotencyMode = 'conflict'
  state.folios.clear()
  state.requests.length = 0
  state.emails.length = 0
  state.taxpayers.clear()
  state.faults.clear()
  state.clock.reset()
}

/** One API request as an endpoint sees it. */
export interface Call {
  state: StandInState
  /** The organization the request's key names. */
  organization: Organization
  /** The parsed JSON body (undefined without one). */
  body: unknown
  query: URLSearchParams
  /** The `:name` parts of the route. */
  path: Record<string, string>
  /** Milliseconds since the epoch, on the stand-in's clock. */
  now: number
}

/** The next folio of an organization's receipts or invoices: Facturapi counts each from 1. */
export function nextFolio(call: Call, kind: 'receipt' | 'invoice'): number {
  const slot = `${call.organization.id} ${kind}`
  const folio = (call.state.folios.get(slot) ?? 0) + 1
  call.state.folios.set(slot, folio)
  return folio
}
