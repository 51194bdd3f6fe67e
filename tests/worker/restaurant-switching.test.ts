import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getPage, postForm, seedMember, seedOwner, seedTable } from './fixtures'
import { call, PASSWORD, registration } from './staff'

/** A person who belongs to two restaurants: owner of the first (with table 12), waiter at the second (with its own table 12). */
async function twoPlaces() {
  const first = await seedTable()
  const second = await seedTable()
  const person = await seedMember(first.restaurantId, 'owner', 'Ana Ruiz')
  await env.DB.prepare(
    `INSERT INTO memberships (id, restaurant_id, user_id, role, created_at) VALUES (?, ?, ?, 'waiter', ?)`,
  )
    .bind(crypto.randomUUID(), second.restaurantId, person.userId, Date.now())
    .run()
  await env.DB.prepare(`UPDATE restaurants SET restaurant_name = 'Cantina Dos' WHERE id = ?`)
    .bind(second.restaurantId)
    .run()
  return { first, second, person }
}

const activeTableIds = async (cookie: string) =>
  ((await (await call('GET', '/api/tables/active', undefined, cookie)).json()) as { id: string }[]).map(
    (table) => table.id,
  )

describe('a person in several restaurants', () => {
  it('works in one at a time: the switcher moves every screen and endpoint to the chosen one, and back', async () => {
    const { first, second, person } = await twoPlaces()
    expect(await activeTableIds(person.cookie)).toEqual([first.tableId])
    const dashboard = await (await getPage('/admin/dashboard', person.cookie)).text()
    expect(dashboard).toContain('data-testid="restaurant-switcher"')
    expect(dashboard).toContain('Cantina Dos')

    const switched = await postForm(
      '/admin/dashboard',
      { intent: 'switch', restaurantId: second.restaurantId },
      person.cookie,
    )
    expect(switched.status).toBe(302)
    expect(await activeTableIds(person.cookie)).toEqual([second.tableId])
    // The first restaurant's table is now as unknown as any stranger's, and the role is the second's: a waiter.
    expect((await getPage(`/admin/tables/${first.tableId}`, person.cookie)).status).toBe(404)
    expect((await getPage(`/admin/tables/${second.tableId}`, person.cookie)).status).toBe(200)
    expect((await getPage('/admin/dashboard/analytics', person.cookie)).status).toBe(403)
    const asWaiter = await (await getPage('/admin/dashboard', person.cookie)).text()
    expect(asWaiter).toContain('Mesero')
    expect(asWaiter).not.toContain('/admin/dashboard/settings')

    await postForm('/admin/dashboard', { intent: 'switch', restaurantId: first.restaurantId }, person.cookie)
    expect(await activeTableIds(person.cookie)).toEqual([first.tableId])
    expect((await getPage('/admin/dashboard/analytics', person.cookie)).status).toBe(200)
  })

  it('cannot switch into a restaurant they do not belong to: 404, and the session stays where it was', async () => {
    const { first, person } = await twoPlaces()
    const stranger = await seedOwner()
    const refused = await postForm('/admin/dashboard', { intent: 'switch', restaurantId: stranger }, person.cookie)
    expect(refused.status).toBe(404)
    expect(await activeTableIds(person.cookie)).toEqual([first.tableId])
  })

  it('starts the next sign-in in the restaurant they last chose', async () => {
    const account = registration()
    expect((await call('POST', '/api/auth/register', account)).status).toBe(201)
    const signIn = async () => {
      const login = await call('POST', '/api/auth/login', { email: account.ownerEmail, password: PASSWORD })
      const body = (await login.json()) as { restaurant: { id: string } }
      return { cookie: (login.headers.get('Set-Cookie') ?? '').split(';')[0]!, restaurantId: body.restaurant.id }
    }
    const firstVisit = await signIn()
    const opened = await postForm(
      '/admin/restaurants/new',
      {
        restaurantName: 'Segunda Sucursal',
        restaurantType: 'casual',
        restaurantCuisine: 'mexican',
        restaurantAddress: 'Av. Juárez 100, Centro',
        restaurantPhone: '8187654321',
        restaurantEmail: 'sucursal@example.com',
      },
      firstVisit.cookie,
    )
    expect(opened.headers.get('Location')).toBe('/admin/dashboard')
    const secondVisit = await signIn()
    expect(secondVisit.restaurantId).not.toBe(firstVisit.restaurantId)
    expect(await (await getPage('/admin/dashboard', secondVisit.cookie)).text()).toContain('Segunda Sucursal')
    // Its owner is the person who opened it; the first restaurant is still theirs too.
    expect(
      (
        await env.DB.prepare(
          `SELECT role FROM memberships JOIN users ON users.id = memberships.user_id WHERE users.email = ? ORDER BY memberships.created_at`,
        )
          .bind(account.ownerEmail)
          .all()
      ).results,
    ).toEqual([{ role: 'owner' }, { role: 'owner' }])
  })

  it('only an owner opens another restaurant; a manager or a waiter is refused, and nothing is made', async () => {
    const restaurant = await seedOwner()
    const before = await env.DB.prepare('SELECT count(*) AS n FROM restaurants').first<{ n: number }>()
    for (const role of ['manager', 'waiter'] as const) {
      const member = await seedMember(restaurant, role)
      expect((await getPage('/admin/restaurants/new', member.cookie)).status).toBe(403)
      const sent = await postForm('/admin/restaurants/new', { restaurantName: 'Pirata' }, member.cookie)
      expect(sent.status).toBe(403)
    }
    expect(await env.DB.prepare('SELECT count(*) AS n FROM restaurants').first<{ n: number }>()).toEqual(before)
  })
})
