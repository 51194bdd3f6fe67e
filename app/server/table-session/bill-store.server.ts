import type { PaidSums } from '~/domain/bill'
import type { Hold } from '~/domain/holds'
import type { PaymentRequest } from '~/domain/schemas/payments'
import type { SplitPaid } from '~/domain/split'
import { and, count, desc, eq, getTableColumns, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm'
import { union, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { AdjustmentRow, BillItemRow, PaymentRow, RefundRow } from '../db/schema.server'
import type { BillTable } from './open-bill.server'
import * as t from './schema.server'
import { hasSchema, migrateStorage, objectDb, type ObjectDb } from './storage.server'

/** Rows in the order they were written, among those written in the same millisecond. */
const ROWID = sql`rowid`

/** How a bill closed with something unpaid was left: how much, why, and who closed it. */
export interface Settlement {
  unpaidCents: number
  reason: string | null
  staff: string
}

/** A refund as the object keeps it: the ledger's, less the bill it belongs to, with its status (REFUND_STATUSES). */
export type StoredRefund = typeof t.refunds.$inferSelect

/** Which bill this object holds and what it knows of its table. */
export interface BillHeader {
  sessionId: string
  tableId: string
  openedAt: number
  closedAt: number | null
  /** The table's bill after this one, once this one is closed; none after the bill its table was archived with. */
  nextSessionId: string | null
  /** A close with something unpaid: how it was left. */
  settlement: Settlement | null
  table: BillTable
}

/** What the payment rules need of the bill, as last committed. */
export interface BillState {
  lines: BillItemRow[]
  paid: PaidSums
  splitPaid: SplitPaid[]
}

/**
 * Where a payment in progress stands: `held` while the provider is asked
 * and the money taken, `action` while the diner confirms with their bank;
 * then `committed` (it is a payment), `released` (ended for good: its units
 * are free again and any money given back) or `expired` (its time ran out
 * first: its units are free again, and should its money come after all, it
 * commits if they still are; see TableSession.pay).
 */
export type HoldStatus = (typeof t.HOLD_STATUSES)[number]

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
}

const inProgress = (status: HoldStatus) => status === 'held' || status === 'action'

const toHoldRow = (row: typeof t.holds.$inferSelect): HoldRow => ({
  ...row,
  request: JSON.parse(row.request) as PaymentRequest,
  hold: JSON.parse(row.hold) as Hold,
})

/** What the ledger in D1 receives, in commit order. */
export type OutboxEntry =
  | { kind: 'line'; body: BillItemRow }
  | { kind: 'payment'; body: PaymentRow }
  | { kind: 'line-removed'; body: { id: string } }
  | { kind: 'adjustment'; body: AdjustmentRow }
  | { kind: 'refund'; body: RefundRow }
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

export interface PendingEntry {
  seq: number
  committedAt: number
  entry: OutboxEntry
}

const RECORDS = [t.lines, t.payments, t.holds, t.adjustments, t.refunds]

/**
 * Columns of `table` (all of them unless named) as placeholders of their
 * own keys, for a prepared statement run with a row: drizzle encodes each
 * value as its column does (a boolean as 0 or 1).
 */
function placeholdersOf<T extends SQLiteTable>(table: T, keys: readonly (keyof T['$inferInsert'] & string)[] = []) {
  const names = keys.length > 0 ? keys : Object.keys(getTableColumns(table))
  return Object.fromEntries(names.map((key) => [key, sql.placeholder(key)])) as unknown as T['$inferInsert']
}

/**
 * The statements of a payment's commit, prepared once per instance: drizzle
 * builds a statement's SQL each time it is run from its builder, and these
 * run several times per payment.
 */
function preparedWrites(db: ObjectDb) {
  return {
    insertPayment: db.insert(t.payments).values(placeholdersOf(t.payments)).prepare(),
    insertHold: db.insert(t.holds).values(placeholdersOf(t.holds)).prepare(),
    updateHold: db
      .update(t.holds)
      .set(placeholdersOf(t.holds, ['status', 'reference', 'expiresAt']))
      .where(eq(t.holds.id, sql.placeholder('id')))
      .prepare(),
    updateLine: db
      .update(t.lines)
      .set(placeholdersOf(t.lines, ['quantity', 'priceCents', 'paidQuantity', 'paidBy', 'comped']))
      .where(eq(t.lines.id, sql.placeholder('id')))
      .prepare(),
    enqueue: db
      .insert(t.outbox)
      .values({
        kind: sql.placeholder('kind'),
        body: sql.placeholder('body'),
        committedAt: sql.placeholder('committedAt'),
      })
      .returning({ seq: t.outbox.seq })
      .prepare(),
  }
}

/**
 * The open bill in the object's own SQLite: reads and writes are synchronous,
 * so a write that reads the bill and changes it inside one
 * `transactionSync` cannot interleave with another. Every change that D1
 * must learn of is added to the outbox by the same call that makes it.
 */
export class BillStore {
  #state: BillState | null = null
  /** The bill row as last read (undefined: to read again); every write to it drops this, as writes to the bill drop #state. */
  #header: BillHeader | null | undefined = undefined
  /** The holds in progress (held or waiting on the bank), by id, as last written; every payment reads them several times. */
  #inProgress: Map<string, HoldRow> | null = null
  /**
   * Every transactionId this bill has seen (its payments, its holds, the
   * previous bill's payments), read once: a new payment, the usual case, is
   * told it repeats nothing without three lookups in storage.
   */
  #transactions: Set<string> | null = null
  /**
   * The outbox as stored, oldest first, read once and kept in step with
   * every write to it. Delivered entries leave it, so it holds only what D1
   * has not taken yet: a few entries, or about a kilobyte per payment made
   * while D1 is down.
   */
  #outbox: PendingEntry[] | null = null
  /** Whether the schema exists: an object asked about an id that names no bill never writes anything. */
  #ready: boolean

  readonly #db: ObjectDb
  readonly #writes: ReturnType<typeof preparedWrites>

  constructor(private readonly storage: DurableObjectStorage) {
    this.#db = objectDb(storage)
    this.#writes = preparedWrites(this.#db)
    this.#ready = hasSchema(storage)
  }

  /** Brings stored schema up to date when the object starts; storage with none is left alone until a bill starts. */
  async migrate(): Promise<void> {
    if (this.#ready) await migrateStorage(this.storage, this.#db)
  }

  /** Makes the schema, before the first bill starts here. */
  async #makeSchema(): Promise<void> {
    if (this.#ready) return
    await migrateStorage(this.storage, this.#db)
    this.#ready = true
  }

  header(): BillHeader | null {
    if (!this.#ready) return null
    if (this.#header !== undefined) return this.#header
    const row = this.#db.select().from(t.bill).get()
    if (!row) return (this.#header = null)
    const { id: _id, tableInfo, settlement, ...header } = row
    this.#header = {
      ...header,
      table: JSON.parse(tableInfo) as BillTable,
      settlement: settlement ? (JSON.parse(settlement) as Settlement) : null,
    }
    return this.#header
  }

  /**
   * Makes this object the home of a bill, with the lines and payments it
   * already had in D1 (none for a new bill), and the payments of the table's
   * previous bill, so a retry of one of them that finds this bill is
   * answered with it rather than charged again; nothing, should a bill
   * have started here meanwhile.
   */
  async start(
    header: Omit<BillHeader, 'closedAt' | 'nextSessionId' | 'settlement'>,
    {
      lines = [],
      payments = [],
      earlier = [],
    }: { lines?: BillItemRow[]; payments?: PaymentRow[]; earlier?: PaymentRow[] } = {},
  ): Promise<void> {
    await this.#makeSchema()
    if (this.header()) return
    this.transaction(() => {
      this.#header = undefined
      this.#db
        .insert(t.bill)
        .values({
          id: 1,
          sessionId: header.sessionId,
          tableId: header.tableId,
          openedAt: header.openedAt,
          tableInfo: JSON.stringify(header.table),
        })
        .run()
      for (const line of lines) this.#insertLine(line)
      for (const payment of payments) this.#insertPayment(payment)
      for (const payment of earlier)
        this.#db
          .insert(t.earlierPayments)
          .values({ transactionId: payment.transactionId, payment: JSON.stringify(payment) })
          .onConflictDoNothing()
          .run()
      this.#state = null
      this.#transactions = null
    })
  }

  setTable(table: BillTable) {
    this.#header = undefined
    this.#db
      .update(t.bill)
      .set({ tableInfo: JSON.stringify(table) })
      .run()
  }

  /** The lines in the order they were ordered. */
  lines(): BillItemRow[] {
    return this.#db.select().from(t.lines).orderBy(t.lines.createdAt, ROWID).all()
  }

  /** Voids and comps, oldest first. */
  adjustments(): Omit<AdjustmentRow, 'tableId' | 'sessionId'>[] {
    return this.#db.select().from(t.adjustments).orderBy(t.adjustments.createdAt, ROWID).all()
  }

  /** Refunds, oldest first; of one payment when `paymentId` is given. */
  refunds(paymentId?: string): StoredRefund[] {
    return this.#db
      .select()
      .from(t.refunds)
      .where(paymentId ? eq(t.refunds.paymentId, paymentId) : undefined)
      .orderBy(t.refunds.createdAt, ROWID)
      .all()
  }

  refund(id: string): StoredRefund | undefined {
    return this.#db.select().from(t.refunds).where(eq(t.refunds.id, id)).get()
  }

  payment(id: string): PaymentRow | undefined {
    return this.#db.select().from(t.payments).where(eq(t.payments.id, id)).get()
  }

  /** Payments, newest first. */
  payments(): PaymentRow[] {
    return this.#db.select().from(t.payments).orderBy(desc(t.payments.createdAt), desc(ROWID)).all()
  }

  /** Whether any payment or hold of this bill, or payment of the one before it, has `transactionId`. */
  #seen(transactionId: string): boolean {
    this.#transactions ??= new Set(
      union(
        this.#db.select({ id: t.payments.transactionId }).from(t.payments),
        this.#db.select({ id: t.holds.transactionId }).from(t.holds),
        this.#db.select({ id: t.earlierPayments.transactionId }).from(t.earlierPayments),
      )
        .all()
        .map((row) => row.id),
    )
    return this.#transactions.has(transactionId)
  }

  /** The payment this bill, or the table's bill before it, recorded under `transactionId`. */
  paymentByTransaction(transactionId: string): PaymentRow | undefined {
    if (!this.#ready || !this.#seen(transactionId)) return undefined
    const own = this.#db.select().from(t.payments).where(eq(t.payments.transactionId, transactionId)).get()
    if (own) return own
    const earlier = this.#db
      .select()
      .from(t.earlierPayments)
      .where(eq(t.earlierPayments.transactionId, transactionId))
      .get()
    return earlier ? (JSON.parse(earlier.payment) as PaymentRow) : undefined
  }

  /** The bill as the payment rules see it; kept between writes, since only this object changes it. */
  state(): BillState {
    if (this.#state) return this.#state
    const { payments, refunds } = t
    const given = sql<number>`coalesce(sum(${refunds.amountCents}), 0)`
    this.#state = {
      lines: this.lines(),
      paid: {
        paymentsCents:
          this.#db
            .select({ paid: sql<number>`coalesce(sum(${payments.amountCents}), 0)` })
            .from(payments)
            .get()?.paid ?? 0,
        refundedCents: this.#db.select({ given }).from(refunds).where(eq(refunds.status, 'done')).get()?.given ?? 0,
      },
      // A share refunded whole is a share to pay again.
      splitPaid: this.#db
        .select({
          tableSize: sql<number>`${payments.splitCount}`,
          shares: sql<number>`sum(coalesce(${payments.splitShares}, 1))`,
        })
        .from(payments)
        .where(
          and(
            eq(payments.paymentType, 'split'),
            isNotNull(payments.splitCount),
            sql`${payments.amountCents} > (SELECT ${given} FROM ${refunds} WHERE ${refunds.paymentId} = ${payments.id} AND ${refunds.status} = 'done')`,
          ),
        )
        .groupBy(payments.splitCount)
        .all(),
    }
    return this.#state
  }

  openLineCount(): number {
    return (
      this.#db.select({ lines: count() }).from(t.lines).where(lt(t.lines.paidQuantity, t.lines.quantity)).get()
        ?.lines ?? 0
    )
  }

  addLines(lines: BillItemRow[]) {
    for (const line of lines) {
      this.#insertLine(line)
      this.#enqueue({ kind: 'line', body: line })
    }
    this.#state = null
  }

  /**
   * Records a payment and the lines as it leaves them (`after`, from the
   * domain's applyPlan); `state` is the bill after it, kept for the next one.
   */
  addPayment(payment: PaymentRow, before: readonly BillItemRow[], state: BillState) {
    this.#state = null
    this.#insertPayment(payment)
    this.#enqueue({ kind: 'payment', body: payment })
    this.#changeLines(before, state.lines)
    this.#state = state
  }

  /** Records a void or comp and the lines as it leaves them. */
  addAdjustment(adjustment: AdjustmentRow, before: readonly BillItemRow[], after: readonly BillItemRow[]) {
    this.#state = null
    const { tableId: _tableId, sessionId: _sessionId, ...row } = adjustment
    this.#db.insert(t.adjustments).values(row).run()
    this.#changeLines(before, after)
    this.#enqueue({ kind: 'adjustment', body: adjustment })
  }

  /** A refund about to be given back: it counts against what its payment may still give back, and changes the bill once done. */
  addRefund(refund: StoredRefund) {
    this.#db.insert(t.refunds).values(refund).run()
  }

  /** A refund whose money went back: the units it names are unpaid again (`before` → `after`), and the ledger gets it. */
  finishRefund(id: string, reference: string | null, before: readonly BillItemRow[], after: readonly BillItemRow[]) {
    const header = this.header()
    const refund = this.refund(id)
    if (!header || !refund) return
    this.#state = null
    this.#db.update(t.refunds).set({ status: 'done', providerReference: reference }).where(eq(t.refunds.id, id)).run()
    this.#changeLines(before, after)
    const { status: _status, ...done } = refund
    this.#enqueue({
      kind: 'refund',
      body: { ...done, providerReference: reference, tableId: header.tableId, sessionId: header.sessionId },
    })
  }

  failRefund(id: string) {
    this.#db
      .update(t.refunds)
      .set({ status: 'failed' })
      .where(and(eq(t.refunds.id, id), eq(t.refunds.status, 'pending')))
      .run()
  }

  /** Refunds whose money has not gone back yet. */
  pendingRefunds(): StoredRefund[] {
    if (!this.#ready) return []
    return this.#db
      .select()
      .from(t.refunds)
      .where(eq(t.refunds.status, 'pending'))
      .orderBy(t.refunds.createdAt, ROWID)
      .all()
  }

  close(closedAt: number, nextSessionId: string, settlement: Settlement | null = null) {
    const header = this.header()
    if (!header) return
    this.#header = undefined
    this.#db
      .update(t.bill)
      .set({ closedAt, nextSessionId, settlement: settlement ? JSON.stringify(settlement) : null })
      .run()
    this.#enqueue({
      kind: 'close',
      body: { sessionId: header.sessionId, tableId: header.tableId, closedAt, nextSessionId, settlement },
    })
  }

  /** Closes the bill for good, with no bill after it: its table is archived, in the ledger too. */
  archive(closedAt: number) {
    const header = this.header()
    if (!header) return
    this.#header = undefined
    this.#db.update(t.bill).set({ closedAt }).run()
    this.#enqueue({ kind: 'archive', body: { sessionId: header.sessionId, tableId: header.tableId, closedAt } })
  }

  /** Writes the lines that changed from `before` to `after` (new, changed, gone), each with its outbox entry. */
  #changeLines(before: readonly BillItemRow[], after: readonly BillItemRow[]) {
    // The rules answer the lines they leave alone as the very same objects, in the same places: only the others are looked at.
    if (before.length === after.length && after.every((line, at) => line.id === before[at]!.id)) {
      after.forEach((line, at) => {
        if (line !== before[at]) this.#changeLine(before[at]!, line)
      })
      return
    }
    const previous = new Map(before.map((line) => [line.id, line]))
    for (const line of after) {
      const old = previous.get(line.id)
      previous.delete(line.id)
      if (old) {
        this.#changeLine(old, line)
      } else {
        this.#insertLine(line)
        this.#enqueue({ kind: 'line', body: line })
      }
    }
    for (const gone of previous.keys()) {
      this.#db.delete(t.lines).where(eq(t.lines.id, gone)).run()
      this.#enqueue({ kind: 'line-removed', body: { id: gone } })
    }
  }

  /** Writes a line that was `old` as `line`, if anything stored of it changed. */
  #changeLine(old: BillItemRow, line: BillItemRow) {
    if (
      old.paidQuantity === line.paidQuantity &&
      old.paidBy === line.paidBy &&
      old.quantity === line.quantity &&
      old.priceCents === line.priceCents &&
      old.comped === line.comped
    )
      return
    this.#writes.updateLine.run({ ...line })
    this.#enqueue({ kind: 'line', body: line })
  }

  /** Empties the bill and opens it again at `openedAt` (the public demo's reset); the ledger forgets it too. */
  reset(openedAt: number, lines: BillItemRow[]) {
    const header = this.header()
    if (!header) return
    for (const table of RECORDS) this.#db.delete(table).run()
    this.#inProgress = null
    this.#transactions = null
    this.#header = undefined
    this.#db.update(t.bill).set({ openedAt, closedAt: null, nextSessionId: null, settlement: null }).run()
    this.#enqueue({ kind: 'reset', body: { sessionId: header.sessionId, tableId: header.tableId, openedAt } })
    this.addLines(lines)
  }

  #holdsInProgress(): Map<string, HoldRow> {
    this.#inProgress ??= new Map(
      this.#db
        .select()
        .from(t.holds)
        .where(inArray(t.holds.status, ['held', 'action']))
        .orderBy(t.holds.createdAt, ROWID)
        .all()
        .map((row) => [row.id, toHoldRow(row)]),
    )
    return this.#inProgress
  }

  /** The holds that keep what they hold at `now` (in progress and in time), oldest first. */
  standingHolds(now: number): HoldRow[] {
    if (!this.#ready) return []
    return [...this.#holdsInProgress().values()].filter((row) => row.expiresAt > now)
  }

  /** Holds whose time ran out at `now` without ending: to settle with the provider. */
  overdueHolds(now: number): HoldRow[] {
    if (!this.#ready) return []
    return [...this.#holdsInProgress().values()].filter((row) => row.expiresAt <= now)
  }

  /** When the next hold in progress runs out, if any does. */
  nextHoldExpiry(): number | null {
    if (!this.#ready) return null
    const times = [...this.#holdsInProgress().values()].map((row) => row.expiresAt)
    return times.length ? Math.min(...times) : null
  }

  hold(id: string): HoldRow | undefined {
    if (!this.#ready) return undefined
    const held = this.#holdsInProgress().get(id)
    if (held) return held
    const row = this.#db.select().from(t.holds).where(eq(t.holds.id, id)).get()
    return row ? toHoldRow(row) : undefined
  }

  /** The newest hold made for `transactionId`: a retry finds the attempt it repeats. */
  holdByTransaction(transactionId: string): HoldRow | undefined {
    if (!this.#ready || !this.#seen(transactionId)) return undefined
    const row = this.#db
      .select()
      .from(t.holds)
      .where(eq(t.holds.transactionId, transactionId))
      .orderBy(desc(t.holds.createdAt), desc(ROWID))
      .limit(1)
      .get()
    return row ? toHoldRow(row) : undefined
  }

  addHold(row: HoldRow) {
    this.#writes.insertHold.run({ ...row, request: JSON.stringify(row.request), hold: JSON.stringify(row.hold) })
    // Kept in step after the write succeeds; a transaction rolled back after it drops it (see transaction).
    this.#inProgress?.set(row.id, row)
    this.#transactions?.add(row.transactionId)
  }

  setHold(id: string, change: { status: HoldStatus; reference?: string | null; expiresAt?: number }) {
    const row = this.hold(id)
    if (!row) return
    const updated: HoldRow = {
      ...row,
      status: change.status,
      reference: change.reference ?? row.reference,
      expiresAt: change.expiresAt ?? row.expiresAt,
    }
    this.#writes.updateHold.run({ ...updated })
    if (inProgress(updated.status)) this.#inProgress?.set(id, updated)
    else this.#inProgress?.delete(id)
  }

  /**
   * Runs `write` as one storage transaction: all of it is stored or none.
   * What this store remembers is kept in step as it writes; should the
   * transaction roll back, it is dropped, to be read again as stored.
   */
  transaction<T>(write: () => T): T {
    try {
      return this.storage.transactionSync(write)
    } catch (error) {
      this.#forget()
      throw error
    }
  }

  /** Drops what this store remembers between writes, to read it from storage again. */
  #forget() {
    this.#state = null
    this.#header = undefined
    this.#inProgress = null
    this.#transactions = null
    this.#outbox = null
  }

  #pending(): PendingEntry[] {
    this.#outbox ??= this.#db
      .select()
      .from(t.outbox)
      .orderBy(t.outbox.seq)
      .all()
      .map((row) => ({
        seq: row.seq,
        committedAt: row.committedAt,
        entry: { kind: row.kind, body: JSON.parse(row.body) } as OutboxEntry,
      }))
    return this.#outbox
  }

  pending(limit: number): PendingEntry[] {
    if (!this.#ready) return []
    return this.#pending().slice(0, limit)
  }

  pendingCount(): number {
    if (!this.#ready) return 0
    return this.#pending().length
  }

  /** Drops the entries D1 has confirmed, up to and including `seq`. */
  delivered(seq: number) {
    this.#db.delete(t.outbox).where(lte(t.outbox.seq, seq)).run()
    if (this.#outbox) this.#outbox = this.#outbox.filter((pending) => pending.seq > seq)
  }

  #enqueue(entry: OutboxEntry) {
    const committedAt = Date.now()
    const body = JSON.stringify(entry.body)
    const { seq } = this.#writes.enqueue.get({ kind: entry.kind, body, committedAt })!
    // Read back from what was stored, as storage would give it: the caller's rows may change after they are written.
    this.#outbox?.push({ seq, committedAt, entry: { kind: entry.kind, body: JSON.parse(body) } as OutboxEntry })
  }

  #insertLine(line: BillItemRow) {
    this.#db.insert(t.lines).values(line).run()
  }

  #insertPayment(payment: PaymentRow) {
    this.#writes.insertPayment.run({ ...payment })
    this.#transactions?.add(payment.transactionId)
  }
}
