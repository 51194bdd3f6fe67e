import { describe, expect, it } from 'vitest'
import { migrating } from './migrating'

/**
 * Migration 0013 (the restaurant becomes its own record) on data written by
 * the schema before it: each owner's row becomes a restaurant under the same
 * id with that owner as its first member, and nothing paid, refunded,
 * archived or signed in changes.
 */
const { db, before, after, run } = migrating('0013')

describe('migration 0013: restaurants and their members', () => {
  it('turns each owner into a restaurant with its owner as first member, sums and sessions unchanged', async () => {
    await before()
    const now = Date.now()
    for (const owner of ['owner-a', 'owner-b']) {
      await run(
        `INSERT INTO users (id, email, password_hash, password_salt, password_iterations, owner_name, restaurant_name,
           restaurant_address, tax_rate_bps, tax_included_in_price, stripe_account_id, stripe_charges_enabled, time_zone, created_at)
         VALUES (?, ?, 'hash', 'salt', 100000, ?, ?, 'Calle 5', 800, 0, ?, 1, 'America/Tijuana', ?)`,
        owner,
        `${owner}@example.com`,
        `Dueña ${owner}`,
        `Fonda ${owner}`,
        `acct_${owner}`,
        now,
      )
      await run(
        `INSERT INTO auth_sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)`,
        `s-${owner}`,
        owner,
        now + 3_600_000,
        now,
      )
      await run(`INSERT INTO menus (id, user_id, name, created_at) VALUES (?, ?, 'Carta', ?)`, `m-${owner}`, owner, now)
      for (const [index, archived] of [null, now].entries()) {
        const table = `${owner}-t${index}`
        await run(
          `INSERT INTO tables (id, user_id, table_number, session_id, archived_at, is_active, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
          table,
          owner,
          String(index + 1),
          `${table}-open`,
          archived,
          archived ? 0 : 1,
          now,
        )
        await run(
          `INSERT INTO table_sessions (id, table_id, opened_at, closed_at) VALUES (?, ?, ?, ?)`,
          `${table}-old`,
          table,
          now,
          now,
        )
        await run(
          `INSERT INTO bill_items (id, table_id, session_id, name, price_cents, quantity, paid_quantity, created_at)
           VALUES (?, ?, ?, 'Tacos', 12050, 1, 1, ?)`,
          `${table}-line`,
          table,
          `${table}-old`,
          now,
        )
        await run(
          `INSERT INTO payments (id, table_id, session_id, transaction_id, request_hash, amount_cents, tip_cents, payment_method, payment_type, created_at)
           VALUES (?, ?, ?, ?, 'h', 12050, 1810, 'card', 'full', ?)`,
          `${table}-pay`,
          table,
          `${table}-old`,
          `${table}-tx`,
          now,
        )
        await run(
          `INSERT INTO refunds (id, table_id, session_id, payment_id, method, amount_cents, tax_cents, tip_cents, units, reason, staff, provider, created_at)
           VALUES (?, ?, ?, ?, 'card', 2050, 0, 0, '[]', 'frío', 'Ana', 'simulated', ?)`,
          `${table}-refund`,
          table,
          `${table}-old`,
          `${table}-pay`,
          now,
        )
      }
    }
    const sumsBefore = (await sumsWith('user_id')).results

    await after()

    expect((await sumsWith('restaurant_id')).results).toEqual(sumsBefore)
    expect(
      (
        await db
          .prepare(
            'SELECT id, restaurant_name, restaurant_address, tax_rate_bps, tax_included_in_price, stripe_account_id, stripe_charges_enabled, time_zone FROM restaurants ORDER BY id',
          )
          .all()
      ).results,
    ).toEqual(
      ['owner-a', 'owner-b'].map((owner) => ({
        id: owner,
        restaurant_name: `Fonda ${owner}`,
        restaurant_address: 'Calle 5',
        tax_rate_bps: 800,
        tax_included_in_price: 0,
        stripe_account_id: `acct_${owner}`,
        stripe_charges_enabled: 1,
        time_zone: 'America/Tijuana',
      })),
    )
    expect(
      (
        await db
          .prepare(
            'SELECT id, email, password_hash, password_iterations, name, last_restaurant_id FROM users ORDER BY id',
          )
          .all()
      ).results,
    ).toEqual(
      ['owner-a', 'owner-b'].map((owner) => ({
        id: owner,
        email: `${owner}@example.com`,
        password_hash: 'hash',
        password_iterations: 100000,
        name: `Dueña ${owner}`,
        last_restaurant_id: owner,
      })),
    )
    expect(
      (await db.prepare('SELECT restaurant_id, user_id, role FROM memberships ORDER BY restaurant_id').all()).results,
    ).toEqual([
      { restaurant_id: 'owner-a', user_id: 'owner-a', role: 'owner' },
      { restaurant_id: 'owner-b', user_id: 'owner-b', role: 'owner' },
    ])
    // A signed-in owner stays signed in, working in their restaurant.
    expect(
      (await db.prepare('SELECT id, user_id, restaurant_id FROM auth_sessions ORDER BY id').all()).results,
    ).toEqual([
      { id: 's-owner-a', user_id: 'owner-a', restaurant_id: 'owner-a' },
      { id: 's-owner-b', user_id: 'owner-b', restaurant_id: 'owner-b' },
    ])
    expect((await db.prepare('SELECT id, restaurant_id FROM menus ORDER BY id').all()).results).toEqual([
      { id: 'm-owner-a', restaurant_id: 'owner-a' },
      { id: 'm-owner-b', restaurant_id: 'owner-b' },
    ])
    // Archived tables stay archived, their bills closed.
    expect((await db.prepare('SELECT count(*) AS n FROM tables WHERE archived_at IS NOT NULL').first())?.n).toBe(2)
    expect((await db.prepare('SELECT count(*) AS n FROM table_sessions WHERE closed_at IS NOT NULL').first())?.n).toBe(
      4,
    )
    expect((await db.prepare('PRAGMA foreign_key_check').all()).results).toEqual([])

    // A restaurant made now has its own id, and its tables point at it; its number 1 is free although owner-a's is not.
    await run(`INSERT INTO restaurants (id, created_at) VALUES ('new-place', ?)`, now)
    await run(
      `INSERT INTO tables (id, restaurant_id, table_number, session_id, created_at) VALUES ('new-t', 'new-place', '1', 'new-open', ?)`,
      now,
    )
    await expect(
      run(
        `INSERT INTO tables (id, restaurant_id, table_number, session_id, created_at) VALUES ('dup', 'owner-a', '1', 'dup-open', ?)`,
        now,
      ),
    ).rejects.toThrow(/UNIQUE/)
    // Removing a restaurant takes its tables with it (as removing an owner's account did).
    await run(`DELETE FROM restaurants WHERE id = 'new-place'`)
    expect((await db.prepare(`SELECT count(*) AS n FROM tables WHERE id = 'new-t'`).first())?.n).toBe(0)
  })
})

function sumsWith(tenant: 'user_id' | 'restaurant_id') {
  return db
    .prepare(
      `SELECT t.id AS tableId, t.${tenant} AS tenant,
              (SELECT sum(amount_cents) FROM payments p WHERE p.table_id = t.id) AS paid,
              (SELECT sum(tip_cents) FROM payments p WHERE p.table_id = t.id) AS tips,
              (SELECT sum(amount_cents) FROM refunds r WHERE r.table_id = t.id) AS refunded,
              (SELECT sum(price_cents) FROM bill_items b WHERE b.table_id = t.id) AS billed
       FROM tables t ORDER BY t.id`,
    )
    .all()
}
