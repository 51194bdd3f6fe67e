import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { postJson, seedTable } from './fixtures'

const from = (address: string) => ({ headers: { 'CF-Connecting-IP': address } })
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID().slice(0, 4)}`
const rows = async (table: string, email: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE email = ?`).bind(email).first<{ n: number }>())?.n

describe('POST /api/waitlist', () => {
  it('stores an entry, trimmed, the message optional', async () => {
    const email = `lista-${crypto.randomUUID().slice(0, 8)}@example.com`
    const response = await postJson(
      '/api/waitlist',
      { name: ' Lupita ', email: ` ${email} `, restaurantName: 'Tacos Lupita' },
      from(address()),
    )
    expect(response.status).toBe(201)
    expect(
      await env.DB.prepare('SELECT name, restaurant_name, message FROM waitlist WHERE email = ?').bind(email).first(),
    ).toEqual({ name: 'Lupita', restaurant_name: 'Tacos Lupita', message: null })
  })

  it.each([
    [{ email: 'a@example.com', restaurantName: 'X' }, 'Este campo es obligatorio'],
    [{ name: 'Ana', email: '', restaurantName: 'X' }, 'Este campo es obligatorio'],
    [{ name: 'Ana', email: 'a@example.com', restaurantName: '  ' }, 'Este campo es obligatorio'],
    [{ name: 'Ana', email: 'no-es-email', restaurantName: 'X' }, 'Email inválido'],
    [{ name: 'A'.repeat(101), email: 'a@example.com', restaurantName: 'X' }, 'El texto es demasiado largo'],
    [
      { name: 'Ana', email: 'a@example.com', restaurantName: 'X', message: 'm'.repeat(1001) },
      'El texto es demasiado largo',
    ],
  ])('refuses %o with “%s” and stores nothing', async (body, message) => {
    const before = await rows('waitlist', 'a@example.com')
    const response = await postJson('/api/waitlist', body, from(address()))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message })
    expect(await rows('waitlist', 'a@example.com')).toBe(before)
  })

  it('answers in English when asked', async () => {
    const response = await postJson(
      '/api/waitlist?lng=en',
      { name: 'Ana', email: 'nope', restaurantName: 'X' },
      from(address()),
    )
    expect(await response.json()).toMatchObject({ message: 'Invalid email' })
  })

  it('takes five entries an hour from one address, then answers 429 storing nothing', async () => {
    const ip = address()
    const email = `muchos-${crypto.randomUUID().slice(0, 8)}@example.com`
    for (let i = 0; i < 5; i++)
      expect((await postJson('/api/waitlist', { name: `N${i}`, email, restaurantName: 'R' }, from(ip))).status).toBe(
        201,
      )
    const sixth = await postJson('/api/waitlist', { name: 'N6', email, restaurantName: 'R' }, from(ip))
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('Retry-After')).toBe('3600')
    expect(await sixth.json()).toEqual({
      message: 'Recibimos muchas solicitudes desde tu conexión. Inténtalo de nuevo en 60 min.',
      code: 'RATE_LIMITED',
    })
    expect(await rows('waitlist', email)).toBe(5)
    // Another address is not held back by this one.
    expect(
      (await postJson('/api/waitlist', { name: 'Otra', email, restaurantName: 'R' }, from(address()))).status,
    ).toBe(201)
  })
})

describe('POST /api/contact', () => {
  it('stores a request', async () => {
    const email = `contacto-${crypto.randomUUID().slice(0, 8)}@example.com`
    const response = await postJson(
      '/api/contact',
      { name: 'Jorge', phone: '81 1234 5678', email, restaurant: 'La Nacional' },
      from(address()),
    )
    expect(response.status).toBe(201)
    expect(
      await env.DB.prepare('SELECT name, phone, restaurant FROM contact_requests WHERE email = ?').bind(email).first(),
    ).toEqual({ name: 'Jorge', phone: '81 1234 5678', restaurant: 'La Nacional' })
  })

  it.each([
    [{ phone: '8112345678', email: 'c@example.com', restaurant: 'R' }, 'Este campo es obligatorio'],
    [{ name: 'Jorge', email: 'c@example.com', restaurant: 'R' }, 'Este campo es obligatorio'],
    [{ name: 'Jorge', phone: '8112345678', email: 'c@', restaurant: 'R' }, 'Email inválido'],
    [{ name: 'Jorge', phone: '8112345678', email: 'c@example.com', restaurant: '' }, 'Este campo es obligatorio'],
    [{ name: 'Jorge', phone: '8'.repeat(31), email: 'c@example.com', restaurant: 'R' }, 'El texto es demasiado largo'],
  ])('refuses %o with “%s” and stores nothing', async (body, message) => {
    const before = await rows('contact_requests', 'c@example.com')
    const response = await postJson('/api/contact', body, from(address()))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message })
    expect(await rows('contact_requests', 'c@example.com')).toBe(before)
  })

  it('is rate limited per address like the waitlist', async () => {
    const ip = address()
    for (let i = 0; i < 5; i++)
      expect(
        (
          await postJson(
            '/api/contact',
            { name: 'J', phone: '8112345678', email: 'limite@example.com', restaurant: 'R' },
            from(ip),
          )
        ).status,
      ).toBe(201)
    expect(
      (
        await postJson(
          '/api/contact',
          { name: 'J', phone: '8112345678', email: 'limite@example.com', restaurant: 'R' },
          from(ip),
        )
      ).status,
    ).toBe(429)
  })
})

describe('methods an endpoint does not serve', () => {
  it('answer 405 with a JSON message, and a public form stores nothing', async () => {
    const table = await seedTable([{ priceCents: 1000 }])
    for (const path of [
      `/api/tables/session/${table.sessionId}`,
      `/api/payments/table/${table.tableId}`,
      `/api/users/${table.restaurantId}`,
      `/api/categories/with-items/${table.restaurantId}`,
      '/api/tables/active',
      '/api/auth/user',
      '/api/menus/my-menus',
    ]) {
      const response = await postJson(path, {})
      expect(response.status, path).toBe(405)
      expect(await response.json(), path).toEqual({
        message: 'Method not allowed; use GET.',
        code: 'METHOD_NOT_ALLOWED',
      })
    }
    const stored = () =>
      env.DB.prepare('SELECT (SELECT count(*) FROM contact_requests) + (SELECT count(*) FROM waitlist) AS n').first<{
        n: number
      }>()
    const before = await stored()
    for (const path of ['/api/contact', '/api/waitlist']) {
      const response = await postJson(
        path,
        {
          name: 'Ana',
          phone: '5512345678',
          email: 'ana@example.com',
          restaurant: 'Fonda Ana',
          restaurantName: 'Fonda Ana',
        },
        { method: 'PUT' },
      )
      expect(response.status, path).toBe(405)
    }
    expect(await stored()).toEqual(before)
  })
})
