import { describe, expect, it } from 'vitest'
import { migrating } from './migrating'

/**
 * Migration 0015 (every staff action signed) on a ledger written by the
 * schema before it, when staff typed who they were: each record keeps the
 * name typed on it, and its member id is null (nobody is guessed from a
 * name).
 */
const { db, before, after, run } = migrating('0015')

describe('migration 0015: signed staff actions', () => {
  it('keeps the names typed on older records, with no member id', async () => {
    await before()
    const now = Date.now()
    await run(`INSERT INTO restaurants (id, restaurant_name, created_at) VALUES ('r', 'Fonda', ?)`, now)
    await run(
      `INSERT INTO tables (id, restaurant_id, table_number, session_id, created_at) VALUES ('t', 'r', '1', 'open', ?)`,
      now,
    )
    await run(
      `INSERT INTO table_sessions (id, table_id, opened_at, closed_at, unpaid_cents, unpaid_reason, closed_by)
       VALUES ('old', 't', ?, ?, 3500, 'Se fueron sin pagar', 'Luis')`,
      now,
      now,
    )
    await run(
      `INSERT INTO bill_items (id, table_id, session_id, name, price_cents, quantity, paid_quantity, created_at, added_by)
       VALUES ('line', 't', 'old', 'Tacos', 12000, 3, 2, ?, 'Ana')`,
      now,
    )
    await run(
      `INSERT INTO payments (id, table_id, session_id, transaction_id, request_hash, amount_cents, tip_cents, payment_method, payment_type, recorded_by, created_at)
       VALUES ('pay', 't', 'old', 'tx', 'h', 8000, 800, 'cash', 'item', 'Ana', ?)`,
      now,
    )
    await run(
      `INSERT INTO bill_adjustments (id, table_id, session_id, line_id, name, kind, quantity, amount_cents, reason, staff, created_at)
       VALUES ('void', 't', 'old', 'line', 'Tacos', 'void', 1, 4000, 'Error', 'Ana', ?)`,
      now,
    )
    await run(
      `INSERT INTO refunds (id, table_id, session_id, payment_id, method, amount_cents, reason, staff, provider, created_at)
       VALUES ('refund', 't', 'old', 'pay', 'cash', 1000, 'Frío', 'Luis', 'recorded', ?)`,
      now,
    )

    await after()

    const signed = await db
      .prepare(
        `SELECT 'line' AS record, added_by AS name, added_by_id AS id FROM bill_items
         UNION ALL SELECT 'payment', recorded_by, recorded_by_id FROM payments
         UNION ALL SELECT 'void', staff, staff_id FROM bill_adjustments
         UNION ALL SELECT 'refund', staff, staff_id FROM refunds
         UNION ALL SELECT 'close', closed_by, closed_by_id FROM table_sessions`,
      )
      .all()
    expect(signed.results).toEqual([
      { record: 'line', name: 'Ana', id: null },
      { record: 'payment', name: 'Ana', id: null },
      { record: 'void', name: 'Ana', id: null },
      { record: 'refund', name: 'Luis', id: null },
      { record: 'close', name: 'Luis', id: null },
    ])
    expect(
      await db
        .prepare(
          'SELECT (SELECT sum(amount_cents + tip_cents) FROM payments) AS paid, (SELECT unpaid_cents FROM table_sessions) AS unpaid',
        )
        .first(),
    ).toEqual({ paid: 8800, unpaid: 3500 })
  })
})
