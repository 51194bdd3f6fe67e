import { describe, expect, it } from 'vitest'
import { billPart, charged, netOf, unitsLeft } from '~/domain/bill'

describe('a line’s units left and a payment’s charge', () => {
  it('counts the units nobody paid, and a charge as its bill part, tax and tip together', () => {
    expect(unitsLeft({ quantity: 3, paidQuantity: 1 })).toBe(2)
    expect(unitsLeft({ quantity: 2, paidQuantity: 2 })).toBe(0)
    expect(charged({ amountCents: 21_000, taxCents: 3_360, tipCents: 3_150 })).toBe(27_510)
    expect(billPart({ amountCents: 21_000, taxCents: 3_360 })).toBe(24_360)
  })

  it('keeps of a payment each part less what its refunds gave back of it', () => {
    const paid = { amountCents: 21_000, taxCents: 3_360, tipCents: 3_150 }
    expect(netOf(paid, [])).toEqual(paid)
    expect(
      netOf(paid, [
        { amountCents: 5_000, taxCents: 800, tipCents: 0 },
        { amountCents: 1_000, taxCents: 160, tipCents: 3_150 },
      ]),
    ).toEqual({ amountCents: 15_000, taxCents: 2_400, tipCents: 0 })
  })
})
