import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { drawnPage, getPage, modifierGroupStatements, ORIGIN, postForm, seedTable } from './fixtures'

interface DishSeed {
  name: string
  description?: string
  priceCents?: number
}

/** A restaurant's menu of several categories, in this order, each with its dishes: their ids by category name. */
async function seedCategories(restaurantId: string, categories: Record<string, DishSeed[]>) {
  const menuId = crypto.randomUUID()
  const ids: Record<string, { id: string; dishes: string[] }> = {}
  const statements = [
    env.DB.prepare(`INSERT INTO menus (id, restaurant_id, name) VALUES (?, ?, 'Carta')`).bind(menuId, restaurantId),
  ]
  for (const [position, [name, dishes]] of Object.entries(categories).entries()) {
    const id = crypto.randomUUID()
    ids[name] = { id, dishes: dishes.map(() => crypto.randomUUID()) }
    statements.push(
      env.DB.prepare(`INSERT INTO categories (id, menu_id, name, position) VALUES (?, ?, ?, ?)`).bind(
        id,
        menuId,
        name,
        position,
      ),
      ...dishes.map((dish, index) =>
        env.DB.prepare(
          `INSERT INTO menu_items (id, category_id, name, description, price_cents, position) VALUES (?, ?, ?, ?, ?, ?)`,
        ).bind(ids[name]!.dishes[index], id, dish.name, dish.description ?? null, dish.priceCents ?? 5000, index),
      ),
    )
  }
  await env.DB.batch(statements)
  return ids
}

/** The names of the dishes a page draws, in order. */
const dishesOn = (html: string) => [...html.matchAll(/data-testid="menu-item-name">([^<]+)</g)].map((match) => match[1])

/** The chips' links and names, in order. */
const chipsOn = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)"[^>]*class="inline-flex min-h-11[^>]*>([^<]+)</g)].map((match) => [
    match[1],
    match[2],
  ])

/** Where the open sheet's close button leads. */
const closeLinkOf = (html: string) =>
  /<a [^>]*aria-label="Cerrar"[^>]*>/
    .exec(html)?.[0]
    .match(/href="([^"]+)"/)?.[1]
    ?.replaceAll('&amp;', '&')

const many = (count: number, name: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => ({ name: name(index) }))

describe('the diner’s menu on one page', () => {
  it('draws every category as a section with its heading, the chips links to them, each price said per unit', async () => {
    const table = await seedTable()
    const menu = await seedCategories(table.restaurantId, {
      Tacos: [
        { name: 'Tacos al pastor', description: 'Tres tacos por orden, con piña', priceCents: 5500 },
        { name: 'Gringa', priceCents: 7000 },
      ],
      Bebidas: [{ name: 'Agua de jamaica', priceCents: 3500 }],
      Postres: [],
    })
    const html = await drawnPage(await getPage(`/customer/menu/${table.sessionId}`))
    for (const [name, { id }] of Object.entries(menu))
      expect(html).toMatch(new RegExp(`<section id="category-${id}"[^>]*><h2[^>]*>${name}</h2>`))
    expect(chipsOn(html)).toEqual(Object.entries(menu).map(([name, { id }]) => [`#category-${id}`, name]))
    expect(html).not.toContain('?category=')
    expect(dishesOn(html)).toEqual(['Tacos al pastor', 'Gringa', 'Agua de jamaica'])
    expect(html).toContain('No hay artículos en esta categoría.')
    const prices = [...html.matchAll(/data-testid="menu-item-price">([^]*?)<\/p>/g)].map((match) =>
      match[1]!.replace(/<[^>]+>/g, ''),
    )
    expect(prices).toEqual(['$55.00 por orden', '$70.00 c/u', '$35.00 c/u'])
    // Twenty dishes or fewer: one scroll reads them all, and no search is offered nor applied.
    expect(html).not.toContain('name="q"')
    const searched = await drawnPage(await getPage(`/customer/menu/${table.sessionId}?q=jamaica`))
    expect(dishesOn(searched)).toEqual(['Tacos al pastor', 'Gringa', 'Agua de jamaica'])

    const english = await drawnPage(await getPage(`/customer/menu/${table.sessionId}?lng=en`))
    expect(english).toMatch(/\$55\.00<\/span> <span[^>]*>per order</)
    expect(english).toMatch(/\$70\.00<\/span> <span[^>]*>each</)
  })

  it('takes an old link to one category to its section of the whole menu, an open sheet and the language kept', async () => {
    const table = await seedTable()
    const menu = await seedCategories(table.restaurantId, {
      Tacos: [{ name: 'Gringa' }],
      Bebidas: [{ name: 'Agua de jamaica' }],
    })
    const drinks = menu.Bebidas!
    const old = await getPage(`/customer/menu/${table.sessionId}?category=${drinks.id}`)
    expect(old.status).toBe(302)
    expect(old.headers.get('Location')).toBe(`/customer/menu/${table.sessionId}#category-${drinks.id}`)
    const landed = await drawnPage(await getPage(old.headers.get('Location')!.split('#')[0]!))
    expect(landed).toContain(`id="category-${drinks.id}"`)

    const sheet = await getPage(
      `/customer/menu/${table.sessionId}?category=${drinks.id}&item=${drinks.dishes[0]}&lng=en`,
    )
    expect(sheet.headers.get('Location')).toBe(
      `/customer/menu/${table.sessionId}?item=${drinks.dishes[0]}&lng=en#category-${drinks.id}`,
    )
  })

  it('the sheet of a dish closes back at the dish, and adding from it lands there', async () => {
    const table = await seedTable()
    const agua = (await seedCategories(table.restaurantId, { Bebidas: [{ name: 'Agua de jamaica' }] })).Bebidas!
      .dishes[0]!
    const sheet = await drawnPage(await getPage(`/customer/menu/${table.sessionId}?item=${agua}`))
    expect(closeLinkOf(sheet)).toBe(`/customer/menu/${table.sessionId}#item-${agua}`)
    expect(sheet).toContain(`id="item-${agua}"`)
    const added = await postForm(`/customer/menu/${table.sessionId}?item=${agua}`, { item: agua })
    expect(added.headers.get('Location')).toBe(`/customer/menu/${table.sessionId}#item-${agua}`)
  })

  it('tells an English diner without JavaScript what was added in English, the options too', async () => {
    const table = await seedTable()
    const taco = (await seedCategories(table.restaurantId, { Tacos: [{ name: 'Taco al pastor' }] })).Tacos!.dishes[0]!
    const [salsa, verde] = [crypto.randomUUID(), crypto.randomUUID()]
    await env.DB.batch(
      modifierGroupStatements(table.restaurantId, [taco], {
        id: salsa,
        name: 'Salsa',
        nameEn: 'Sauce',
        required: true,
        options: [{ id: verde, name: 'Verde', nameEn: 'Green', isDefault: true }],
      }),
    )
    await env.DB.prepare('UPDATE menu_items SET name_en = ? WHERE id = ?').bind('Al pastor taco', taco).run()
    const added = await postForm(`/customer/menu/${table.sessionId}?lng=en`, [
      ['item', taco],
      [`options.${salsa}`, verde],
      ['quantity', '2'],
    ])
    expect(added.status).toBe(302)
    const next = new URL(added.headers.get('Location')!, ORIGIN)
    next.searchParams.set('lng', 'en')
    const cookies = added.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .join('; ')
    const back = await drawnPage(await getPage(`${next.pathname}${next.search}`, cookies))
    expect(back.slice(back.indexOf('data-testid="toast"'))).toMatch(
      /^[^]*?Item added<\/p><p[^>]*>2 × Al pastor taco \(Sauce: Green\)</,
    )
  })
})

