import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  cartOf,
  countLines,
  getJson,
  getPage,
  menuEditorOf,
  ORIGIN,
  postForm,
  postJson,
  readSession,
  staffCookieOf,
  tacoTable,
} from './fixtures'

/*
 * What a diner expects of a menu: how many and a note for the kitchen on
 * each line, and dishes the kitchen ran out of ("Agotado") that nobody can
 * order — through the forms a diner and the staff use, without JavaScript.
 */

const cookieFrom = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith(`${name}=`))

/** The HTML React drew, without the data sent along for hydration. */
const drawn = async (response: Response) => (await response.text()).split('<script')[0]!

/** The toast a redirect leads to, read on the page it leads to, as the browser shows it. */
async function toastAfter(response: Response, cookie = ''): Promise<string> {
  expect(response.status).toBe(302)
  const set = response.headers.getSetCookie().map((value) => value.split(';')[0]!)
  const html = await drawn(
    await getPage(response.headers.get('Location')!.split('#')[0]!, [cookie, ...set].filter(Boolean).join('; ')),
  )
  const at = html.indexOf('data-testid="toast"')
  expect(at, 'a toast is shown').toBeGreaterThan(-1)
  return html
    .slice(at)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
}

/** The kitchen's switch, as the menu screen's form sends it: 'on' marks it sold out, nothing offers it again. */
const setSoldOut = async (restaurantId: string, itemId: string, soldOut: boolean) =>
  postForm(
    await menuEditorOf(itemId),
    { intent: 'item.availability', id: itemId, ...(soldOut ? { soldOut: 'on' } : {}) },
    await staffCookieOf(restaurantId),
  )

describe('an item’s sheet: how many, and a note for the kitchen', () => {
  it('opens for a dish without options too, and Update (without JavaScript) draws the price of the quantity and keeps the note', async () => {
    const { table, agua } = await tacoTable()
    const sheet = await drawn(await getPage(`/customer/menu/${table.sessionId}?item=${agua}`))
    expect(/data-testid="add-with-options">([^<]*)</.exec(sheet)?.[1]).toBe('Agregar · $35.00')
    expect(sheet).toMatch(/<input[^>]*name="quantity"[^>]*value="1"/)
    expect(sheet).toMatch(/<textarea[^>]*name="note"[^>]*maxLength="140"/)

    const updated = await drawn(
      await getPage(
        `/customer/menu/${table.sessionId}?item=${agua}&update=options&quantity=3&note=${encodeURIComponent('sin hielo')}`,
      ),
    )
    expect(/data-testid="add-with-options">([^<]*)</.exec(updated)?.[1]).toBe('Agregar 3 · $105.00')
    expect(updated).toMatch(/<textarea[^>]*name="note"[^>]*>sin hielo<\/textarea>/)
  })

  it('adds the quantity with its note as a line of its own, orders it from the cart form, and the bill shows the note', async () => {
    const { table, taco, agua, groups, options } = await tacoTable()
    const cartName = `mesa_cart_${table.sessionId}`
    const added = await postForm(`/customer/menu/${table.sessionId}?item=${agua}`, {
      item: agua,
      quantity: '3',
      note: '  sin hielo  ',
    })
    const cart = cookieFrom(added, cartName)!
    expect(cart).toBe(`${cartName}=3.${agua}.:sin%20hielo`)
    expect(await toastAfter(added, cart)).toContain('3 × Agua fresca')
    // The same dish without a note is another line; the taco's note keeps its options.
    const plain = await postForm(`/customer/menu/${table.sessionId}`, { item: agua }, cart)
    const withTaco = await postForm(
      `/customer/menu/${table.sessionId}`,
      [
        ['item', taco],
        [`options.${groups.salsa}`, options.habanero],
        ['note', 'bien dorado'],
      ],
      cookieFrom(plain, cartName),
    )
    const full = cookieFrom(withTaco, cartName)!
    expect(full).toBe(`${cartName}=3.${agua}.:sin%20hielo~1.${agua}~1.${taco}.${options.habanero}.:bien%20dorado`)

    const cartPage = await drawn(await getPage(`/customer/cart/${table.sessionId}`, full))
    expect(cartPage.match(/data-testid="cart-line-note">[^<]*/g)?.map((text) => text.split('>')[1])).toEqual([
      'Nota: sin hielo',
      'Nota: bien dorado',
    ])
    expect(/data-testid="place-order">([^<]*)</.exec(cartPage)?.[1]).toBe('Ordenar · $177.50')

    const order = await postForm(
      `/customer/cart/${table.sessionId}`,
      {
        intent: 'order',
        'items[0].menuItemId': agua,
        'items[0].quantity': '3',
        'items[0].note': 'sin hielo',
        'items[1].menuItemId': agua,
        'items[1].quantity': '1',
        'items[2].menuItemId': taco,
        'items[2].optionIds[0]': options.habanero,
        'items[2].quantity': '1',
        'items[2].note': 'bien dorado',
      },
      full,
    )
    expect(order.status).toBe(302)
    const bill = (await (await getJson(`/api/tables/session/${table.sessionId}`)).json()) as {
      totalAmount: number
      items: { name: string; quantity: number; price: number; note: string | null }[]
    }
    expect(bill.totalAmount).toBe(177.5)
    expect(bill.items.map(({ name, quantity, price, note }) => ({ name, quantity, price, note }))).toEqual([
      { name: 'Agua fresca', quantity: 3, price: 105, note: 'sin hielo' },
      { name: 'Agua fresca', quantity: 1, price: 35, note: null },
      { name: 'Taco al pastor', quantity: 1, price: 37.5, note: 'bien dorado' },
    ])
    const billPage = await drawn(await getPage(`/customer/table/${table.sessionId}`))
    expect(billPage.match(/data-testid="line-note">[^<]*/g)?.map((text) => text.split('>')[1])).toEqual([
      '“sin hielo”',
      '“bien dorado”',
    ])
  })

  it('refuses a quantity outside 1–99 or a note over 140 characters, adding nothing', async () => {
    const { table, agua } = await tacoTable()
    const tooMuch: Record<string, string>[] = [
      { quantity: '0' },
      { quantity: '100' },
      { quantity: 'dos' },
      { note: 'x'.repeat(141) },
    ]
    for (const fields of tooMuch) {
      const response = await postForm(`/customer/menu/${table.sessionId}`, { item: agua, ...fields })
      expect(cookieFrom(response, `mesa_cart_${table.sessionId}`), JSON.stringify(fields)).toBeUndefined()
      expect(await toastAfter(response)).toContain('Ese artículo cambió o ya no está en el menú.')
    }
  })
})

