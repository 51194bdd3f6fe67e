/**
 * How a TableSession's storage was made before its schema was drizzle's
 * (schema.server.ts): steps applied in order and counted in `schema_steps`.
 * Frozen: they never change, and nothing new is added here. Their last step
 * leaves exactly the schema of the baseline migration
 * (migrations/0000_baseline.sql); storage.server.ts brings an object that
 * stopped at an earlier step this far before adopting it.
 */
// The payment columns before staff recorded payments, which the books' step copies over.
const PAYMENT_FIELDS_V1 = `id, table_id, session_id, transaction_id, request_hash, amount_cents, tip_cents, tax_cents, tip_percentage, payment_method,
  payment_type, customer_name, paid_items, split_count, split_shares, service_quality, provider, provider_reference, created_at`

export const LEGACY_STEPS = [
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
