import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getPage, mailedResetToken, ORIGIN, postForm } from './fixtures'
import { call, PASSWORD, registration, signedInOwner } from './staff'

const userCount = async (email: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>())?.n

describe('registration', () => {
  it('creates the owner with the restaurant, the password hashed with its algorithm and count', async () => {
    const account = registration({ ownerEmail: `  Mixed-${crypto.randomUUID().slice(0, 6)}@Example.com ` })
    const response = await call('POST', '/api/auth/register', account)
    expect(response.status).toBe(201)
    const email = account.ownerEmail.trim().toLowerCase()
    const row = await env.DB.prepare(
      `SELECT users.*, restaurants.restaurant_name, memberships.role FROM users
       JOIN memberships ON memberships.user_id = users.id JOIN restaurants ON restaurants.id = memberships.restaurant_id
       WHERE email = ?`,
    )
      .bind(email)
      .first<Record<string, unknown>>()
    // The owner is a person of their own, the restaurant a record of its own, and they its first member.
    expect(row).toMatchObject({
      restaurant_name: 'La Fonda de Prueba',
      name: 'Lucía Garza',
      role: 'owner',
      password_algorithm: 'pbkdf2-sha256',
      password_iterations: 100000,
    })
    const body = await response.json<{ user: { id: string }; restaurant: { id: string } }>()
    expect(body.user.id).toBe(row?.id)
    expect(body.restaurant.id).not.toBe(body.user.id)
    expect(row?.password_hash).not.toContain(PASSWORD)
    expect(String(row?.password_salt)).toHaveLength(32)
  })

  it.each([
    [{ restaurantName: 'A' }, 'El nombre del restaurante debe tener al menos 2 caracteres'],
    [{ restaurantType: 'diner' }, 'Selecciona el tipo de restaurante'],
    [{ restaurantCuisine: '' }, 'Selecciona el tipo de cocina'],
    [{ restaurantAddress: 'Av 1' }, 'La dirección debe tener al menos 5 caracteres'],
    [{ restaurantPhone: '81123' }, 'Ingresa un teléfono válido (al menos 10 dígitos)'],
    [{ restaurantEmail: 'fonda' }, 'Ingresa un correo electrónico válido'],
    [{ ownerName: 'L' }, 'El nombre debe tener al menos 2 caracteres'],
    [{ ownerEmail: 'lucia@' }, 'Correo electrónico inválido'],
    [{ password: 'corta' }, 'La contraseña debe tener al menos 8 caracteres'],
    [{ acceptTerms: false }, 'Debes aceptar los términos y condiciones'],
  ])('refuses %o with the spec’s message and creates nothing', async (change, message) => {
    const account = registration(change)
    const response = await call('POST', '/api/auth/register', account)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message })
    expect(await userCount(String(account.ownerEmail))).toBe(0)
  })

  it('answers in English when the owner chose English', async () => {
    const response = await call('POST', '/api/auth/register?lng=en', registration({ password: 'short' }))
    expect(await response.json()).toMatchObject({ message: 'The password must be at least 8 characters' })
  })

  it('refuses an email that already has an account', async () => {
    const { account } = await signedInOwner()
    const again = await call('POST', '/api/auth/register', registration({ ownerEmail: account.ownerEmail }))
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({
      message: 'Ya existe una cuenta con este correo. Inicia sesión o usa otro correo.',
    })
    expect(await userCount(account.ownerEmail)).toBe(1)
  })
})