describe('"Agotado"', () => {
  it('staff mark a dish sold out from the menu screen; diners see it and cannot add it; staff offer it again', async () => {
    const { table, agua } = await tacoTable()
    const staff = await staffCookieOf(table.restaurantId)
    const marked = await setSoldOut(table.restaurantId, agua, true)
    expect(await toastAfter(marked, staff)).toContain('Disponibilidad actualizada')
    expect(await env.DB.prepare('SELECT sold_out FROM menu_items WHERE id = ?').bind(agua).first('sold_out')).toBe(1)
    const builder = await drawn(await getPage(`${await menuEditorOf(agua)}?tab=items`, staff))
    expect(builder).toContain('Volver a ofrecer: Agua fresca')

    const menu = await drawn(await getPage(`/customer/menu/${table.sessionId}`))
    const card = menu.slice(menu.indexOf(`id="item-${agua}"`), menu.indexOf('</li>', menu.indexOf(`id="item-${agua}"`)))
    expect(card).toContain('data-testid="sold-out">Agotado<')
    expect(card).not.toContain('choose-options')
    const sheet = await drawn(await getPage(`/customer/menu/${table.sessionId}?item=${agua}`))
    expect(sheet).toContain('Este platillo está agotado por ahora.')
    expect(sheet).not.toContain('data-testid="add-with-options"')

    const refused = await postForm(`/customer/menu/${table.sessionId}`, { item: agua })
    expect(cookieFrom(refused, `mesa_cart_${table.sessionId}`)).toBeUndefined()
    expect(await toastAfter(refused)).toContain('Ese platillo se agotó')

    await setSoldOut(table.restaurantId, agua, false)
    expect(await env.DB.prepare('SELECT sold_out FROM menu_items WHERE id = ?').bind(agua).first('sold_out')).toBe(0)
    expect(
      cookieFrom(await postForm(`/customer/menu/${table.sessionId}`, { item: agua }), `mesa_cart_${table.sessionId}`),
    ).toBe(`mesa_cart_${table.sessionId}=1.${agua}`)
  })

  it('a dish that sells out while it sits in a cart: the cart says so, leaves it out of the total, and ordering is refused clearly with nothing sent', async () => {
    const { table, taco, agua, options } = await tacoTable()
    const cookie = cartOf(table.sessionId, [
      { menuItemId: taco, optionIds: [options.verde], quantity: 2 },
      { menuItemId: agua, optionIds: [], quantity: 1, note: 'sin hielo' },
    ])
    const form = {
      intent: 'order',
      'items[0].menuItemId': taco,
      'items[0].optionIds[0]': options.verde,
      'items[0].quantity': '2',
      'items[1].menuItemId': agua,
      'items[1].quantity': '1',
      'items[1].note': 'sin hielo',
    }
    // The diner looked at the cart, then the kitchen ran out.
    expect(
      /data-testid="place-order">([^<]*)</.exec(
        await drawn(await getPage(`/customer/cart/${table.sessionId}`, cookie)),
      )?.[1],
    ).toBe('Ordenar · $100.00')
    await setSoldOut(table.restaurantId, agua, true)

    const refused = await postForm(`/customer/cart/${table.sessionId}`, form, cookie)
    expect(refused.status).toBe(409)
    const html = await drawn(refused)
    expect(/data-testid="cart-error"[^>]*>([^]*?)<\/ul>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '')).toBe(
      'Se agotó Agua fresca. No se envió nada; quítalo de tu orden y ordena lo demás.',
    )
    expect(await countLines(table.sessionId)).toBe(0)

    const cart = await drawn(await getPage(`/customer/cart/${table.sessionId}`, cookie))
    expect(cart).toContain('data-testid="cart-line-sold-out">Agotado: quítalo para ordenar lo demás.<')
    expect(/data-testid="place-order">([^<]*)</.exec(cart)?.[1]).toBe('Ordenar · $65.00')

    const rest = await postForm(
      `/customer/cart/${table.sessionId}`,
      {
        intent: 'order',
        'items[0].menuItemId': taco,
        'items[0].optionIds[0]': options.verde,
        'items[0].quantity': '2',
      },
      cookie,
    )
    expect(rest.status).toBe(302)
    expect((await readSession(table.sessionId)).totalAmount).toBe(65)
  })

  it('names the sold-out dish as the diner’s cart does: in English for an English diner', async () => {
    const { table, agua } = await tacoTable()
    await env.DB.prepare('UPDATE menu_items SET name_en = ? WHERE id = ?').bind('Fresh water', agua).run()
    const cookie = cartOf(table.sessionId, [{ menuItemId: agua, optionIds: [], quantity: 1 }])
    await setSoldOut(table.restaurantId, agua, true)
    const refused = await postForm(
      `/customer/cart/${table.sessionId}?lng=en`,
      { intent: 'order', 'items[0].menuItemId': agua, 'items[0].quantity': '1' },
      cookie,
    )
    expect(refused.status).toBe(409)
    expect(/data-testid="cart-error"[^>]*>([^]*?)<\/ul>/.exec(await drawn(refused))?.[1]?.replace(/<[^>]+>/g, '')).toBe(
      'Fresh water just sold out. Nothing was sent; remove it from your order and order the rest.',
    )
    expect(await countLines(table.sessionId)).toBe(0)
  })

  it('the bill’s object refuses a sold-out dish sent through the API: 409 SOLD_OUT, nothing ordered (a waiter’s ticket: waiter-ticket.test.ts)', async () => {
    const { table, taco, agua, options } = await tacoTable()
    await setSoldOut(table.restaurantId, agua, true)
    const diner = await postJson('/api/items', {
      tableId: table.tableId,
      items: [
        { name: 'x', price: 0, menuItemId: taco, optionIds: [options.verde] },
        { name: 'x', price: 0, menuItemId: agua },
      ],
    })
    expect(diner.status).toBe(409)
    expect(await diner.json()).toMatchObject({
      code: 'SOLD_OUT',
      message: 'Sold out: Agua fresca. Nothing was ordered; take it off the order and order the rest.',
    })
    expect(await countLines(table.sessionId)).toBe(0)
  })

  it('the menu API reads and sets it: PUT with soldOut changes it, without it keeps it, anything but true or false is refused', async () => {
    const { table, agua } = await tacoTable()
    const headers = { Cookie: await staffCookieOf(table.restaurantId), Origin: ORIGIN }
    const categoryId = await env.DB.prepare('SELECT category_id FROM menu_items WHERE id = ?')
      .bind(agua)
      .first<string>('category_id')
    const put = (body: Record<string, unknown>) =>
      postJson(
        `/api/menu-items/${agua}`,
        { name: 'Agua fresca', price: 3500, categoryId, ...body },
        { method: 'PUT', headers },
      )
    expect(await (await put({ soldOut: true })).json()).toMatchObject({ id: agua, soldOut: true })
    expect(await (await put({})).json()).toMatchObject({ soldOut: true })
    const bad = await put({ soldOut: 'yes' })
    expect(bad.status).toBe(400)
    expect(await (await put({ soldOut: false })).json()).toMatchObject({ soldOut: false })
  })
})
