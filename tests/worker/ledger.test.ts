import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { restaurantHub } from '~/server/live/live-sockets.server'
import { seedOwner, seedTable } from './fixtures'

const billRows = (sessionId: string) =>
  env.DB.prepare('SELECT count(*) AS n FROM table_sessions WHERE id = ?').bind(sessionId).first<{ n: number }>()

describe('a restaurant’s ledger', () => {
  it('is written by its own hub only: a bill of another restaurant is refused and nothing is written', async () => {
    const other = await seedOwner()
    const table = await seedTable([{ priceCents: 4500 }])
    const sessionId = crypto.randomUUID()
    const delivery = {
      restaurantId: table.restaurantId,
      bill: { sessionId, tableId: table.tableId, openedAt: Date.now() },
      withBillRow: true,
      entries: [],
      events: [],
    }
    const refused: unknown = await restaurantHub(env, other)
      .record(delivery)
      .then(
        () => null,
        (error: unknown) => error,
      )
    expect(String(refused)).toMatch(/delivered to another's hub/)
    expect(await billRows(sessionId)).toEqual({ n: 0 })
    // The same delivery at its own restaurant's hub is written.
    await restaurantHub(env, table.restaurantId).record(delivery)
    expect(await billRows(sessionId)).toEqual({ n: 1 })
  })
})
