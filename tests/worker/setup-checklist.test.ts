import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { delivered, fromAddress, getPage, pageText, postForm, seedMember, setRestaurant } from './fixtures'
import { call, registration } from './staff'

const DASHBOARD = '/admin/dashboard'

/** The sign-up wizard's last step as a browser without JavaScript posts it: every field, the terms ticked. */
function signupForm() {
  const account = registration()
  const fields = Object.fromEntries(
    Object.entries(account).map(([key, value]) => [key, key === 'acceptTerms' ? 'on' : String(value)]),
  )
  return { account, fields: { ...fields, step: '2', intent: 'submit' } }
}

/** Signs up through the form and answers the session cookie it set, checking it lands on the dashboard. */
async function signUp() {
  const { account, fields } = signupForm()
  const response = await postForm('/admin/signup', fields, undefined, fromAddress())
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe(DASHBOARD)
  const session = /mesa_session=([^;,]+)/.exec(response.headers.get('Set-Cookie') ?? '')?.[1]
  expect(session).toBeTruthy()
  const cookie = `mesa_session=${session}`
  const [restaurant] = (
    await env.DB.prepare(
      'SELECT m.restaurant_id AS id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = ?',
    )
      .bind(account.ownerEmail)
      .all<{ id: string }>()
  ).results
  return { cookie, restaurantId: restaurant!.id, account }
}

/** Each step of the dashboard's checklist with whether it shows done; null when the page shows no checklist. */
async function checklistOf(cookie: string) {
  const page = await getPage(DASHBOARD, cookie)
  expect(page.status).toBe(200)
  const html = await pageText(page)
  if (!html.includes('data-testid="setup-checklist"')) return null
  return Object.fromEntries(
    [...html.matchAll(/data-testid="setup-step-(\w+)" data-done="(true|false)"/g)].map(([, step, done]) => [
      step,
      done === 'true',
    ]),
  )
}

describe('signing up', () => {
  it('through the form without JavaScript signs the owner in and lands on the setup checklist, every step to do', async () => {
    const { cookie } = await signUp()
    const page = await pageText(await getPage(DASHBOARD, cookie))
    expect(page).toContain('Configura tu restaurante')
    expect(page).toContain('0 de 6 pasos hechos')
    expect(page).toContain('Cuando termines todos los pasos podrás ocultar esta lista.')
    expect(await checklistOf(cookie)).toEqual({
      details: false,
      menu: false,
      tables: false,
      payments: false,
      team: false,
      testPayment: false,
    })
  })

  it('links the terms and the privacy notice from the step that asks to accept them; both pages exist in both languages', async () => {
    const { fields } = signupForm()
    const review = await pageText(await postForm('/admin/signup', { ...fields, step: '1', intent: 'next' }))
    expect(review).toContain('Paso 3 de 3')
    expect(review).toMatch(/<a href="\/terms" target="_blank"[^>]*>los términos y condiciones<\/a>/)
    expect(review).toMatch(/<a href="\/privacy" target="_blank"[^>]*>el aviso de privacidad<\/a>/)
    for (const [language, title] of [
      ['es', 'Términos y condiciones'],
      ['en', 'Terms and conditions'],
    ] as const) {
      const terms = await getPage(`/terms?lng=${language}`)
      expect(terms.status).toBe(200)
      expect(await pageText(terms)).toContain(`<h1 class="text-4xl font-extrabold tracking-tight">${title}</h1>`)
    }
  })
})

