import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addChosenItem,
  addToCart,
  cartCookie,
  cartFromCookies,
  cartLineKey,
  decodeCart,
  dishQuantity,
  dinerCart,
  encodeCart,
  MAX_LINE_NAME_CHARS,
  priceTicket,
  removeFromCart,
  setCartQuantity,
  takeOneOff,
  ticketOrderLines,
  waiterTicket,
  type TicketEntry,
} from '~/domain/cart'
import { matchesSearch, menuViewOf, menuViewSearch, searchMenu } from '~/domain/menu-search'
import type { MenuEntry } from '~/domain/order-pricing'

const salsa = {
  id: 'salsa',
  name: 'Salsa',
  required: true,
  multipleSelect: false,
  options: [
    { id: 'verde', name: 'Verde', priceAdjustmentCents: 0, isDefault: true },
    { id: 'habanero', name: 'Habanero', priceAdjustmentCents: 500, isDefault: false },
  ],
}
const taco: MenuEntry & { id: string } = {
  id: 'taco',
  name: 'Taco al pastor',
  priceCents: 3250,
  modifierGroups: [salsa],
}
const agua: MenuEntry & { id: string } = { id: 'agua', name: 'Agua fresca', priceCents: 3500, modifierGroups: [] }
const menu = new Map([
  ['taco', taco],
  ['agua', agua],
])
const pastel = { name: 'Pastel de cumpleaños', priceCents: 15000, quantity: 1, note: 'Con velita' }

