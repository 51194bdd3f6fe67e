import { gt, lte, sql } from 'drizzle-orm'
import type { AdjustmentRow, BillItemRow, KitchenTicketRow, PaymentRow, RefundRow } from '../db/schema.server'
import type { Settlement } from './bill-store.server'
import { outbox } from './schema.server'
import type { ObjectDb } from './storage.server'

/** What the ledger in D1 receives, in commit order. */
export type OutboxEntry =
  | { kind: 'line'; body: BillItemRow }
  | { kind: 'payment'; body: PaymentRow }
  | { kind: 'line-removed'; body: { id: string } }
  | { kind: 'adjustment'; body: AdjustmentRow }
  | { kind: 'refund'; body: RefundRow }
  | { kind: 'refund-failed'; body: Pick<RefundRow, 'id' | 'failedAt'> }
  | { kind: 'ticket'; body: KitchenTicketRow }
  | { kind: 'ticket-step'; body: Pick<KitchenTicketRow, 'id' | 'step' | 'stepAt' | 'moves'> }
  | {
      kind: 'close'
      body: {
        sessionId: string
        tableId: string
        closedAt: number
        nextSessionId: string
        settlement?: Settlement | null
      }
    }
  | { kind: 'archive'; body: { sessionId: string; tableId: string; closedAt: number } }
  | { kind: 'reset'; body: { sessionId: string; tableId: string; openedAt: number } }

interface PendingEntry {
  seq: number
  committedAt: number
  entry: OutboxEntry
}

/**
 * The outbox in the object's SQLite: what D1's ledger has not taken yet,
 * added by the same storage transaction as the change it records (see
 * BillStore) and dropped once D1 has it (outbox.server.ts delivers it).
 */
export class OutboxStore {
  /**
   * The outbox as stored, oldest first, read once and kept in step with
   * every write to it. Delivered entries leave it, so it holds only what D1
   * has not taken yet: a few entries, or about a kilobyte per payment made
   * while D1 is down.
   */
  #entries: PendingEntry[] | null = null
  /** The seq of the newest entry this instance wrote (0 before its first). */
  #newest = 0
  /** D1 has every entry up to this seq, as a delivery by this instance confirmed (0 before the first). */
  #deliveredUpTo = 0
  /** Whether rows of delivered entries may still be in storage (see delivered). */
  #undropped = false
  /** Prepared once: every commit adds one entry or more, and the next write after a delivery drops them. */
  readonly #insert
  readonly #drop

  constructor(
    private readonly db: ObjectDb,
    private readonly ready: () => boolean,
  ) {
    this.#insert = db
      .insert(outbox)
      .values({
        kind: sql.placeholder('kind'),
        body: sql.placeholder('body'),
        committedAt: sql.placeholder('committedAt'),
      })
      .returning({ seq: outbox.seq })
      .prepare()
    this.#drop = db
      .delete(outbox)
      .where(lte(outbox.seq, sql.placeholder('seq')))
      .prepare()
  }

  #pending(): PendingEntry[] {
    this.#entries ??= this.db
      .select()
      .from(outbox)
      .where(gt(outbox.seq, this.#deliveredUpTo))
      .orderBy(outbox.seq)
      .all()
      .map((row) => ({
        seq: row.seq,
        committedAt: row.committedAt,
        entry: { kind: row.kind, body: JSON.parse(row.body) } as OutboxEntry,
      }))
    return this.#entries
  }

  pending(limit: number): PendingEntry[] {
    if (!this.ready()) return []
    return this.#pending().slice(0, limit)
  }

  count(): number {
    if (!this.ready()) return 0
    return this.#pending().length
  }

  /**
   * D1 has confirmed the entries up to and including `seq`: they leave the
   * outbox now, and their rows are deleted by the next write that adds
   * entries (or the alarm, see dropDelivered). A storage commit of its own
   * after every delivery cost a table whose payments each came on their own
   * a second commit per payment. Should the object stop first, it delivers
   * them again, and D1 takes them as once.
   */
  delivered(seq: number) {
    this.#deliveredUpTo = seq
    this.#undropped = true
    if (this.#entries) this.#entries = this.#entries.filter((pending) => pending.seq > seq)
  }

  /** Whether rows of delivered entries may still be in storage. */
  undropped(): boolean {
    return this.#undropped
  }

  /** Deletes the rows of the entries D1 has confirmed, inside the caller's storage transaction. */
  dropDelivered() {
    if (!this.#undropped) return
    this.#drop.run({ seq: this.#deliveredUpTo })
    this.#undropped = false
  }

  add(entry: OutboxEntry) {
    this.dropDelivered()
    const committedAt = Date.now()
    const body = JSON.stringify(entry.body)
    const { seq } = this.#insert.get({ kind: entry.kind, body, committedAt })!
    this.#newest = seq
    // Read back from what was stored, as storage would give it: the caller's rows may change after they are written.
    this.#entries?.push({ seq, committedAt, entry: { kind: entry.kind, body: JSON.parse(body) } as OutboxEntry })
  }

  /** The seq of the newest entry this instance wrote: a change's entries end there once it is committed. */
  newest(): number {
    return this.#newest
  }

  /** Drops what it remembers, to read the outbox from storage again (a transaction rolled back, and with it any drop). */
  forget() {
    this.#entries = null
    this.#undropped = this.#deliveredUpTo > 0
  }
}
