import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { ORIGIN } from './fixtures'
import { call, signedInOwner } from './staff'

type Menu = {
  id: string
  name: string
  description: string | null
  type: string
  pdfUrl: string | null
  pdfName: string | null
}
type Category = {
  id: string
  name: string
  menuId: string
  menuItems: { id: string; name: string; price: number; categoryId: string; category: string }[]
}
type Group = {
  id: string
  name: string
  required: boolean
  multipleSelect: boolean
  options: { id: string; name: string; priceAdjustment: number; isDefault: boolean }[]
}

const body = async <T>(response: Response, status: number): Promise<T> => {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as T
}

/** An owner with one menu, one category, one item with a required group of two options. */
async function ownerWithMenu() {
  const owner = await signedInOwner()
  const menu = await body<Menu>(
    await call('POST', '/api/menus', { name: ' Comida ', description: 'De 1 a 5', type: 'lunch' }, owner.cookie),
    201,
  )
  const category = await body<Category>(
    await call('POST', '/api/categories', { name: 'Tacos', menuId: menu.id }, owner.cookie),
    201,
  )
  const item = await body<{ id: string; price: number }>(
    await call(
      'POST',
      '/api/menu-items',
      { name: 'Taco de suadero', description: 'Con cebolla y cilantro', price: 3550, categoryId: category.id },
      owner.cookie,
    ),
    201,
  )
  const group = await body<Group>(
    await call(
      'POST',
      '/api/modifier-groups',
      { name: 'Tortilla', required: true, multipleSelect: false, menuItemId: item.id },
      owner.cookie,
    ),
    201,
  )
  const option = await body<{ id: string }>(
    await call(
      'POST',
      '/api/modifier-options',
      { name: 'Maíz', priceAdjustment: 0, isDefault: true, modifierGroupId: group.id },
      owner.cookie,
    ),
    201,
  )
  const extra = await body<{ id: string }>(
    await call(
      'POST',
      '/api/modifier-options',
      { name: 'Harina', priceAdjustment: 500, modifierGroupId: group.id },
      owner.cookie,
    ),
    201,
  )
  return { owner, menu, category, item, group, option, extra }
}