describe('the search of a menu over twenty dishes, without JavaScript', () => {
  it('narrows the menu to the dishes whose name or description holds the words, without accents', async () => {
    const table = await seedTable()
    const menu = await seedCategories(table.restaurantId, {
      Tacos: [
        { name: 'Tacos al pastor', description: 'Con piña y salsa verde' },
        ...many(10, (index) => `Taco ${index + 1}`),
      ],
      Bebidas: [{ name: 'Agua de jamaica' }, { name: 'Café de olla' }, ...many(8, (index) => `Refresco ${index + 1}`)],
    })
    const path = `/customer/menu/${table.sessionId}`
    const whole = await drawnPage(await getPage(path))
    expect(dishesOn(whole)).toHaveLength(21)
    expect(whole).toMatch(/<form method="get" role="search"[^>]*><input type="search"[^>]*name="q"/)
    expect(whole).toContain('>Buscar</button>')

    const pina = await drawnPage(await getPage(`${path}?q=PINA`))
    expect(dishesOn(pina)).toEqual(['Tacos al pastor'])
    expect(pina).toContain(`id="category-${menu.Tacos!.id}"`)
    expect(pina).not.toContain(`id="category-${menu.Bebidas!.id}"`)
    expect(pina).toMatch(/name="q"[^>]*value="PINA"|value="PINA"[^>]*name="q"/)
    expect(dishesOn(await drawnPage(await getPage(`${path}?q=cafe`)))).toEqual(['Café de olla'])

    const none = await drawnPage(await getPage(`${path}?q=sushi`))
    expect(dishesOn(none)).toEqual([])
    expect(none).toMatch(/data-testid="no-results"[^]*Ningún platillo coincide con «sushi»/)
    expect(none).toContain(`href="${path}">Ver todo el menú</a>`)

    // A dish's sheet opened from a search closes back to it; adding is done with the search, back on the whole menu at the dish.
    const jamaica = menu.Bebidas!.dishes[0]!
    const sheet = await drawnPage(await getPage(`${path}?q=jamaica&item=${jamaica}`))
    expect(closeLinkOf(sheet)).toBe(`${path}?q=jamaica#item-${jamaica}`)
    expect(sheet).toMatch(/<input type="hidden" name="q" value="jamaica"/)
    const added = await postForm(`${path}?q=jamaica&item=${jamaica}`, { item: jamaica, q: 'jamaica' })
    expect(added.headers.get('Location')).toBe(`${path}#item-${jamaica}`)
  })
})
