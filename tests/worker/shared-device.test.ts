import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getPage, postForm, seedMember, seedOwner, seedTable } from './fixtures'
import { call } from './staff'

/** A restaurant with a table, a manager and two waiters who set their PINs through the PIN page, and a tablet the manager made the shared device. */
async function floorTablet() {
  const { restaurantId, tableId } = await seedTable()
  const manager = await seedMember(restaurantId, 'manager', 'Marta Gerente')
  const waiter = await seedMember(restaurantId, 'waiter', 'Beto Mesero')
  const other = await seedMember(restaurantId, 'waiter', 'Carla Mesera')
  for (const [member, pin] of [
    [manager, '4321'],
    [waiter, '1234'],
    [other, '987654'],
  ] as const)
    expect((await postForm('/admin/pin', { pin, confirm: pin }, member.cookie)).status).toBe(302)
  // The tablet: signed in by the manager, then turned into the restaurant's device.
  const tablet = (await seedMember(restaurantId, 'manager', 'Tableta del piso')).cookie
  expect((await postForm('/admin/devices', {}, tablet)).headers.get('Location')).toBe('/admin/device')
  return { restaurantId, tableId, manager, waiter, other, tablet }
}

/** A page's text without React's markers between adjacent texts. */
const textOf = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '')

const unlock = (tablet: string, member: string, pin: string) =>
  postForm('/admin/device', { intent: 'unlock', member, pin }, tablet)

describe('a member’s PIN', () => {
  it('is 4 to 6 digits, typed twice; refused otherwise with the reason, nothing saved', async () => {
    const restaurant = await seedOwner()
    const waiter = await seedMember(restaurant, 'waiter')
    const pinOf = () =>
      env.DB.prepare('SELECT pin_hash AS hash FROM memberships WHERE user_id = ?').bind(waiter.userId).first()
    const short = await postForm('/admin/pin', { pin: '123', confirm: '123' }, waiter.cookie)
    expect(short.status).toBe(400)
    expect(await short.text()).toContain('El PIN son de 4 a 6 dígitos')
    const mismatch = await postForm('/admin/pin', { pin: '1234', confirm: '1243' }, waiter.cookie)
    expect(await mismatch.text()).toContain('Los dos PIN no coinciden')
    expect(await pinOf()).toEqual({ hash: null })
    expect((await postForm('/admin/pin', { pin: '1234', confirm: '1234' }, waiter.cookie)).status).toBe(302)
    expect(String((await pinOf())?.hash)).not.toContain('1234')
  })
})