const count = async (table: string, column: string, id: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`).bind(id).first<{ n: number }>())?.n

describe('menus, categories, items and modifiers API', () => {
  it('builds a menu and reads it back, prices in cents both ways', async () => {
    const { owner, menu, category, item, group } = await ownerWithMenu()
    expect(menu).toMatchObject({ name: 'Comida', description: 'De 1 a 5', type: 'lunch', pdfUrl: null })
    expect(await body<Menu[]>(await call('GET', '/api/menus/my-menus', undefined, owner.cookie), 200)).toEqual([menu])
    expect(await body<Menu>(await call('GET', `/api/menus/${menu.id}`, undefined, owner.cookie), 200)).toEqual(menu)
    const categories = await body<Category[]>(
      await call('GET', `/api/categories-with-items?menuId=${menu.id}`, undefined, owner.cookie),
      200,
    )
    expect(categories).toEqual([
      {
        id: category.id,
        name: 'Tacos',
        description: null,
        nameEn: null,
        descriptionEn: null,
        menuId: menu.id,
        menuItems: [
          {
            id: item.id,
            name: 'Taco de suadero',
            description: 'Con cebolla y cilantro',
            nameEn: null,
            descriptionEn: null,
            price: 3550,
            categoryId: category.id,
            tags: [],
            soldOut: false,
            photo: null,
            category: 'Tacos',
          },
        ],
      },
    ])
    expect(
      await body<Category[]>(await call('GET', '/api/categories-with-items', undefined, owner.cookie), 200),
    ).toHaveLength(1)
    const groups = await body<Group[]>(
      await call('GET', `/api/menu-items/${item.id}/modifier-groups`, undefined, owner.cookie),
      200,
    )
    expect(groups).toMatchObject([
      {
        id: group.id,
        name: 'Tortilla',
        required: true,
        multipleSelect: false,
        options: [
          { name: 'Maíz', priceAdjustment: 0, isDefault: true },
          { name: 'Harina', priceAdjustment: 500, isDefault: false },
        ],
      },
    ])

    const renamed = await body<Menu>(
      await call(
        'PUT',
        `/api/menus/${menu.id}`,
        { id: menu.id, name: 'Comida corrida', description: '', type: 'regular' },
        owner.cookie,
      ),
      200,
    )
    expect(renamed).toMatchObject({ name: 'Comida corrida', description: null, type: 'regular' })
    const edited = await body<{ price: number }>(
      await call(
        'PUT',
        `/api/menu-items/${item.id}`,
        { name: 'Taco de suadero', price: 3900, categoryId: category.id },
        owner.cookie,
      ),
      200,
    )
    expect(edited.price).toBe(3900)
    expect(await env.DB.prepare('SELECT price_cents FROM menu_items WHERE id = ?').bind(item.id).first()).toEqual({
      price_cents: 3900,
    })
    expect(
      await body<{ name: string }>(
        await call(
          'PUT',
          `/api/categories/${category.id}`,
          { name: 'Tacos de la casa', menuId: menu.id },
          owner.cookie,
        ),
        200,
      ),
    ).toMatchObject({ name: 'Tacos de la casa' })
  })

  it('serves the public menu a diner reads, with modifier groups, without a session', async () => {
    const { owner, item } = await ownerWithMenu()
    const response = await SELF.fetch(`${ORIGIN}/api/categories/with-items/${owner.restaurantId}`)
    const categories = await body<
      { name: string; menuItems: { id: string; price: number; modifierGroups: Group[] }[] }[]
    >(response, 200)
    expect(categories[0]?.menuItems[0]).toMatchObject({
      id: item.id,
      price: 3550,
      modifierGroups: [
        { name: 'Tortilla', required: true, options: [{ name: 'Maíz' }, { name: 'Harina', priceAdjustment: 500 }] },
      ],
    })
    expect(
      await body<unknown[]>(await SELF.fetch(`${ORIGIN}/api/categories/with-items/${crypto.randomUUID()}`), 200),
    ).toEqual([])
  })

  it.each([
    ['POST', '/api/menus', { name: '  ' }, 'El nombre del menú es obligatorio'],
    ['POST', '/api/menus', { name: 'Cena', type: 'brunch' }, 'Elige un tipo de menú'],
    ['POST', '/api/categories', { name: '' }, 'El nombre de la categoría es obligatorio'],
    ['POST', '/api/categories', { name: 'Postres' }, 'Debes seleccionar un menú primero'],
    ['POST', '/api/menu-items', { name: '', price: 100, categoryId: 'x' }, 'El nombre y el precio son obligatorios'],
    ['POST', '/api/menu-items', { name: 'Flan', price: 0, categoryId: 'x' }, 'El precio debe ser un número positivo'],
    [
      'POST',
      '/api/menu-items',
      { name: 'Flan', price: 12.5, categoryId: 'x' },
      'El precio debe ser un número positivo',
    ],
    [
      'POST',
      '/api/menu-items',
      { name: 'Flan', price: -100, categoryId: 'x' },
      'El precio debe ser un número positivo',
    ],
    ['POST', '/api/menu-items', { name: 'Flan', price: 100 }, 'Debes seleccionar una categoría'],
    ['POST', '/api/modifier-groups', { name: '', menuItemId: 'x' }, 'El nombre del grupo es obligatorio'],
    ['POST', '/api/modifier-options', { name: '', modifierGroupId: 'x' }, 'El nombre de la opción es obligatorio'],
    ['POST', '/api/modifier-options', { name: 'Queso' }, 'No hay un grupo de modificadores seleccionado'],
    [
      'POST',
      '/api/modifier-options',
      { name: 'Queso', priceAdjustment: -1, modifierGroupId: 'x' },
      'El precio extra debe ser 0 o más, con hasta 2 decimales',
    ],
  ])('%s %s %o → 400 %s, nothing stored', async (method, path, payload, message) => {
    const { owner } = await ownerWithMenu()
    const before = await count('menus', 'restaurant_id', owner.restaurantId)
    const response = await call(method, path, payload, owner.cookie)
    expect(await body<{ message: string }>(response, 400)).toMatchObject({ message })
    expect(await count('menus', 'restaurant_id', owner.restaurantId)).toBe(before)
  })

  it('answers in English when asked', async () => {
    const owner = await signedInOwner()
    const response = await call(
      'POST',
      '/api/menu-items?lng=en',
      { name: 'Flan', price: 0, categoryId: 'x' },
      owner.cookie,
    )
    expect(await body<{ message: string }>(response, 400)).toMatchObject({ message: 'Please enter a valid price' })
  })

  it('answers 401 to every endpoint without a session', async () => {
    const id = crypto.randomUUID()
    const calls: [string, string][] = [
      ['GET', '/api/menus/my-menus'],
      ['GET', `/api/menus/${id}`],
      ['POST', '/api/menus'],
      ['PUT', `/api/menus/${id}`],
      ['DELETE', `/api/menus/${id}`],
      ['GET', '/api/categories-with-items'],
      ['POST', '/api/categories'],
      ['PUT', `/api/categories/${id}`],
      ['DELETE', `/api/categories/${id}`],
      ['POST', '/api/menu-items'],
      ['PUT', `/api/menu-items/${id}`],
      ['DELETE', `/api/menu-items/${id}`],
      ['GET', `/api/menu-items/${id}/modifier-groups`],
      ['POST', '/api/modifier-groups'],
      ['DELETE', `/api/modifier-groups/${id}`],
      ['POST', '/api/modifier-options'],
      ['DELETE', `/api/modifier-options/${id}`],
      ['POST', '/api/menus/upload-pdf'],
      ['DELETE', `/api/menus/${id}/pdf`],
    ]
    for (const [method, path] of calls) {
      const response = await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' })
      expect(response.status, `${method} ${path}`).toBe(401)
      expect(await response.json()).toHaveProperty('message')
    }
  })

  it('answers 404 to another owner for every id, and changes nothing', async () => {
    const { menu, category, item, group, option } = await ownerWithMenu()
    const intruder = await signedInOwner()
    const mine = await body<Menu>(await call('POST', '/api/menus', { name: 'Mío' }, intruder.cookie), 201)
    const myCategory = await body<Category>(
      await call('POST', '/api/categories', { name: 'Mía', menuId: mine.id }, intruder.cookie),
      201,
    )
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/menus/${menu.id}`],
      ['PUT', `/api/menus/${menu.id}`, { name: 'Robado' }],
      ['DELETE', `/api/menus/${menu.id}`],
      ['GET', `/api/categories-with-items?menuId=${menu.id}`],
      ['POST', '/api/categories', { name: 'Intrusa', menuId: menu.id }],
      ['PUT', `/api/categories/${category.id}`, { name: 'Robada', menuId: menu.id }],
      // Moving their own category into someone else's menu is refused too.
      ['PUT', `/api/categories/${myCategory.id}`, { name: 'Mía', menuId: menu.id }],
      ['DELETE', `/api/categories/${category.id}`],
      ['POST', '/api/menu-items', { name: 'Intruso', price: 100, categoryId: category.id }],
      ['PUT', `/api/menu-items/${item.id}`, { name: 'Robado', price: 100, categoryId: myCategory.id }],
      ['DELETE', `/api/menu-items/${item.id}`],
      ['GET', `/api/menu-items/${item.id}/modifier-groups`],
      ['POST', '/api/modifier-groups', { name: 'Intruso', menuItemId: item.id }],
      ['DELETE', `/api/modifier-groups/${group.id}`],
      ['POST', '/api/modifier-options', { name: 'Intrusa', modifierGroupId: group.id }],
      ['DELETE', `/api/modifier-options/${option.id}`],
      ['DELETE', `/api/menus/${menu.id}/pdf`],
    ]
    for (const [method, path, payload] of calls) {
      const response = await call(method, path, payload, intruder.cookie)
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(await response.json()).toEqual({ message: 'No encontramos eso entre tus menús.', code: 'NOT_FOUND' })
    }
    expect(await env.DB.prepare('SELECT name FROM menus WHERE id = ?').bind(menu.id).first()).toEqual({
      name: 'Comida',
    })
    expect(await env.DB.prepare('SELECT name, price_cents FROM menu_items WHERE id = ?').bind(item.id).first()).toEqual(
      { name: 'Taco de suadero', price_cents: 3550 },
    )
    expect(await count('categories', 'menu_id', menu.id)).toBe(1)
    expect(await count('menu_item_modifier_groups', 'menu_item_id', item.id)).toBe(1)
    expect(await count('modifier_options', 'modifier_group_id', group.id)).toBe(2)
  })

  it('deletes in cascade: an option, a group with its options, an item, a category with its items, a menu with its categories', async () => {
    const { owner, menu, category, item, group, option } = await ownerWithMenu()
    expect((await call('DELETE', `/api/modifier-options/${option.id}`, undefined, owner.cookie)).status).toBe(200)
    expect(await count('modifier_options', 'modifier_group_id', group.id)).toBe(1)
    expect((await call('DELETE', `/api/modifier-groups/${group.id}`, undefined, owner.cookie)).status).toBe(200)
    expect(await count('modifier_options', 'modifier_group_id', group.id)).toBe(0)

    const second = await body<{ id: string }>(
      await call('POST', '/api/menu-items', { name: 'Gringa', price: '85.50', categoryId: category.id }, owner.cookie),
      201,
    )
    expect(await env.DB.prepare('SELECT price_cents FROM menu_items WHERE id = ?').bind(second.id).first()).toEqual({
      price_cents: 8550,
    })
    const secondGroup = await body<{ id: string }>(
      await call('POST', '/api/modifier-groups', { name: 'Salsa', menuItemId: second.id }, owner.cookie),
      201,
    )
    await call('POST', '/api/modifier-options', { name: 'Verde', modifierGroupId: secondGroup.id }, owner.cookie)
    expect((await call('DELETE', `/api/menu-items/${item.id}`, undefined, owner.cookie)).status).toBe(200)
    expect(await count('menu_items', 'category_id', category.id)).toBe(1)

    expect((await call('DELETE', `/api/categories/${category.id}`, undefined, owner.cookie)).status).toBe(200)
    expect(await count('menu_items', 'category_id', category.id)).toBe(0)
    // The dish no longer offers its group; the group stays the restaurant's, with its option.
    expect(await count('menu_item_modifier_groups', 'menu_item_id', second.id)).toBe(0)
    expect(await count('modifier_options', 'modifier_group_id', secondGroup.id)).toBe(1)

    const other = await body<Category>(
      await call('POST', '/api/categories', { name: 'Bebidas', menuId: menu.id }, owner.cookie),
      201,
    )
    await call('POST', '/api/menu-items', { name: 'Horchata', price: 4000, categoryId: other.id }, owner.cookie)
    expect((await call('DELETE', `/api/menus/${menu.id}`, undefined, owner.cookie)).status).toBe(200)
    expect(await count('categories', 'menu_id', menu.id)).toBe(0)
    expect(await count('menu_items', 'category_id', other.id)).toBe(0)
    expect(await body<Menu[]>(await call('GET', '/api/menus/my-menus', undefined, owner.cookie), 200)).toEqual([])
  })
})

