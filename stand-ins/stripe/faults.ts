import { pathFits } from '../path-pattern'
import { invalidParameter } from './errors'
import { Params } from './params'
import { type Call, type StandInState } from './state'

/**
 * Bad days on Stripe's side, played on purpose: a request that fails with a
 * 500 after it acted or before, a connection lost after the answer was made,
 * a slow answer. Each fault is armed for a number of matching requests.
 */
export const FAULT_KINDS = ['500-after', '500-before', 'timeout-after', 'delay'] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export interface FaultSpec {
  method: string
  /** An exact path, or a pattern in which `:name` stands for one segment (`/v1/payment_intents/:id/capture`). */
  path: string
  fault: FaultKind
  /** How many matching requests it hits; 1 unless given. */
  times?: number
  /** Only requests made for this connected account (Stripe-Account) match. */
  account?: string
  /** For `delay`: how long to hold the answer, in real milliseconds. */
  ms?: number
}

export interface Fault {
  method: string
  path: string
  fault: FaultKind
  remaining: number
  account: string | null
  ms: number
}

/** A delay long enough to outlast a test is a mistake, not a fault. */
const LONGEST_DELAY_MS = 60_000

export function addFault(state: StandInState, spec: FaultSpec): Fault {
  const method = spec.method.toUpperCase()
  if (method !== 'GET' && method !== 'POST')
    throw invalidParameter(`Invalid method: ${spec.method}; faults take GET or POST`, { param: 'method' })
  if (!spec.path.startsWith('/'))
    throw invalidParameter(`Invalid path: ${spec.path}; it must start with /`, { param: 'path' })
  if (!(FAULT_KINDS as readonly string[]).includes(spec.fault))
    throw invalidParameter(`Invalid fault: must be one of ${FAULT_KINDS.join(', ')}`, { param: 'fault' })
  const times = spec.times ?? 1
  if (!Number.isSafeInteger(times) || times < 1)
    throw invalidParameter('Invalid times: must be a whole number, at least 1', { param: 'times' })
  const ms = spec.ms ?? 0
  if (spec.fault === 'delay' && (!Number.isSafeInteger(ms) || ms < 1 || ms > LONGEST_DELAY_MS))
    throw invalidParameter(`Invalid ms: a delay takes 1 to ${LONGEST_DELAY_MS} milliseconds`, { param: 'ms' })
  const fault: Fault = {
    method,
    path: spec.path.replace(/(.)\/$/, '$1'),
    fault: spec.fault,
    remaining: times,
    account: spec.account ?? null,
    ms,
  }
  state.faults.push(fault)
  return fault
}

/** The first armed fault a request matches, used up by it. */
export function takeFault(state: StandInState, method: string, pathname: string, account: string | null): Fault | null {
  const fault = state.faults.find(
    (candidate) =>
      candidate.method === method &&
      (candidate.account === null || candidate.account === account) &&
      pathFits(candidate.path, pathname),
  )
  if (!fault) return null
  fault.remaining -= 1
  if (fault.remaining === 0) state.faults.splice(state.faults.indexOf(fault), 1)
  return fault
}

/** `POST /_standin/faults`: the same as `standIn.faults.add`. */
export function addFaultEndpoint(call: Call) {
  const params = new Params(call.form, ['method', 'path', 'fault', 'times', 'account', 'ms'])
  const fault = addFault(call.state, {
    method: params.requiredString('method'),
    path: params.requiredString('path'),
    fault: params.requiredOneOf('fault', FAULT_KINDS),
    times: params.integer('times'),
    account: params.string('account'),
    ms: params.integer('ms'),
  })
  return { object: 'fault', ...fault }
}

/** Ends the faults armed for `account` (those of every account and the platform's stay), or without one all of them. */
export function clearFaults(state: StandInState, account?: string) {
  if (account === undefined) state.faults.length = 0
  else state.faults.splice(0, state.faults.length, ...state.faults.filter((fault) => fault.account !== account))
}

export function clearFaultsEndpoint(call: Call) {
  clearFaults(call.state, new Params(call.form, ['account']).string('account'))
  return { object: 'list', data: [] }
}