describe('signing in and out', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie (Secure off localhost) whose token is stored hashed', async () => {
    const account = registration()
    await call('POST', '/api/auth/register', account)
    const login = await call('POST', '/api/auth/login', { email: account.ownerEmail, password: PASSWORD })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('Set-Cookie') ?? ''
    expect(cookie).toMatch(/^mesa_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/)
    const token = cookie.split(';')[0]!.split('=')[1]!
    expect(await env.DB.prepare('SELECT count(*) AS n FROM auth_sessions WHERE id = ?').bind(token).first()).toEqual({
      n: 0,
    })
    const me = await call('GET', '/api/auth/user', undefined, cookie.split(';')[0])
    expect(await me.json()).toMatchObject({ email: account.ownerEmail, restaurantName: 'La Fonda de Prueba' })
  })

  it('answers an unknown email and a wrong password alike, so nobody learns who has an account', async () => {
    const { account } = await signedInOwner()
    const unknown = await call('POST', '/api/auth/login', {
      email: `nobody-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
    })
    const wrong = await call('POST', '/api/auth/login', { email: account.ownerEmail, password: 'not-the-password' })
    const refusal = { code: 'INVALID_CREDENTIALS', message: 'El correo o la contraseña no son correctos.' }
    expect([unknown.status, wrong.status]).toEqual([401, 401])
    expect(await unknown.json()).toEqual(refusal)
    expect(await wrong.json()).toEqual(refusal)
    const invalid = await call('POST', '/api/auth/login', { email: 'x', password: '' })
    expect(await invalid.json()).toMatchObject({ message: 'Correo electrónico inválido' })
  })

  it('over https the session cookie is __Host- (Secure, Path=/, no Domain), and only that name signs in there', async () => {
    const { account } = await signedInOwner()
    const login = await SELF.fetch('https://mesa.test/api/auth/login', {
      method: 'POST',
      headers: { Origin: 'https://mesa.test', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.ownerEmail, password: PASSWORD }),
    })
    const setCookie = login.headers.get('Set-Cookie') ?? ''
    expect(setCookie).toMatch(
      /^__Host-mesa_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/,
    )
    const cookie = setCookie.split(';')[0]!
    const user = (cookie: string) => SELF.fetch('https://mesa.test/api/auth/user', { headers: { Cookie: cookie } })
    expect((await user(cookie)).status).toBe(200)
    expect((await user(cookie.replace('__Host-', ''))).status).toBe(401)
  })

  it('throttles an email from one address after 5 failures in 15 minutes, even with the right password, saying when to retry', async () => {
    const { account } = await signedInOwner()
    const address = { 'CF-Connecting-IP': `198.51.100.${Math.floor(Math.random() * 250)}` }
    for (let i = 0; i < 5; i++)
      await call(
        'POST',
        '/api/auth/login',
        { email: account.ownerEmail, password: `wrong-${i}-password` },
        undefined,
        address,
      )
    const blocked = await call(
      'POST',
      '/api/auth/login',
      { email: account.ownerEmail, password: PASSWORD },
      undefined,
      address,
    )
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('Retry-After')).toBe('900')
    expect(await blocked.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' })
    expect(blocked.headers.get('Set-Cookie')).toBeNull()
  })

  it('a stranger failing on an owner’s email from their address cannot lock the owner out', async () => {
    const { account } = await signedInOwner()
    const stranger = { 'CF-Connecting-IP': `192.0.2.${Math.floor(Math.random() * 250)}` }
    for (let i = 0; i < 10; i++)
      await call(
        'POST',
        '/api/auth/login',
        { email: account.ownerEmail, password: `guess-${i}-password` },
        undefined,
        stranger,
      )
    expect(
      (await call('POST', '/api/auth/login', { email: account.ownerEmail, password: PASSWORD }, undefined, stranger))
        .status,
    ).toBe(429)
    const owner = await call('POST', '/api/auth/login', { email: account.ownerEmail, password: PASSWORD }, undefined, {
      'CF-Connecting-IP': '203.0.113.250',
    })
    expect(owner.status).toBe(200)
    expect(owner.headers.get('Set-Cookie')).toContain('mesa_session=')
  })

  it('throttles a client address that tries many emails', async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 250)}`
    for (let i = 0; i < 20; i++)
      await call(
        'POST',
        '/api/auth/login',
        { email: `guess-${i}-${crypto.randomUUID()}@example.com`, password: 'whatever1' },
        undefined,
        { 'CF-Connecting-IP': address },
      )
    const { account } = await signedInOwner()
    const blocked = await call(
      'POST',
      '/api/auth/login',
      { email: account.ownerEmail, password: PASSWORD },
      undefined,
      { 'CF-Connecting-IP': address },
    )
    expect(blocked.status).toBe(429)
  })

  it('without a cookie the user endpoint answers 401; after logout the old cookie is dead', async () => {
    expect((await call('GET', '/api/auth/user')).status).toBe(401)
    const { cookie } = await signedInOwner()
    const logout = await call('POST', '/api/logout', undefined, cookie)
    expect(logout.status).toBe(302)
    expect(logout.headers.get('Location')).toBe('/')
    expect(logout.headers.get('Set-Cookie')).toContain('Max-Age=0')
    expect((await call('GET', '/api/auth/user', undefined, cookie)).status).toBe(401)
    const login = await call('GET', '/api/login')
    expect(login.headers.get('Location')).toBe('/admin/login')
  })

  it('signs out only through the dashboard’s form (a POST): a link, a prefetch or another site’s image (a GET) signs nobody out', async () => {
    const { cookie } = await signedInOwner()
    const dashboard = await (await getPage('/admin/dashboard', cookie)).text()
    const form = /<form[^>]*action="\/api\/logout"[^>]*>/.exec(dashboard)?.[0]
    expect(form).toContain('method="post"')
    const followed = await call('GET', '/api/logout', undefined, cookie)
    expect(followed.status).toBe(405)
    expect(await followed.json()).toEqual({ message: 'Method not allowed; use POST.', code: 'METHOD_NOT_ALLOWED' })
    expect((await call('GET', '/api/auth/user', undefined, cookie)).status).toBe(200)
    const submitted = await postForm('/api/logout', {}, cookie)
    expect(submitted.status).toBe(302)
    expect((await call('GET', '/api/auth/user', undefined, cookie)).status).toBe(401)
  })

  it('refuses a write with the session cookie from a foreign or missing Origin (403) and changes nothing', async () => {
    const { cookie } = await signedInOwner()
    const foreign = await call('POST', '/api/tables', { tableNumber: '9' }, cookie, { Origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    const bare = await SELF.fetch(`${ORIGIN}/api/tables`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ tableNumber: '9' }),
    })
    expect(bare.status).toBe(403)
    expect(await (await call('GET', '/api/tables/active', undefined, cookie)).json()).toEqual([])
  })
})

