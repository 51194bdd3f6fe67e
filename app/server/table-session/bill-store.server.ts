import type { PaidSums } from '~/domain/bill'
import type { Hold } from '~/domain/holds'
import type { PaymentRequest } from '~/domain/schemas/payments'
import type { SplitPaid } from '~/domain/split'
import type { AdjustmentRow, BillItemRow, PaymentRow, RefundRow } from '../db/schema.server'
import type { BillTable } from './open-bill.server'

/**
 * The schema of a TableSession's own SQLite, applied in order when the
 * object starts; a step once applied never changes (add a new one). The
 * bill's lines and payments carry the same columns and CHECKs as D1's
 * `bill_items` and `payments`, so the ledger copy is the same record.
 */
/** The payment columns before staff recorded payments, which the books' step copies over. */
const PAYMENT_FIELDS_V1 = `id, table_id, session_id, transaction_id, request_hash, amount_cents, tip_cents, tax_cents, tip_percentage, payment_method,
  payment_type, customer_name, paid_items, split_count, split_shares, service_quality, provider, provider_reference, created_at`

const MIGRATIONS = [
  `CREATE TABLE bill (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    session_id TEXT NOT NULL,
    table_id TEXT NOT NULL,
    opened_at INTEGER NOT NULL,
    closed_at INTEGER,
    next_session_id TEXT,
    table_info TEXT NOT NULL
  );
  CREATE TABLE lines (
    id TEXT PRIMARY KEY,
    table_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    menu_item_id TEXT,
    name TEXT NOT NULL,
    description TEXT,
    category TEXT NOT NULL DEFAULT 'Order',
    price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
    quantity INTEGER NOT NULL CHECK (quantity >= 1),
    paid_quantity INTEGER NOT NULL DEFAULT 0,
    customer_name TEXT,
    paid_by TEXT,
    created_at INTEGER NOT NULL,
    CHECK (paid_quantity BETWEEN 0 AND quantity)
  );
  CREATE TABLE payments (
    id TEXT PRIMARY KEY,
    table_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL UNIQUE,
    request_hash TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    tip_cents INTEGER NOT NULL DEFAULT 0 CHECK (tip_cents >= 0),
    tax_cents INTEGER NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
    tip_percentage INTEGER,
    payment_method TEXT NOT NULL CHECK (payment_method IN ('card', 'apple', 'google')),
    payment_type TEXT NOT NULL CHECK (payment_type IN ('full', 'item', 'split')),
    customer_name TEXT NOT NULL DEFAULT 'Guest',
    paid_items TEXT,
    split_count INTEGER,
    split_shares INTEGER,
    service_quality TEXT,
    provider TEXT NOT NULL DEFAULT 'simulated',
    provider_reference TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    committed_at INTEGER NOT NULL
  );`,
  // The previous bill's payments, by transactionId (see start).
  `CREATE TABLE earlier_payments (
    transaction_id TEXT PRIMARY KEY,
    payment TEXT NOT NULL
  );`,
  // Payments in progress (see HoldRow); kept once ended, so a late answer from the provider finds how its hold ended.
  `CREATE TABLE holds (
    id TEXT PRIMARY KEY,
    transaction_id TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    request TEXT NOT NULL,
    hold TEXT NOT NULL,
    tax_cents INTEGER NOT NULL CHECK (tax_cents >= 0),
    total_cents INTEGER NOT NULL CHECK (total_cents > 0),
    status TEXT NOT NULL CHECK (status IN ('held', 'action', 'committed', 'released', 'expired')),
    provider TEXT NOT NULL,
    reference TEXT,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX holds_by_transaction ON holds (transaction_id, created_at);`,
  // The restaurant's books: payments staff record (cash, terminal), free lines, notes, voids and comps, refunds, settled closes.
  `CREATE TABLE payments_v2 (
    id TEXT PRIMARY KEY,
    table_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL UNIQUE,
    request_hash TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    tip_cents INTEGER NOT NULL DEFAULT 0 CHECK (tip_cents >= 0),
    tax_cents INTEGER NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
    tip_percentage INTEGER,
    payment_method TEXT NOT NULL CHECK (payment_method IN ('card', 'apple', 'google', 'cash', 'terminal')),
    payment_type TEXT NOT NULL CHECK (payment_type IN ('full', 'item', 'split')),
    customer_name TEXT NOT NULL DEFAULT 'Guest',
    paid_items TEXT,
    split_count INTEGER,
    split_shares INTEGER,
    service_quality TEXT,
    provider TEXT NOT NULL DEFAULT 'simulated',
    provider_reference TEXT,
    created_at INTEGER NOT NULL,
    recorded_by TEXT,
    cash_received_cents INTEGER CHECK (cash_received_cents IS NULL OR cash_received_cents >= amount_cents + tax_cents + tip_cents)
  );
  INSERT INTO payments_v2 (${PAYMENT_FIELDS_V1}) SELECT ${PAYMENT_FIELDS_V1} FROM payments;
  DROP TABLE payments;
  ALTER TABLE payments_v2 RENAME TO payments;
  ALTER TABLE lines ADD COLUMN comped INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE lines ADD COLUMN note TEXT;
  ALTER TABLE lines ADD COLUMN added_by TEXT;
  ALTER TABLE bill ADD COLUMN settlement TEXT;
  CREATE TABLE adjustments (
    id TEXT PRIMARY KEY,
    line_id TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('void', 'comp')),
    quantity INTEGER NOT NULL CHECK (quantity >= 1),
    amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
    reason TEXT NOT NULL,
    staff TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE refunds (
    id TEXT PRIMARY KEY,
    payment_id TEXT NOT NULL,
    method TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
    tax_cents INTEGER NOT NULL CHECK (tax_cents >= 0),
    tip_cents INTEGER NOT NULL CHECK (tip_cents >= 0),
    units TEXT NOT NULL,
    reason TEXT NOT NULL,
    staff TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
    provider TEXT NOT NULL,
    provider_reference TEXT,
    created_at INTEGER NOT NULL,
    CHECK (amount_cents + tip_cents > 0)
  );
  CREATE INDEX refunds_by_payment ON refunds (payment_id);`,
]

