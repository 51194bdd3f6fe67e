import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addToCart,
  cartCharge,
  cartCookie,
  cartFromCookies,
  cartLineKey,
  cartTotals,
  decodeCart,
  dinerCart,
  encodeCart,
  MAX_ITEMS_PER_ORDER,
  MAX_LINE_QUANTITY,
  MAX_NOTE_CHARS,
  priceCart,
  removeFromCart,
  setCartQuantity,
  type CartEntry,
} from '~/domain/cart'
import type { MenuEntry } from '~/domain/order-pricing'
import { groupUnpaidByDiner } from '~/domain/diners'
import { quoteSplit } from '~/domain/split'
import { paymentSummary } from '~/domain/tax'

const line = (customerName: string | null, paidQuantity = 0, quantity = 1) => ({ customerName, quantity, paidQuantity })

describe('pay-items groups', () => {
  it('puts named diners in alphabetical order, ignoring case and accents, and Guest last', () => {
    const groups = groupUnpaidByDiner(
      [line(null), line('Óscar'), line('ana'), line('Beto'), line(' '), line('ana')],
      'es-MX',
    )
    expect(groups.map((group) => [group.customerName, group.lines.length])).toEqual([
      ['ana', 2],
      ['Beto', 1],
      ['Óscar', 1],
      [null, 2],
    ])
  })

  it('leaves out fully paid lines and keeps partly paid ones', () => {
    const groups = groupUnpaidByDiner([line('Ana', 1), line('Ana', 1, 3), line('Luis', 2, 2)], 'es-MX')
    expect(groups).toEqual([{ customerName: 'Ana', lines: [line('Ana', 1, 3)] }])
  })
})

describe('equal split as the next diner sees it', () => {
  it('divides what is left among the people still to pay', () => {
    expect(quoteSplit(10000, 1, 3, [])).toEqual({ peoplePaying: 1, tableSize: 3, sharesPaid: 0, share: 3333 })
    expect(quoteSplit(6667, 1, 3, [{ tableSize: 3, shares: 1 }])).toMatchObject({ sharesPaid: 1, share: 3333 })
    expect(quoteSplit(3334, 1, 3, [{ tableSize: 3, shares: 2 }])).toMatchObject({ sharesPaid: 2, share: 3334 })
  })

  it('caps people paying at the people still to pay, and ignores shares of another table size', () => {
    expect(quoteSplit(6000, 5, 3, [{ tableSize: 3, shares: 1 }])).toMatchObject({ peoplePaying: 2, share: 6000 })
    expect(quoteSplit(9000, 1, 3, [{ tableSize: 4, shares: 1 }])).toMatchObject({ sharesPaid: 0, share: 3000 })
  })

  it('starts a new round once every share of the last one was paid', () => {
    expect(quoteSplit(9000, 1, 3, [{ tableSize: 3, shares: 3 }])).toMatchObject({ sharesPaid: 0, share: 3000 })
  })

  it('any sequence of one-share payments closes the bill at exactly zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 30 }), (total, size) => {
        let remaining = total
        let shares = 0
        for (let diner = 0; diner < size; diner++) {
          const { share } = quoteSplit(remaining, 1, size, [{ tableSize: size, shares }])
          remaining -= share
          shares += 1
          expect(remaining).toBeGreaterThanOrEqual(0)
        }
        expect(remaining).toBe(0)
      }),
    )
  })
})

