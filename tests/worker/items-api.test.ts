import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { can, ROLES } from '~/domain/permissions'
import {
  countLines,
  delivered,
  getJson,
  ORIGIN,
  postJson,
  readSession,
  seedMember,
  seedMenu,
  seedTable,
  staffCookieOf,
  staffOrder,
} from './fixtures'

describe('POST /api/items', () => {
  it('takes from a diner only lines that name menu items; a line with its own name and price needs the restaurant’s staff or the demo table', async () => {
    const table = await seedTable()
    const [menuItemId] = await seedMenu(table.restaurantId, [{ name: 'Taco de trompo', priceCents: 3250 }])
    const bottle = { name: 'Botella de la casa', price: 1 }
    const refused = await postJson('/api/items', { tableId: table.tableId, ...bottle })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'PRICE_NOT_ALLOWED' })
    // A cart with one such line among menu dishes is refused whole.
    expect(
      (
        await postJson('/api/items', {
          tableId: table.tableId,
          items: [{ menuItemId, name: 'Taco de trompo', price: 1 }, bottle],
        })
      ).status,
    ).toBe(403)
    expect(await countLines(table.sessionId)).toBe(0)
    // Another restaurant's staff are strangers here.
    const other = await seedTable()
    expect(
      (
        await postJson(
          '/api/items',
          { tableId: table.tableId, ...bottle },
          { headers: { Cookie: await staffCookieOf(other.restaurantId), Origin: ORIGIN } },
        )
      ).status,
    ).toBe(403)

    expect(
      (
        await postJson('/api/items', {
          tableId: table.tableId,
          items: [{ menuItemId, name: 'Taco de trompo', price: 1 }],
        })
      ).status,
    ).toBe(201)
    expect((await staffOrder(table, bottle)).status).toBe(201)
    expect((await readSession(table.sessionId)).items.map((item) => [item.price])).toEqual([[32.5], [1]])
  })

  it.each(ROLES)(
    'asks the one guard (orders.add) before a %s puts lines priced by hand, and signs what it takes',
    async (role) => {
      const table = await seedTable()
      const [menuItemId] = await seedMenu(table.restaurantId, [{ name: 'Horchata', priceCents: 4500 }])
      const member = await seedMember(table.restaurantId, role, `Persona ${role}`)
      const headers = { headers: { Cookie: member.cookie, Origin: ORIGIN } }
      const priced = await postJson('/api/items', { tableId: table.tableId, name: 'Botella', price: 1 }, headers)
      const dish = await postJson(
        '/api/items',
        { tableId: table.tableId, items: [{ menuItemId, name: 'x', price: 1 }] },
        headers,
      )
      await delivered(table.sessionId)
      const { results: lines } = await env.DB.prepare(
        'SELECT name, price_cents AS cents, added_by AS addedBy FROM bill_items WHERE session_id = ? ORDER BY created_at, name',
      )
        .bind(table.sessionId)
        .all<{ name: string; cents: number; addedBy: string | null }>()
      const rows = lines.map((line) => [line.name, line.cents, line.addedBy])
      if (can(role, 'orders.add')) {
        expect(priced.status).toBe(201)
        expect(rows).toEqual([
          ['Botella', 100, `Persona ${role}`],
          ['Horchata', 4500, `Persona ${role}`],
        ])
      } else {
        // Refused whole, in the API's words; what names a menu item is the diner's order it would be from anyone's phone.
        expect(priced.status).toBe(403)
        expect(await priced.json()).toMatchObject({ code: 'FORBIDDEN' })
        expect(rows).toEqual([['Horchata', 4500, null]])
      }
      expect(dish.status).toBe(201)
    },
  )

  it('takes an order as large as allowed (50 lines) in one write, past D1’s 100 bound values per statement', async () => {
    const table = await seedTable()
    const items = Array.from({ length: 50 }, (_, index) => ({ name: `Línea ${index + 1}`, price: 10, quantity: 1 }))
    const response = await staffOrder(table, { items })
    expect(response.status).toBe(201)
    expect(await countLines(table.sessionId)).toBe(50)
  })

  it('adds the spec’s single item, stored in cents, unpaid, with who ordered it', async () => {
    const table = await seedTable()
    const response = await staffOrder(table, {
      name: 'Cerveza artesanal',
      price: 120.1,
      description: 'Botella',
      category: 'Bebidas',
      quantity: 2,
      isPaid: false,
      customerName: '  Luis  ',
    })
    expect(response.status).toBe(201)
    const { items } = await response.json<{ items: { id: string }[] }>()
    expect(items).toHaveLength(1)
    await delivered(table.sessionId)
    const row = await env.DB.prepare('SELECT * FROM bill_items WHERE id = ?').bind(items[0]!.id).first()
    expect(row).toMatchObject({
      price_cents: 12010,
      quantity: 2,
      paid_quantity: 0,
      customer_name: 'Luis',
      category: 'Bebidas',
    })
    expect((await readSession(table.sessionId)).totalAmount).toBe(120.1)
  })

  it('defaults the category to Order and an empty diner name to none', async () => {
    const table = await seedTable()
    const response = await staffOrder(table, { name: 'Flan', price: 65, customerName: '   ' })
    expect(response.status).toBe(201)
    await delivered(table.sessionId)
    const row = await env.DB.prepare('SELECT category, customer_name, quantity FROM bill_items WHERE session_id = ?')
      .bind(table.sessionId)
      .first()
    expect(row).toEqual({ category: 'Order', customer_name: null, quantity: 1 })
  })

  it('adds a whole cart in one call', async () => {
    const table = await seedTable()
    const response = await staffOrder(table, {
      sessionId: table.sessionId,
      items: [
        { name: 'Tacos', price: 55, quantity: 1, customerName: 'Ana' },
        { name: 'Agua', price: 45, quantity: 1, customerName: 'Ana' },
        { name: 'Flan', price: 65, quantity: 1, customerName: 'Ana' },
      ],
    })
    expect(response.status).toBe(201)
    const bill = await readSession(table.sessionId)
    expect(bill.items.map((item) => item.price)).toEqual([55, 45, 65])
    expect(bill.totalAmount).toBe(165)
  })

  it('adds nothing when one line of a cart is bad', async () => {
    const table = await seedTable()
    const response = await postJson('/api/items', {
      tableId: table.tableId,
      items: [
        { name: 'Tacos', price: 55 },
        { name: 'Agua', price: -45 },
      ],
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: 'price must be at least 0' })
    expect(await countLines(table.sessionId)).toBe(0)
  })

  it.each([
    [{ name: '', price: 10 }, 'name is required'],
    [{ price: 10 }, 'name is required'],
    [{ name: 'Taco', price: 1.234 }, 'price must be an amount with at most 2 decimals'],
    [{ name: 'Taco', price: '10' }, 'price must be a number'],
    [{ name: 'Taco', price: 10, quantity: 0 }, 'quantity must be at least 1'],
    [{ name: 'Taco', price: 10, quantity: 1.5 }, 'quantity must be a whole number'],
    [{ name: 'Taco', price: 10, quantity: 100 }, 'quantity must be at most 99'],
    [{ name: 'Taco', price: 10, isPaid: true }, 'items cannot be added as already paid'],
    [{ name: 'Taco', price: 10_000_001 }, 'price is too large'],
    [{ name: 'x'.repeat(121), price: 10 }, 'name must be at most 120 characters'],
  ])('refuses %j with “%s” and adds nothing', async (item, message) => {
    const table = await seedTable()
    const response = await postJson('/api/items', { tableId: table.tableId, ...item })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message })
    expect(await countLines(table.sessionId)).toBe(0)
  })

  it('refuses an empty cart and an oversized one', async () => {
    const table = await seedTable()
    expect((await postJson('/api/items', { tableId: table.tableId, items: [] })).status).toBe(400)
    const many = Array.from({ length: 51 }, () => ({ name: 'Taco', price: 1 }))
    const response = await postJson('/api/items', { tableId: table.tableId, items: many })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: 'at most 50 items per order' })
  })

  it('answers 400 for a body that is not JSON and 415 for one that is not sent as JSON', async () => {
    const table = await seedTable()
    const broken = await postJson('/api/items', '{"tableId":')
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'INVALID_REQUEST' })
    const form = await postJson('/api/items', JSON.stringify({ tableId: table.tableId, name: 'x', price: 1 }), {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    expect(await countLines(table.sessionId)).toBe(0)
  })

  it('answers 404 for an unknown table and 409 for a bill that is no longer the table’s', async () => {
    const unknown = await postJson('/api/items', { tableId: crypto.randomUUID(), name: 'Taco', price: 10 })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Table not found.' })

    const table = await seedTable()
    const stale = await postJson('/api/items', {
      tableId: table.tableId,
      sessionId: 'an-old-session',
      name: 'Taco',
      price: 10,
    })
    expect(stale.status).toBe(409)
    expect(await stale.json()).toMatchObject({ code: 'CLOSED' })
    expect(await countLines(table.sessionId)).toBe(0)
  })

  it('prices a line that names a menu item from the menu, not from the client', async () => {
    const table = await seedTable()
    const [menuItemId] = await seedMenu(table.restaurantId, [{ name: 'Taco de trompo', priceCents: 3250 }])
    const response = await postJson('/api/items', {
      tableId: table.tableId,
      name: 'Taco de trompo',
      price: 0.01,
      quantity: 2,
      menuItemId,
    })
    expect(response.status).toBe(201)
    expect((await readSession(table.sessionId)).totalAmount).toBe(65)

    const other = await seedTable()
    const foreign = await postJson('/api/items', {
      tableId: other.tableId,
      name: 'Taco de trompo',
      price: 32.5,
      menuItemId,
    })
    expect(foreign.status).toBe(404)
    expect(await countLines(other.sessionId)).toBe(0)
  })

  it('answers 405 to a GET', async () => {
    const response = await getJson('/api/items')
    expect(response.status).toBe(405)
    expect(await response.json()).toEqual({ message: 'Method not allowed; use POST.', code: 'METHOD_NOT_ALLOWED' })
  })
})