const pdfBytes = (size = 2048) => {
  const bytes = new Uint8Array(size).fill(32)
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'))
  return bytes
}

function upload(cookie: string, fields: { menuId: string; file?: Blob; fileName?: string }) {
  const form = new FormData()
  form.set('menuId', fields.menuId)
  if (fields.file) form.set('file', fields.file, fields.fileName ?? 'carta-de-temporada-2026.pdf')
  return SELF.fetch(`${ORIGIN}/api/menus/upload-pdf`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: ORIGIN },
    body: form,
  })
}

describe('PDF menus', () => {
  it('stores, serves, replaces and removes a menu’s PDF', async () => {
    const { owner, menu } = await ownerWithMenu()
    const stored = await body<Menu>(
      await upload(owner.cookie, { menuId: menu.id, file: new Blob([pdfBytes()], { type: 'application/pdf' }) }),
      200,
    )
    expect(stored).toMatchObject({ pdfUrl: `/api/menus/${menu.id}/pdf`, pdfName: 'carta-de-temporada-2026.pdf' })
    const served = await SELF.fetch(`${ORIGIN}${stored.pdfUrl}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('application/pdf')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdfBytes())

    await body<Menu>(
      await upload(owner.cookie, {
        menuId: menu.id,
        file: new Blob([pdfBytes(4096)], { type: 'application/pdf' }),
        fileName: 'nueva.pdf',
      }),
      200,
    )
    const objects = await env.MENU_PDFS.list({ prefix: `menus/${menu.id}/` })
    expect(objects.objects).toHaveLength(1)
    expect(objects.objects[0]?.size).toBe(4096)

    expect(
      await body<Menu>(await call('DELETE', `/api/menus/${menu.id}/pdf`, undefined, owner.cookie), 200),
    ).toMatchObject({ pdfUrl: null, pdfName: null })
    expect((await SELF.fetch(`${ORIGIN}/api/menus/${menu.id}/pdf`)).status).toBe(404)
    expect((await env.MENU_PDFS.list({ prefix: `menus/${menu.id}/` })).objects).toHaveLength(0)
  })

  it('refuses what is not a PDF, a PDF over 10 MB, a JSON call and another owner’s menu, storing nothing', async () => {
    const { owner, menu } = await ownerWithMenu()
    const intruder = await signedInOwner()
    const refusals: [Response, number, string][] = [
      [
        await upload(owner.cookie, {
          menuId: menu.id,
          file: new Blob(['hola'], { type: 'text/plain' }),
          fileName: 'menu.txt',
        }),
        415,
        'Solo se aceptan archivos PDF',
      ],
      [
        await upload(owner.cookie, { menuId: menu.id, file: new Blob(['<html>'], { type: 'application/pdf' }) }),
        415,
        'Solo se aceptan archivos PDF',
      ],
      [
        await upload(owner.cookie, {
          menuId: menu.id,
          file: new Blob([pdfBytes(10 * 1024 * 1024 + 1)], { type: 'application/pdf' }),
        }),
        413,
        'El PDF debe pesar 10 MB o menos',
      ],
      [await upload(owner.cookie, { menuId: menu.id }), 400, 'Elige un archivo PDF'],
      [
        await call('POST', '/api/menus/upload-pdf', { menuId: menu.id }, owner.cookie),
        415,
        'Envía el PDF como multipart/form-data con los campos menuId y file',
      ],
      [
        await upload(intruder.cookie, { menuId: menu.id, file: new Blob([pdfBytes()], { type: 'application/pdf' }) }),
        404,
        'No encontramos eso entre tus menús.',
      ],
    ]
    const codes: Record<number, string> = {
      400: 'INVALID_REQUEST',
      404: 'NOT_FOUND',
      413: 'PAYLOAD_TOO_LARGE',
      415: 'UNSUPPORTED_MEDIA_TYPE',
    }
    for (const [response, status, message] of refusals)
      expect(await body<{ message: string }>(response, status)).toEqual({ message, code: codes[status] })
    expect(await env.DB.prepare('SELECT pdf_key FROM menus WHERE id = ?').bind(menu.id).first()).toEqual({
      pdf_key: null,
    })
    expect((await env.MENU_PDFS.list({ prefix: `menus/${menu.id}/` })).objects).toHaveLength(0)
  })
})