describe('password reset', () => {
  const resetLink = (email: string) => mailedResetToken(() => call('POST', '/api/auth/forgot-password', { email }))

  it('answers the same neutral message for any email, and mails only real accounts', async () => {
    const { account } = await signedInOwner()
    const nobody = `nobody-${crypto.randomUUID()}@example.com`
    const a = await call('POST', '/api/auth/forgot-password', { email: account.ownerEmail })
    const b = await call('POST', '/api/auth/forgot-password', { email: nobody })
    expect(a.status).toBe(200)
    expect(await a.json()).toEqual(await b.json())
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?').bind(nobody).first(),
    ).toEqual({ n: 0 })
  })

  it('sets a new password once, ends every old session, and the token cannot be used again', async () => {
    const { account, cookie } = await signedInOwner()
    const token = await resetLink(account.ownerEmail)
    expect(token).toHaveLength(43)
    const reset = await call('POST', '/api/auth/reset-password', { token, password: 'nuevo-password-2026' })
    expect(reset.status).toBe(200)
    expect((await call('GET', '/api/auth/user', undefined, cookie)).status).toBe(401)
    expect((await call('POST', '/api/auth/login', { email: account.ownerEmail, password: PASSWORD })).status).toBe(401)
    expect(
      (await call('POST', '/api/auth/login', { email: account.ownerEmail, password: 'nuevo-password-2026' })).status,
    ).toBe(200)
    const again = await call('POST', '/api/auth/reset-password', { token, password: 'otro-password-2026' })
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ code: 'RESET_INVALID' })
  })

  it('refuses an expired token', async () => {
    const { account } = await signedInOwner()
    const token = await resetLink(account.ownerEmail)
    await env.DB.prepare(
      'UPDATE password_resets SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)',
    )
      .bind(Date.now() - 1, account.ownerEmail)
      .run()
    const reset = await call('POST', '/api/auth/reset-password', { token, password: 'nuevo-password-2026' })
    expect(reset.status).toBe(400)
    expect((await call('POST', '/api/auth/login', { email: account.ownerEmail, password: PASSWORD })).status).toBe(200)
  })
})

describe('restaurant setup', () => {
  it('saves the profile for the signed-in owner; 401 without a cookie; the spec’s messages', async () => {
    const { cookie, restaurantId } = await signedInOwner()
    const profile = {
      restaurantName: 'Tacos Doña Mari',
      restaurantType: 'food-truck',
      restaurantCuisine: 'mexican',
      restaurantAddress: 'Parque Fundidora',
      restaurantPhone: '8187654321',
      restaurantEmail: 'mari@example.com',
    }
    expect((await call('POST', '/api/auth/setup-restaurant', profile)).status).toBe(401)
    const bad = await call('POST', '/api/auth/setup-restaurant?lng=en', { ...profile, restaurantPhone: '123' }, cookie)
    expect(await bad.json()).toMatchObject({ message: 'Please enter a valid phone number' })
    const ok = await call('POST', '/api/auth/setup-restaurant', profile, cookie)
    expect(ok.status).toBe(200)
    expect(
      await env.DB.prepare('SELECT restaurant_name FROM restaurants WHERE id = ?').bind(restaurantId).first(),
    ).toEqual({
      restaurant_name: 'Tacos Doña Mari',
    })
  })
})
