import { pathFits } from '../path-pattern'
import { FacturapiError, invalidRequest } from './errors'
import { type StandInState } from './state'

/**
 * Bad days at Facturapi, played on purpose: a request that fails with a
 * 500 before it acts or after, a rate limit, an answer lost on the way back
 * after the request acted (the caller's fetch fails as a dropped connection
 * does), a slow answer. Each fault is armed for a number of matching requests.
 */
export const FAULT_KINDS = ['500-before', '500-after', 'rate-limit', 'timeout-after', 'delay'] as const
export type FaultKind = (typeof FAULT_KINDS)[number]
const METHODS = ['GET', 'POST', 'PUT', 'DELETE']

export interface FaultSpec {
  method: string
  /** An exact path, or a pattern in which `:name` stands for one segment (`/v2/receipts/:id/invoice`). */
  path: string
  fault: FaultKind
  /** How many matching requests it hits; 1 unless given. */
  times?: number
  /** Only requests of this organization (its id) match. */
  organization?: string
  /** For `delay`: how long to hold the answer, in real milliseconds. */
  ms?: number
}

export interface Fault {
  method: string
  path: string
  fault: FaultKind
  remaining: number
  organization: string | null
  ms: number
}

/** A delay long enough to outlast a test is a mistake, not a fault. */
const LONGEST_DELAY_MS = 60_000

export function addFault(state: StandInState, spec: FaultSpec): Fault {
  const problem = (path: string, message: string) =>
    invalidRequest([{ message, code: 'invalid_value', source: 'facturapi', location: 'body', path }])
  const method = String(spec.method).toUpperCase()
  if (!METHODS.includes(method)) throw problem('method', `method debe ser uno de ${METHODS.join(', ')}.`)
  if (typeof spec.path !== 'string' || !spec.path.startsWith('/')) throw problem('path', 'path debe empezar con /.')
  if (!(FAULT_KINDS as readonly string[]).includes(spec.fault))
    throw problem('fault', `fault debe ser uno de ${FAULT_KINDS.join(', ')}.`)
  const times = spec.times ?? 1
  if (!Number.isSafeInteger(times) || times < 1) throw problem('times', 'times debe ser un entero mayor o igual a 1.')
  const ms = spec.ms ?? 0
  if (spec.fault === 'delay' && (!Number.isSafeInteger(ms) || ms < 1 || ms > LONGEST_DELAY_MS))
    throw problem('ms', `Un delay dura de 1 a ${LONGEST_DELAY_MS} milisegundos.`)
  const fault: Fault = {
    method,
    path: spec.path.replace(/(.)\/$/, '$1'),
    fault: spec.fault,
    remaining: times,
    organization: spec.organization ?? null,
    ms,
  }
  state.faults.push(fault)
  return fault
}

/** The first armed fault a request matches, used up by it. */
export function takeFault(
  state: StandInState,
  method: string,
  pathname: string,
  organization: string | null,
): Fault | null {
  const fault = state.faults.find(
    (candidate) =>
      candidate.method === method &&
      (candidate.organization === null || candidate.organization === organization) &&
      pathFits(candidate.path, pathname),
  )
  if (!fault) return null
  fault.remaining -= 1
  if (fault.remaining === 0) state.faults.splice(state.faults.indexOf(fault), 1)
  return fault
}

/** The 500 a `500-before` or `500-after` fault answers. */
export const faultFailure = (request: string) =>
  new FacturapiError(
    500,
    'internal_error',
    `Ocurrió un error inesperado al procesar ${request} (una falla inyectada en el stand-in de Facturapi).`,
  )

/** Facturapi's 429, with the Retry-After its error guide documents. */
export const rateLimited = () =>
  new FacturapiError(429, 'rate_limit_exceeded', 'Se excedió el límite de solicitudes.', [], { 'Retry-After': '1' })
