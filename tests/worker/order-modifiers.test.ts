import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { countLines, delivered, postForm, postJson, tacoTable } from './fixtures'

/** The bill's lines in D1's ledger, once delivered. */
const lines = async (sessionId: string) => {
  await delivered(sessionId)
  return env.DB.prepare(
    'SELECT name, description, price_cents, quantity FROM bill_items WHERE session_id = ? ORDER BY rowid',
  )
    .bind(sessionId)
    .all()
    .then((result) => result.results)
}

describe('ordering items with modifiers', () => {
  it('prices the chosen options on the line and writes them in its description (cart form)', async () => {
    const { table, taco, agua, options } = await tacoTable()
    const response = await postForm(`/customer/cart/${table.sessionId}`, {
      'items[0].menuItemId': taco,
      'items[0].quantity': '2',
      'items[0].optionIds[0]': options.aguacate,
      'items[0].optionIds[1]': options.habanero,
      'items[0].optionIds[2]': options.queso,
      'items[1].menuItemId': agua,
      'items[1].quantity': '1',
    })
    expect(response.status).toBe(302)
    expect(await lines(table.sessionId)).toEqual([
      {
        name: 'Taco al pastor',
        description: 'Salsa: Habanero · Extras: Queso, Aguacate',
        price_cents: (3250 + 500 + 1200 + 1500) * 2,
        quantity: 2,
      },
      { name: 'Agua fresca', description: null, price_cents: 3500, quantity: 1 },
    ])
  })

  it('prices options through the API from the menu, whatever price the client sends', async () => {
    const { table, taco, options } = await tacoTable()
    const response = await postJson('/api/items', {
      tableId: table.tableId,
      name: 'Taco',
      price: 1,
      menuItemId: taco,
      optionIds: [options.verde],
    })
    expect(response.status).toBe(201)
    expect(await lines(table.sessionId)).toEqual([
      { name: 'Taco al pastor', description: 'Salsa: Verde', price_cents: 3250, quantity: 1 },
    ])
  })

  it('refuses a missing required choice, two salsas, another item’s option and options without an item, adding nothing', async () => {
    const { table, taco, agua, options } = await tacoTable()
    const bodies = [
      { menuItemId: taco, optionIds: [options.queso] },
      { menuItemId: taco, optionIds: [options.verde, options.habanero] },
      { menuItemId: agua, optionIds: [options.verde] },
    ]
    for (const body of bodies) {
      const response = await postJson('/api/items', { tableId: table.tableId, name: 'x', price: 1, ...body })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'INVALID_OPTIONS' })
    }
    const orphan = await postJson('/api/items', {
      tableId: table.tableId,
      name: 'x',
      price: 1,
      optionIds: [options.verde],
    })
    expect(orphan.status).toBe(400)
    expect(await orphan.json()).toMatchObject({ message: 'optionIds need a menuItemId' })
    const cart = await postForm(`/customer/cart/${table.sessionId}`, {
      'items[0].menuItemId': taco,
      'items[0].quantity': '1',
    })
    expect(cart.status).toBe(400)
    expect(await countLines(table.sessionId)).toBe(0)
  })
})
