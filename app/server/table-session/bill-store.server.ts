import { and, count, desc, eq, isNotNull, lt, sql } from 'drizzle-orm'
import type { PaidSums } from '~/domain/bill'
import type { Signature } from '~/domain/signature'
import type { SplitPaid } from '~/domain/split'
import { netSql } from '../db/payment-net.server'
import type { AdjustmentRow, BillItemRow, PaymentRow } from '../db/schema.server'
import { HoldStore } from './hold-store.server'
import { LineWrites } from './line-writes.server'
import type { BillTable } from './open-bill.server'
import { FloorStore } from './floor-store.server'
import { OrderStore, type TakenOrder } from './order-store.server'
import { OutboxStore } from './outbox-store.server'
import { RefundStore } from './refund-store.server'
import * as t from './schema.server'
import { SeenTransactions } from './seen-transactions.server'
import { placeholdersOf, ROWID } from './statements.server'
import { hasSchema, migrateStorage, objectDb, type ObjectDb } from './storage.server'

/** How a bill was closed: who closed it (their name as it was then), and what was left unpaid (0: nothing) and why. */
export interface Settlement {
  unpaidCents: number
  reason: string | null
  staff: string
  /** The member's id; absent on bills closed before closes were signed. */
  staffId?: string | null
}

/** What a close is told: the member who closes the bill, and why what is unpaid is left so. */
export interface Closing {
  by: Signature
  unpaidReason: string | null
}

/** Which bill this object holds and what it knows of its table. */
export interface BillHeader {
  sessionId: string
  tableId: string
  openedAt: number
  closedAt: number | null
  /** The table's bill after this one, once this one is closed; none after the bill its table was archived with. */
  nextSessionId: string | null
  /** How it was closed; null while open, and on bills closed unsigned with nothing unpaid. */
  settlement: Settlement | null
  table: BillTable
}

/** What the payment rules need of the bill, as last committed. */
export interface BillState {
  lines: BillItemRow[]
  paid: PaidSums
  splitPaid: SplitPaid[]
}

/** The bill's records, emptied by a demo reset. */
const RECORDS = [t.lines, t.orders, t.payments, t.holds, t.adjustments, t.refunds, t.calls, t.activity]

/**
 * The open bill in the object's own SQLite: reads and writes are synchronous,
 * so a write that reads the bill and changes it inside one
 * `transactionSync` cannot interleave with another. Every change that D1
 * must learn of is added to the outbox by the same call that makes it.
 * The holds, the refunds and the outbox have their own stores beside it.
 */
export class BillStore {
  readonly holds: HoldStore
  readonly refunds: RefundStore
  readonly outbox: OutboxStore
  readonly orders: OrderStore
  readonly floor: FloorStore
  #state: BillState | null = null
  /** The bill row as last read (undefined: to read again); every write to it drops this, as writes to the bill drop #state. */
  #header: BillHeader | null | undefined = undefined
  /** Whether the schema exists: an object asked about an id that names no bill never writes anything. */
  #ready: boolean
  readonly #db: ObjectDb
  readonly #seen: SeenTransactions
  readonly #lines: LineWrites
  /** Prepared once: every payment writes one. */
  readonly #insertPayment

