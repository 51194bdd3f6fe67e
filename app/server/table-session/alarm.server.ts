/** Until D1 takes the outbox, tries again after this long, doubling up to a minute. */
const FIRST_RETRY_MS = 1_000
const LAST_RETRY_MS = 60_000
/** A hold still being carried out by this instance is looked at again this much later. */
const OVERDUE_RECHECK_MS = 5_000

/**
 * The object's one alarm and every reason it is set, in one place. It goes
 * off for: holds that run out (their units come free, or a hold nobody is
 * carrying out any more is settled with the provider); refunds whose money
 * has not gone back yet (the provider is asked again with the same key);
 * and an outbox D1 has not taken (after a refusal, with backoff; after a
 * commit, should this instance stop before delivering, and to delete what D1
 * took should no write come to delete it first). Whatever it wakes
 * for, TableSession.alarm does all of it and sets the next. It only ever
 * moves earlier here: one alarm serves every reason.
 */
export class ObjectAlarm {
  /** When the alarm is set for, as far as this instance knows (undefined: not known yet). */
  #at: number | null | undefined = undefined
  #retryMs = FIRST_RETRY_MS

  constructor(private readonly storage: DurableObjectStorage) {}

  /** A hold in progress runs out at `at` (now, for one an earlier instance left overdue). */
  holdRunsOut(at: number): Promise<void> {
    return this.#wakeBy(Math.max(at, Date.now()))
  }

  /** After the alarm's own pass: a hold still in progress is looked at again when it runs out, and not at once. */
  holdStillRunning(at: number): Promise<void> {
    return this.#wakeBy(Math.max(at, Date.now() + OVERDUE_RECHECK_MS))
  }

  /** Refunds an earlier instance left pending: asked for again at once. */
  refundsLeft(): Promise<void> {
    return this.#wakeBy(Date.now())
  }

  /** A refund's money has not gone back yet (asked now, or the provider did not answer): asked again in a minute. */
  refundPending(): Promise<void> {
    return this.#wakeBy(Date.now() + LAST_RETRY_MS)
  }

  /** A quiet bill with something unpaid would count as walked out on at `at`: looked at then. */
  walkoutCheck(at: number): Promise<void> {
    return this.#wakeBy(Math.max(at, Date.now()))
  }

  /** A commit: should this instance stop before delivering it, the alarm wakes the object to do so. */
  committed(): void {
    if (this.#at === null || this.#at === undefined) void this.#wakeBy(Date.now() + LAST_RETRY_MS)
  }

  /** D1 refused the outbox: tried again after 1 s, then 2 s, 4 s … up to a minute. */
  async deliveryFailed(): Promise<number> {
    const waited = this.#retryMs
    await this.#wakeBy(Date.now() + waited)
    this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS)
    return waited
  }

  /**
   * D1 took the outbox: the next refusal waits from the start again. The
   * alarm is left standing (it finds at most delivered rows to delete):
   * setting and clearing it around every delivery would cost two storage
   * writes a payment.
   */
  delivered(): void {
    this.#retryMs = FIRST_RETRY_MS
  }

  /** The alarm went off; what it handles sets the next. */
  fired(): void {
    this.#at = null
  }

  /** Makes sure the alarm goes off by `at`. */
  async #wakeBy(at: number): Promise<void> {
    this.#at ??= await this.storage.getAlarm()
    if (this.#at !== null && this.#at <= at) return
    this.#at = at
    await this.storage.setAlarm(at)
  }
}