describe('a waiter’s ticket, kept as a diner’s cart is', () => {
  it('keeps its order id, dishes and open items in its cookie, and reads them back as they were', () => {
    const entries: TicketEntry[] = [
      { menuItemId: 'taco', optionIds: ['habanero'], quantity: 2, note: 'sin cebolla' },
      { ...pastel, name: 'Pastel. ~ 50% ¡feliz! 🎂' },
    ]
    const place = waiterTicket('t-1')
    const set = cartCookie(place, { entries, orderId: 'order_abc-1' })
    expect(set).toMatch(/^mesa_ticket_t-1=[A-Za-z0-9%.~:_!'()*-]+; Path=\/admin\/tables\/t-1\/; Max-Age=43200;/)
    expect(set).toContain('HttpOnly')
    expect(cartFromCookies(`theme=dark; ${set.split(';')[0]}`, place)).toEqual({ entries, orderId: 'order_abc-1' })
    // An empty ticket is no cookie, so its id goes with it.
    expect(cartCookie(place, { entries: [], orderId: 'order_abc-1' })).toContain('Max-Age=0')
  })

  it('never mixes with a diner’s cart: another cookie and path, and a diner’s cart takes no open item', () => {
    const kept = encodeCart({ entries: [{ menuItemId: 'agua', optionIds: [], quantity: 1 }, pastel], orderId: 'o_1' })
    expect(cartFromCookies(`mesa_cart_t-1=${kept}`, waiterTicket('t-1')).entries).toEqual([])
    expect(cartFromCookies(`mesa_cart_s-1=${kept}`, dinerCart('s-1')).entries).toEqual([
      { menuItemId: 'agua', optionIds: [], quantity: 1 },
    ])
    expect(cartCookie(dinerCart('s-1'), { entries: [] })).not.toContain('HttpOnly')
  })

  it('reads back only well-formed open items: a name, a whole price in cents, nothing else', () => {
    expect(decodeCart('1.*Flan.5500~1.*.100~1.*Caf%C3%A9.12.5~1.*Pan.1.2~1.*Sopa.-5~2.*Flan.5500').entries).toEqual([
      { name: 'Flan', priceCents: 5500, quantity: 1 },
    ])
    expect(decodeCart(`1.*${'a'.repeat(MAX_LINE_NAME_CHARS + 5)}.100`).entries[0]).toMatchObject({
      name: 'a'.repeat(MAX_LINE_NAME_CHARS),
    })
    expect(decodeCart('!not an id~1.agua')).toEqual({
      entries: [{ menuItemId: 'agua', optionIds: [], quantity: 1 }],
      orderId: null,
    })
  })

  it('any ticket survives its cookie', () => {
    const text = fc.string({ minLength: 1, maxLength: 40 }).filter((value) => value.trim() === value && value !== '')
    const entry = fc.oneof(
      fc.record({
        name: text,
        priceCents: fc.integer({ min: 0, max: 1_000_000 }),
        quantity: fc.integer({ min: 1, max: 99 }),
      }),
      fc.record({
        menuItemId: fc.uuid(),
        optionIds: fc.array(fc.uuid(), { maxLength: 3 }),
        quantity: fc.integer({ min: 1, max: 99 }),
        note: text,
      }),
    )
    fc.assert(
      fc.property(fc.uniqueArray(entry, { maxLength: 6, selector: cartLineKey }), (entries: TicketEntry[]) => {
        expect(decodeCart(encodeCart({ entries, orderId: 'order_x' }))).toEqual({ entries, orderId: 'order_x' })
      }),
    )
  })

  it('adds, merges, changes and removes open items as it does dishes', () => {
    const once = addToCart<TicketEntry>([], { name: 'Flan', priceCents: 5500 })!
    const twice = addToCart(once, { name: 'Flan', priceCents: 5500 }, 2)!
    expect(twice).toEqual([{ name: 'Flan', priceCents: 5500, quantity: 3 }])
    // Another price is another line.
    expect(addToCart(twice, { name: 'Flan', priceCents: 6000 })).toHaveLength(2)
    const key = cartLineKey({ name: 'Flan', priceCents: 5500 })
    expect(setCartQuantity(twice, key, 1)).toEqual([{ name: 'Flan', priceCents: 5500, quantity: 1 }])
    expect(removeFromCart(twice, key)).toEqual([])
  })

  it('undoes a tap one at a time, the last one taking the line off, and counts a dish over its lines', () => {
    const plain = { menuItemId: 'agua', optionIds: [], quantity: 2 }
    const noted = { menuItemId: 'agua', optionIds: [], note: 'sin hielo', quantity: 1 }
    const lines: TicketEntry[] = [plain, noted, { menuItemId: 'taco', optionIds: ['verde'], quantity: 3 }]
    expect(dishQuantity(lines, 'agua')).toBe(3)
    const once = takeOneOff(lines, cartLineKey(plain))
    expect(once[0]).toEqual({ ...plain, quantity: 1 })
    expect(takeOneOff(once, cartLineKey(plain))).toEqual(lines.slice(1))
    expect(takeOneOff(lines, 'no-such-line')).toEqual(lines)
  })

  it('prices dishes by the menu and open items by what was typed, and orders them as the bill takes them', () => {
    const entries: TicketEntry[] = [
      { menuItemId: 'taco', optionIds: ['habanero'], quantity: 2 },
      { ...pastel, quantity: 2 },
    ]
    expect(priceTicket(entries, menu)).toEqual([
      { ...entries[0], name: 'Taco al pastor', priceCents: 3750, details: 'Salsa: Habanero', soldOut: false },
      { ...pastel, quantity: 2, details: null, soldOut: false },
    ])
    expect(ticketOrderLines(entries)).toEqual([
      {
        menuItemId: 'taco',
        optionIds: ['habanero'],
        name: '',
        price: 0,
        description: null,
        category: 'Order',
        quantity: 2,
        customerName: null,
        note: null,
      },
      // An open item's price on the bill is its line's total.
      {
        name: pastel.name,
        price: 30000,
        description: null,
        category: 'Order',
        quantity: 2,
        customerName: null,
        note: 'Con velita',
      },
    ])
  })
})

describe('a dish chosen on its sheet', () => {
  const chosen = { optionIds: ['habanero'], quantity: 2, note: null }

  it('joins the ticket with its options in the menu’s words', () => {
    expect(addChosenItem([], taco, chosen)).toEqual({
      ok: true,
      entries: [{ menuItemId: 'taco', optionIds: ['habanero'], quantity: 2, note: null }],
      summary: 'Salsa: Habanero',
    })
  })

  it('is refused when it left the menu, sold out, misses a required choice, has a foreign option, or the ticket is full', () => {
    expect(addChosenItem([], undefined, chosen)).toEqual({ ok: false, reason: 'gone' })
    expect(addChosenItem([], { ...taco, soldOut: true }, chosen)).toEqual({ ok: false, reason: 'sold-out' })
    expect(addChosenItem([], taco, { ...chosen, optionIds: [] })).toEqual({
      ok: false,
      reason: 'missing',
      groupId: 'salsa',
    })
    expect(addChosenItem([], taco, { ...chosen, optionIds: ['roja'] })).toEqual({ ok: false, reason: 'gone' })
    expect(addChosenItem([{ menuItemId: 'taco', optionIds: ['habanero'], quantity: 99 }], taco, chosen)).toEqual({
      ok: false,
      reason: 'full',
    })
  })
})

describe('the waiter’s search of the menu', () => {
  const categories = [
    { id: 'tacos', items: [{ name: 'Taco al pastor' }, { name: 'Taco de jalapeño' }] },
    { id: 'bebidas', items: [{ name: 'Agua de Jamaica' }, { name: 'Café de olla' }] },
  ]

  it('finds a dish by every word typed, whatever their case, accents and order', () => {
    expect(matchesSearch('Taco de jalapeño', 'JALAPENO')).toBe(true)
    expect(matchesSearch('Café de olla', 'olla cafe')).toBe(true)
    expect(matchesSearch('Taco al pastor', 'taco jamaica')).toBe(false)
    expect(matchesSearch('Taco al pastor', '  ')).toBe(true)
  })

  it('narrows to the category chosen and to what is typed, leaving out categories with nothing left', () => {
    expect(searchMenu(categories, { query: 'de', categoryId: null }).map((category) => category.items)).toEqual([
      [{ name: 'Taco de jalapeño' }],
      [{ name: 'Agua de Jamaica' }, { name: 'Café de olla' }],
    ])
    expect(searchMenu(categories, { query: '', categoryId: 'bebidas' }).map((category) => category.id)).toEqual([
      'bebidas',
    ])
    expect(searchMenu(categories, { query: 'pastor', categoryId: 'bebidas' })).toEqual([])
  })

  it('keeps what was typed and chosen in the address, and nothing else of it', () => {
    const view = menuViewOf(new URLSearchParams('q=taco&category=tacos&item=x&sheet=open-item'))
    expect(view).toEqual({ query: 'taco', categoryId: 'tacos' })
    expect(menuViewSearch(view, { item: 'y' })).toBe('?q=taco&category=tacos&item=y')
    expect(menuViewSearch(menuViewOf(new URLSearchParams('category=')))).toBe('?')
  })
})
