/**
 * A stand-in's own time. Every timestamp it hands out and every deadline it
 * keeps is read from here, so a test can move days ahead in a moment and see
 * what time does on the service (Stripe's authorisations lapse and its
 * idempotency keys are pruned; Facturapi's receipts expire). `now()` is in
 * the service's own unit: seconds for Stripe's timestamps, milliseconds for
 * Facturapi's dates.
 */
export class Clock {
  #offsetMs = 0
  readonly #unitMs: number

  constructor(unit: 'seconds' | 'milliseconds') {
    this.#unitMs = unit === 'seconds' ? 1000 : 1
  }

  now(): number {
    return Math.floor((Date.now() + this.#offsetMs) / this.#unitMs)
  }

  /** Moves the clock only; what time does meanwhile is the service's, which knows its state. */
  move(seconds: number): void {
    if (!Number.isSafeInteger(seconds) || seconds < 0)
      throw new RangeError(`The stand-in's clock moves forward by whole seconds, not ${seconds}`)
    this.#offsetMs += seconds * 1000
  }

  reset(): void {
    this.#offsetMs = 0
  }
}
