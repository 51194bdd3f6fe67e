import { desc, eq, inArray, sql } from 'drizzle-orm'
import type { Hold } from '~/domain/holds'
import type { PaymentRequest } from '~/domain/schemas/payments'
import { holds, type HOLD_STATUSES } from './schema.server'
import { placeholdersOf, ROWID } from './statements.server'
import type { ObjectDb } from './storage.server'
import type { SeenTransactions } from './seen-transactions.server'

/**
 * Where a payment in progress stands: `held` while the provider is asked
 * and the money taken, `action` while the diner confirms with their bank;
 * then `committed` (it is a payment), `released` (ended for good: its units
 * are free again and any money given back) or `expired` (its time ran out
 * first: its units are free again, and should its money come after all, it
 * commits if they still are; see TableSession.pay).
 */
export type HoldStatus = (typeof HOLD_STATUSES)[number]

/** A payment in progress as the object keeps it: the request, what it holds, and where it stands. */
export interface HoldRow {
  id: string
  transactionId: string
  requestHash: string
  request: PaymentRequest
  hold: Hold
  taxCents: number
  /** The whole charge: bill part, tax added on top, tip. */
  totalCents: number
  status: HoldStatus
  provider: string
  reference: string | null
  expiresAt: number
  createdAt: number
  /** Ended with money that is to go back, not yet given back (see PaymentFlow's giveBack). */
  owedBack: boolean
}

const IN_PROGRESS: HoldStatus[] = ['held', 'action']

const toHoldRow = (row: typeof holds.$inferSelect): HoldRow => ({
  ...row,
  request: JSON.parse(row.request) as PaymentRequest,
  hold: JSON.parse(row.hold) as Hold,
})

/** The holds in the object's SQLite: payments in progress, kept once ended so a late answer from the provider finds how its hold ended. */
export class HoldStore {
  /** The holds in progress (held or waiting on the bank), by id, as last written; every payment reads them several times. */
  #inProgress: Map<string, HoldRow> | null = null
  /** Prepared once: a payment writes its hold, then ends it. */
  readonly #insert
  readonly #update

  constructor(
    private readonly db: ObjectDb,
    private readonly ready: () => boolean,
    private readonly seen: SeenTransactions,
  ) {
    this.#insert = db.insert(holds).values(placeholdersOf(holds)).prepare()
    this.#update = db
      .update(holds)
      .set(placeholdersOf(holds, ['status', 'reference', 'expiresAt', 'owedBack']))
      .where(eq(holds.id, sql.placeholder('id')))
      .prepare()
  }

  #holdsInProgress(): Map<string, HoldRow> {
    this.#inProgress ??= new Map(
      this.db
        .select()
        .from(holds)
        .where(inArray(holds.status, IN_PROGRESS))
        .orderBy(holds.createdAt, ROWID)
        .all()
        .map((row) => [row.id, toHoldRow(row)]),
    )
    return this.#inProgress
  }

  /** The holds that keep what they hold at `now` (in progress and in time), oldest first. */
  standing(now: number): HoldRow[] {
    if (!this.ready()) return []
    return [...this.#holdsInProgress().values()].filter((row) => row.expiresAt > now)
  }

  /** Holds whose time ran out at `now` without ending: to settle with the provider. */
  overdue(now: number): HoldRow[] {
    if (!this.ready()) return []
    return [...this.#holdsInProgress().values()].filter((row) => row.expiresAt <= now)
  }

  /** Every hold in progress, in time or not. */
  inProgress(): HoldRow[] {
    if (!this.ready()) return []
    return [...this.#holdsInProgress().values()]
  }

  /** Ended holds whose money is still to go back. */
  owed(): HoldRow[] {
    if (!this.ready()) return []
    return this.db.select().from(holds).where(eq(holds.owedBack, true)).all().map(toHoldRow)
  }

  get(id: string): HoldRow | undefined {
    if (!this.ready()) return undefined
    const held = this.#holdsInProgress().get(id)
    if (held) return held
    const row = this.db.select().from(holds).where(eq(holds.id, id)).get()
    return row ? toHoldRow(row) : undefined
  }

  /** The newest hold made for `transactionId`: a retry finds the attempt it repeats. */
  byTransaction(transactionId: string): HoldRow | undefined {
    if (!this.ready() || !this.seen.has(transactionId)) return undefined
    const row = this.db
      .select()
      .from(holds)
      .where(eq(holds.transactionId, transactionId))
      .orderBy(desc(holds.createdAt), desc(ROWID))
      .limit(1)
      .get()
    return row ? toHoldRow(row) : undefined
  }

  add(row: HoldRow) {
    this.#insert.run({ ...row, request: JSON.stringify(row.request), hold: JSON.stringify(row.hold) })
    // Kept in step after the write succeeds; a transaction rolled back after it drops it (see BillStore.transaction).
    this.#inProgress?.set(row.id, row)
    this.seen.add(row.transactionId)
  }

  set(id: string, change: { status: HoldStatus; reference?: string | null; expiresAt?: number; owedBack?: boolean }) {
    const row = this.get(id)
    if (!row) return
    const updated: HoldRow = {
      ...row,
      status: change.status,
      reference: change.reference ?? row.reference,
      expiresAt: change.expiresAt ?? row.expiresAt,
      owedBack: change.owedBack ?? row.owedBack,
    }
    this.#update.run({ ...updated })
    if (IN_PROGRESS.includes(updated.status)) this.#inProgress?.set(id, updated)
    else this.#inProgress?.delete(id)
  }

  /** Drops what it remembers, to read the holds from storage again (a transaction rolled back, or the bill emptied). */
  forget() {
    this.#inProgress = null
  }
}
