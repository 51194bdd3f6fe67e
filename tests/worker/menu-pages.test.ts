import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getPage, ORIGIN, postForm } from './fixtures'
import { call, signedInOwner } from './staff'

const row = (sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first()

async function ownerWithCategory() {
  const owner = await signedInOwner()
  const menu = (await (await call('POST', '/api/menus', { name: 'Carta' }, owner.cookie)).json()) as { id: string }
  const category = (await (
    await call('POST', '/api/categories', { name: 'Tacos', menuId: menu.id }, owner.cookie)
  ).json()) as { id: string }
  return { owner, menu, category, builder: `/admin/menu-builder/${menu.id}` }
}

describe('the menu editor’s pages', () => {
  it('need a session, and open the first menu or ask for one', async () => {
    const anonymous = await getPage('/admin/menu-builder')
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toMatch(/^\/admin\/login\?redirectTo=/)
    const owner = await signedInOwner()
    expect((await getPage('/admin/menu-builder', owner.cookie)).status).toBe(200)
    const created = await postForm(
      '/admin/menu-builder',
      { intent: 'menu.create', name: 'Desayunos', type: 'breakfast', description: '' },
      owner.cookie,
    )
    expect(created.status).toBe(302)
    const builder = created.headers.get('Location') ?? ''
    expect(builder).toMatch(/^\/admin\/menu-builder\/[0-9a-f-]{36}$/)
    expect((await getPage('/admin/menu-builder', owner.cookie)).headers.get('Location')).toBe(builder)
    const html = await (await getPage(builder, owner.cookie)).text()
    for (const text of ['Desayunos', 'Desayuno', 'Editar menú Desayunos', 'Agregar categoría'])
      expect(html, text).toContain(text)
  })

  it('read typed pesos as pesos and checkboxes as booleans', async () => {
    const { owner, category, builder } = await ownerWithCategory()
    const made = await postForm(
      builder,
      { intent: 'item.create', name: 'Taco de suadero', description: '', price: '32.50', categoryId: category.id },
      owner.cookie,
    )
    expect(made.status).toBe(302)
    expect(made.headers.get('Location')).toBe(`${builder}?tab=items`)
    const item = (await row(
      'SELECT id, price_cents, description FROM menu_items WHERE category_id = ?',
      category.id,
    )) as { id: string; price_cents: number; description: string | null }
    expect(item).toMatchObject({ price_cents: 3250, description: null })

    await postForm(
      builder,
      { intent: 'group.create', name: 'Salsa', menuItemId: item.id, required: 'on' },
      owner.cookie,
    )
    const group = (await row(
      'SELECT g.id, g.required, g.multiple_select FROM modifier_groups g JOIN menu_item_modifier_groups l ON l.modifier_group_id = g.id WHERE l.menu_item_id = ?',
      item.id,
    )) as { id: string }
    expect(group).toMatchObject({ required: 1, multiple_select: 0 })
    const option = await postForm(
      builder,
      {
        intent: 'option.create',
        name: 'Verde',
        priceAdjustment: '',
        modifierGroupId: group.id,
        itemId: item.id,
        isDefault: 'on',
      },
      owner.cookie,
    )
    expect(option.headers.get('Location')).toBe(`${builder}?tab=modifiers#group-${group.id}`)
    await postForm(
      builder,
      {
        intent: 'option.create',
        name: 'Habanero',
        priceAdjustment: '12.5',
        modifierGroupId: group.id,
        itemId: item.id,
      },
      owner.cookie,
    )
    const options = await env.DB.prepare(
      'SELECT name, price_adjustment_cents, is_default FROM modifier_options WHERE modifier_group_id = ? ORDER BY created_at',
    )
      .bind(group.id)
      .all()
    expect(options.results).toEqual([
      { name: 'Verde', price_adjustment_cents: 0, is_default: 1 },
      { name: 'Habanero', price_adjustment_cents: 1250, is_default: 0 },
    ])
    const modifiers = await (await getPage(`${builder}?tab=modifiers`, owner.cookie)).text()
    for (const text of ['Lo ofrecen: Taco de suadero', 'Obligatorio', 'value="12.50"'])
      expect(modifiers, text).toContain(text)
  })

  // The form posts to the page as it is, its dialog open (?dialog=…), so a refused form comes back open, its error under the field.
  it.each([
    [
      'builder',
      '?tab=items&dialog=item',
      { intent: 'item.create', name: 'Flan', price: '0' },
      'El precio debe ser un número positivo',
    ],
    [
      'builder',
      '?tab=items&dialog=item',
      { intent: 'item.create', name: 'Flan', price: 'doce' },
      'El precio debe ser un número positivo',
    ],
    [
      'builder',
      '?tab=items&dialog=item',
      { intent: 'item.create', name: 'Flan', price: '12.345' },
      'El precio debe ser un número positivo',
    ],
    [
      'builder',
      '?tab=items&dialog=item',
      { intent: 'item.create', name: '', price: '12' },
      'El nombre y el precio son obligatorios',
    ],
    [
      'builder',
      '?dialog=category',
      { intent: 'category.create', name: ' ' },
      'El nombre de la categoría es obligatorio',
    ],
    ['builder', '?edit=menu:MENU', { intent: 'menu.update', name: '' }, 'El nombre del menú es obligatorio'],
    [
      'builder',
      '?tab=modifiers&dialog=group',
      { intent: 'group.create', name: '' },
      'El nombre del grupo es obligatorio',
    ],
    [
      'builder',
      '?tab=modifiers',
      { intent: 'option.create', name: 'Queso', priceAdjustment: '-1' },
      'El precio extra debe ser 0 o más, con hasta 2 decimales',
    ],
  ])('refuse on the %s %s: %o → %s', async (_where, search, fields, message) => {
    const { owner, menu, category, builder } = await ownerWithCategory()
    const item = (await (
      await call('POST', '/api/menu-items', { name: 'Taco', price: 3000, categoryId: category.id }, owner.cookie)
    ).json()) as { id: string }
    const group = (await (
      await call('POST', '/api/modifier-groups', { name: 'Salsa', menuItemId: item.id }, owner.cookie)
    ).json()) as { id: string }
    const path = `${builder}${search.replace('MENU', menu.id)}`
    const response = await postForm(
      path,
      {
        categoryId: category.id,
        menuId: menu.id,
        menuItemId: item.id,
        modifierGroupId: group.id,
        itemId: item.id,
        id: menu.id,
        ...fields,
      },
      owner.cookie,
    )
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain(`${message}</li>`)
    // The name comes back as typed: an empty one stays empty rather than going back to what is stored.
    const nameInput = /<input[^>]*name="name"[^>]*>/.exec(html)?.[0] ?? ''
    if (fields.name) expect(nameInput).toContain(`value="${fields.name}"`)
    else expect(nameInput).not.toContain('value=')
    expect(await row('SELECT count(*) AS n FROM menu_items WHERE category_id = ?', category.id)).toEqual({ n: 1 })
    expect(await row('SELECT count(*) AS n FROM modifier_options WHERE modifier_group_id = ?', group.id)).toEqual({
      n: 0,
    })
  })

  it('answer 404 for another owner’s menu and ids, changing nothing', async () => {
    const { category, menu, builder } = await ownerWithCategory()
    const intruder = await signedInOwner()
    expect((await getPage(builder, intruder.cookie)).status).toBe(404)
    const theirs = (await (await call('POST', '/api/menus', { name: 'Suya' }, intruder.cookie)).json()) as {
      id: string
    }
    const own = `/admin/menu-builder/${theirs.id}`
    const attempts: Record<string, string>[] = [
      { intent: 'category.delete', id: category.id },
      { intent: 'category.update', id: category.id, name: 'Robada', menuId: menu.id },
      { intent: 'menu.delete', id: menu.id },
      { intent: 'item.create', name: 'Intruso', price: '10', categoryId: category.id },
      { intent: 'pdf.remove', id: menu.id },
    ]
    for (const fields of attempts) {
      const response = await postForm(own, fields, intruder.cookie)
      expect(response.status, fields.intent).toBe(404)
    }
    expect(await row('SELECT name FROM categories WHERE id = ?', category.id)).toEqual({ name: 'Tacos' })
    expect(await row('SELECT count(*) AS n FROM menus WHERE id = ?', menu.id)).toEqual({ n: 1 })
  })

  it('store a PDF from the builder form and refuse a file that is not one', async () => {
    const { owner, menu, builder } = await ownerWithCategory()
    const send = (file: Blob, name: string) => {
      const form = new FormData()
      form.set('intent', 'pdf.upload')
      form.set('id', menu.id)
      form.set('file', file, name)
      return SELF.fetch(`${ORIGIN}${builder}`, {
        method: 'POST',
        headers: { Cookie: owner.cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host },
        body: form,
        redirect: 'manual',
      })
    }
    const refused = await send(new Blob(['no soy pdf'], { type: 'text/plain' }), 'menu.txt')
    expect(refused.status).toBe(415)
    expect(await refused.text()).toContain('Solo se aceptan archivos PDF')
    const stored = await send(new Blob(['%PDF-1.7\n'], { type: 'application/pdf' }), 'menu-de-temporada.pdf')
    expect(stored.status).toBe(302)
    expect(await row('SELECT pdf_name FROM menus WHERE id = ?', menu.id)).toEqual({ pdf_name: 'menu-de-temporada.pdf' })
    expect(await (await getPage(builder, owner.cookie)).text()).toContain('PDF actual: menu-de-temporada.pdf')
  })
})
