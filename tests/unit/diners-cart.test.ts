import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addToCart, cartCharge, cartTotals, MAX_LINE_QUANTITY, readCart, removeFromCart } from '~/domain/cart'
import { groupUnpaidByDiner } from '~/domain/diners'
import { quoteSplit } from '~/domain/split'
import { paymentSummary } from '~/domain/tax'

const line = (customerName: string | null, paidQuantity = 0, quantity = 1) => ({ customerName, quantity, paidQuantity })

describe('pay-items groups', () => {
  it('puts named diners in alphabetical order, ignoring case and accents, and Guest last', () => {
    const groups = groupUnpaidByDiner([line(null), line('Óscar'), line('ana'), line('Beto'), line(' '), line('ana')], 'es-MX')
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
  const taco = { menuItemId: 'taco', name: 'Taco', priceCents: 3250, optionIds: [], details: null }
  const agua = { menuItemId: 'agua', name: 'Agua', priceCents: 4500, optionIds: [], details: null }
  const tacoRoja = { ...taco, priceCents: 3750, optionIds: ['roja'], details: 'Salsa: Roja' }

  it('adds one at a time, merging the same item, and removes a line', () => {
    const cart = addToCart(addToCart(addToCart([], taco)!, agua)!, taco)!
    expect(cart).toEqual([
      { ...taco, quantity: 2 },
      { ...agua, quantity: 1 },
    ])
    expect(removeFromCart(cart, 'taco')).toEqual([{ ...agua, quantity: 1 }])
  })

  it('keeps the same item with other options on a line of its own', () => {
    const cart = addToCart(addToCart(addToCart([], taco)!, tacoRoja)!, tacoRoja)!
    expect(cart).toEqual([
      { ...taco, quantity: 1 },
      { ...tacoRoja, quantity: 2 },
    ])
    expect(cartTotals(cart).subtotal).toBe(3250 + 2 * 3750)
    expect(removeFromCart(cart, 'taco|roja')).toEqual([{ ...taco, quantity: 1 }])
  })

  it('adds up what ordering adds to the bill', () => {
    expect(cartTotals([{ ...taco, quantity: 3 }])).toEqual({ count: 3, subtotal: 9750 })
    expect(cartTotals([])).toEqual({ count: 0, subtotal: 0 })
  })

  it('shows the tax the restaurant charges: none added when prices include it, IVA on top otherwise', () => {
    expect(cartCharge(18950, { taxRateBps: 1600, taxIncludedInPrice: true })).toEqual({ taxAdded: 0, taxIncluded: true, taxRatePercent: 16, total: 18950 })
    expect(cartCharge(18950, { taxRateBps: 1600, taxIncludedInPrice: false })).toEqual({ taxAdded: 3032, taxIncluded: false, taxRatePercent: 16, total: 21982 })
    expect(cartCharge(9750, { taxRateBps: 800, taxIncludedInPrice: false }).total).toBe(10530)
  })

  it('shows in the cart the payment step’s own total for the order paid alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), fc.boolean(), fc.boolean(), (subtotal, taxRateBps, taxIncludedInPrice, showTaxSeparately) => {
        const settings = { taxRateBps, taxIncludedInPrice, showTaxSeparately }
        expect(cartCharge(subtotal, settings).total).toBe(paymentSummary(subtotal, 0, settings).total)
      }),
    )
  })

  it('refuses to grow a line past the per-line limit', () => {
    expect(addToCart([{ ...taco, quantity: MAX_LINE_QUANTITY }], taco)).toBeNull()
  })

  it('reads back only well-formed lines from storage', () => {
    expect(readCart('nope')).toEqual([])
    expect(readCart([{ ...taco, quantity: 1 }, { ...agua, quantity: 0 }, { ...agua, priceCents: 1.5, quantity: 1 }, { ...tacoRoja, optionIds: [7], quantity: 1 }, null])).toEqual([{ ...taco, quantity: 1 }])
    // A cart saved before options existed still reads.
    expect(readCart([{ menuItemId: 'agua', name: 'Agua', priceCents: 4500, quantity: 2 }])).toEqual([{ ...agua, quantity: 2 }])
  })
})
