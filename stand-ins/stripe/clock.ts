/**
 * The stand-in's own time. Every timestamp it hands out and every deadline it
 * keeps is read from here, so a test can move days ahead in a moment and see
 * what time does on Stripe: authorisations lapse, idempotency keys are pruned.
 */
export class Clock {
  #offset = 0

  /** Seconds since the epoch, as Stripe's timestamps. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.#offset
  }

  /** Moves the clock only; what time does is passTime's (time.ts), which needs the stand-in's state. */
  move(seconds: number): void {
    if (!Number.isSafeInteger(seconds) || seconds < 0)
      throw new RangeError(`The stand-in's clock moves forward by whole seconds, not ${seconds}`)
    this.#offset += seconds
  }
}
