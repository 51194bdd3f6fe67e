import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  delivered,
  drawnPage,
  getJson,
  getPage,
  modifierGroupStatements,
  postForm,
  seedMenu,
  seedOwner,
  seedTable,
  staffCookieOf,
} from './fixtures'

/*
 * A restaurant's modifier groups, written once in the menu builder and
 * offered on several dishes: through the builder's forms as staff send them
 * and the menu and cart forms as a diner sends them, without JavaScript.
 */

const ENGLISH = { 'Accept-Language': 'en-US,en;q=0.9' }

async function kitchenWithTwoDishes() {
  const table = await seedTable()
  const [taco, gringa] = (await seedMenu(table.restaurantId, [
    { name: 'Taco al pastor', priceCents: 3250 },
    { name: 'Gringa', priceCents: 8550 },
  ])) as [string, string]
  const { menuId, categoryId } = (await env.DB.prepare(
    'SELECT c.menu_id AS menuId, c.id AS categoryId FROM categories c JOIN menu_items i ON i.category_id = c.id WHERE i.id = ?',
  )
    .bind(taco)
    .first<{ menuId: string; categoryId: string }>())!
  const owner = await staffCookieOf(table.restaurantId, 'owner')
  const builder = `/admin/menu-builder/${menuId}`
  const send = (fields: Record<string, string> | [string, string][], cookie = owner) =>
    postForm(`${builder}?tab=modifiers`, fields, cookie)
  /** The dish form as the builder draws it for an edit: its words and price kept, these groups ticked. */
  const offer = (item: string, name: string, price: string, groupIds: string[], cookie = owner) =>
    postForm(
      `${builder}?tab=items&edit=item:${item}`,
      [
        ['intent', 'item.update'],
        ['id', item],
        ['name', name],
        ['price', price],
        ['categoryId', categoryId],
        ['modifierGroupIds', ''],
        ...groupIds.map((id): [string, string] => ['modifierGroupIds', id]),
      ],
      cookie,
    )
  return { table, taco, gringa, menuId, categoryId, owner, builder, send, offer }
}

const groupId = async (restaurantId: string, name: string) =>
  (await env.DB.prepare('SELECT id FROM modifier_groups WHERE restaurant_id = ? AND name = ?')
    .bind(restaurantId, name)
    .first<{ id: string }>())!.id
const optionRow = (groupId: string, name: string) =>
  env.DB.prepare(
    'SELECT id, name, name_en AS nameEn, price_adjustment_cents AS cents, sold_out AS soldOut, position FROM modifier_options WHERE modifier_group_id = ? AND name = ?',
  )
    .bind(groupId, name)
    .first<{ id: string; name: string; nameEn: string | null; cents: number; soldOut: number; position: number }>()

/** A Salsa group (Verde by default, Habanero +$5) made through the builder's forms and offered on both dishes. */
async function salsaOnBoth() {
  const kitchen = await kitchenWithTwoDishes()
  const { table, send, offer, taco, gringa } = kitchen
  expect((await send({ intent: 'group.create', name: 'Salsa', nameEn: 'Sauce', required: 'on' })).status).toBe(302)
  const salsa = await groupId(table.restaurantId, 'Salsa')
  for (const option of [
    { name: 'Verde', nameEn: 'Green', priceAdjustment: '', isDefault: 'on' } as Record<string, string>,
    { name: 'Habanero', nameEn: 'Habanero (very hot)', priceAdjustment: '5' },
  ])
    expect((await send({ intent: 'option.create', modifierGroupId: salsa, ...option })).status).toBe(302)
  expect((await offer(taco, 'Taco al pastor', '32.50', [salsa])).status).toBe(302)
  expect((await offer(gringa, 'Gringa', '85.50', [salsa])).status).toBe(302)
  const habanero = (await optionRow(salsa, 'Habanero'))!
  return { ...kitchen, salsa, habanero }
}

