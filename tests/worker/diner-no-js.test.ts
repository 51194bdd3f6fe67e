import { describe, expect, it } from 'vitest'
import { cartOf, countLines, formAround, getPage, postForm, readSession, seedTable, tacoTable } from './fixtures'

/** The cookies a response sets, by name: what the browser keeps for the next request. */
function setCookies(response: Response): Map<string, string> {
  return new Map(
    response.headers
      .getSetCookie()
      .map((cookie) => [cookie.slice(0, cookie.indexOf('=')), cookie.split(';')[0]!.slice(cookie.indexOf('=') + 1)]),
  )
}

/** The page a redirect leads to, asked for with the cookies it set, as the browser follows it. */
const follow = (response: Response) =>
  getPage(
    response.headers.get('Location')!.split('#')[0]!,
    [...setCookies(response)].map(([name, value]) => `${name}=${value}`).join('; '),
  )

/** The HTML React drew, without the data sent along for hydration. */
const drawn = async (response: Response) => (await response.text()).split('<script')[0]!

describe('the menu without JavaScript', () => {
  it('adds an item with a plain form: the cart cookie is written, the diner is back at the item, and the menu draws the cart', async () => {
    const { table, agua } = await tacoTable()
    // Sent from a page of the old one-category menu, it still lands on the item.
    const response = await postForm(`/customer/menu/${table.sessionId}?category=platos`, { item: agua })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/customer/menu/${table.sessionId}#item-${agua}`)
    expect(setCookies(response).get(`mesa_cart_${table.sessionId}`)).toBe(`1.${agua}`)
    const back = await drawn(await follow(response))
    expect(back.slice(back.indexOf('data-testid="toast"'))).toMatch(/^[^]*?Artículo agregado<\/p><p[^>]*>Agua fresca</)

    const twice = await postForm(
      `/customer/menu/${table.sessionId}`,
      { item: agua },
      `mesa_cart_${table.sessionId}=1.${agua}`,
    )
    expect(setCookies(twice).get(`mesa_cart_${table.sessionId}`)).toBe(`2.${agua}`)

    const html = await drawn(
      await getPage(`/customer/menu/${table.sessionId}`, `mesa_cart_${table.sessionId}=2.${agua}`),
    )
    expect(/data-testid="cart-badge">(\d+)</.exec(html)?.[1]).toBe('2')
    expect(html).toContain('$70.00')
    expect(html).toContain(`href="/customer/cart/${table.sessionId}"`)
  })

  it('adds a dish that asks nothing with one tap of its row, from a search it clears, counts it there and undoes it one at a time', async () => {
    const { table, taco, agua } = await tacoTable()
    const menu = `/customer/menu/${table.sessionId}`
    const page = await drawn(await getPage(`${menu}?q=agua`))
    const row = (html: string, item: string) => html.slice(html.indexOf(`id="item-${item}"`)).split('</li>')[0]!
    // A dish with a choice to make opens its sheet; one with none adds from its row, its sheet a link beside for a note.
    expect(row(page, agua)).toContain('data-testid="add-dish"')
    expect(row(page, agua)).toContain('Agregar con nota')
    expect(row(await drawn(await getPage(menu)), taco)).not.toContain('data-testid="add-dish"')

    const tapped = await postForm(`${menu}?q=agua`, formAround(row(page, agua), 'data-testid="add-dish"'))
    expect(tapped.headers.get('Location')).toBe(`${menu}#item-${agua}`)
    const cookie = `mesa_cart_${table.sessionId}=${setCookies(tapped).get(`mesa_cart_${table.sessionId}`)}`
    const again = await postForm(menu, formAround(row(page, agua), 'data-testid="add-dish"'), cookie)
    const twice = `mesa_cart_${table.sessionId}=${setCookies(again).get(`mesa_cart_${table.sessionId}`)}`
    const counted = row(await drawn(await getPage(menu, twice)), agua)
    expect(/data-testid="dish-count"><span aria-hidden="true">(\d+)</.exec(counted)?.[1]).toBe('2')
    expect(counted).toContain('2 en tu carrito')

    const undo = formAround(counted, 'data-testid="dish-undo"')
    const once = await postForm(menu, undo, twice)
    expect(once.headers.get('Location')).toBe(`${menu}#item-${agua}`)
    expect(setCookies(once).get(`mesa_cart_${table.sessionId}`)).toBe(`1.${agua}`)
    const none = await postForm(menu, undo, `mesa_cart_${table.sessionId}=1.${agua}`)
    expect(setCookies(none).get(`mesa_cart_${table.sessionId}`)).toBe('')
    expect(row(await drawn(await getPage(menu)), agua)).not.toContain('data-testid="dish-undo"')
  })

  it('prices the options chosen, says which required choice is missing, and Update draws the price of the choice', async () => {
    const { table, taco, groups, options } = await tacoTable()
    const sheet = `/customer/menu/${table.sessionId}?item=${taco}`
    const missing = await postForm(sheet, [
      ['item', taco],
      [`options.${groups.extras}`, options.queso],
    ])
    expect(missing.status).toBe(400)
    const refused = await drawn(missing)
    expect(refused).toContain('Elige una opción de Salsa')
    expect(new RegExp(`<input[^>]*value="${options.queso}"[^>]*>`).exec(refused)?.[0]).toContain('checked')
    expect(new RegExp(`<input[^>]*value="${options.verde}"[^>]*>`).exec(refused)?.[0]).not.toContain('checked')
    expect(missing.headers.getSetCookie()).toEqual([])

    const updated = await drawn(
      await getPage(
        `${sheet}&update=options&options.${groups.salsa}=${options.habanero}&options.${groups.extras}=${options.queso}`,
      ),
    )
    expect(/data-testid="add-with-options">([^<]*)</.exec(updated)?.[1]).toBe('Agregar · $49.50')
    // Nothing checked in an optional group is a choice too, not the defaults again.
    const none = await drawn(await getPage(`${sheet}&update=options`))
    expect(new RegExp(`<input[^>]*value="${options.verde}"[^>]*>`).exec(none)?.[0]).not.toContain('checked')

    const added = await postForm(sheet, [
      ['item', taco],
      [`options.${groups.salsa}`, options.habanero],
      [`options.${groups.extras}`, options.aguacate],
      [`options.${groups.extras}`, options.queso],
    ])
    expect(added.status).toBe(302)
    // In the menu's order, whatever order the form sent them in.
    expect(setCookies(added).get(`mesa_cart_${table.sessionId}`)).toBe(
      `1.${taco}.${options.habanero}.${options.queso}.${options.aguacate}`,
    )
  })

  it('refuses an item that is not on this restaurant’s menu, keeping the cart as it was', async () => {
    const { table } = await tacoTable()
    const other = await tacoTable()
    const response = await postForm(`/customer/menu/${table.sessionId}`, { item: other.agua })
    expect(response.status).toBe(302)
    expect(setCookies(response).has(`mesa_cart_${table.sessionId}`)).toBe(false)
    expect(await drawn(await follow(response))).toContain('Ese artículo cambió o ya no está en el menú.')
  })
})