describe('the setup checklist', () => {
  it('turns each step done from the restaurant’s own records, shows only to whom may change settings, and goes away once all are done', async () => {
    const { cookie, restaurantId } = await signUp()
    const waiter = await seedMember(restaurantId, 'waiter')
    const manager = await seedMember(restaurantId, 'manager')

    // The team: a second member counts (the two seeded above), so it is done before anything else here.
    expect(await checklistOf(cookie)).toMatchObject({ team: true, details: false })

    const saved = await postForm(
      '/admin/dashboard/settings',
      {
        intent: 'settings',
        restaurantName: 'La Fonda de Prueba',
        restaurantType: 'casual',
        restaurantCuisine: 'mexican',
        restaurantAddress: 'Calle Morelos 12, Centro',
        restaurantPhone: '8112345678',
        restaurantEmail: 'fonda@example.com',
        taxRatePercent: '16',
        taxIncludedInPrice: 'on',
      },
      cookie,
    )
    expect(saved.status).toBe(302)
    expect(await checklistOf(cookie)).toMatchObject({ details: true, menu: false })

    const menu = (await (await call('POST', '/api/menus', { name: 'Carta', type: 'regular' }, cookie)).json()) as {
      id: string
    }
    const category = (await (
      await call('POST', '/api/categories', { name: 'Tacos', menuId: menu.id }, cookie)
    ).json()) as { id: string }
    // A menu without a dish is not yet a menu to order from.
    expect(await checklistOf(cookie)).toMatchObject({ menu: false })
    expect(
      (await call('POST', '/api/menu-items', { name: 'Taco al pastor', price: 3500, categoryId: category.id }, cookie))
        .status,
    ).toBe(201)
    expect(await checklistOf(cookie)).toMatchObject({ menu: true, tables: false })

    expect((await postForm(`${DASHBOARD}?index`, { intent: 'create', tableNumber: '1' }, cookie)).status).toBe(302)
    expect(await checklistOf(cookie)).toMatchObject({ tables: true, testPayment: false })
    // The test payment's link opens that table's own link, as its QR card does.
    const code = await env.DB.prepare('SELECT short_code AS code FROM tables WHERE restaurant_id = ?')
      .bind(restaurantId)
      .first<{ code: string }>()
    expect(await pageText(await getPage(DASHBOARD, cookie))).toContain(`href="http://mesa.test/m/${code!.code}"`)

    // Stripe's word on the account, as its account.updated event brings it: able to charge, its details in.
    await setRestaurant(restaurantId, { stripe_account_id: `acct_${crypto.randomUUID().slice(0, 12)}` })
    await setRestaurant(restaurantId, { stripe_charges_enabled: 1 })
    expect(await checklistOf(cookie)).toMatchObject({ payments: false })
    await setRestaurant(restaurantId, { stripe_details_submitted: 1 })
    expect(await checklistOf(cookie)).toMatchObject({ payments: true })

    // Not yet done: the owner cannot put it away, and nothing is kept.
    const early = await postForm(`${DASHBOARD}?index`, { intent: 'dismiss-setup' }, cookie)
    expect(early.status).toBe(409)
    expect(await pageText(early)).toContain('Aún hay pasos pendientes: termínalos para ocultar la lista.')
    expect(await checklistOf(cookie)).not.toBeNull()

    // A diner orders nothing here: the owner's staff order, then the diner pays it from the table's bill.
    const table = (await env.DB.prepare('SELECT id, session_id AS sessionId FROM tables WHERE restaurant_id = ?')
      .bind(restaurantId)
      .first<{ id: string; sessionId: string }>())!
    expect(
      (
        await call(
          'POST',
          '/api/items',
          { tableId: table.id, items: [{ name: 'Taco', quantity: 1, price: 35 }] },
          cookie,
        )
      ).status,
    ).toBe(201)
    const paid = await call('POST', '/api/payments', {
      tableId: table.id,
      amount: 35,
      paymentMethod: 'card',
      paymentType: 'full',
      transactionId: crypto.randomUUID(),
    })
    expect(paid.status).toBe(201)
    await delivered(table.sessionId)
    const all = await checklistOf(cookie)
    expect(Object.values(all!).every(Boolean)).toBe(true)
    expect(await pageText(await getPage(DASHBOARD, cookie))).toContain('¡Listo! Tu restaurante ya cobra en la mesa.')

    // Only who may change the settings sees it or puts it away.
    expect(await checklistOf(waiter.cookie)).toBeNull()
    expect(await checklistOf(manager.cookie)).toBeNull()
    expect((await postForm(`${DASHBOARD}?index`, { intent: 'dismiss-setup' }, manager.cookie)).status).toBe(403)

    const dismissed = await postForm(`${DASHBOARD}?index`, { intent: 'dismiss-setup' }, cookie)
    expect(dismissed.status).toBe(302)
    expect(dismissed.headers.get('Location')).toBe(DASHBOARD)
    expect(await checklistOf(cookie)).toBeNull()
    const kept = await env.DB.prepare('SELECT setup_dismissed_at AS at FROM restaurants WHERE id = ?')
      .bind(restaurantId)
      .first<{ at: number | null }>()
    expect(kept?.at).toBeGreaterThan(0)
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM change_log WHERE restaurant_id = ? AND action = 'setup.dismiss'")
        .bind(restaurantId)
        .first(),
    ).toEqual({ n: 1 })
  })

  it('counts the team done with an invitation still open, and not before', async () => {
    const { cookie } = await signUp()
    expect(await checklistOf(cookie)).toMatchObject({ team: false })
    const invited = await postForm(
      '/admin/dashboard/team',
      { intent: 'invite', email: `mesero-${crypto.randomUUID().slice(0, 6)}@example.com`, role: 'waiter' },
      cookie,
    )
    expect(invited.status).toBe(302)
    expect(await checklistOf(cookie)).toMatchObject({ team: true })
  })
})
