import { env, runInDurableObject } from 'cloudflare:test'
import { drizzle } from 'drizzle-orm/durable-sqlite'
import { migrate } from 'drizzle-orm/durable-sqlite/migrator'
import { describe, expect, it } from 'vitest'
import type { TableSession } from '~/server/table-session/durable-object.server'
import migrations from '~/server/table-session/migrations/migrations'
import {
  billObject,
  delivered,
  newTransactionId,
  postForm,
  postJson,
  readSession,
  seedMember,
  seedTable,
  tacoTable,
} from './fixtures'

/**
 * Storage as every TableSession wrote it before its schema was drizzle's:
 * the hand-written steps as they stood, counted in `schema_steps`. Copied
 * here on purpose, so that the fixture stays what objects in the field hold
 * whatever the app's own copy becomes.
 */
const PAYMENT_FIELDS_V1 = `id, table_id, session_id, transaction_id, request_hash, amount_cents, tip_cents, tax_cents, tip_percentage, payment_method,
  payment_type, customer_name, paid_items, split_count, split_shares, service_quality, provider, provider_reference, created_at`
const HAND_WRITTEN_STEPS = [
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
  `CREATE TABLE earlier_payments (
    transaction_id TEXT PRIMARY KEY,
    payment TEXT NOT NULL
  );`,
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

/** Writes the hand-written schema, as `#migrate()` did: its first `steps` steps (every one unless told), each counted. */
function handWrittenSchema(sql: SqlStorage, steps = HAND_WRITTEN_STEPS.length) {
  sql.exec('CREATE TABLE schema_steps (step INTEGER PRIMARY KEY)')
  HAND_WRITTEN_STEPS.slice(0, steps).forEach((step, index) => {
    sql.exec(step)
    sql.exec('INSERT INTO schema_steps (step) VALUES (?)', index)
  })
}

/** The object's migrations up to the baseline only: the schema every object had before any later migration. */
const baselineOnly = {
  journal: { entries: migrations.journal.entries.slice(0, 1) },
  migrations: { m0000: migrations.migrations.m0000 ?? '' },
}

/** The object's migrations before the `count`-th: the schema an object had while that one was still to come. */
const migrationsBefore = (count: number) => ({
  journal: { entries: migrations.journal.entries.slice(0, count) },
  migrations: Object.fromEntries(Object.entries(migrations.migrations).slice(0, count)),
})

const BOOKKEEPING = ['schema_steps', '__drizzle_migrations', 'sqlite_sequence', '_cf_KV', '_cf_METADATA']

/** A CHECK's conditions, spelt alike whether written by hand or by drizzle-kit (quoted, table-qualified, named). */
function conditionsOf(ddl: string): string[] {
  const conditions: string[] = []
  for (const match of ddl.matchAll(/CHECK\s*\(/gi)) {
    let depth = 1
    let end = match.index + match[0].length
    for (; depth > 0; end++) depth += ddl[end] === '(' ? 1 : ddl[end] === ')' ? -1 : 0
    const condition = ddl
      .slice(match.index + match[0].length, end - 1)
      .toLowerCase()
      .replace(/[`"]/g, '')
      .replace(/\b[a-z_]+\.(?=[a-z_])/g, '')
      .replace(/\s+/g, ' ')
      .trim()
    conditions.push(...condition.split(' and '))
  }
  return conditions.sort()
}

/** Everything SQLite enforces of the object's tables: columns, defaults, CHECKs, keys and indexes. */
function schemaOf(sql: SqlStorage) {
  const tables = sql
    .exec<{ name: string; ddl: string }>(
      "SELECT name, sql AS ddl FROM sqlite_master WHERE type = 'table' ORDER BY name",
    )
    .toArray()
    .filter((table) => !BOOKKEEPING.includes(table.name))
  return Object.fromEntries(
    tables.map(({ name, ddl }) => {
      const indexes = sql
        .exec<{ name: string; unique: number }>('SELECT name, "unique" FROM pragma_index_list(?)', name)
        .toArray()
        .map((index) => ({
          name: index.name.startsWith('sqlite_autoindex_') ? null : index.name,
          unique: index.unique,
          columns: sql
            .exec<{ name: string }>('SELECT name FROM pragma_index_info(?) ORDER BY seqno', index.name)
            .toArray()
            .map((column) => column.name)
            .join(','),
        }))
      return [
        name,
        {
          // A primary key is never null in the bill's rows; drizzle-kit also says NOT NULL where the steps left it implied.
          columns: sql
            .exec<{ name: string; type: string; required: number; dflt: string | null; pk: number }>(
              'SELECT name, lower(type) AS type, "notnull" OR pk > 0 AS required, dflt_value AS dflt, pk FROM pragma_table_info(?)',
              name,
            )
            .toArray()
            .map((column) => ({ ...column, dflt: column.dflt === 'false' ? '0' : column.dflt })),
          checks: conditionsOf(ddl),
          namedIndexes: indexes
            .flatMap((index) => (index.name ? [`${index.name}:${index.unique}:${index.columns}`] : []))
            .sort(),
          uniqueKeys: [...new Set(indexes.filter((index) => index.unique).map((index) => index.columns))].sort(),
        },
      ]
    }),
  )
}

/**
 * A bill open when the drizzle schema ships, as its object stored it: three
 * lines (tacos paid in cash, an agua a diner is paying, a flan nobody has
 * paid), the cash payment, the diner's hold, a pending refund of part of the
 * cash, and an outbox D1 has not taken yet (every line and the payment).
 */
async function legacyBill() {
  const table = await seedTable()
  const now = Date.now()
  const [tacos, agua, flan] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
  const line = (id: string, name: string, priceCents: number, quantity: number, paidQuantity: number, at: number) => ({
    id,
    tableId: table.tableId,
    sessionId: table.sessionId,
    menuItemId: null,
    name,
    description: null,
    category: 'Order',
    priceCents,
    quantity,
    paidQuantity,
    customerName: null,
    paidBy: paidQuantity > 0 ? 'Caja' : null,
    createdAt: at,
    comped: false,
    note: null,
    addedBy: 'Ana',
  })
  const lines = [
    line(tacos, 'Tacos', 20000, 2, 2, now - 3000),
    line(agua, 'Agua', 5000, 1, 0, now - 2000),
    line(flan, 'Flan', 7000, 1, 0, now - 1000),
  ]
  const payment = {
    id: crypto.randomUUID(),
    tableId: table.tableId,
    sessionId: table.sessionId,
    transactionId: 'tx-legacy-cash',
    requestHash: 'hash',
    amountCents: 20000,
    tipCents: 0,
    taxCents: 0,
    tipPercentage: null,
    paymentMethod: 'cash',
    paymentType: 'item',
    customerName: 'Caja',
    paidItems: JSON.stringify([{ itemId: tacos, quantity: 2, amountCents: 20000 }]),
    splitCount: null,
    splitShares: null,
    serviceQuality: null,
    provider: 'recorded',
    providerReference: 'recorded_cash',
    createdAt: now - 500,
    recordedBy: 'Ana',
    cashReceivedCents: 20000,
  }
  const hold = {
    id: 'hold-legacy',
    payer: 'Luis',
    amountCents: 5000,
    units: [{ itemId: agua, quantity: 1 }],
    paidLines: [],
    share: null,
  }
  const refundId = crypto.randomUUID()
  const tableInfo = {
    tableId: table.tableId,
    userId: table.restaurantId,
    tableNumber: '12',
    tableName: 'Ventana',
    capacity: 4,
    isActive: true,
    restaurantName: 'Fonda de Prueba',
    taxRateBps: 1600,
    taxIncludedInPrice: true,
    showTaxSeparately: false,
    stripeAccountId: null,
    stripeChargesEnabled: false,
    unconnectedPayments: 'off',
  }
  const legacySchema = await runInDurableObject(billObject(table.sessionId), (_instance, state) => {
    const { sql } = state.storage
    handWrittenSchema(sql)
    sql.exec(
      'INSERT INTO bill (id, session_id, table_id, opened_at, table_info) VALUES (1, ?, ?, ?, ?)',
      table.sessionId,
      table.tableId,
      now - 4000,
      JSON.stringify(tableInfo),
    )
    for (const row of lines) {
      sql.exec(
        `INSERT INTO lines (id, table_id, session_id, menu_item_id, name, description, category, price_cents, quantity, paid_quantity,
           customer_name, paid_by, created_at, comped, note, added_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
        row.id,
        row.tableId,
        row.sessionId,
        row.menuItemId,
        row.name,
        row.description,
        row.category,
        row.priceCents,
        row.quantity,
        row.paidQuantity,
        row.customerName,
        row.paidBy,
        row.createdAt,
        row.note,
        row.addedBy,
      )
      sql.exec(
        "INSERT INTO outbox (kind, body, committed_at) VALUES ('line', ?, ?)",
        JSON.stringify(row),
        row.createdAt,
      )
    }
    sql.exec(
      `INSERT INTO payments (id, table_id, session_id, transaction_id, request_hash, amount_cents, tip_cents, tax_cents, payment_method,
         payment_type, customer_name, paid_items, provider, provider_reference, created_at, recorded_by, cash_received_cents)
       VALUES (?, ?, ?, ?, ?, ?, 0, 0, 'cash', 'item', ?, ?, 'recorded', ?, ?, ?, ?)`,
      payment.id,
      payment.tableId,
      payment.sessionId,
      payment.transactionId,
      payment.requestHash,
      payment.amountCents,
      payment.customerName,
      payment.paidItems,
      payment.providerReference,
      payment.createdAt,
      payment.recordedBy,
      payment.cashReceivedCents,
    )
    sql.exec(
      "INSERT INTO outbox (kind, body, committed_at) VALUES ('payment', ?, ?)",
      JSON.stringify(payment),
      payment.createdAt,
    )
    sql.exec(
      `INSERT INTO holds (id, transaction_id, request_hash, request, hold, tax_cents, total_cents, status, provider, reference, expires_at, created_at)
       VALUES (?, 'tx-legacy-hold', 'hash', ?, ?, 0, 5000, 'held', 'simulated', NULL, ?, ?)`,
      hold.id,
      JSON.stringify({
        tableId: table.tableId,
        amount: 50,
        tipAmount: 0,
        paymentMethod: 'card',
        paymentType: 'item',
        transactionId: 'tx-legacy-hold',
      }),
      JSON.stringify(hold),
      now + 5 * 60_000,
      now - 100,
    )
    sql.exec(
      `INSERT INTO refunds (id, payment_id, method, amount_cents, tax_cents, tip_cents, units, reason, staff, status, provider, provider_reference, created_at)
       VALUES (?, ?, 'cash', 5000, 0, 0, '[]', 'Tacos fríos', 'Ana', 'pending', 'recorded', NULL, ?)`,
      refundId,
      payment.id,
      now - 50,
    )
    return schemaOf(sql)
  })
  // The storage stays as written; the next instance runs the code that ships.
  await runInDurableObject(billObject(table.sessionId), (_instance, state) => state.abort('restart')).catch(
    () => undefined,
  )
  return { table, lines: { tacos, agua, flan }, payment, refundId, legacySchema }
}

describe("a TableSession's own SQLite", () => {
  it('gets from the baseline migration exactly the schema the hand-written steps left', async () => {
    const { table, legacySchema } = await legacyBill()
    // An object no bill ever started: the baseline alone, as drizzle's migrator applies it.
    const baseline = await runInDurableObject(
      billObject(`baseline-${crypto.randomUUID()}`),
      async (_instance, state) => {
        await migrate(drizzle(state.storage), baselineOnly)
        return schemaOf(state.storage.sql)
      },
    )
    const { payments: legacyPayments, ...legacyRest } = legacySchema
    const { payments: baselinePayments, ...baselineRest } = baseline
    expect(baselineRest).toEqual(legacyRest)
    // The steps left the one unique constraint's index unnamed; adopting the storage names it as the baseline does.
    expect({ ...baselinePayments, namedIndexes: [] }).toEqual({ ...legacyPayments, namedIndexes: [] })
    // Adopted, the old storage gets every migration after the baseline, as a new bill's object does.
    const fresh = await seedTable([{ priceCents: 1000 }])
    // Its first read makes the object take the bill over from D1, and so its schema from drizzle-kit's migrations.
    await readSession(fresh.sessionId)
    const made = await runInDurableObject(billObject(fresh.sessionId), (_instance, state) =>
      schemaOf(state.storage.sql),
    )
    await readSession(table.sessionId)
    const adopted = await runInDurableObject(billObject(table.sessionId), (_instance, state) =>
      schemaOf(state.storage.sql),
    )
    expect(adopted).toEqual(made)
  })

  it('finishes storage an object left at an earlier hand-written step before adopting it, keeping its bill', async () => {
    const table = await seedTable()
    await runInDurableObject(billObject(table.sessionId), (_instance, state) => {
      const { sql } = state.storage
      handWrittenSchema(sql, 1)
      sql.exec(
        'INSERT INTO bill (id, session_id, table_id, opened_at, table_info) VALUES (1, ?, ?, ?, ?)',
        table.sessionId,
        table.tableId,
        Date.now(),
        JSON.stringify({
          tableId: table.tableId,
          userId: table.restaurantId,
          tableNumber: '12',
          tableName: 'Ventana',
          capacity: 4,
          isActive: true,
          restaurantName: 'Fonda de Prueba',
          taxRateBps: 1600,
          taxIncludedInPrice: true,
          showTaxSeparately: false,
        }),
      )
      sql.exec(
        "INSERT INTO lines (id, table_id, session_id, name, price_cents, quantity, created_at) VALUES ('old-line', ?, ?, 'Pozole', 9000, 1, ?)",
        table.tableId,
        table.sessionId,
        Date.now(),
      )
    })
    await runInDurableObject(billObject(table.sessionId), (_instance, state) => state.abort('restart')).catch(
      () => undefined,
    )
    const bill = await readSession(table.sessionId)
    expect(bill.items.map((item) => [item.id, item.price, item.paidQuantity])).toEqual([['old-line', 90, 0]])
    const fresh = await seedTable([{ priceCents: 1000 }])
    await readSession(fresh.sessionId)
    const made = await runInDurableObject(billObject(fresh.sessionId), (_instance, state) =>
      schemaOf(state.storage.sql),
    )
    const adopted = await runInDurableObject(billObject(table.sessionId), (_instance, state) =>
      schemaOf(state.storage.sql),
    )
    expect(adopted).toEqual(made)
  })

  it('keeps a bill stored by the hand-written schema: its records, its hold and pending refund, its outbox, and takes new payments', async () => {
    const { table, lines, payment, refundId } = await legacyBill()

    const bill = await readSession(table.sessionId)
    expect(bill.items.map((item) => [item.id, item.quantity, item.paidQuantity, item.price])).toEqual([
      [lines.tacos, 2, 2, 200],
      [lines.agua, 1, 0, 50],
      [lines.flan, 1, 0, 70],
    ])
    expect([bill.totalAmount, bill.paidAmount, bill.remainingAmount]).toEqual([320, 200, 120])
    const held = await runInDurableObject(billObject(table.sessionId), (instance: TableSession) =>
      instance.read(table.sessionId, { payments: true }),
    )
    // The names typed then stay, with no member id.
    expect(held?.payments.map((row) => [row.id, row.paymentMethod, row.recordedBy, row.recordedById])).toEqual([
      [payment.id, 'cash', 'Ana', null],
    ])
    expect(held?.lines.map((line) => [line.addedBy, line.addedById])).toEqual([
      ['Ana', null],
      ['Ana', null],
      ['Ana', null],
    ])
    expect(held?.holds.map((hold) => hold.payer)).toEqual(['Luis'])
    expect(held?.refunds?.map((refund) => [refund.id, refund.status, refund.staff, refund.staffId])).toEqual([
      [refundId, 'pending', 'Ana', null],
    ])
    const journal = await runInDurableObject(billObject(table.sessionId), (_instance, state) => ({
      steps: state.storage.sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'schema_steps'").toArray().length,
      migrations: state.storage.sql.exec('SELECT hash, created_at FROM __drizzle_migrations').toArray().length,
    }))
    expect(journal).toEqual({ steps: 0, migrations: migrations.journal.entries.length })

    // The alarm gives the pending refund back and D1 gets everything the old instance left undelivered.
    await delivered(table.sessionId)
    const ledger = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM bill_items WHERE session_id = ?1 AND added_by = 'Ana' AND added_by_id IS NULL) AS lines,
              (SELECT group_concat(id) FROM payments WHERE session_id = ?1 AND recorded_by = 'Ana' AND recorded_by_id IS NULL) AS payments,
              (SELECT group_concat(id) FROM refunds WHERE session_id = ?1 AND staff = 'Ana' AND staff_id IS NULL) AS refunds`,
    )
      .bind(table.sessionId)
      .first()
    expect(ledger).toEqual({ lines: 3, payments: payment.id, refunds: refundId })

    // Luis's hold keeps the agua; the flan is free, and a diner pays it.
    const paying = (itemId: string) =>
      postJson('/api/payments', {
        tableId: table.tableId,
        sessionId: table.sessionId,
        amount: itemId === lines.flan ? 70 : 50,
        tipAmount: 0,
        paymentMethod: 'card',
        paymentType: 'item',
        itemIds: [itemId],
        customerName: 'Eva',
        transactionId: newTransactionId(),
      })
    const refused = await paying(lines.agua)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'BEING_PAID', payers: ['Luis'] })
    expect((await paying(lines.flan)).status).toBe(201)
    const after = await readSession(table.sessionId)
    // $200 paid less the $50 given back, and the flan.
    expect([after.totalAmount, after.paidAmount, after.remainingAmount]).toEqual([320, 220, 100])
    await delivered(table.sessionId)
    const payments = await env.DB.prepare('SELECT count(*) AS n FROM payments WHERE session_id = ?')
      .bind(table.sessionId)
      .first<{ n: number }>()
    expect(payments?.n).toBe(2)
  })
  it('migrates in place a bill stored before staff signed: the names typed stay, and what a member does next is signed', async () => {
    const table = await seedTable()
    const now = Date.now()
    const [tacos, flan] = [crypto.randomUUID(), crypto.randomUUID()]
    const line = (id: string, name: string, priceCents: number, at: number) => ({
      id,
      tableId: table.tableId,
      sessionId: table.sessionId,
      menuItemId: null,
      name,
      description: null,
      category: 'Order',
      priceCents,
      quantity: 1,
      paidQuantity: 0,
      customerName: null,
      paidBy: null,
      createdAt: at,
      comped: false,
      note: null,
      addedBy: 'Ana',
    })
    const lines = [line(tacos, 'Tacos', 12000, now - 2000), line(flan, 'Flan', 7000, now - 1000)]
    const voided = {
      id: crypto.randomUUID(),
      tableId: table.tableId,
      sessionId: table.sessionId,
      lineId: tacos,
      name: 'Tacos',
      kind: 'void',
      quantity: 1,
      amountCents: 12000,
      reason: 'Error',
      staff: 'Ana',
      createdAt: now - 500,
    }
    await runInDurableObject(billObject(table.sessionId), async (_instance, state) => {
      await migrate(drizzle(state.storage), baselineOnly)
      const { sql } = state.storage
      sql.exec(
        'INSERT INTO bill (id, session_id, table_id, opened_at, table_info) VALUES (1, ?, ?, ?, ?)',
        table.sessionId,
        table.tableId,
        now - 3000,
        JSON.stringify({
          tableId: table.tableId,
          userId: table.restaurantId,
          tableNumber: '12',
          tableName: 'Ventana',
          capacity: 4,
          isActive: true,
          restaurantName: 'Fonda de Prueba',
          taxRateBps: 1600,
          taxIncludedInPrice: true,
          showTaxSeparately: false,
        }),
      )
      // The tacos were voided whole: gone from the bill, kept by their void. The outbox has not reached D1.
      const flanLine = lines[1]!
      sql.exec(
        `INSERT INTO lines (id, table_id, session_id, name, category, price_cents, quantity, paid_quantity, created_at, comped, added_by)
         VALUES (?, ?, ?, ?, 'Order', ?, 1, 0, ?, 0, 'Ana')`,
        flanLine.id,
        flanLine.tableId,
        flanLine.sessionId,
        flanLine.name,
        flanLine.priceCents,
        flanLine.createdAt,
      )
      sql.exec(
        `INSERT INTO adjustments (id, line_id, name, kind, quantity, amount_cents, reason, staff, created_at)
         VALUES (?, ?, 'Tacos', 'void', 1, 12000, 'Error', 'Ana', ?)`,
        voided.id,
        tacos,
        voided.createdAt,
      )
      for (const [kind, body, at] of [
        ...lines.map((row) => ['line', row, row.createdAt] as const),
        ['line-removed', { id: tacos }, voided.createdAt] as const,
        ['adjustment', voided, voided.createdAt] as const,
      ])
        sql.exec('INSERT INTO outbox (kind, body, committed_at) VALUES (?, ?, ?)', kind, JSON.stringify(body), at)
    })
    await runInDurableObject(billObject(table.sessionId), (_instance, state) => state.abort('restart')).catch(
      () => undefined,
    )

    const held = await runInDurableObject(billObject(table.sessionId), (instance: TableSession) =>
      instance.read(table.sessionId, { payments: true }),
    )
    expect(held?.lines.map((row) => [row.name, row.addedBy, row.addedById])).toEqual([['Flan', 'Ana', null]])
    expect(held?.adjustments?.map((row) => [row.name, row.staff, row.staffId])).toEqual([['Tacos', 'Ana', null]])

    // A waiter signed in voids the flan: theirs is signed, Ana's stays as typed.
    const waiter = await seedMember(table.restaurantId, 'waiter')
    const sent = await postForm(
      `/admin/tables/${table.tableId}`,
      { intent: 'adjust', sessionId: table.sessionId, lineId: flan, kind: 'void', quantity: '1', reason: 'Se acabó' },
      waiter.cookie,
    )
    expect(sent.status).toBe(302)
    await delivered(table.sessionId)
    const adjustments = await env.DB.prepare(
      'SELECT name, staff, staff_id AS staffId FROM bill_adjustments WHERE session_id = ? ORDER BY created_at',
    )
      .bind(table.sessionId)
      .all()
    expect(adjustments.results).toEqual([
      { name: 'Tacos', staff: 'Ana', staffId: null },
      { name: 'Flan', staff: waiter.name, staffId: waiter.userId },
    ])
  })

  it('migrates an order kept as the API said it (pesos) to the records it added (cents): its retry is answered as before and adds nothing', async () => {
    const { table, agua } = await tacoTable()
    const now = Date.now()
    const line = crypto.randomUUID()
    const orderId = 'order_before-cents'
    // What the API answered when the order was taken, and what the order kept then.
    const answered = {
      id: line,
      tableId: table.tableId,
      name: 'Agua fresca',
      price: 70.5,
      remainingPrice: 70.5,
      description: 'Jamaica',
      nameEn: 'Fresh water',
      descriptionEn: null,
      note: 'sin hielo',
      category: 'Order',
      quantity: 2,
      paidQuantity: 0,
      isPaid: false,
      comped: false,
      paidBy: null,
      customerName: 'Luis',
      menuItemId: null,
      createdAt: new Date(now - 2000).toISOString(),
    }
    await runInDurableObject(billObject(table.sessionId), async (_instance, state) => {
      await migrate(drizzle(state.storage), migrationsBefore(11))
      const { sql } = state.storage
      sql.exec(
        'INSERT INTO bill (id, session_id, table_id, opened_at, table_info) VALUES (1, ?, ?, ?, ?)',
        table.sessionId,
        table.tableId,
        now - 3000,
        JSON.stringify({
          tableId: table.tableId,
          restaurantId: table.restaurantId,
          tableNumber: '12',
          tableName: 'Ventana',
          capacity: 4,
          isActive: true,
          restaurantName: 'Fonda de Prueba',
          taxRateBps: 1600,
          taxIncludedInPrice: true,
          showTaxSeparately: false,
          stripeAccountId: null,
          stripeChargesEnabled: false,
          unconnectedPayments: 'off',
        }),
      )
      sql.exec(
        `INSERT INTO lines (id, table_id, session_id, name, description, name_en, category, price_cents, quantity, paid_quantity,
           customer_name, created_at, comped, note, order_id) VALUES (?, ?, ?, 'Agua fresca', 'Jamaica', 'Fresh water', 'Order', 7050, 2, 0, 'Luis', ?, 0, 'sin hielo', ?)`,
        line,
        table.tableId,
        table.sessionId,
        now - 2000,
        orderId,
      )
      sql.exec(
        "INSERT INTO orders (id, created_at, items, step, step_at, moves) VALUES (?, ?, ?, 'new', ?, '[]')",
        orderId,
        now - 2000,
        JSON.stringify([answered]),
        now - 2000,
      )
    })
    await runInDurableObject(billObject(table.sessionId), (_instance, state) => state.abort('restart')).catch(
      () => undefined,
    )

    // The phone sends the order again: the same answer, in the API's pesos, and no line more.
    const again = await postJson('/api/items', {
      tableId: table.tableId,
      orderId,
      items: [{ menuItemId: agua, name: 'Agua fresca', price: 0, quantity: 2 }],
    })
    expect(again.status).toBe(201)
    expect(await again.json()).toEqual({ items: [answered] })
    const kept = await runInDurableObject(billObject(table.sessionId), (_instance, state) => ({
      lines: state.storage.sql.exec('SELECT count(*) AS n FROM lines').one().n,
      order: JSON.parse(
        String(state.storage.sql.exec('SELECT items FROM orders WHERE id = ?', orderId).one().items),
      ) as unknown[],
    }))
    expect(kept.lines).toBe(1)
    expect(kept.order).toEqual([
      {
        id: line,
        tableId: table.tableId,
        sessionId: table.sessionId,
        menuItemId: null,
        name: 'Agua fresca',
        description: 'Jamaica',
        nameEn: 'Fresh water',
        descriptionEn: null,
        category: 'Order',
        priceCents: 7050,
        quantity: 2,
        paidQuantity: 0,
        customerName: 'Luis',
        paidBy: null,
        createdAt: now - 2000,
        comped: false,
        note: 'sin hielo',
        addedBy: null,
        addedById: null,
        orderId,
      },
    ])
  })
})