describe('the cart without JavaScript', () => {
  it('is drawn from its cookie with its figures, priced by the menu', async () => {
    const { table, taco, agua, options } = await tacoTable()
    const cookie = cartOf(table.sessionId, [
      { menuItemId: taco, optionIds: [options.habanero], quantity: 2 },
      { menuItemId: agua, optionIds: [], quantity: 1 },
    ])
    const html = await drawn(await getPage(`/customer/cart/${table.sessionId}`, cookie))
    expect(html).toContain('Salsa: Habanero')
    expect(/data-testid="cart-subtotal">([^<]*)</.exec(html)?.[1]).toBe('$110.00')
    expect(/data-testid="place-order">([^<]*)</.exec(html)?.[1]).toBe('Ordenar · $110.00')
    expect(html).toContain('data-testid="cart-update"')
    expect(await drawn(await getPage(`/customer/cart/${table.sessionId}`))).toContain('data-testid="cart-empty"')
  })

  it('keeps the quantities typed on Update, with the name typed so far, and takes a line off', async () => {
    const { table, taco, agua, options } = await tacoTable()
    const cookie = cartOf(table.sessionId, [
      { menuItemId: taco, optionIds: [options.verde], quantity: 1 },
      { menuItemId: agua, optionIds: [], quantity: 1 },
    ])
    const update = await postForm(
      `/customer/cart/${table.sessionId}`,
      {
        intent: 'update',
        customerName: 'Marta',
        'items[0].menuItemId': taco,
        'items[0].optionIds[0]': options.verde,
        'items[0].quantity': '3',
        'items[1].menuItemId': agua,
        'items[1].quantity': '1',
      },
      cookie,
    )
    expect(update.status).toBe(302)
    expect(update.headers.get('Location')).toBe(`/customer/cart/${table.sessionId}?name=Marta`)
    const updated = `mesa_cart_${table.sessionId}=${setCookies(update).get(`mesa_cart_${table.sessionId}`)}`
    expect(updated).toBe(`mesa_cart_${table.sessionId}=3.${taco}.${options.verde}~1.${agua}`)
    const html = await drawn(await getPage(`/customer/cart/${table.sessionId}?name=Marta`, updated))
    expect(/data-testid="cart-total">([^<]*)</.exec(html)?.[1]).toBe('$132.50')
    expect(/<input[^>]*name="customerName"[^>]*>/.exec(html)?.[0]).toContain('value="Marta"')

    const removed = await postForm(`/customer/cart/${table.sessionId}`, { remove: `${taco}|${options.verde}` }, updated)
    expect(removed.headers.get('Location')).toBe(`/customer/cart/${table.sessionId}`)
    expect(setCookies(removed).get(`mesa_cart_${table.sessionId}`)).toBe(`1.${agua}`)
    expect(await countLines(table.sessionId)).toBe(0)
  })

  it('orders the quantities shown in the form and empties the cart of what was ordered', async () => {
    const { table, taco, agua, options } = await tacoTable()
    const cookie = cartOf(table.sessionId, [
      { menuItemId: taco, optionIds: [options.verde], quantity: 1 },
      { menuItemId: agua, optionIds: [], quantity: 1 },
    ])
    // Typed 2 and ordered without Update: what the form shows is what is ordered.
    const order = await postForm(
      `/customer/cart/${table.sessionId}`,
      {
        intent: 'order',
        'items[0].menuItemId': taco,
        'items[0].optionIds[0]': options.verde,
        'items[0].quantity': '2',
      },
      cookie,
    )
    expect(order.status).toBe(302)
    expect(order.headers.get('Location')).toBe(`/customer/table/${table.sessionId}`)
    // The line the form did not carry (added in another tab meanwhile) stays in the cart.
    expect(setCookies(order).get(`mesa_cart_${table.sessionId}`)).toBe(`1.${agua}`)
    expect((await readSession(table.sessionId)).totalAmount).toBe(65)
  })
})

describe('pay-items without JavaScript', () => {
  it('Update draws the total of the units chosen, and nothing chosen is $0.00', async () => {
    const table = await seedTable([{ priceCents: 16500, quantity: 3 }, { priceCents: 4500 }])
    const [tacos] = table.itemIds as [string]
    const total = (html: string) => /data-testid="pay-items-total">([^<]*)</.exec(html)?.[1]
    const chosen = await drawn(
      await getPage(`/customer/pay-items/${table.sessionId}?item=${tacos}&quantities.${tacos}=2&update=1`),
    )
    expect(total(chosen)).toBe('$110.00')
    expect(new RegExp(`<input type="checkbox"[^>]*value="${tacos}"[^>]*>`).exec(chosen)?.[0]).toContain('checked')
    expect(/<input[^>]*name="quantities\.[^"]+"[^>]*>/.exec(chosen)?.[0]).toContain('value="2"')
    expect(chosen).toContain('data-testid="pay-items-update"')
    expect(
      total(await drawn(await getPage(`/customer/pay-items/${table.sessionId}?quantities.${tacos}=2&update=1`))),
    ).toBe('$0.00')
  })
})
