import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS, DEFAULT_MAX_OPEN_LINES } from '~/server/env.server'
import {
  countLines,
  countPayments,
  formRequest,
  fromAddress,
  getJson,
  jsonRequest,
  mailsTo,
  newTransactionId,
  openPaymentForm,
  ORIGIN,
  postForm,
  postJson,
  seedMenu,
  seedTable,
  staffOrder,
} from './fixtures'
import { served } from './served'
import { registration } from './staff'

const SPANISH_WAIT = (minutes: number) =>
  `Recibimos muchas solicitudes desde tu conexión. Inténtalo de nuevo en ${minutes} min.`

/** A table with a one-dish menu, and a cart form post of that dish as a diner's phone sends it. */
async function tableWithMenu() {
  const table = await seedTable()
  const [dish] = (await seedMenu(table.restaurantId, [{ name: 'Tostada de atún', priceCents: 9500 }])) as [string]
  const order = (headers: Record<string, string>, query = '') =>
    postForm(
      `/customer/cart/${table.sessionId}${query}`,
      { customerName: 'Marta', 'items[0].menuItemId': dish, 'items[0].quantity': '1' },
      undefined,
      headers,
    )
  return { table, dish, order }
}

describe('orders from anonymous diners', () => {
  it(`take ${DEFAULT_LIMITS.ordersPerTable.limit} cart orders a minute per table, then 429 in the page's language with Retry-After, nothing added; the owner may still add`, async () => {
    const { table, dish, order } = await tableWithMenu()
    // Each from its own address, so only the table's allowance is spent.
    for (let i = 0; i < DEFAULT_LIMITS.ordersPerTable.limit; i++) expect((await order(fromAddress())).status).toBe(302)
    const refused = await order(fromAddress())
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('60')
    expect(await refused.text()).toContain(SPANISH_WAIT(1))
    const english = await order(fromAddress(), '?lng=en')
    expect(english.status).toBe(429)
    expect(await english.text()).toContain('We received many requests from your connection. Please try again in 1 min.')
    // The JSON API shares the table's allowance.
    const api = await postJson(
      '/api/items',
      { tableId: table.tableId, items: [{ menuItemId: dish, name: 'Tostada de atún', price: 95 }] },
      { headers: fromAddress() },
    )
    expect(api.status).toBe(429)
    expect(api.headers.get('Retry-After')).toBe('60')
    expect(await api.json()).toEqual({ message: SPANISH_WAIT(1), code: 'RATE_LIMITED' })
    expect(await countLines(table.sessionId)).toBe(DEFAULT_LIMITS.ordersPerTable.limit)
    expect((await staffOrder(table, { name: 'Cortesía', price: 0 })).status).toBe(201)
  })

  it('are counted only when they reach the bill: a stranger’s refused orders do not hold the table back', async () => {
    const { table, order } = await tableWithMenu()
    const address = fromAddress()
    // Free-priced lines from an anonymous caller are refused (403), however many.
    for (let i = 0; i < DEFAULT_LIMITS.ordersPerTable.limit + 5; i++) {
      expect(
        (
          await postJson(
            '/api/items',
            { tableId: table.tableId, items: [{ name: 'Botella de la casa', price: 1 }] },
            { headers: fromAddress() },
          )
        ).status,
      ).toBe(403)
    }
    expect((await order(address)).status).toBe(302)
    expect(await countLines(table.sessionId)).toBe(1)
  })

  it(`take ${DEFAULT_LIMITS.ordersPerAddress.limit} orders a minute from one address across tables`, async () => {
    const address = fromAddress()
    const tables = await Promise.all([tableWithMenu(), tableWithMenu(), tableWithMenu(), tableWithMenu()])
    const perTable = DEFAULT_LIMITS.ordersPerAddress.limit / 3
    for (const { order } of tables.slice(0, 3))
      for (let i = 0; i < perTable; i++) expect((await order(address)).status).toBe(302)
    const [, , , fourth] = tables
    const refused = await fourth!.order(address)
    expect(refused.status).toBe(429)
    expect(await countLines(fourth!.table.sessionId)).toBe(0)
    // Another diner on the same table, from another address, still orders.
    expect((await fourth!.order(fromAddress())).status).toBe(302)
  })

  it(`stop at ${DEFAULT_MAX_OPEN_LINES} unpaid lines on one bill (paid lines do not count); staff may add more`, async () => {
    const table = await seedTable([
      ...Array.from({ length: DEFAULT_MAX_OPEN_LINES - 1 }, () => ({ priceCents: 100 })),
      ...Array.from({ length: 5 }, () => ({ priceCents: 100, paidQuantity: 1 })),
    ])
    const [dish] = (await seedMenu(table.restaurantId, [{ name: 'Agua', priceCents: 3500 }])) as [string]
    const cart = (lines: number) =>
      postForm(
        `/customer/cart/${table.sessionId}`,
        Object.fromEntries(
          Array.from({ length: lines }, (_, i) => [
            [`items[${i}].menuItemId`, dish],
            [`items[${i}].quantity`, '1'],
          ]).flat(),
        ),
        undefined,
        fromAddress(),
      )
    const two = await cart(2)
    expect(two.status).toBe(429)
    expect(two.headers.get('Retry-After')).toBe('60')
    expect(await two.text()).toContain(
      'Esta cuenta ya tiene demasiados productos sin pagar. Pide a tu mesero que agregue lo que falta.',
    )
    expect(await countLines(table.sessionId)).toBe(DEFAULT_MAX_OPEN_LINES + 4)
    expect((await cart(1)).status).toBe(302)
    const api = await postJson(
      '/api/items',
      { tableId: table.tableId, items: [{ menuItemId: dish, name: 'Agua', price: 35 }] },
      { headers: fromAddress() },
    )
    expect(api.status).toBe(429)
    expect(await api.json()).toMatchObject({ code: 'TOO_MANY_LINES' })
    expect((await staffOrder(table, { name: 'Pastel', price: 250 })).status).toBe(201)
    expect(await countLines(table.sessionId)).toBe(DEFAULT_MAX_OPEN_LINES + 6)
  })
})

