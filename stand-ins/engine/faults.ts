import { pathFits } from './path-pattern'

/** What a fault's spec got wrong, for the stand-in to say in its service's words. */
export type FaultProblem =
  | { param: 'method'; methods: readonly string[] }
  | { param: 'path' }
  | { param: 'fault'; kinds: readonly string[] }
  | { param: 'times' }
  | { param: 'ms'; longest: number }

export interface FaultSpec<Kind extends string> {
  method: string
  /** An exact path, or a pattern in which `:name` stands for one segment (`/v1/payment_intents/:id/capture`). */
  path: string
  fault: Kind
  /** How many matching requests it hits; 1 unless given. */
  times?: number
  /** For `delay`: how long to hold the answer, in real milliseconds. */
  ms?: number
}

export type Fault<Kind extends string, Scope extends string> = {
  method: string
  path: string
  fault: Kind
  remaining: number
  ms: number
} & Record<Scope, string | null>

/** A delay long enough to outlast a test is a mistake, not a fault. */
const LONGEST_DELAY_MS = 60_000

interface FaultRules<Kind extends string, Scope extends string> {
  kinds: readonly Kind[]
  methods: readonly string[]
  /** What a fault may be narrowed to besides its path: an organization, a connected account. */
  scope: Scope
  refuse: (problem: FaultProblem) => Error
}

/**
 * A stand-in's bad days, played on purpose: each fault is armed for a
 * number of requests of one method and path (and, when given, one scope),
 * and used up by the first requests that match. The kinds and what each
 * does are the stand-in's; arming, matching and clearing are the same for
 * every stand-in.
 */
export class FaultBook<Kind extends string, Scope extends string> {
  readonly #armed: Fault<Kind, Scope>[] = []

  constructor(private readonly rules: FaultRules<Kind, Scope>) {}

  arm(spec: FaultSpec<Kind> & Partial<Record<Scope, string>>): Fault<Kind, Scope> {
    const { kinds, methods, scope, refuse } = this.rules
    const method = String(spec.method).toUpperCase()
    if (!methods.includes(method)) throw refuse({ param: 'method', methods })
    if (typeof spec.path !== 'string' || !spec.path.startsWith('/')) throw refuse({ param: 'path' })
    if (!(kinds as readonly string[]).includes(spec.fault)) throw refuse({ param: 'fault', kinds })
    const times = spec.times ?? 1
    if (!Number.isSafeInteger(times) || times < 1) throw refuse({ param: 'times' })
    const ms = spec.ms ?? 0
    if (spec.fault === 'delay' && (!Number.isSafeInteger(ms) || ms < 1 || ms > LONGEST_DELAY_MS))
      throw refuse({ param: 'ms', longest: LONGEST_DELAY_MS })
    const fault = {
      method,
      path: spec.path.replace(/(.)\/$/, '$1'),
      fault: spec.fault,
      remaining: times,
      [scope]: spec[scope] ?? null,
      ms,
    } as Fault<Kind, Scope>
    this.#armed.push(fault)
    return fault
  }

  /** The first armed fault a request matches, used up by it. */
  take(method: string, pathname: string, scope: string | null): Fault<Kind, Scope> | null {
    const fault = this.#armed.find(
      (candidate) =>
        candidate.method === method &&
        (candidate[this.rules.scope] === null || candidate[this.rules.scope] === scope) &&
        pathFits(candidate.path, pathname),
    )
    if (!fault) return null
    fault.remaining -= 1
    if (fault.remaining === 0) this.#armed.splice(this.#armed.indexOf(fault), 1)
    return fault
  }

  /** Ends the faults armed for `scope` (those for every scope stay), or without one all of them. */
  clear(scope?: string): void {
    const kept = scope === undefined ? [] : this.#armed.filter((fault) => fault[this.rules.scope] !== scope)
    this.#armed.splice(0, this.#armed.length, ...kept)
  }
}