/** Both dishes with habanero, added from the menu's sheet and ordered from the cart's form, as a diner without JavaScript. */
async function orderBothWithHabanero(sessionId: string, dishes: string[], salsa: string, habanero: string) {
  let cart = ''
  for (const item of dishes) {
    const added = await postForm(
      `/customer/menu/${sessionId}`,
      [
        ['item', item],
        [`options.${salsa}`, habanero],
      ],
      cart,
    )
    expect(added.status).toBe(302)
    cart = added.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((cookie) => cookie.startsWith(`mesa_cart_${sessionId}=`))!
  }
  return postForm(
    `/customer/cart/${sessionId}`,
    {
      intent: 'order',
      ...Object.fromEntries(
        dishes.flatMap((item, index) => [
          [`items[${index}].menuItemId`, item],
          [`items[${index}].optionIds[0]`, habanero],
          [`items[${index}].quantity`, '1'],
        ]),
      ),
    },
    cart,
  )
}

const billLines = async (sessionId: string) =>
  (
    (await (await getJson(`/api/tables/session/${sessionId}`)).json()) as {
      items: { name: string; description: string | null; price: number }[]
    }
  ).items.map(({ name, description, price }) => ({ name, description, price }))

describe('modifier groups shared by dishes', () => {
  it('a group written once is offered on two dishes, and the same option costs the same extra on both', async () => {
    const { table, taco, gringa, salsa, habanero } = await salsaOnBoth()
    const sheets = await Promise.all(
      [taco, gringa].map(async (item) => drawnPage(await getPage(`/customer/menu/${table.sessionId}?item=${item}`))),
    )
    for (const sheet of sheets) expect(sheet).toMatch(/Habanero<\/span><span[^>]*>\+\$5\.00/)

    expect((await orderBothWithHabanero(table.sessionId, [taco, gringa], salsa, habanero.id)).status).toBe(302)
    expect(await billLines(table.sessionId)).toEqual([
      { name: 'Taco al pastor', description: 'Salsa: Habanero', price: 37.5 },
      { name: 'Gringa', description: 'Salsa: Habanero', price: 90.5 },
    ])
  })

  it('an English diner reads the group and its options in English, and a name left in Spanish is marked so', async () => {
    const { table, taco, salsa, send } = await salsaOnBoth()
    expect(
      (await send({ intent: 'option.create', modifierGroupId: salsa, name: 'Roja', priceAdjustment: '' })).status,
    ).toBe(302)
    const sheet = await drawnPage(await getPage(`/customer/menu/${table.sessionId}?item=${taco}`, undefined, ENGLISH))
    expect(sheet).toContain('>Sauce</span>')
    expect(sheet).toContain('>Green</span>')
    expect(sheet).toContain('>Habanero (very hot)</span>')
    expect(sheet).toContain('<span class="flex-1" lang="es">Roja</span>')
    expect(sheet).not.toContain('>Verde<')
    expect(sheet).not.toContain('>Salsa<')
  })

  it('the bill an English diner reads names what they ordered in English, as it was ordered; the kitchen and the Spanish bill keep the Spanish', async () => {
    const { table, taco, gringa, salsa, habanero, builder, categoryId, owner } = await salsaOnBoth()
    // The taco gets an English name through the dish's form; the gringa has none.
    const named = await postForm(
      `${builder}?tab=items&edit=item:${taco}`,
      [
        ['intent', 'item.update'],
        ['id', taco],
        ['name', 'Taco al pastor'],
        ['nameEn', 'Pastor taco'],
        ['price', '32.50'],
        ['categoryId', categoryId],
        ['modifierGroupIds', salsa],
      ],
      owner,
    )
    expect(named.status).toBe(302)
    expect((await orderBothWithHabanero(table.sessionId, [taco, gringa], salsa, habanero.id)).status).toBe(302)
    // Renamed after the order, the dish does not rename what was ordered.
    expect(
      (
        await postForm(
          `${builder}?tab=modifiers`,
          { intent: 'group.update', id: salsa, name: 'Salsa', nameEn: 'Hot sauce', required: 'on' },
          owner,
        )
      ).status,
    ).toBe(302)

    const english = await drawnPage(await getPage(`/customer/table/${table.sessionId}`, undefined, ENGLISH))
    expect(english).toContain('<p class="font-semibold">Pastor taco</p>')
    expect(english).toContain('<p class="font-semibold" lang="es">Gringa</p>')
    expect(english.match(/>Sauce: Habanero \(very hot\)</g)).toHaveLength(2)
    expect(english).not.toMatch(/>Taco al pastor<|Salsa: Habanero|Hot sauce/)
    const payItems = await drawnPage(await getPage(`/customer/pay-items/${table.sessionId}`, undefined, ENGLISH))
    expect(payItems).toContain('<span>Pastor taco</span>')
    expect(payItems).toContain('<span lang="es">Gringa</span>')
    expect(payItems).not.toContain('Salsa: Habanero')

    const spanish = await drawnPage(await getPage(`/customer/table/${table.sessionId}`))
    expect(spanish).toContain('<p class="font-semibold">Taco al pastor</p>')
    expect(spanish.match(/>Salsa: Habanero</g)).toHaveLength(2)
    expect(spanish).not.toMatch(/Pastor taco|very hot/)

    const items = (
      (await (await getJson(`/api/tables/session/${table.sessionId}`)).json()) as {
        items: { name: string; nameEn: string | null; description: string; descriptionEn: string | null }[]
      }
    ).items.map(({ name, nameEn, description, descriptionEn }) => ({ name, nameEn, description, descriptionEn }))
    expect(items).toEqual([
      {
        name: 'Taco al pastor',
        nameEn: 'Pastor taco',
        description: 'Salsa: Habanero',
        descriptionEn: 'Sauce: Habanero (very hot)',
      },
      { name: 'Gringa', nameEn: null, description: 'Salsa: Habanero', descriptionEn: 'Sauce: Habanero (very hot)' },
    ])
    await delivered(table.sessionId)
    const kitchen = await staffCookieOf(table.restaurantId, 'kitchen')
    const board = await drawnPage(await getPage('/admin/kitchen', kitchen, ENGLISH))
    expect(board).toContain('Taco al pastor')
    expect(board).toContain('Salsa: Habanero')
    expect(board).not.toMatch(/Pastor taco|very hot/)
  })

  it('an option changed where it is listed reaches every dish at once, keeping its id; sold out, nobody orders it', async () => {
    const { table, taco, gringa, salsa, habanero, send } = await salsaOnBoth()
    const changed = await send({
      intent: 'option.update',
      id: habanero.id,
      groupId: salsa,
      name: 'Habanero',
      nameEn: 'Habanero (very hot)',
      priceAdjustment: '7',
    })
    expect(changed.status).toBe(302)
    // Without JavaScript the page comes back at the group's card.
    expect(changed.headers.get('Location')).toMatch(new RegExp(`\\?tab=modifiers#group-${salsa}$`))
    expect(await optionRow(salsa, 'Habanero')).toMatchObject({ id: habanero.id, cents: 700, soldOut: 0 })
    for (const item of [taco, gringa])
      expect(await drawnPage(await getPage(`/customer/menu/${table.sessionId}?item=${item}`))).toMatch(
        /Habanero<\/span><span[^>]*>\+\$7\.00/,
      )

    await send({ intent: 'option.update', id: habanero.id, name: 'Habanero', priceAdjustment: '7', soldOut: 'on' })
    const sheet = await drawnPage(await getPage(`/customer/menu/${table.sessionId}?item=${taco}`))
    expect(sheet).toMatch(new RegExp(`<input[^>]*disabled=""[^>]*value="${habanero.id}"`))
    expect(sheet).toContain('data-testid="option-sold-out"')
    const added = await postForm(`/customer/menu/${table.sessionId}`, [
      ['item', taco],
      [`options.${salsa}`, habanero.id],
    ])
    expect(added.status).toBe(302)
    expect(added.headers.getSetCookie().some((cookie) => cookie.startsWith(`mesa_cart_${table.sessionId}=`))).toBe(
      false,
    )
    // A cart filled before it sold out is refused whole when ordered.
    const ordered = await postForm(`/customer/cart/${table.sessionId}`, {
      intent: 'order',
      'items[0].menuItemId': taco,
      'items[0].optionIds[0]': habanero.id,
      'items[0].quantity': '1',
    })
    expect(ordered.status).toBe(400)
    expect(await billLines(table.sessionId)).toEqual([])
  })
})