  constructor(private readonly storage: DurableObjectStorage) {
    this.#db = objectDb(storage)
    this.#ready = hasSchema(storage)
    const ready = () => this.#ready
    this.#seen = new SeenTransactions(this.#db)
    this.holds = new HoldStore(this.#db, ready, this.#seen)
    this.refunds = new RefundStore(this.#db, ready)
    this.outbox = new OutboxStore(this.#db, ready)
    this.#lines = new LineWrites(this.#db, this.outbox)
    this.orders = new OrderStore(this.#db, this.outbox)
    this.floor = new FloorStore(this.#db)
    this.#insertPayment = this.#db.insert(t.payments).values(placeholdersOf(t.payments)).prepare()
  }

  /** Brings stored schema up to date when the object starts; storage with none is left alone until a bill starts. */
  async migrate(): Promise<void> {
    if (this.#ready) await migrateStorage(this.storage, this.#db)
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
    if (!this.#ready) {
      await migrateStorage(this.storage, this.#db)
      this.#ready = true
    }
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
      for (const line of lines) this.#lines.insert(line)
      for (const payment of payments) this.#storePayment(payment)
      for (const payment of earlier)
        this.#db
          .insert(t.earlierPayments)
          .values({ transactionId: payment.transactionId, payment: JSON.stringify(payment) })
          .onConflictDoNothing()
          .run()
      this.#state = null
      this.#seen.forget()
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

  payment(id: string): PaymentRow | undefined {
    return this.#db.select().from(t.payments).where(eq(t.payments.id, id)).get()
  }

  /** Payments, newest first. */
  payments(): PaymentRow[] {
    return this.#db.select().from(t.payments).orderBy(desc(t.payments.createdAt), desc(ROWID)).all()
  }

  /** The payment this bill, or the table's bill before it, recorded under `transactionId`. */
  paymentByTransaction(transactionId: string): PaymentRow | undefined {
    if (!this.#ready || !this.#seen.has(transactionId)) return undefined
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
            sql`${netSql(['amountCents'], { payments, refunds, stands: eq(refunds.status, 'done') })} > 0`,
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

  /** An order's lines, and the order itself: the kitchen's ticket. */
  addLines(order: TakenOrder, restaurantId: string) {
    for (const line of order.lines) this.#lines.add(line)
    const first = order.lines[0]
    if (first) this.orders.take(order, { restaurantId, tableId: first.tableId, sessionId: first.sessionId })
    this.#state = null
  }

  /**
   * Records a payment and the lines as it leaves them (`after`, from the
   * domain's applyPlan); `state` is the bill after it, kept for the next one.
   */
  addPayment(payment: PaymentRow, before: readonly BillItemRow[], state: BillState) {
    this.#state = null
    this.#storePayment(payment)
    this.outbox.add({ kind: 'payment', body: payment })
    this.#lines.change(before, state.lines)
    this.#state = state
  }

  /** Records a void or comp and the lines as it leaves them. */
  addAdjustment(adjustment: AdjustmentRow, before: readonly BillItemRow[], after: readonly BillItemRow[]) {
    this.#state = null
    const { tableId: _tableId, sessionId: _sessionId, ...row } = adjustment
    this.#db.insert(t.adjustments).values(row).run()
    this.#lines.change(before, after)
    this.outbox.add({ kind: 'adjustment', body: adjustment })
  }

  /** A refund whose money went back: the units it names are unpaid again (`before` → `after`), and the ledger gets it. */
  finishRefund(id: string, reference: string | null, before: readonly BillItemRow[], after: readonly BillItemRow[]) {
    const header = this.header()
    const refund = this.refunds.get(id)
    if (!header || !refund) return
    this.#state = null
    this.refunds.done(id, reference)
    this.#lines.change(before, after)
    const { status: _status, failure: _failure, ...done } = refund
    this.outbox.add({
      kind: 'refund',
      body: {
        ...done,
        providerReference: reference,
        tableId: header.tableId,
        sessionId: header.sessionId,
        failedAt: null,
      },
    })
  }

  /**
   * A done refund the diner's bank sent back: it gives nothing back after
   * all, the units it unpaid are paid again (`after`), and the ledger stops
   * counting it from `failedAt`.
   */
  failRefund(id: string, failedAt: number, before: readonly BillItemRow[], after: readonly BillItemRow[]) {
    if (!this.header() || this.refunds.get(id)?.status !== 'done') return
    this.#state = null
    this.refunds.reverse(id)
    this.#lines.change(before, after)
    this.outbox.add({ kind: 'refund-failed', body: { id, failedAt } })
  }

  close(closedAt: number, nextSessionId: string, settlement: Settlement) {
    const header = this.header()
    if (!header) return
    this.#header = undefined
    this.#db
      .update(t.bill)
      .set({ closedAt, nextSessionId, settlement: JSON.stringify(settlement) })
      .run()
    this.outbox.add({
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
    this.outbox.add({ kind: 'archive', body: { sessionId: header.sessionId, tableId: header.tableId, closedAt } })
  }

  /** Empties the bill and opens it again at `openedAt` (the public demo's reset); the ledger forgets it too. */
  reset(openedAt: number, lines: BillItemRow[]) {
    const header = this.header()
    if (!header) return
    for (const table of RECORDS) this.#db.delete(table).run()
    this.holds.forget()
    this.#seen.forget()
    this.#header = undefined
    this.#db.update(t.bill).set({ openedAt, closedAt: null, nextSessionId: null, settlement: null }).run()
    this.outbox.add({ kind: 'reset', body: { sessionId: header.sessionId, tableId: header.tableId, openedAt } })
    // The demo's diners ate before anyone looked: their lines are no order for the kitchen.
    for (const line of lines) this.#lines.add(line)
    this.#state = null
  }

  /** Deletes the outbox rows D1 has confirmed that no write has taken away yet (a quiet table's, by its alarm). */
  dropDelivered() {
    if (this.outbox.undropped()) this.transaction(() => this.outbox.dropDelivered())
  }

  /**
   * Runs `write` as one storage transaction: all of it is stored or none.
   * What the stores remember is kept in step as they write; should the
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

  #forget() {
    this.#state = null
    this.#header = undefined
    this.holds.forget()
    this.#seen.forget()
    this.outbox.forget()
  }

  #storePayment(payment: PaymentRow) {
    this.#insertPayment.run({ ...payment })
    this.#seen.add(payment.transactionId)
  }
}
