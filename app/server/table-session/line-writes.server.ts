import { eq, sql } from 'drizzle-orm'
import type { BillItemRow } from '../db/schema.server'
import type { OutboxStore } from './outbox-store.server'
import { lines } from './schema.server'
import { placeholdersOf } from './statements.server'
import type { ObjectDb } from './storage.server'

/**
 * Writes the bill's lines as a change leaves them, each write with its
 * outbox entry (the line's new state, or that it left the bill). Only the
 * lines that changed are written: a payment of one line of fifty touches one.
 */
export class LineWrites {
  /**
   * Prepared once: a bill taken over from D1 inserts each of its lines (a
   * thousand, on a long bill), and a payment updates each line it pays.
   */
  readonly #insert
  readonly #update

  constructor(
    private readonly db: ObjectDb,
    private readonly outbox: OutboxStore,
  ) {
    this.#insert = db.insert(lines).values(placeholdersOf(lines)).prepare()
    this.#update = db
      .update(lines)
      .set(placeholdersOf(lines, ['quantity', 'priceCents', 'paidQuantity', 'paidBy', 'comped']))
      .where(eq(lines.id, sql.placeholder('id')))
      .prepare()
  }

  /** Stores `line` as it is, without telling the ledger (a bill taken over from D1 has it already). */
  insert(line: BillItemRow) {
    this.#insert.run({ ...line })
  }

  add(line: BillItemRow) {
    this.insert(line)
    this.outbox.add({ kind: 'line', body: line })
  }

  /** Writes the lines that changed from `before` to `after` (new, changed, gone). */
  change(before: readonly BillItemRow[], after: readonly BillItemRow[]) {
    // The rules answer the lines they leave alone as the very same objects, in the same places: only the others are looked at.
    if (before.length === after.length && after.every((line, at) => line.id === before[at]!.id)) {
      after.forEach((line, at) => {
        if (line !== before[at]) this.#change(before[at]!, line)
      })
      return
    }
    const previous = new Map(before.map((line) => [line.id, line]))
    for (const line of after) {
      const old = previous.get(line.id)
      previous.delete(line.id)
      if (old) this.#change(old, line)
      else this.add(line)
    }
    for (const gone of previous.keys()) {
      this.db.delete(lines).where(eq(lines.id, gone)).run()
      this.outbox.add({ kind: 'line-removed', body: { id: gone } })
    }
  }

  /** Writes a line that was `old` as `line`, if anything stored of it changed. */
  #change(old: BillItemRow, line: BillItemRow) {
    if (
      old.paidQuantity === line.paidQuantity &&
      old.paidBy === line.paidBy &&
      old.quantity === line.quantity &&
      old.priceCents === line.priceCents &&
      old.comped === line.comped
    )
      return
    this.#update.run({ ...line })
    this.outbox.add({ kind: 'line', body: line })
  }
}