describe('the builder’s forms for groups, options and the order of things', () => {
  const offered = (item: string) =>
    env.DB.prepare('SELECT modifier_group_id AS id FROM menu_item_modifier_groups WHERE menu_item_id = ?')
      .bind(item)
      .all<{ id: string }>()
      .then((rows) => rows.results.map((row) => row.id))

  it('unticking every group takes them off the dish; another restaurant’s group is passed over', async () => {
    const { taco, salsa, offer } = await salsaOnBoth()
    const stranger = crypto.randomUUID()
    await env.DB.batch(modifierGroupStatements(await seedOwner(), [], { id: stranger, name: 'Ajena', options: [] }))
    expect((await offer(taco, 'Taco al pastor', '32.50', [salsa, stranger])).status).toBe(302)
    expect(await offered(taco)).toEqual([salsa])
    expect((await offer(taco, 'Taco al pastor', '32.50', [])).status).toBe(302)
    expect(await offered(taco)).toEqual([])
  })

  it('moves a group, an option, a category and a dish by a step or to a place, and every dish reads the new order', async () => {
    const { table, taco, salsa, send, menuId, categoryId, owner, builder } = await salsaOnBoth()
    await send({ intent: 'group.create', name: 'Extras', multipleSelect: 'on' })
    const extras = await groupId(table.restaurantId, 'Extras')
    await env.DB.prepare('INSERT INTO menu_item_modifier_groups (menu_item_id, modifier_group_id) VALUES (?, ?)')
      .bind(taco, extras)
      .run()
    const legends = async () =>
      [
        ...(await drawnPage(await getPage(`/customer/menu/${table.sessionId}?item=${taco}`))).matchAll(
          /<legend[^>]*><span class="font-bold"[^>]*>([^<]+)</g,
        ),
      ].map((match) => match[1])
    expect(await legends()).toEqual(['Salsa', 'Extras'])
    expect((await send({ intent: 'group.move', id: extras, to: 'up' })).status).toBe(302)
    expect(await legends()).toEqual(['Extras', 'Salsa'])

    expect((await send({ intent: 'option.move', id: (await optionRow(salsa, 'Habanero'))!.id, to: '0' })).status).toBe(
      302,
    )
    expect((await optionRow(salsa, 'Habanero'))!.position).toBe(0)
    expect((await optionRow(salsa, 'Verde'))!.position).toBe(1)

    await env.DB.prepare(`INSERT INTO categories (id, menu_id, name, position) VALUES (?, ?, 'Bebidas', 1)`)
      .bind(crypto.randomUUID(), menuId)
      .run()
    const drinks = (await env.DB.prepare(`SELECT id FROM categories WHERE name = 'Bebidas' AND menu_id = ?`)
      .bind(menuId)
      .first<{ id: string }>())!.id
    expect((await postForm(builder, { intent: 'category.move', id: drinks, to: 'up' }, owner)).status).toBe(302)
    expect((await postForm(`${builder}?tab=items`, { intent: 'item.move', id: taco, to: 'down' }, owner)).status).toBe(
      302,
    )
    const chips = [
      ...(await drawnPage(await getPage(`/customer/menu/${table.sessionId}`))).matchAll(
        /href="#category-[^"]+"[^>]*>([^<]+)</g,
      ),
    ]
    expect(chips.map((match) => match[1])).toEqual(['Bebidas', 'Platos'])
    const dishes = await env.DB.prepare('SELECT name FROM menu_items WHERE category_id = ? ORDER BY position')
      .bind(categoryId)
      .all<{ name: string }>()
    expect(dishes.results.map((row) => row.name)).toEqual(['Gringa', 'Taco al pastor'])
  })

  it.each([
    ['manager', 302],
    ['waiter', 403],
    ['kitchen', 403],
  ] as const)('a %s sends the group and option forms: %i', async (role, status) => {
    const { table, salsa, habanero, send } = await salsaOnBoth()
    const cookie = await staffCookieOf(table.restaurantId, role)
    const forms: Record<string, string>[] = [
      { intent: 'group.update', id: salsa, name: 'Salsas', required: 'on' },
      { intent: 'option.update', id: habanero.id, name: 'Habanero', priceAdjustment: '9' },
      { intent: 'option.create', modifierGroupId: salsa, name: 'Macha', priceAdjustment: '' },
      { intent: 'group.move', id: salsa, to: 'down' },
      { intent: 'option.move', id: habanero.id, to: 'up' },
    ]
    for (const form of forms) expect((await send(form, cookie)).status, `${role} ${form.intent}`).toBe(status)
    const cents = (await optionRow(await groupId(table.restaurantId, status === 302 ? 'Salsas' : 'Salsa'), 'Habanero'))!
      .cents
    expect(cents).toBe(status === 302 ? 900 : 500)
  })

  it.each([
    [{ intent: 'option.update', name: 'Habanero', priceAdjustment: '-3' }, 'El precio extra debe ser 0 o más'],
    [{ intent: 'option.update', name: '', priceAdjustment: '5' }, 'El nombre de la opción es obligatorio'],
    [{ intent: 'option.move', to: 'sideways' }, 'No se pudo cambiar el orden'],
  ])('refuses %j with its message and changes nothing', async (fields, message) => {
    const { salsa, habanero, send } = await salsaOnBoth()
    const refused = await send({ id: habanero.id, ...fields })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain(message)
    expect(await optionRow(salsa, 'Habanero')).toMatchObject({ cents: 500, position: 1, nameEn: 'Habanero (very hot)' })
  })

  it('two people saving one option at once leave it whole, as one of them sent it; moves at once leave every place taken once', async () => {
    const { salsa, habanero, send } = await salsaOnBoth()
    const edits = [
      { name: 'Habanero', nameEn: 'Habanero', priceAdjustment: '6' },
      { name: 'Habanero tatemado', nameEn: 'Charred habanero', priceAdjustment: '8' },
    ]
    const answers = await Promise.all(edits.map((edit) => send({ intent: 'option.update', id: habanero.id, ...edit })))
    expect(answers.map((answer) => answer.status)).toEqual([302, 302])
    const kept = (await env.DB.prepare(
      'SELECT name, name_en AS nameEn, price_adjustment_cents AS cents FROM modifier_options WHERE id = ?',
    )
      .bind(habanero.id)
      .first())!
    expect([
      { name: 'Habanero', nameEn: 'Habanero', cents: 600 },
      { name: 'Habanero tatemado', nameEn: 'Charred habanero', cents: 800 },
    ]).toContainEqual(kept)

    for (const name of ['Roja', 'Macha', 'Cacahuate'])
      await send({ intent: 'option.create', modifierGroupId: salsa, name, priceAdjustment: '' })
    const ids = (
      await env.DB.prepare('SELECT id FROM modifier_options WHERE modifier_group_id = ?')
        .bind(salsa)
        .all<{ id: string }>()
    ).results.map((row) => row.id)
    await Promise.all(ids.map((id, index) => send({ intent: 'option.move', id, to: String(ids.length - 1 - index) })))
    const places = (
      await env.DB.prepare('SELECT position FROM modifier_options WHERE modifier_group_id = ? ORDER BY position')
        .bind(salsa)
        .all<{ position: number }>()
    ).results.map((row) => row.position)
    expect(places).toEqual([0, 1, 2, 3, 4])
  })
})
