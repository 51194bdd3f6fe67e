import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { cartOf, countLines, getPage, hiddenFields, postForm, postJson, tacoTable } from './fixtures'

/** The lines D1's ledger has of a bill, with the order each came in. */
const ledgerLines = (sessionId: string) =>
  env.DB.prepare('SELECT name, quantity, order_id AS orderId FROM bill_items WHERE session_id = ? ORDER BY name')
    .bind(sessionId)
    .all<{ name: string; quantity: number; orderId: string | null }>()
    .then((result) => result.results)

describe('an order is taken once', () => {
  it('the cart’s order sent twice at once, and again after, puts its lines on the bill once', async () => {
    const { table, taco, agua, options } = await tacoTable()
    const cookie = cartOf(table.sessionId, [
      { menuItemId: taco, optionIds: [options.verde], quantity: 2 },
      { menuItemId: agua, optionIds: [], quantity: 1 },
    ])
    const page = await (await getPage(`/customer/cart/${table.sessionId}`, cookie)).text()
    const orderId = new Map(hiddenFields(page)).get('orderId')
    expect(orderId).toMatch(/^order_/)
    // What the cart's form sends as the diner taps "Ordenar", as a browser without JavaScript does.
    const order = {
      intent: 'order',
      orderId: orderId!,
      'items[0].menuItemId': taco,
      'items[0].optionIds[0]': options.verde,
      'items[0].quantity': '2',
      'items[1].menuItemId': agua,
      'items[1].quantity': '1',
    }
    const sent = await Promise.all([
      postForm(`/customer/cart/${table.sessionId}`, order, cookie),
      postForm(`/customer/cart/${table.sessionId}`, order, cookie),
    ])
    expect(sent.map((response) => response.status)).toEqual([302, 302])
    const again = await postForm(`/customer/cart/${table.sessionId}`, order, cookie)
    expect(again.headers.get('Location')).toBe(`/customer/table/${table.sessionId}`)

    expect(await countLines(table.sessionId)).toBe(2)
    expect(await ledgerLines(table.sessionId)).toEqual([
      { name: 'Agua fresca', quantity: 1, orderId },
      { name: 'Taco al pastor', quantity: 2, orderId },
    ])

    // The cart drawn again is a new order, with an id of its own.
    const next = new Map(hiddenFields(await (await getPage(`/customer/cart/${table.sessionId}`, cookie)).text()))
    expect(next.get('orderId')).not.toBe(orderId)
    await postForm(`/customer/cart/${table.sessionId}`, { ...order, orderId: next.get('orderId')! }, cookie)
    expect(await countLines(table.sessionId)).toBe(4)
  })

  it('through the API: an orderId sent again is answered with the lines it added, and adds none', async () => {
    const { table, agua } = await tacoTable()
    const body = {
      tableId: table.tableId,
      orderId: 'order_api-retry',
      items: [{ menuItemId: agua, name: 'Agua fresca', price: 0, quantity: 3 }],
    }
    const first = await postJson('/api/items', body)
    const second = await postJson('/api/items', body)
    expect([first.status, second.status]).toEqual([201, 201])
    const [one, two] = (await Promise.all([first.json(), second.json()])) as { items: { id: string }[] }[]
    expect(one!.items).toHaveLength(1)
    expect(two).toEqual(one)
    expect(await countLines(table.sessionId)).toBe(1)
  })

  it('refuses an orderId that is not an id, adding nothing', async () => {
    const { table, agua } = await tacoTable()
    const refused = await postJson('/api/items', {
      tableId: table.tableId,
      orderId: 'no spaces',
      items: [{ menuItemId: agua, name: 'Agua fresca', price: 0 }],
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ code: 'INVALID_REQUEST', message: 'orderId is not valid' })
    expect(await countLines(table.sessionId)).toBe(0)
  })
})
