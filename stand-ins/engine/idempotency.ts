/**
 * A stand-in's idempotency keys. A key is the caller's, scoped to who it acts
 * for (Stripe: the connected account; Facturapi: the organization), so two
 * accounts may use the same key for different things. What a key keeps is
 * the service's own: Stripe keeps the answer to replay, Facturapi the
 * document it made. A key whose first request is still running is busy.
 */
export class IdempotencyKeys<Kept> {
  readonly #kept = new Map<string, Kept>()
  readonly #running = new Set<string>()

  /** Where `key` lives for `scope` (null: the platform itself). */
  static slot(scope: string | null, key: string): string {
    return `${scope ?? ''} ${key}`
  }

  get(slot: string): Kept | undefined {
    return this.#kept.get(slot)
  }

  keep(slot: string, kept: Kept): void {
    this.#kept.set(slot, kept)
  }

  /** Forgets the slots whose kept thing `lapsed` says has run out. */
  prune(lapsed: (kept: Kept) => boolean): void {
    for (const [slot, kept] of this.#kept) if (lapsed(kept)) this.#kept.delete(slot)
  }

  /** Runs `work` with the slot busy; whoever asks `busy` meanwhile hears yes. */
  async running<T>(slot: string | undefined, work: () => Promise<T>): Promise<T> {
    if (slot) this.#running.add(slot)
    try {
      return await work()
    } finally {
      if (slot) this.#running.delete(slot)
    }
  }

  busy(slot: string): boolean {
    return this.#running.has(slot)
  }

  clear(): void {
    this.#kept.clear()
    this.#running.clear()
  }
}