describe('the shared device', () => {
  it('only a manager or the owner turns a device into the shared one', async () => {
    const restaurant = await seedOwner()
    const waiter = await seedMember(restaurant, 'waiter')
    expect((await getPage('/admin/devices', waiter.cookie)).status).toBe(403)
    expect((await postForm('/admin/devices', {}, waiter.cookie)).status).toBe(403)
    expect(
      await env.DB.prepare('SELECT device FROM auth_sessions WHERE user_id = ?').bind(waiter.userId).first(),
    ).toEqual({ device: 0 })
  })

  it('starts locked: pages go to the lock screen, which lists who has a PIN; the API refuses', async () => {
    const { tablet } = await floorTablet()
    expect((await getPage('/admin/dashboard', tablet)).headers.get('Location')).toBe('/admin/device')
    const lock = await (await getPage('/admin/device', tablet)).text()
    for (const name of ['Marta Gerente', 'Beto Mesero', 'Carla Mesera']) expect(lock).toContain(name)
    const api = await call('GET', '/api/tables/active', undefined, tablet)
    expect(api.status).toBe(401)
  })

  it('acts as whoever entered their PIN, with their role, until they lock it', async () => {
    const { tablet, waiter, manager, tableId } = await floorTablet()
    expect((await unlock(tablet, waiter.userId, '1234')).headers.get('Location')).toBe('/admin')
    const asWaiter = await textOf(await getPage('/admin/dashboard', tablet))
    expect(asWaiter).toContain('Beto Mesero · Mesero')
    // Every page of the tablet can lock it, the table's and the kitchen's as the dashboard; a member's own phone has none.
    for (const page of [`/admin/tables/${tableId}`, `/admin/tables/${tableId}/order`, '/admin/kitchen']) {
      const shown = await getPage(page, tablet)
      expect(shown.status).toBe(200)
      expect(await shown.text()).toContain('data-testid="lock"')
    }
    expect(await (await getPage(`/admin/tables/${tableId}`, waiter.cookie)).text()).not.toContain('data-testid="lock"')
    expect((await getPage('/admin/dashboard/analytics', tablet)).status).toBe(403)

    expect((await postForm('/admin/device', { intent: 'lock' }, tablet)).headers.get('Location')).toBe('/admin/device')
    expect((await getPage('/admin/dashboard', tablet)).headers.get('Location')).toBe('/admin/device')

    await unlock(tablet, manager.userId, '4321')
    expect(await textOf(await getPage('/admin/dashboard', tablet))).toContain('Marta Gerente · Gerente')
    expect((await getPage('/admin/dashboard/analytics', tablet)).status).toBe(200)
  })

  it('locks itself once the member’s idle time is over', async () => {
    const { tablet, waiter } = await floorTablet()
    await unlock(tablet, waiter.userId, '1234')
    expect((await getPage('/admin/dashboard', tablet)).status).toBe(200)
    // Their time, as if the minutes had passed without a request.
    await env.DB.prepare('UPDATE auth_sessions SET acting_until = ? WHERE device = 1 AND acting_user_id = ?')
      .bind(Date.now() - 1, waiter.userId)
      .run()
    expect((await getPage('/admin/dashboard', tablet)).headers.get('Location')).toBe('/admin/device')
    expect(await (await getPage('/admin/device', tablet)).text()).not.toContain('data-testid="device-acting"')
  })

  it('a wrong PIN opens nothing; five lock that member’s PIN for the window, the right one included, while others still enter', async () => {
    const { tablet, waiter, other } = await floorTablet()
    const wrong = await unlock(tablet, waiter.userId, '0000')
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain('Ese PIN no es correcto.')
    // Guesses sent at once cannot all slip under the limit.
    const guesses = await Promise.all(
      ['1111', '2222', '3333', '4444', '5555', '6666'].map((pin) => unlock(tablet, waiter.userId, pin)),
    )
    expect(guesses.filter((guess) => guess.status === 429).length).toBeGreaterThanOrEqual(2)
    const right = await unlock(tablet, waiter.userId, '1234')
    expect(right.status).toBe(429)
    expect(await right.text()).toContain('Demasiados PIN incorrectos')
    expect((await getPage('/admin/dashboard', tablet)).headers.get('Location')).toBe('/admin/device')

    expect((await unlock(tablet, other.userId, '987654')).headers.get('Location')).toBe('/admin')
  })

  it('a member of another restaurant, or one removed, cannot enter with their PIN', async () => {
    const { tablet, waiter } = await floorTablet()
    const elsewhere = await seedTable()
    const stranger = await seedMember(elsewhere.restaurantId, 'owner', 'Intrusa')
    await postForm('/admin/pin', { pin: '2468', confirm: '2468' }, stranger.cookie)
    expect((await unlock(tablet, stranger.userId, '2468')).status).toBe(401)

    await unlock(tablet, waiter.userId, '1234')
    await env.DB.prepare('DELETE FROM memberships WHERE user_id = ?').bind(waiter.userId).run()
    // Their turn at the device ends; the device itself stays the restaurant's.
    expect((await getPage('/admin/dashboard', tablet)).headers.get('Location')).toBe('/admin/device')
    expect((await unlock(tablet, waiter.userId, '1234')).status).toBe(401)
  })

  it('signing the device out ends its session', async () => {
    const { tablet } = await floorTablet()
    const out = await postForm('/admin/device', { intent: 'sign-out' }, tablet)
    expect(out.headers.get('Location')).toBe('/admin/login')
    expect((await getPage('/admin/device', tablet)).headers.get('Location')).toContain('/admin/login')
  })
})
