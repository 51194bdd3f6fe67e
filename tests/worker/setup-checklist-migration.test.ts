import { describe, expect, it } from 'vitest'
import { migrating } from './migrating'

/**
 * Migration 0034 (the setup checklist can be put away) on restaurants made
 * before it: one already paid at a table is past its first hour and never
 * shows the checklist; one that never took a payment still does.
 */
const { db, before, after, run } = migrating('0034')

describe('migration 0034: the setup checklist', () => {
  it('puts the checklist away for restaurants already paid at a table, and only for them', async () => {
    await before()
    const now = Date.now()
    for (const id of ['paid', 'new'])
      await run(`INSERT INTO restaurants (id, restaurant_name, created_at) VALUES (?, 'Fonda', ?)`, id, now)
    for (const restaurant of ['paid', 'new'])
      await run(
        `INSERT INTO tables (id, restaurant_id, table_number, session_id, created_at) VALUES (?, ?, '1', ?, ?)`,
        `t-${restaurant}`,
        restaurant,
        `s-${restaurant}`,
        now,
      )
    await run(`INSERT INTO table_sessions (id, table_id, opened_at) VALUES ('s-paid', 't-paid', ?)`, now)
    await run(
      `INSERT INTO payments (id, table_id, session_id, transaction_id, request_hash, amount_cents, payment_method, payment_type, created_at)
       VALUES ('pay', 't-paid', 's-paid', 'tx', 'h', 8000, 'cash', 'full', ?)`,
      now,
    )

    await after()

    const rows = await db.prepare('SELECT id, setup_dismissed_at AS at FROM restaurants ORDER BY id').all<{
      id: string
      at: number | null
    }>()
    expect(rows.results.map(({ id, at }) => ({ id, dismissed: at !== null && at >= now - 60_000 }))).toEqual([
      { id: 'new', dismissed: false },
      { id: 'paid', dismissed: true },
    ])
  })
})
