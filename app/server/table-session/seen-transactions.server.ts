import { union } from 'drizzle-orm/sqlite-core'
import { earlierPayments, holds, payments } from './schema.server'
import type { ObjectDb } from './storage.server'

/**
 * Every transactionId this bill has seen (its payments, its holds, the
 * previous bill's payments), read once: a new payment, the usual case, is
 * told it repeats nothing without three lookups in storage.
 */
export class SeenTransactions {
  #ids: Set<string> | null = null

  constructor(private readonly db: ObjectDb) {}

  has(transactionId: string): boolean {
    this.#ids ??= new Set(
      union(
        this.db.select({ id: payments.transactionId }).from(payments),
        this.db.select({ id: holds.transactionId }).from(holds),
        this.db.select({ id: earlierPayments.transactionId }).from(earlierPayments),
      )
        .all()
        .map((row) => row.id),
    )
    return this.#ids.has(transactionId)
  }

  /** Kept in step once a write with `transactionId` succeeded (unless not read yet). */
  add(transactionId: string) {
    this.#ids?.add(transactionId)
  }

  forget() {
    this.#ids = null
  }
}
