import { describe, expect, it } from 'vitest'
import { charged, unitsLeft } from '~/domain/bill'

describe('a line’s units left and a payment’s charge', () => {
  it('counts the units nobody paid, and a charge as its bill part, tax and tip together', () => {
    expect(unitsLeft({ quantity: 3, paidQuantity: 1 })).toBe(2)
    expect(unitsLeft({ quantity: 2, paidQuantity: 2 })).toBe(0)
    expect(charged({ amountCents: 21_000, taxCents: 3_360, tipCents: 3_150 })).toBe(27_510)
  })
})