/** A line's columns, as the object's `lines` and D1's `bill_items` name them, and its values in that order. */
export const LINE_FIELDS = [
  'id',
  'table_id',
  'session_id',
  'menu_item_id',
  'name',
  'description',
  'category',
  'price_cents',
  'quantity',
  'paid_quantity',
  'customer_name',
  'paid_by',
  'created_at',
  'comped',
  'note',
  'added_by',
] as const
// Outbox entries written before the books' columns existed lack them: they read as what those lines were.
export const lineValues = (line: BillItemRow) => [
  line.id,
  line.tableId,
  line.sessionId,
  line.menuItemId,
  line.name,
  line.description,
  line.category,
  line.priceCents,
  line.quantity,
  line.paidQuantity,
  line.customerName,
  line.paidBy,
  line.createdAt,
  line.comped ? 1 : 0,
  line.note ?? null,
  line.addedBy ?? null,
]

/** A payment's columns, the same in the object and in D1's ledger, and its values in that order. */
export const PAYMENT_FIELDS = [
  'id',
  'table_id',
  'session_id',
  'transaction_id',
  'request_hash',
  'amount_cents',
  'tip_cents',
  'tax_cents',
  'tip_percentage',
  'payment_method',
  'payment_type',
  'customer_name',
  'paid_items',
  'split_count',
  'split_shares',
  'service_quality',
  'provider',
  'provider_reference',
  'created_at',
  'recorded_by',
  'cash_received_cents',
] as const
export const paymentValues = (payment: PaymentRow) => [
  payment.id,
  payment.tableId,
  payment.sessionId,
  payment.transactionId,
  payment.requestHash,
  payment.amountCents,
  payment.tipCents,
  payment.taxCents,
  payment.tipPercentage,
  payment.paymentMethod,
  payment.paymentType,
  payment.customerName,
  payment.paidItems,
  payment.splitCount,
  payment.splitShares,
  payment.serviceQuality,
  payment.provider,
  payment.providerReference,
  payment.createdAt,
  payment.recordedBy ?? null,
  payment.cashReceivedCents ?? null,
]

export const placeholders = (fields: readonly string[]) => fields.map(() => '?').join(', ')

const LINE_COLUMNS = `id, table_id AS tableId, session_id AS sessionId, menu_item_id AS menuItemId, name, description, category,
  price_cents AS priceCents, quantity, paid_quantity AS paidQuantity, customer_name AS customerName, paid_by AS paidBy, created_at AS createdAt,
  comped, note, added_by AS addedBy`

