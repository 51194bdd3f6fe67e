import { env, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, DEMO_SESSION_ID, demoBillLines } from '~/server/demo/demo-data.server'
import { seedSql } from '../../scripts/seed-sql'
import { billObject, getJson, ORIGIN, postJson, readSession, seedTable, setRestaurant, switchOff } from './fixtures'

async function runSeed() {
  const statements = (await seedSql()).split('\n').filter(Boolean)
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)))
}

describe('GET /api/tables/session/{sessionId}', () => {
  it('answers the bill with lines, totals in pesos and who ordered what', async () => {
    const table = await seedTable([
      { name: 'Tacos', priceCents: 16500, quantity: 3, paidQuantity: 1, customerName: 'Ana' },
      { name: 'Agua', priceCents: 4550, customerName: null },
    ])
    const response = await getJson(`/api/tables/session/${table.sessionId}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/application\/json/)
    const body = await response.json<{ items: unknown[] }>()
    expect(body).toMatchObject({
      id: table.tableId,
      sessionId: table.sessionId,
      userId: table.restaurantId,
      restaurantName: 'Fonda de Prueba',
      tableNumber: '12',
      totalAmount: 210.5,
      paidAmount: 55,
      remainingAmount: 155.5,
    })
    expect(body.items).toEqual([
      expect.objectContaining({
        id: table.itemIds[0],
        name: 'Tacos',
        price: 165,
        quantity: 3,
        paidQuantity: 1,
        isPaid: false,
        remainingPrice: 110,
        customerName: 'Ana',
      }),
      expect.objectContaining({
        id: table.itemIds[1],
        name: 'Agua',
        price: 45.5,
        isPaid: false,
        customerName: null,
        category: 'Order',
      }),
    ])
  })

  it('answers 404 with a message for an unknown session, a malformed id and an inactive table', async () => {
    const inactive = await seedTable()
    await switchOff(inactive.tableId)
    for (const id of ['no-such-session', encodeURIComponent("x' OR 1=1 --"), inactive.sessionId]) {
      const response = await getJson(`/api/tables/session/${id}`)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ message: 'Table not found.', code: 'NOT_FOUND' })
    }
  })
})

describe('the seeded demo table', () => {
  it('is seeded idempotently and lays its bill the first time it is opened', async () => {
    await runSeed()
    await runSeed()
    const owners = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?')
      .bind(DEMO_OWNER_EMAIL)
      .first<{ n: number }>()
    expect(owners?.n).toBe(1)
    const menuItems = await env.DB.prepare('SELECT count(*) AS n FROM menu_items').first<{ n: number }>()

    const bill = await readSession(DEMO_SESSION_ID)
    expect(bill.items).toHaveLength(demoBillLines.length)
    expect(bill.totalAmount).toBe(demoBillLines.reduce((sum, line) => sum + line.priceCents, 0) / 100)
    await readSession(DEMO_SESSION_ID)
    expect((await readSession(DEMO_SESSION_ID)).items).toHaveLength(demoBillLines.length)

    await runSeed()
    const again = await env.DB.prepare('SELECT count(*) AS n FROM menu_items').first<{ n: number }>()
    expect(again?.n).toBe(menuItems?.n)
  })

  it('starts over once it has been fully paid for a while, so visitors never find a closed or junk-filled bill', async () => {
    await runSeed()
    const bill = await readSession(DEMO_SESSION_ID)
    const paid = await postJson('/api/payments', {
      tableId: bill.id,
      amount: bill.remainingAmount,
      tipAmount: 0,
      paymentMethod: 'card',
      paymentType: 'full',
      transactionId: `demo-${crypto.randomUUID()}`,
    })
    expect(paid.status).toBe(201)
    expect((await readSession(DEMO_SESSION_ID)).remainingAmount).toBe(0)

    // The payer still sees the paid bill; three minutes later the next visitor gets a fresh one.
    await runInDurableObject(billObject(DEMO_SESSION_ID), (_instance, state) => {
      state.storage.sql.exec('UPDATE payments SET created_at = created_at - 180000')
    })
    const fresh = await readSession(DEMO_SESSION_ID)
    expect(fresh.paidAmount).toBe(0)
    expect(fresh.items.every((item) => !item.isPaid)).toBe(true)
    expect(fresh.items).toHaveLength(demoBillLines.length)
  })

  it('stays a demo when its owner closes the bill: the next bill is seeded again, and demo7 leads to it', async () => {
    await runSeed()
    const bill = await readSession(DEMO_SESSION_ID)
    const login = await postJson('/api/auth/login', { email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD })
    const cookie = (login.headers.get('Set-Cookie') ?? '').split(';')[0]!
    const closed = await postJson(
      `/api/tables/${bill.id}/close`,
      { sessionId: DEMO_SESSION_ID, unpaidReason: 'Se fueron sin pagar' },
      { headers: { Cookie: cookie, Origin: ORIGIN } },
    )
    expect(closed.status).toBe(200)
    const { sessionId } = await closed.json<{ sessionId: string }>()
    expect(sessionId).toMatch(/^demo-/)
    const next = await readSession(DEMO_SESSION_ID)
    expect(next).toMatchObject({ id: bill.id, sessionId, paidAmount: 0 })
    expect(next.items).toHaveLength(demoBillLines.length)
  })
})

describe('GET /api/users/{userId}', () => {
  it('answers only the tax settings, never an email or a password hash', async () => {
    const table = await seedTable()
    await setRestaurant(table.restaurantId, { show_tax_separately: 1, tax_rate_bps: 800, tax_included_in_price: 0 })
    const response = await getJson(`/api/users/${table.restaurantId}`)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toEqual({ id: table.restaurantId, showTaxSeparately: true, taxRate: 0.08, taxIncludedInPrice: false })
  })

  it('defaults to IVA 16 % included in prices', async () => {
    const table = await seedTable()
    expect(await (await getJson(`/api/users/${table.restaurantId}`)).json()).toEqual({
      id: table.restaurantId,
      showTaxSeparately: false,
      taxRate: 0.16,
      taxIncludedInPrice: true,
    })
  })

  it('answers 404 for an unknown user', async () => {
    const response = await getJson(`/api/users/${crypto.randomUUID()}`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'User not found.', code: 'NOT_FOUND' })
  })
})

describe('the demo table’s open lines', () => {
  // Last in this file: it leaves a visitor's line on the shared demo bill.
  it('takes a line with its own name and price from anyone (its demo panel adds sample diners that way)', async () => {
    await runSeed()
    const demo = await readSession(DEMO_SESSION_ID)
    const response = await postJson('/api/items', {
      tableId: demo.id,
      name: 'Agua del visitante',
      price: 20,
      customerName: 'Visitante',
    })
    expect(response.status).toBe(201)
  })
})
