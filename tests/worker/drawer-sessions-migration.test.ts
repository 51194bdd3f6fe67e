import { describe, expect, it } from 'vitest'
import { migrating } from './migrating'

/**
 * Migrations 0046–0047 (drawer sessions) on drawers kept by business day
 * before them: each counted day becomes a closed session holding the cash
 * from the previous count to its own, with its count; the latest day, set
 * and not counted, becomes the open session; a day's row is gone.
 */
const { db, before, after, run } = migrating('0046')

/** An instant on Mexico City's clock, six hours behind UTC. */
const mx = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour + 6, minute)

describe('migrations 0046–0047: drawer sessions', () => {
  it('turns counted days into closed sessions one after another, and the latest uncounted day into the open one', async () => {
    await before()
    const day = (restaurant: string, businessDay: string, float: number, counted: [number, number] | null) =>
      run(
        `INSERT INTO drawer_counts (restaurant_id, business_day, float_cents, float_by, float_at, counted_cents, denominations, counted_by, counted_at, note)
         VALUES (?, ?, ?, 'Ana', ?, ?, ?, ?, ?, ?)`,
        restaurant,
        businessDay,
        float,
        counted ? counted[1] - 6 * 3_600_000 : mx(24, 18),
        counted?.[0] ?? null,
        counted ? '{"50000":1}' : null,
        counted ? 'Ana' : null,
        counted?.[1] ?? null,
        counted ? 'Sin novedad' : null,
      )
    await day('fonda', '2026-11-22', 50_000, [50_000, mx(23, 0, 30)])
    await day('fonda', '2026-11-23', 40_000, [45_000, mx(23, 23)])
    await day('fonda', '2026-11-24', 30_000, null)
    await day('cafe', '2026-11-22', 10_000, null)
    await day('cafe', '2026-11-23', 20_000, null)

    await after()

    const sessions = await db
      .prepare(
        'SELECT restaurant_id AS restaurant, covers_from AS coversFrom, float_cents AS float, closed_at AS closedAt FROM drawer_sessions ORDER BY restaurant_id, covers_from',
      )
      .all()
    expect(sessions.results).toEqual([
      // The café never counted: its latest day is its open session, from that day's 05:00.
      { restaurant: 'cafe', coversFrom: mx(23, 5), float: 20_000, closedAt: null },
      { restaurant: 'fonda', coversFrom: mx(22, 5), float: 50_000, closedAt: mx(23, 0, 30) },
      { restaurant: 'fonda', coversFrom: mx(23, 0, 30), float: 40_000, closedAt: mx(23, 23) },
      { restaurant: 'fonda', coversFrom: mx(23, 23), float: 30_000, closedAt: null },
    ])
    const counts = await db
      .prepare(
        'SELECT counted_cents AS counted, denominations, counted_by AS countedBy, counted_at AS countedAt, note FROM drawer_session_counts ORDER BY counted_at',
      )
      .all()
    expect(counts.results).toEqual([
      {
        counted: 50_000,
        denominations: '{"50000":1}',
        countedBy: 'Ana',
        countedAt: mx(23, 0, 30),
        note: 'Sin novedad',
      },
      { counted: 45_000, denominations: '{"50000":1}', countedBy: 'Ana', countedAt: mx(23, 23), note: 'Sin novedad' },
    ])
    const left = await db.prepare("SELECT name FROM sqlite_master WHERE name = 'drawer_counts'").all()
    expect(left.results).toEqual([])
  })
})