const PAYMENT_COLUMNS = `id, table_id AS tableId, session_id AS sessionId, transaction_id AS transactionId, request_hash AS requestHash,
  amount_cents AS amountCents, tip_cents AS tipCents, tax_cents AS taxCents, tip_percentage AS tipPercentage, payment_method AS paymentMethod,
  payment_type AS paymentType, customer_name AS customerName, paid_items AS paidItems, split_count AS splitCount, split_shares AS splitShares,
  service_quality AS serviceQuality, provider, provider_reference AS providerReference, created_at AS createdAt,
  recorded_by AS recordedBy, cash_received_cents AS cashReceivedCents`

/** How a bill closed with something unpaid was left: how much, why, and who closed it. */
export interface Settlement {
  unpaidCents: number
  reason: string | null
  staff: string
}

/** A refund as the object keeps it: `pending` while the provider gives the money back, then `done` (the ledger gets it) or `failed`. */
export type StoredRefund = RefundRow & { status: 'pending' | 'done' | 'failed' }

const REFUND_COLUMNS = `id, payment_id AS paymentId, method, amount_cents AS amountCents, tax_cents AS taxCents, tip_cents AS tipCents, units, reason, staff,
  status, provider, provider_reference AS providerReference, created_at AS createdAt`

const ADJUSTMENT_COLUMNS =
  'id, line_id AS lineId, name, kind, quantity, amount_cents AS amountCents, reason, staff, created_at AS createdAt'

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
export type HoldStatus = 'held' | 'action' | 'committed' | 'released' | 'expired'

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

const HOLD_COLUMNS = `id, transaction_id AS transactionId, request_hash AS requestHash, request, hold, tax_cents AS taxCents, total_cents AS totalCents,
  status, provider, reference, expires_at AS expiresAt, created_at AS createdAt`

