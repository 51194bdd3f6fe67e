import { describe, expect, it } from 'vitest'
import { getJson, seedTable } from './fixtures'

describe('smoke', () => {
  it('reads a seeded session', async () => {
    const table = await seedTable([{ priceCents: 12345, quantity: 2 }])
    const response = await getJson(`/api/tables/session/${table.sessionId}`)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ totalAmount: 123.45 })
  })
})
