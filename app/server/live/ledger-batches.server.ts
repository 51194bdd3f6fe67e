/** Statements per D1 batch: deliveries are taken whole, up to this many together. */
const MAX_STATEMENTS = 400

type Waiting = { statements: D1PreparedStatement[]; resolve: () => void; reject: (error: unknown) => void }

/**
 * The restaurant's deliveries to D1, written together. Every table's object
 * delivers its outbox here rather than to D1 itself: while one D1 batch
 * (one transaction) is being written, the deliveries that come meanwhile
 * wait and then go together in the next, so under load D1, one database for
 * every restaurant, sees about one write per restaurant at a time instead
 * of one per payment. Each table's delivery is answered once D1 has all of
 * it; a batch D1 refuses is tried again with each delivery on its own (all
 * at once), so one table's delivery D1 cannot take fails no other table.
 * Nothing is kept here: a delivery that gets no answer is sent again by its
 * table, and every statement is idempotent.
 */
export class LedgerBatches {
  #waiting: Waiting[] = []
  #running = false

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
    // Those sent in the same moment go together; an idle restaurant's delivery is written at once, so staff screens lag D1 no more than they must.
    await Promise.resolve()
    // Deliveries that come while a batch is being written go in the next one; the last look and the stop are one step.
    while (this.#waiting.length > 0) await this.#writeGroup(this.#nextGroup())
    this.#running = false
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
