/**
 * The stand-in's own time. Every date it stamps (a receipt's `created_at`
 * and default `date`, its `expires_at`, an invoice's stamp) and every
 * default period of a global invoice is read from here, so a test can move
 * weeks ahead in a moment.
 */
export class Clock {
  #offset = 0

  /** Milliseconds since the epoch. */
  now(): number {
    return Date.now() + this.#offset
  }

  advance(seconds: number): void {
    if (!Number.isSafeInteger(seconds) || seconds < 0)
      throw new RangeError(`The stand-in's clock moves forward by whole seconds, not ${seconds}`)
    this.#offset += seconds * 1000
  }

  reset(): void {
    this.#offset = 0
  }
}
