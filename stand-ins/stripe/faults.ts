import { FaultBook, type Fault as EngineFault, type FaultProblem, type FaultSpec as EngineSpec } from '../engine/faults'
import { invalidParameter } from './errors'
import { Params } from './params'
import { type Call } from './state'

/**
 * Bad days on Stripe's side, played on purpose: a request that fails with a
 * 500 after it acted or before, a connection lost after the answer was made,
 * a slow answer. Each fault is armed for a number of matching requests, of
 * every connected account (and the platform) or of one.
 */
export const FAULT_KINDS = ['500-after', '500-before', 'timeout-after', 'delay'] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export type FaultSpec = EngineSpec<FaultKind> & { account?: string }
export type Fault = EngineFault<FaultKind, 'account'>

/** A spec's mistake, as Stripe words an invalid parameter. */
function refuse(problem: FaultProblem) {
  const says = (message: string) => invalidParameter(message, { param: problem.param })
  switch (problem.param) {
    case 'method':
      return says(`Invalid method: faults take ${problem.methods.join(' or ')}`)
    case 'path':
      return says('Invalid path: it must start with /')
    case 'fault':
      return says(`Invalid fault: must be one of ${problem.kinds.join(', ')}`)
    case 'times':
      return says('Invalid times: must be a whole number, at least 1')
    case 'ms':
      return says(`Invalid ms: a delay takes 1 to ${problem.longest} milliseconds`)
  }
}

export const newFaultBook = () =>
  new FaultBook({ kinds: FAULT_KINDS, methods: ['GET', 'POST'], scope: 'account', refuse })

/** `POST /_standin/faults`: the same as `standIn.faults.add`. */
export function addFaultEndpoint(call: Call) {
  const params = new Params(call.form, ['method', 'path', 'fault', 'times', 'account', 'ms'])
  const fault = call.state.faults.arm({
    method: params.requiredString('method'),
    path: params.requiredString('path'),
    fault: params.requiredOneOf('fault', FAULT_KINDS),
    times: params.integer('times'),
    account: params.string('account'),
    ms: params.integer('ms'),
  })
  return { object: 'fault', ...fault }
}

/** `POST /_standin/faults/clear`: ends the faults armed for `account` (those of every account stay), or all of them. */
export function clearFaultsEndpoint(call: Call) {
  call.state.faults.clear(new Params(call.form, ['account']).string('account'))
  return { object: 'list', data: [] }
}