describe('requests sent all at once', () => {
  it('cannot slip past a limit together: 12 waitlist entries in parallel from one address store exactly 5', async () => {
    const address = fromAddress()
    const email = `paralelo-${crypto.randomUUID().slice(0, 8)}@example.com`
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postJson('/api/waitlist', { name: `N${i}`, email, restaurantName: 'R' }, { headers: address }),
      ),
    )
    expect(responses.filter((response) => response.status === 201)).toHaveLength(
      DEFAULT_LIMITS.waitlistPerAddress.limit,
    )
    expect(responses.filter((response) => response.status === 429)).toHaveLength(
      12 - DEFAULT_LIMITS.waitlistPerAddress.limit,
    )
    expect(await env.DB.prepare('SELECT count(*) AS n FROM waitlist WHERE email = ?').bind(email).first()).toEqual({
      n: DEFAULT_LIMITS.waitlistPerAddress.limit,
    })
  })

  it('count an IPv6 /64 as one client: its other addresses share the allowance', async () => {
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`
    const entry = (address: string) =>
      postJson(
        '/api/waitlist',
        { name: 'Ana', email: 'ana@example.com', restaurantName: 'R' },
        { headers: { 'CF-Connecting-IP': address } },
      )
    for (let i = 1; i <= DEFAULT_LIMITS.waitlistPerAddress.limit; i++)
      expect((await entry(`${network}::${i}`)).status).toBe(201)
    expect((await entry(`${network}:0:0:0:ffff`)).status).toBe(429)
    expect((await entry(`${network}:0::abcd`)).status).toBe(429)
    expect((await entry(`2001:db8:ffff:2::1`)).status).toBe(201)
  })
})

describe('payments from one address', () => {
  it(`take ${DEFAULT_LIMITS.paymentsPerAddress.limit} tries in ten minutes (form and API together), then 429 with nothing charged; a retry of a payment that went through still confirms`, async () => {
    const address = fromAddress()
    const table = await seedTable([{ priceCents: 100_000 }])
    const path = `/customer/payment-method/${table.sessionId}?split=true&partySize=1&tableSize=20&tipPercentage=0`
    const { limit } = DEFAULT_LIMITS.paymentsPerAddress
    const form = await openPaymentForm(path, 'card', address)
    expect((await form.submit()).status).toBe(302)
    // Taps again on the same payment are retries: they lead to its confirmation and are not counted.
    for (let i = 0; i < 3; i++) expect((await form.submit()).status).toBe(302)
    // Tries that are refused (an amount the bill no longer has) are counted.
    const wrongAmount = () =>
      postJson(
        '/api/payments',
        {
          tableId: table.tableId,
          amount: 999,
          tipAmount: 0,
          paymentType: 'full',
          paymentMethod: 'card',
          transactionId: newTransactionId(),
        },
        { headers: address },
      )
    for (let i = 1; i < limit; i++) expect((await wrongAmount()).status).toBe(409)
    const next = await openPaymentForm(path, 'card', address)
    const refused = await next.submit()
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('600')
    expect(await refused.text()).toContain(SPANISH_WAIT(10))
    expect((await wrongAmount()).status).toBe(429)
    expect(await countPayments(table.sessionId)).toBe(1)
    const retry = await form.submit()
    expect(retry.status).toBe(302)
    expect(retry.headers.get('Location')).toContain('/customer/payment-confirmation/')
    // A diner at another address pays.
    expect((await (await openPaymentForm(path, 'card', fromAddress())).submit()).status).toBe(302)
    expect(await countPayments(table.sessionId)).toBe(2)
  })
})

describe('table codes looked up from one address', () => {
  it(`answer 404 for ${DEFAULT_LIMITS.tableLookupMissesPerAddress.limit} unknown codes, then 429 (page and API); a real code still opens`, async () => {
    const address = fromAddress()
    const table = await seedTable([{ priceCents: 1000 }])
    const look = (code: string) => SELF.fetch(`${ORIGIN}/customer/table/${code}`, { headers: address })
    for (let i = 0; i < DEFAULT_LIMITS.tableLookupMissesPerAddress.limit; i++)
      expect((await look(`nope-${i}-${crypto.randomUUID()}`)).status).toBe(404)
    const refused = await look(`nope-${crypto.randomUUID()}`)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('600')
    expect(await refused.text()).toContain('Demasiadas solicitudes')
    const api = await getJson(`/api/tables/session/nope-${crypto.randomUUID()}`, { headers: address })
    expect(api.status).toBe(429)
    expect(await api.json()).toMatchObject({ code: 'RATE_LIMITED' })
    const socket = await getJson(`/api/tables/session/nope-${crypto.randomUUID()}/live`, {
      headers: { ...address, Upgrade: 'websocket' },
    })
    expect(socket.status).toBe(429)
    // Codes are long random tokens: a scan cannot find one, and a diner's real code keeps working.
    expect((await look(table.sessionId)).status).toBe(200)
    expect((await getJson(`/customer/table/nope-${crypto.randomUUID()}`, { headers: fromAddress() })).status).toBe(404)
  })
})

describe('account forms from one address', () => {
  it(`forgot-password takes ${DEFAULT_LIMITS.passwordResetsPerAddress.limit} an hour (page and API), then 429 and no mail`, async () => {
    const address = fromAddress()
    const email = `olvido-${crypto.randomUUID().slice(0, 8)}@example.com`
    await postJson('/api/auth/register', registration({ ownerEmail: email }), { headers: fromAddress() })
    for (let i = 0; i < DEFAULT_LIMITS.passwordResetsPerAddress.limit; i++)
      expect((await served(formRequest('/admin/forgot-password', { email }, undefined, address))).status).toBe(200)
    const refused = await served(formRequest('/admin/forgot-password', { email }, undefined, address))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('3600')
    expect(await refused.text()).toContain(SPANISH_WAIT(60))
    const api = await served(jsonRequest('/api/auth/forgot-password', { email }, { headers: address }))
    expect(api.status).toBe(429)
    expect(await mailsTo(email)).toBe(DEFAULT_LIMITS.passwordResetsPerAddress.limit)
  })

  it(`registration takes ${DEFAULT_LIMITS.registrationsPerAddress.limit} an hour (page and API), then 429 and no account`, async () => {
    const address = fromAddress()
    for (let i = 0; i < DEFAULT_LIMITS.registrationsPerAddress.limit; i++)
      expect((await postJson('/api/auth/register', registration(), { headers: address })).status).toBe(201)
    const body = registration()
    const fields = Object.fromEntries(
      Object.entries(body).map(([key, value]) => [key, key === 'acceptTerms' ? 'on' : String(value)]),
    )
    const refused = await postForm('/admin/signup', { ...fields, step: '2', intent: 'submit' }, undefined, address)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('3600')
    expect(await refused.text()).toContain(SPANISH_WAIT(60))
    expect((await postJson('/api/auth/register', registration(), { headers: address })).status).toBe(429)
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(body.ownerEmail).first(),
    ).toEqual({ n: 0 })
  })
})
