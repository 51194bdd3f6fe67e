/** Statements per D1 batch: deliveries are taken whole, up to this many together. */
const MAX_STATEMENTS = 400
/**
 * Under load, a batch begins no sooner than this after the one before it.
 * Each D1 write is a round trip and a transaction of its own, and a table
 * whose diners pay fast sends its next delivery as soon as D1 took the last:
 * without a pause one table alone had D1 write every few payments, and a
 * table whose provider is slow every payment on its own.
 */
export const BATCH_GAP_MS = 100

type Waiting = { statements: D1PreparedStatement[]; resolve: () => void; reject: (error: unknown) => void }

/**
 * The restaurant's deliveries to D1, written together. Every table's object
 * delivers its outbox here rather than to D1 itself: while one D1 batch
 * (one transaction) is being written, and until BATCH_GAP_MS have passed
 * since it began, the deliveries that come meanwhile wait and then go
 * together in the next (unless a full batch is already waiting), so under
 * load D1, one database for every restaurant, sees one write per restaurant
 * at a time, and about ten a second at most, instead of one per payment.
 * A delivery that comes when D1 was written nothing for BATCH_GAP_MS goes at
 * once, so an idle restaurant's staff screens wait on nothing but D1. Each
 * table's delivery is answered once D1 has all of it; a batch D1 refuses is
 * tried again with each delivery on its own (all at once), so one table's
 * delivery D1 cannot take fails no other table. Nothing is kept here: a
 * delivery that gets no answer is sent again by its table, and every
 * statement is idempotent.
 */
export class LedgerBatches {
  #waiting: Waiting[] = []
  #running = false
  /** When the last batch began (Date.now()); none yet is long ago. */
  #lastBatchAt = Number.NEGATIVE_INFINITY

  constructor(private readonly db: Pick<D1Database, 'batch'>) {}

  /** Writes `statements` in one D1 transaction, together with other deliveries; resolves once D1 has them. */
  write(statements: D1PreparedStatement[]): Promise<void> {
    const written = new Promise<void>((resolve, reject) => this.#waiting.push({ statements, resolve, reject }))
    if (!this.#running) {
      this.#running = true
      void this.#run()
    }
    return written
  }

  async #run() {
    // Those sent in the same moment go together.
    await Promise.resolve()
    // Deliveries that come while a batch is being written, or in the gap after it began, go in the next one;
    // the last look and the stop are one step.
    while (this.#waiting.length > 0) {
      await this.#gap()
      this.#lastBatchAt = Date.now()
      await this.#writeGroup(this.#nextGroup())
    }
    this.#running = false
  }

  /** Waits out what is left of BATCH_GAP_MS since the last batch began, unless a full batch is already waiting. */
  async #gap() {
    const left = this.#lastBatchAt + BATCH_GAP_MS - Date.now()
    const statements = this.#waiting.reduce((sum, waiting) => sum + waiting.statements.length, 0)
    if (left > 0 && statements < MAX_STATEMENTS) await new Promise((resolve) => setTimeout(resolve, left))
  }

  #nextGroup(): Waiting[] {
    let statements = 0
    let taken = 0
    for (const waiting of this.#waiting) {
      if (taken > 0 && statements + waiting.statements.length > MAX_STATEMENTS) break
      statements += waiting.statements.length
      taken++
    }
    return this.#waiting.splice(0, taken)
  }

  async #writeGroup(group: Waiting[]) {
    try {
      await this.db.batch(group.flatMap((waiting) => waiting.statements))
      for (const waiting of group) waiting.resolve()
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error)
      // Each on its own, all at once: D1 being down then fails them all in about the time of one, and holds nobody for long.
      await Promise.all(group.map((waiting) => this.#writeGroup([waiting])))
    }
  }
}
