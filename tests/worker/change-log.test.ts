import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { ORIGIN, postForm, postJson, seedMember, seedOwner, type SeededMember } from './fixtures'
import { call, settingsForm } from './staff'

/*
 * What staff change outside a bill (the menu, the restaurant's settings,
 * how it takes payments) is written to the change_log, signed by the member
 * who did it: their id and their name as it was then.
 */

const logOf = async (restaurantId: string) =>
  (
    await env.DB.prepare(
      'SELECT action, subject, user_id AS userId, actor_name AS name FROM change_log WHERE restaurant_id = ? ORDER BY created_at, rowid',
    )
      .bind(restaurantId)
      .all()
  ).results

const by = (member: SeededMember) => ({ userId: member.userId, name: member.name })

describe('the change log', () => {
  it('signs a manager’s menu changes, from the menu screens’ forms and from the API', async () => {
    const restaurantId = await seedOwner()
    const manager = await seedMember(restaurantId, 'manager', 'Sofía Gerente')
    const created = await postForm(
      '/admin/menu-builder',
      { intent: 'menu.create', name: 'Desayunos', type: 'breakfast', description: '' },
      manager.cookie,
    )
    expect(created.status).toBe(302)
    const [menu] = (await env.DB.prepare('SELECT id FROM menus WHERE restaurant_id = ?').bind(restaurantId).all())
      .results as { id: string }[]
    const category = await postJson(
      '/api/categories',
      { name: 'Huevos', menuId: menu!.id },
      { headers: { Cookie: manager.cookie, Origin: ORIGIN } },
    )
    expect(category.status).toBe(201)
    const { id: categoryId } = await category.json<{ id: string }>()
    expect(
      (await call('PUT', `/api/menus/${menu!.id}`, { name: 'Almuerzos', type: 'lunch' }, manager.cookie)).status,
    ).toBe(200)
    expect((await call('DELETE', `/api/categories/${categoryId}`, undefined, manager.cookie)).status).toBe(200)

    expect(await logOf(restaurantId)).toEqual([
      { action: 'menu.create', subject: menu!.id, ...by(manager) },
      { action: 'menu.category.create', subject: categoryId, ...by(manager) },
      { action: 'menu.update', subject: menu!.id, ...by(manager) },
      { action: 'menu.category.delete', subject: categoryId, ...by(manager) },
    ])
  })

  it('signs the owner’s settings and payment choices; a refused change writes nothing', async () => {
    const restaurantId = await seedOwner()
    const owner = await seedMember(restaurantId, 'owner', 'Lupe Dueña')
    const waiter = await seedMember(restaurantId, 'waiter')
    const settings = settingsForm()
    expect((await postForm('/admin/dashboard/settings', settings, waiter.cookie)).status).toBe(403)
    expect((await postForm('/admin/dashboard/settings', settings, owner.cookie)).status).toBe(302)
    expect(
      (
        await postForm(
          '/admin/dashboard/settings',
          { intent: 'unconnected', unconnectedPayments: 'demo' },
          owner.cookie,
        )
      ).status,
    ).toBe(302)
    expect(
      (
        await call(
          'POST',
          '/api/auth/setup-restaurant',
          {
            restaurantName: 'Fonda Doña Lupe',
            restaurantType: 'casual',
            restaurantCuisine: 'mexican',
            restaurantAddress: 'Av. Juárez 100, Tijuana',
            restaurantPhone: '6641234567',
            restaurantEmail: 'lupe@example.com',
          },
          owner.cookie,
        )
      ).status,
    ).toBe(200)

    expect(await logOf(restaurantId)).toEqual([
      { action: 'settings.update', subject: restaurantId, ...by(owner) },
      { action: 'payouts.unconnected', subject: restaurantId, ...by(owner) },
      { action: 'restaurant.update', subject: restaurantId, ...by(owner) },
    ])
  })
})
