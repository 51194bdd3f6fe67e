/**
 * The stand-in's switches and what it saw: time passing, bad days, SAT's
 * records of a taxpayer, how a reused idempotency key is answered, the
 * requests and emails it received, and a clean slate. Each is reachable
 * from JS (the object createFacturapiStandIn returns) and, for worker tests
 * that reach the stand-in only over HTTP, as a `/_standin/…` endpoint taking
 * JSON that calls the same function. None needs a key.
 */
import { invalidField } from './errors'
import { pathFits } from '../engine/path-pattern'
import { FAULT_KINDS, type FaultSpec } from './faults'
import { answerCancellation, ageInvoice } from './cancellations'
import { Fields } from './fields'
import { iso } from './dates'
import { route, type Route } from './routes'
import { clearState, type IdempotencyMode, type LoggedRequest, type StandInState } from './state'
import { registerTaxpayer, type Taxpayer } from './taxpayers'

interface RequestFilter {
  /** An organization's id. */
  organization?: string
  method?: string
  /** An exact path or a pattern with `:name` segments, as faults take. */
  path?: string
}

const IDEMPOTENCY_MODES: readonly IdempotencyMode[] = ['conflict', 'existing']

export function createControls(state: StandInState) {
  return {
    clock: {
      /** Milliseconds since the epoch, on the stand-in's clock. */
      now: () => state.clock.now(),
      /** Moves the clock `seconds` ahead; answers the new now. */
      advance(seconds: number): number {
        state.clock.move(seconds)
        return state.clock.now()
      },
    },
    faults: {
      add: (spec: FaultSpec) => state.faults.arm(spec),
      /** Every armed fault, or only those armed for one organization's requests. */
      clear: (organization?: string) => state.faults.clear(organization),
    },
    /** The API requests received so far, oldest first (copies: the log keeps growing). */
    requests: (filter: RequestFilter = {}): LoggedRequest[] =>
      state.requests
        .filter(
          (request) =>
            (filter.organization === undefined || request.organization === filter.organization) &&
            (filter.method === undefined || request.method === filter.method.toUpperCase()) &&
            (filter.path === undefined || pathFits(filter.path, request.path)),
        )
        .map((request) => structuredClone(request)),
    /** The invoices mailed so far. */
    emails: () => state.emails.map((email) => structuredClone(email)),
    taxpayers: {
      /** SAT's records of an RFC: an invoice to it is then checked against them. */
      register: (taxpayer: Taxpayer) => registerTaxpayer(state, taxpayer),
    },
    idempotency: {
      /** How a receipt with an `idempotency_key` already used is answered: 409 (`conflict`) or the first receipt (`existing`). */
      get mode(): IdempotencyMode {
        return state.idempotencyMode
      },
      set mode(mode: IdempotencyMode) {
        if (!IDEMPOTENCY_MODES.includes(mode))
          throw new RangeError(`Idempotency mode ${mode} is not one of ${IDEMPOTENCY_MODES}`)
        state.idempotencyMode = mode
      },
    },
    /** Forgets every document, request, email, taxpayer and fault and resets the clock; the organizations stay. */
    clear: () => clearState(state),
  }
}

export type Controls = ReturnType<typeof createControls>

/** What a `/_standin/…` endpoint is given: the JSON body and the query. */
export interface ControlInput {
  body: unknown
  query: URLSearchParams
  /** The route's `:name` segments. */
  path: Record<string, string>
}

type ControlRoute = Route<(input: ControlInput) => unknown>

/** The same switches over HTTP. */
export function controlRoutes(state: StandInState, controls: Controls): ControlRoute[] {
  const none = ({ body }: ControlInput) => Fields.of(body ?? {}, '', [])
  return [
    route('GET', '/_standin/organizations', () => ({
      data: state.organizations.map(({ id, key, livemode, legal_name, tax_id, tax_system, zip, timezone }) => ({
        id,
        key,
        livemode,
        legal_name,
        tax_id,
        tax_system,
        zip,
        timezone,
      })),
    })),
    route('GET', '/_standin/clock', () => ({ now: iso(controls.clock.now()) })),
    route('POST', '/_standin/clock/advance', ({ body }: ControlInput) => {
      const seconds = Fields.of(body, '', ['seconds']).number('seconds', { integer: true })
      if (seconds === undefined || seconds < 0)
        throw invalidField('seconds', 'invalid_value', 'seconds: un entero de segundos, mayor o igual a 0.')
      return { now: iso(controls.clock.advance(seconds)) }
    }),
    route('POST', '/_standin/faults', ({ body }: ControlInput) => {
      const fields = Fields.of(body, '', ['method', 'path', 'fault', 'times', 'organization', 'ms'])
      return controls.faults.add({
        method: fields.requiredString('method'),
        path: fields.requiredString('path'),
        fault: fields.requiredOneOf('fault', FAULT_KINDS),
        times: fields.number('times', { integer: true }),
        organization: fields.string('organization'),
        ms: fields.number('ms', { integer: true }),
      })
    }),
    route('POST', '/_standin/faults/clear', ({ body }: ControlInput) => {
      controls.faults.clear(Fields.of(body ?? {}, '', ['organization']).string('organization'))
      return { data: [] }
    }),
    route('GET', '/_standin/requests', ({ query }: ControlInput) => ({
      data: controls.requests({
        organization: query.get('organization') ?? undefined,
        method: query.get('method') ?? undefined,
        path: query.get('path') ?? undefined,
      }),
    })),
    route('GET', '/_standin/emails', () => ({ data: controls.emails() })),
    route('POST', '/_standin/taxpayers', ({ body }: ControlInput) => {
      const fields = Fields.of(body, '', ['tax_id', 'legal_name', 'zip', 'tax_systems'])
      const systems = fields.list('tax_systems')
      if (!systems?.every((system) => typeof system === 'string'))
        throw fields.invalid('tax_systems', 'invalid_type', 'tax_systems: una lista de claves de régimen fiscal.')
      return controls.taxpayers.register({
        tax_id: fields.requiredString('tax_id'),
        legal_name: fields.requiredString('legal_name'),
        zip: fields.requiredString('zip'),
        tax_systems: systems as string[],
      })
    }),
    route('POST', '/_standin/invoices/:id/cancellation', ({ body, path }: ControlInput) => {
      const answer = Fields.of(body, '', ['answer']).requiredOneOf('answer', ['accepted', 'rejected'] as const)
      return answerCancellation(state, path.id!, answer, controls.clock.now())
    }),
    route('POST', '/_standin/invoices/:id/age', ({ body, path }: ControlInput) => {
      const seconds = Fields.of(body, '', ['seconds']).number('seconds', { min: 1, integer: true })
      if (seconds === undefined) throw invalidField('seconds', 'required', 'seconds: un entero de segundos, desde 1.')
      return ageInvoice(state, path.id!, seconds)
    }),
    route('POST', '/_standin/idempotency', ({ body }: ControlInput) => {
      controls.idempotency.mode = Fields.of(body, '', ['mode']).requiredOneOf('mode', IDEMPOTENCY_MODES)
      return { mode: controls.idempotency.mode }
    }),
    route('POST', '/_standin/clear', (input: ControlInput) => {
      none(input)
      controls.clear()
      return { ok: true }
    }),
  ]
}
