import { FaultBook, type Fault as EngineFault, type FaultProblem, type FaultSpec as EngineSpec } from '../engine/faults'
import { FacturapiError, invalidRequest } from './errors'

/**
 * Bad days at Facturapi, played on purpose: a request that fails with a
 * 500 before it acts or after, a rate limit, an answer lost on the way back
 * after the request acted (the caller's fetch fails as a dropped connection
 * does), a slow answer. Each fault is armed for a number of matching
 * requests, of every organization or of one.
 */
export const FAULT_KINDS = ['500-before', '500-after', 'rate-limit', 'timeout-after', 'delay'] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export type FaultSpec = EngineSpec<FaultKind> & { organization?: string }
export type Fault = EngineFault<FaultKind, 'organization'>

/** A spec's mistake, as Facturapi words a bad request. */
function refuse(problem: FaultProblem) {
  const says = (message: string) =>
    invalidRequest([{ message, code: 'invalid_value', source: 'facturapi', location: 'body', path: problem.param }])
  switch (problem.param) {
    case 'method':
      return says(`method debe ser uno de ${problem.methods.join(', ')}.`)
    case 'path':
      return says('path debe empezar con /.')
    case 'fault':
      return says(`fault debe ser uno de ${problem.kinds.join(', ')}.`)
    case 'times':
      return says('times debe ser un entero mayor o igual a 1.')
    case 'ms':
      return says(`Un delay dura de 1 a ${problem.longest} milisegundos.`)
  }
}

export const newFaultBook = () =>
  new FaultBook({ kinds: FAULT_KINDS, methods: ['GET', 'POST', 'PUT', 'DELETE'], scope: 'organization', refuse })

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