type StoredHold = Omit<HoldRow, 'request' | 'hold'> & { request: string; hold: string }
const toHoldRow = (row: StoredHold): HoldRow => ({
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

type Row = Record<string, SqlStorageValue>

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

  private readonly sql: SqlStorage

  constructor(private readonly storage: DurableObjectStorage) {
    this.sql = storage.sql
    this.#ready =
      this.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_steps'").toArray().length >
      0
    if (this.#ready) this.#migrate()
  }

  #migrate() {
    this.sql.exec('CREATE TABLE IF NOT EXISTS schema_steps (step INTEGER PRIMARY KEY)')
    const done = this.sql.exec<{ steps: number }>('SELECT count(*) AS steps FROM schema_steps').one().steps
    MIGRATIONS.slice(done).forEach((step, index) => {
      this.sql.exec(step)
      this.sql.exec('INSERT INTO schema_steps (step) VALUES (?)', done + index)
    })
    this.#ready = true
  }

  header(): BillHeader | null {
    if (!this.#ready) return null
    if (this.#header !== undefined) return this.#header
    const [row] = this.sql
      .exec<{
        sessionId: string
        tableId: string
        openedAt: number
        closedAt: number | null
        nextSessionId: string | null
        tableInfo: string
        settlement: string | null
      }>(
        'SELECT session_id AS sessionId, table_id AS tableId, opened_at AS openedAt, closed_at AS closedAt, next_session_id AS nextSessionId, table_info AS tableInfo, settlement FROM bill',
      )
      .toArray()
    if (!row) return (this.#header = null)
    const { tableInfo, settlement, ...header } = row
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
   * answered with it rather than charged again.
   */
  start(
    header: Omit<BillHeader, 'closedAt' | 'nextSessionId' | 'settlement'>,
    {
      lines = [],
      payments = [],
      earlier = [],
    }: { lines?: BillItemRow[]; payments?: PaymentRow[]; earlier?: PaymentRow[] } = {},
  ) {
    this.#header = undefined
    const wasReady = this.#ready
    try {
      if (!wasReady) this.#migrate()
      this.#startBill(header, lines, payments, earlier)
    } catch (error) {
      // The transaction this runs in rolls the schema back too.
      this.#ready = wasReady
      throw error
    }
  }

  #startBill(
    header: Omit<BillHeader, 'closedAt' | 'nextSessionId' | 'settlement'>,
    lines: BillItemRow[],
    payments: PaymentRow[],
    earlier: PaymentRow[],
  ) {
    this.sql.exec(
      'INSERT INTO bill (id, session_id, table_id, opened_at, table_info) VALUES (1, ?, ?, ?, ?)',
      header.sessionId,
      header.tableId,
      header.openedAt,
      JSON.stringify(header.table),
    )
    for (const line of lines) this.#insertLine(line)
    for (const payment of payments) this.#insertPayment(payment)
    for (const payment of earlier)
      this.sql.exec(
        'INSERT OR IGNORE INTO earlier_payments (transaction_id, payment) VALUES (?, ?)',
        payment.transactionId,
        JSON.stringify(payment),
      )
    this.#state = null
    this.#transactions = null
  }

  setTable(table: BillTable) {
    this.#header = undefined
    this.sql.exec('UPDATE bill SET table_info = ?', JSON.stringify(table))
  }

  /** The lines in the order they were ordered. */
  lines(): BillItemRow[] {
    return this.sql
      .exec<Omit<BillItemRow, 'comped'> & { comped: number } & Row>(
        `SELECT ${LINE_COLUMNS} FROM lines ORDER BY created_at, rowid`,
      )
      .toArray()
      .map((line) => ({ ...line, comped: line.comped === 1 }))
  }

  /** Voids and comps, oldest first. */
  adjustments(): Omit<AdjustmentRow, 'tableId' | 'sessionId'>[] {
    return this.sql
      .exec<Omit<AdjustmentRow, 'tableId' | 'sessionId'> & Row>(
        `SELECT ${ADJUSTMENT_COLUMNS} FROM adjustments ORDER BY created_at, rowid`,
      )
      .toArray()
  }

  /** Refunds, oldest first; of one payment when `paymentId` is given. */
  refunds(paymentId?: string): Omit<StoredRefund, 'tableId' | 'sessionId'>[] {
    const query = `SELECT ${REFUND_COLUMNS} FROM refunds ${paymentId ? 'WHERE payment_id = ?' : ''} ORDER BY created_at, rowid`
    return this.sql
      .exec<Omit<StoredRefund, 'tableId' | 'sessionId'> & Row>(query, ...(paymentId ? [paymentId] : []))
      .toArray()
  }

  refund(id: string): Omit<StoredRefund, 'tableId' | 'sessionId'> | undefined {
    return this.sql
      .exec<Omit<StoredRefund, 'tableId' | 'sessionId'> & Row>(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE id = ?`, id)
      .toArray()[0]
  }

  payment(id: string): PaymentRow | undefined {
    return this.sql.exec<PaymentRow & Row>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = ?`, id).toArray()[0]
  }

  /** Payments, newest first. */
  payments(): PaymentRow[] {
    return this.sql
      .exec<PaymentRow & Row>(`SELECT ${PAYMENT_COLUMNS} FROM payments ORDER BY created_at DESC, rowid DESC`)
      .toArray()
  }

  /** Whether any payment or hold of this bill, or payment of the one before it, has `transactionId`. */
  #seen(transactionId: string): boolean {
    this.#transactions ??= new Set(
      this.sql
        .exec<{ id: string }>(
          'SELECT transaction_id AS id FROM payments UNION SELECT transaction_id FROM holds UNION SELECT transaction_id FROM earlier_payments',
        )
        .toArray()
        .map((row) => row.id),
    )
    return this.#transactions.has(transactionId)
  }

  /** The payment this bill, or the table's bill before it, recorded under `transactionId`. */
  paymentByTransaction(transactionId: string): PaymentRow | undefined {
    if (!this.#ready || !this.#seen(transactionId)) return undefined
    const [own] = this.sql
      .exec<PaymentRow & Row>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE transaction_id = ?`, transactionId)
      .toArray()
    if (own) return own
    const [earlier] = this.sql
      .exec<{ payment: string }>('SELECT payment FROM earlier_payments WHERE transaction_id = ?', transactionId)
      .toArray()
    return earlier ? (JSON.parse(earlier.payment) as PaymentRow) : undefined
  }

  /** The bill as the payment rules see it; kept between writes, since only this object changes it. */
  state(): BillState {
    this.#state ??= {
      lines: this.lines(),
      paid: {
        paymentsCents: this.sql
          .exec<{ paid: number }>('SELECT coalesce(sum(amount_cents), 0) AS paid FROM payments')
          .one().paid,
        refundedCents: this.sql
          .exec<{ given: number }>("SELECT coalesce(sum(amount_cents), 0) AS given FROM refunds WHERE status = 'done'")
          .one().given,
      },
      // A share refunded whole is a share to pay again.
      splitPaid: this.sql
        .exec<{ tableSize: number; shares: number }>(
          `SELECT split_count AS tableSize, sum(coalesce(split_shares, 1)) AS shares FROM payments
           WHERE payment_type = 'split' AND split_count IS NOT NULL
             AND amount_cents > (SELECT coalesce(sum(amount_cents), 0) FROM refunds WHERE payment_id = payments.id AND status = 'done')
           GROUP BY split_count`,
        )
        .toArray(),
    }
    return this.#state
  }

  openLineCount(): number {
    return this.sql.exec<{ lines: number }>('SELECT count(*) AS lines FROM lines WHERE paid_quantity < quantity').one()
      .lines
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
    this.sql.exec(
      'INSERT INTO adjustments (id, line_id, name, kind, quantity, amount_cents, reason, staff, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      adjustment.id,
      adjustment.lineId,
      adjustment.name,
      adjustment.kind,
      adjustment.quantity,
      adjustment.amountCents,
      adjustment.reason,
      adjustment.staff,
      adjustment.createdAt,
    )
    this.#changeLines(before, after)
    this.#enqueue({ kind: 'adjustment', body: adjustment })
  }

  /** A refund about to be given back: it counts against what its payment may still give back, and changes the bill once done. */
  addRefund(refund: Omit<StoredRefund, 'tableId' | 'sessionId'>) {
    this.sql.exec(
      `INSERT INTO refunds (id, payment_id, method, amount_cents, tax_cents, tip_cents, units, reason, staff, status, provider, provider_reference, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      refund.id,
      refund.paymentId,
      refund.method,
      refund.amountCents,
      refund.taxCents,
      refund.tipCents,
      refund.units,
      refund.reason,
      refund.staff,
      refund.status,
      refund.provider,
      refund.providerReference,
      refund.createdAt,
    )
  }

  /** A refund whose money went back: the units it names are unpaid again (`before` → `after`), and the ledger gets it. */
  finishRefund(id: string, reference: string | null, before: readonly BillItemRow[], after: readonly BillItemRow[]) {
    const header = this.header()
    const refund = this.refund(id)
    if (!header || !refund) return
    this.#state = null
    this.sql.exec("UPDATE refunds SET status = 'done', provider_reference = ? WHERE id = ?", reference, id)
    this.#changeLines(before, after)
    const { status: _status, ...done } = refund
    this.#enqueue({
      kind: 'refund',
      body: { ...done, providerReference: reference, tableId: header.tableId, sessionId: header.sessionId },
    })
  }

  failRefund(id: string) {
    this.sql.exec("UPDATE refunds SET status = 'failed' WHERE id = ? AND status = 'pending'", id)
  }

  /** Refunds whose money has not gone back yet. */
  pendingRefunds(): Omit<StoredRefund, 'tableId' | 'sessionId'>[] {
    if (!this.#ready) return []
    return this.sql
      .exec<Omit<StoredRefund, 'tableId' | 'sessionId'> & Row>(
        `SELECT ${REFUND_COLUMNS} FROM refunds WHERE status = 'pending' ORDER BY created_at, rowid`,
      )
      .toArray()
  }

  close(closedAt: number, nextSessionId: string, settlement: Settlement | null = null) {
    const header = this.header()
    if (!header) return
    this.#header = undefined
    this.sql.exec(
      'UPDATE bill SET closed_at = ?, next_session_id = ?, settlement = ?',
      closedAt,
      nextSessionId,
      settlement ? JSON.stringify(settlement) : null,
    )
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
    this.sql.exec('UPDATE bill SET closed_at = ?', closedAt)
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
      this.sql.exec('DELETE FROM lines WHERE id = ?', gone)
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
    this.sql.exec(
      'UPDATE lines SET quantity = ?, price_cents = ?, paid_quantity = ?, paid_by = ?, comped = ? WHERE id = ?',
      line.quantity,
      line.priceCents,
      line.paidQuantity,
      line.paidBy,
      line.comped ? 1 : 0,
      line.id,
    )
    this.#enqueue({ kind: 'line', body: line })
  }

  /** Empties the bill and opens it again at `openedAt` (the public demo's reset); the ledger forgets it too. */
  reset(openedAt: number, lines: BillItemRow[]) {
    const header = this.header()
    if (!header) return
    for (const table of ['lines', 'payments', 'holds', 'adjustments', 'refunds']) this.sql.exec(`DELETE FROM ${table}`)
    this.#inProgress = null
    this.#transactions = null
    this.#header = undefined
    this.sql.exec(
      'UPDATE bill SET opened_at = ?, closed_at = NULL, next_session_id = NULL, settlement = NULL',
      openedAt,
    )
    this.#enqueue({ kind: 'reset', body: { sessionId: header.sessionId, tableId: header.tableId, openedAt } })
    this.addLines(lines)
  }

  #holdsInProgress(): Map<string, HoldRow> {
    this.#inProgress ??= new Map(
      this.sql
        .exec<StoredHold & Row>(
          `SELECT ${HOLD_COLUMNS} FROM holds WHERE status IN ('held', 'action') ORDER BY created_at, rowid`,
        )
        .toArray()
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
    const [row] = this.sql.exec<StoredHold & Row>(`SELECT ${HOLD_COLUMNS} FROM holds WHERE id = ?`, id).toArray()
    return row ? toHoldRow(row) : undefined
  }

  /** The newest hold made for `transactionId`: a retry finds the attempt it repeats. */
  holdByTransaction(transactionId: string): HoldRow | undefined {
    if (!this.#ready || !this.#seen(transactionId)) return undefined
    const [row] = this.sql
      .exec<StoredHold & Row>(
        `SELECT ${HOLD_COLUMNS} FROM holds WHERE transaction_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`,
        transactionId,
      )
      .toArray()
    return row ? toHoldRow(row) : undefined
  }

  addHold(row: HoldRow) {
    this.sql.exec(
      `INSERT INTO holds (id, transaction_id, request_hash, request, hold, tax_cents, total_cents, status, provider, reference, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row.id,
      row.transactionId,
      row.requestHash,
      JSON.stringify(row.request),
      JSON.stringify(row.hold),
      row.taxCents,
      row.totalCents,
      row.status,
      row.provider,
      row.reference,
      row.expiresAt,
      row.createdAt,
    )
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
    this.sql.exec(
      'UPDATE holds SET status = ?, reference = ?, expires_at = ? WHERE id = ?',
      updated.status,
      updated.reference,
      updated.expiresAt,
      id,
    )
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
    this.#outbox ??= this.sql
      .exec<{ seq: number; kind: string; body: string; committedAt: number }>(
        'SELECT seq, kind, body, committed_at AS committedAt FROM outbox ORDER BY seq',
      )
      .toArray()
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
    this.sql.exec('DELETE FROM outbox WHERE seq <= ?', seq)
    if (this.#outbox) this.#outbox = this.#outbox.filter((pending) => pending.seq > seq)
  }

  #enqueue(entry: OutboxEntry) {
    const committedAt = Date.now()
    const body = JSON.stringify(entry.body)
    const { seq } = this.sql
      .exec<{ seq: number }>(
        'INSERT INTO outbox (kind, body, committed_at) VALUES (?, ?, ?) RETURNING seq',
        entry.kind,
        body,
        committedAt,
      )
      .one()
    // Read back from what was stored, as storage would give it: the caller's rows may change after they are written.
    this.#outbox?.push({ seq, committedAt, entry: { kind: entry.kind, body: JSON.parse(body) } as OutboxEntry })
  }

  #insertLine(line: BillItemRow) {
    this.sql.exec(
      `INSERT INTO lines (${LINE_FIELDS.join(', ')}) VALUES (${placeholders(LINE_FIELDS)})`,
      ...lineValues(line),
    )
  }

  #insertPayment(payment: PaymentRow) {
    this.sql.exec(
      `INSERT INTO payments (${PAYMENT_FIELDS.join(', ')}) VALUES (${placeholders(PAYMENT_FIELDS)})`,
      ...paymentValues(payment),
    )
    this.#transactions?.add(payment.transactionId)
  }
}
