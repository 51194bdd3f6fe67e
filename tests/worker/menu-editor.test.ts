import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getPage, postForm } from './fixtures'
import { call, signedInOwner } from './staff'

const count = async (table: string, column: string, id: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`).bind(id).first<{ n: number }>())?.n

/** An owner with a menu holding one category with one item, made through the API. */
async function ownerWithMenu() {
  const owner = await signedInOwner()
  const menu = (await (await call('POST', '/api/menus', { name: 'Comida', type: 'lunch' }, owner.cookie)).json()) as {
    id: string
  }
  const category = (await (
    await call('POST', '/api/categories', { name: 'Tacos', menuId: menu.id }, owner.cookie)
  ).json()) as { id: string }
  const item = (await (
    await call(
      'POST',
      '/api/menu-items',
      { name: 'Taco de suadero', price: 3550, categoryId: category.id },
      owner.cookie,
    )
  ).json()) as { id: string }
  return { owner, menu, category, item }
}

describe('the one menu editor', () => {
  it('opens the menu it just created, in the bar of the restaurant’s menus', async () => {
    const owner = await signedInOwner()
    const created = await postForm(
      '/admin/menu-builder',
      { intent: 'menu.create', name: 'Desayunos', type: 'breakfast' },
      owner.cookie,
    )
    expect(created.status).toBe(302)
    const location = created.headers.get('Location') ?? ''
    expect(location).toMatch(/^\/admin\/menu-builder\/[0-9a-f-]{36}$/)
    const id = location.split('/').pop()
    expect(
      await env.DB.prepare('SELECT name, type FROM menus WHERE id = ? AND restaurant_id = ?')
        .bind(id, owner.restaurantId)
        .first(),
    ).toEqual({ name: 'Desayunos', type: 'breakfast' })

    const html = await (await getPage(location, owner.cookie)).text()
    for (const text of [
      'Mis menús',
      'Crear nuevo menú',
      `aria-current="page" class="inline-flex`,
      'Editar menú Desayunos',
      'Primero crea una categoría; los platillos van dentro de una.',
    ])
      expect(html, text).toContain(text)
  })

  it('asks for a first menu when there is none, and opens the first one otherwise', async () => {
    const owner = await signedInOwner()
    const empty = await getPage('/admin/menu-builder', owner.cookie)
    expect(empty.status).toBe(200)
    expect(await empty.text()).toContain('Todavía no tienes menús. Crea el primero.')
    const { owner: withMenu, menu } = await ownerWithMenu()
    const first = await getPage('/admin/menu-builder?tab=items', withMenu.cookie)
    expect(first.status).toBe(302)
    expect(first.headers.get('Location')).toBe(`/admin/menu-builder/${menu.id}?tab=items`)
  })

  it('answers the old addresses of the management page and the sidebar builder with the one editor', async () => {
    const { owner, menu, category } = await ownerWithMenu()
    const management = await getPage('/admin/menu-management?dialog=new', owner.cookie)
    expect(management.status).toBe(302)
    expect(management.headers.get('Location')).toBe('/admin/menu-builder?dialog=menu')
    const sidebar = await getPage(`/admin/menu?menu=${menu.id}&dialog=item&category=${category.id}`, owner.cookie)
    expect(sidebar.status).toBe(302)
    expect(sidebar.headers.get('Location')).toBe(`/admin/menu-builder/${menu.id}?dialog=item&category=${category.id}`)
    const anonymous = await getPage('/admin/menu-management')
    expect(anonymous.headers.get('Location')).toMatch(/^\/admin\/login\?redirectTo=/)
  })

  it('stores a price typed in pesos as cents, shows it in pesos and stays on the menu', async () => {
    const { owner, menu, category } = await ownerWithMenu()
    const editor = `/admin/menu-builder/${menu.id}`
    // The dialog's form posts to the page's own URL, with or without JavaScript.
    const opened = await (await getPage(`${editor}?tab=items&dialog=item&category=${category.id}`, owner.cookie)).text()
    expect(opened).toContain(`action="${editor}?tab=items&amp;dialog=item&amp;category=${category.id}"`)
    const created = await postForm(
      `${editor}?tab=items&dialog=item`,
      { intent: 'item.create', name: 'Taco al pastor', price: '32.50', categoryId: category.id },
      owner.cookie,
    )
    expect(created.status).toBe(302)
    expect(created.headers.get('Location')).toBe(`${editor}?tab=items`)
    expect(
      await env.DB.prepare('SELECT price_cents FROM menu_items WHERE category_id = ? AND name = ?')
        .bind(category.id, 'Taco al pastor')
        .first('price_cents'),
    ).toBe(3250)
    const html = await (await getPage(`${editor}?tab=items`, owner.cookie)).text()
    expect(html).toContain('$32.50')
    expect(html).toContain('$35.50')
  })

  it('answers the form’s Spanish messages with 400', async () => {
    const { owner, menu, category } = await ownerWithMenu()
    const cases: [Record<string, string>, string][] = [
      [{ intent: 'menu.create', name: ' ' }, 'El nombre del menú es obligatorio'],
      [{ intent: 'category.create', name: '', menuId: menu.id }, 'El nombre de la categoría es obligatorio'],
      [{ intent: 'category.create', name: 'Postres', menuId: '' }, 'Debes seleccionar un menú primero'],
      [
        { intent: 'item.create', name: '', price: '10', categoryId: category.id },
        'El nombre y el precio son obligatorios',
      ],
      [
        { intent: 'item.create', name: 'Flan', price: '0', categoryId: category.id },
        'El precio debe ser un número positivo',
      ],
      [{ intent: 'item.create', name: 'Flan', price: '45', categoryId: '' }, 'Debes seleccionar una categoría'],
    ]
    for (const [fields, message] of cases) {
      const response = await postForm(`/admin/menu-builder/${menu.id}`, fields, owner.cookie)
      expect(response.status, message).toBe(400)
      expect(await response.text(), message).toContain(message)
    }
    expect(await count('categories', 'menu_id', menu.id)).toBe(1)
    expect(await count('menu_items', 'category_id', category.id)).toBe(1)
  })

  it('deleting the open menu, with everything in it, leads to the next one', async () => {
    const { owner, menu, category } = await ownerWithMenu()
    const deleted = await postForm(
      `/admin/menu-builder/${menu.id}`,
      { intent: 'menu.delete', id: menu.id },
      owner.cookie,
    )
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('Location')).toBe('/admin/menu-builder')
    expect(await count('categories', 'menu_id', menu.id)).toBe(0)
    expect(await count('menu_items', 'category_id', category.id)).toBe(0)
  })

  it('is for the owner only: another owner’s ids are 404 and change nothing; no session goes to sign in', async () => {
    const { owner, menu, category, item } = await ownerWithMenu()
    const intruder = await signedInOwner()
    expect((await getPage(`/admin/menu-builder/${menu.id}`, intruder.cookie)).status).toBe(404)
    expect((await getPage(`/admin/menu-builder/${menu.id}`, owner.cookie)).status).toBe(200)

    const attempts: Record<string, string>[] = [
      { intent: 'menu.update', id: menu.id, name: 'Robado', type: 'regular' },
      { intent: 'menu.delete', id: menu.id },
      { intent: 'category.create', name: 'Intrusa', menuId: menu.id },
      { intent: 'category.update', id: category.id, name: 'Robada', menuId: menu.id },
      { intent: 'category.delete', id: category.id },
      { intent: 'item.create', name: 'Intruso', price: '10', categoryId: category.id },
      { intent: 'item.update', id: item.id, name: 'Robado', price: '1', categoryId: category.id },
      { intent: 'item.delete', id: item.id },
    ]
    for (const fields of attempts)
      expect((await postForm('/admin/menu-builder', fields, intruder.cookie)).status, fields.intent).toBe(404)
    expect(await env.DB.prepare('SELECT name FROM menus WHERE id = ?').bind(menu.id).first('name')).toBe('Comida')
    expect(await env.DB.prepare('SELECT name FROM categories WHERE id = ?').bind(category.id).first('name')).toBe(
      'Tacos',
    )
    expect(await env.DB.prepare('SELECT name, price_cents FROM menu_items WHERE id = ?').bind(item.id).first()).toEqual(
      { name: 'Taco de suadero', price_cents: 3550 },
    )
    expect(await count('categories', 'menu_id', menu.id)).toBe(1)
    expect(await count('menu_items', 'category_id', category.id)).toBe(1)

    const anonymous = await getPage(`/admin/menu-builder/${menu.id}`)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toMatch(/^\/admin\/login\?redirectTo=/)
    expect((await postForm('/admin/menu-builder', { intent: 'menu.delete', id: menu.id })).status).toBe(302)
    expect(await count('menus', 'id', menu.id)).toBe(1)
  })
})