describe('cart', () => {
  const taco = { menuItemId: 'taco', optionIds: [] }
  const agua = { menuItemId: 'agua', optionIds: [] }
  const tacoRoja = { menuItemId: 'taco', optionIds: ['roja'] }
  const menu = new Map<string, MenuEntry>([
    [
      'taco',
      {
        name: 'Taco',
        priceCents: 3250,
        modifierGroups: [
          {
            id: 'salsa',
            name: 'Salsa',
            required: false,
            multipleSelect: false,
            options: [{ id: 'roja', name: 'Roja', priceAdjustmentCents: 500, isDefault: false }],
          },
        ],
      },
    ],
    ['agua', { name: 'Agua', priceCents: 4500, modifierGroups: [] }],
  ])
  const add = (cart: CartEntry[], item: Omit<CartEntry, 'quantity'>) => addToCart(cart, item)!

  it('adds one at a time, merging the same item, and removes a line', () => {
    const cart = add(add(add([], taco), agua), taco)
    expect(cart).toEqual([
      { ...taco, quantity: 2 },
      { ...agua, quantity: 1 },
    ])
    expect(removeFromCart(cart, 'taco')).toEqual([{ ...agua, quantity: 1 }])
  })

  it('keeps the same item with other options on a line of its own', () => {
    const cart = add(add(add([], taco), tacoRoja), tacoRoja)
    expect(cart).toEqual([
      { ...taco, quantity: 1 },
      { ...tacoRoja, quantity: 2 },
    ])
    expect(cartTotals(priceCart(cart, menu)).subtotal).toBe(3250 + 2 * 3750)
    expect(removeFromCart(cart, 'taco|roja')).toEqual([{ ...taco, quantity: 1 }])
  })

  it('prices each line from the menu, and leaves out what the menu no longer allows', () => {
    const cart = [
      { ...tacoRoja, quantity: 2 },
      { menuItemId: 'gone', optionIds: [], quantity: 1 },
      { menuItemId: 'agua', optionIds: ['roja'], quantity: 1 },
      { ...agua, quantity: 3 },
    ]
    expect(priceCart(cart, menu)).toEqual([
      { ...tacoRoja, quantity: 2, name: 'Taco', priceCents: 3750, details: 'Salsa: Roja', soldOut: false },
      { ...agua, quantity: 3, name: 'Agua', priceCents: 4500, details: null, soldOut: false },
    ])
  })

  it('adds up what ordering adds to the bill', () => {
    expect(cartTotals(priceCart([{ ...taco, quantity: 3 }], menu))).toEqual({ count: 3, subtotal: 9750 })
    expect(cartTotals([])).toEqual({ count: 0, subtotal: 0 })
  })

  it('sets a quantity within the per-line limit', () => {
    const cart = [
      { ...taco, quantity: 1 },
      { ...agua, quantity: 1 },
    ]
    expect(setCartQuantity(cart, 'agua', 4)).toEqual([
      { ...taco, quantity: 1 },
      { ...agua, quantity: 4 },
    ])
    expect(setCartQuantity(cart, 'agua', 0)[1]).toEqual({ ...agua, quantity: 1 })
    expect(setCartQuantity(cart, 'agua', 500)[1]).toEqual({ ...agua, quantity: MAX_LINE_QUANTITY })
  })

  it('shows the tax the restaurant charges: none added when prices include it, IVA on top otherwise', () => {
    expect(cartCharge(18950, { taxRateBps: 1600, taxIncludedInPrice: true })).toEqual({
      taxAdded: 0,
      taxIncluded: true,
      taxRatePercent: 16,
      total: 18950,
    })
    expect(cartCharge(18950, { taxRateBps: 1600, taxIncludedInPrice: false })).toEqual({
      taxAdded: 3032,
      taxIncluded: false,
      taxRatePercent: 16,
      total: 21982,
    })
    expect(cartCharge(9750, { taxRateBps: 800, taxIncludedInPrice: false }).total).toBe(10530)
  })

  it('shows in the cart the payment step’s own total for the order paid alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        fc.boolean(),
        (subtotal, taxRateBps, taxIncludedInPrice, showTaxSeparately) => {
          const settings = { taxRateBps, taxIncludedInPrice, showTaxSeparately }
          expect(cartCharge(subtotal, settings).total).toBe(paymentSummary(subtotal, 0, settings).total)
        },
      ),
    )
  })

  it('refuses to grow a line past the per-line limit, a cart past the line limit, and a cart its cookie cannot hold', () => {
    expect(addToCart([{ ...taco, quantity: MAX_LINE_QUANTITY }], taco)).toBeNull()
    const lines = Array.from({ length: MAX_ITEMS_PER_ORDER }, (_, index) => ({
      menuItemId: `item-${index}`,
      optionIds: [],
      quantity: 1,
    }))
    expect(addToCart(lines, agua)).toBeNull()
    const options = Array.from({ length: 8 }, () => crypto.randomUUID())
    const big = Array.from({ length: 11 }, () => ({
      menuItemId: crypto.randomUUID(),
      optionIds: options,
      quantity: 10,
    }))
    expect(addToCart(big, { menuItemId: crypto.randomUUID(), optionIds: options })).toBeNull()
    expect(addToCart(big.slice(1), { menuItemId: crypto.randomUUID(), optionIds: options })).toHaveLength(11)
  })

  it('keeps a cart in a cookie and reads back only well-formed lines, each once', () => {
    const cart = [
      { ...tacoRoja, quantity: 2 },
      { ...agua, quantity: 1 },
    ]
    expect(decodeCart(encodeCart({ entries: cart })).entries).toEqual(cart)
    expect(decodeCart('nope').entries).toEqual([])
    expect(decodeCart('2.taco.roja~0.agua~100.agua~1.bad id~x.agua~1.taco.roja~1.agua').entries).toEqual(
      cart.map((line, index) => (index === 0 ? line : { ...line, quantity: 1 })),
    )
    const place = dinerCart('s-1')
    const set = cartCookie(place, { entries: cart })
    expect(set).toBe('mesa_cart_s-1=2.taco.roja~1.agua; Path=/customer; Max-Age=43200; SameSite=Lax')
    expect(cartFromCookies(`lng=en; mesa_cart_s-12=1.agua; ${set.split(';')[0]}; theme=dark`, place).entries).toEqual(
      cart,
    )
    expect(cartFromCookies(null, place)).toEqual({ entries: [], orderId: null })
    // An empty cart is no cookie at all.
    expect(cartCookie(place, { entries: [] })).toBe('mesa_cart_s-1=; Path=/customer; Max-Age=0; SameSite=Lax')
  })

  it('keeps a note per line: the same dish with another note is a line of its own, and the note survives the cookie', () => {
    const sinCebolla = { ...taco, note: 'sin cebolla' }
    const cart = add(add(add([], taco), sinCebolla), sinCebolla)
    expect(cart).toEqual([
      { ...taco, quantity: 1 },
      { ...sinCebolla, quantity: 2 },
    ])
    expect(removeFromCart(cart, cartLineKey(sinCebolla))).toEqual([{ ...taco, quantity: 1 }])
    // Separators, accents, a semicolon and an emoji: a cookie value must carry them all and give them back as typed.
    const note = 'sin cebolla; bien dorado. ~ 50% más salsa, ¡gracias! 🌶'
    const awkward: CartEntry[] = [
      { ...tacoRoja, quantity: 1, note },
      { ...agua, quantity: 2 },
    ]
    const cookie = cartCookie(dinerCart('s-1'), { entries: awkward }).split(';')[0]!
    expect(cookie).toMatch(/^mesa_cart_s-1=[A-Za-z0-9%.~:_!'()*-]+$/)
    expect(cartFromCookies(cookie, dinerCart('s-1')).entries).toEqual(awkward)
    expect(priceCart(awkward, menu)[0]).toMatchObject({ note, priceCents: 3750 })
    // A note longer than a diner may type, or spaces only, is cut to the limit or dropped.
    expect(decodeCart(`1.taco.:${'a'.repeat(MAX_NOTE_CHARS + 20)}`).entries[0]?.note).toHaveLength(MAX_NOTE_CHARS)
    expect(decodeCart('1.taco.:%20%20').entries).toEqual([{ ...taco, quantity: 1 }])
    expect(decodeCart('1.taco.:%E0%A4%A').entries).toEqual([{ ...taco, quantity: 1 }])
  })

  it('adds several at once from the item sheet, within the per-line limit', () => {
    expect(addToCart<CartEntry>([], taco, 3)).toEqual([{ ...taco, quantity: 3 }])
    expect(addToCart([{ ...taco, quantity: 97 }], taco, 2)).toEqual([{ ...taco, quantity: MAX_LINE_QUANTITY }])
    expect(addToCart([{ ...taco, quantity: 98 }], taco, 2)).toBeNull()
  })

  it('keeps a line that sold out in sight but out of the totals', () => {
    const soldOutMenu = new Map(menu)
    soldOutMenu.set('agua', { ...menu.get('agua')!, soldOut: true })
    const lines = priceCart(
      [
        { ...taco, quantity: 2 },
        { ...agua, quantity: 1 },
      ],
      soldOutMenu,
    )
    expect(lines.map((line) => [line.menuItemId, line.soldOut])).toEqual([
      ['taco', false],
      ['agua', true],
    ])
    expect(cartTotals(lines)).toEqual({ count: 2, subtotal: 6500 })
  })
})
