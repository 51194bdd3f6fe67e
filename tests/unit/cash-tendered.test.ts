import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cashTenderedChoices, changeFrom } from '~/domain/cash-tendered'

describe('the one-tap cash amounts', () => {
  it('offer what is due, then the nearest 50, 100, 200 and 500 pesos above it, each once', () => {
    expect(cashTenderedChoices(13750)).toEqual([13750, 15000, 20000, 50000])
    expect(cashTenderedChoices(20000)).toEqual([20000, 50000])
    expect(cashTenderedChoices(61000)).toEqual([61000, 65000, 70000, 80000, 100000])
    expect(cashTenderedChoices(50)).toEqual([50, 5000, 10000, 20000, 50000])
  })

  it('give back what was handed over less the charge, its tax and tip included', () => {
    expect(changeFrom({ cashReceivedCents: 50000, amountCents: 17980, tipCents: 2000 })).toBe(30020)
    expect(changeFrom({ cashReceivedCents: 17980, amountCents: 17980, tipCents: 0 })).toBe(0)
    expect(changeFrom({ cashReceivedCents: null, amountCents: 17980, tipCents: 0 })).toBeNull()
  })

  it('offer nothing when nothing is due', () => {
    expect(cashTenderedChoices(0)).toEqual([])
    expect(cashTenderedChoices(-100)).toEqual([])
  })

  it('never offer less than is due, and always offer exactly what is due first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (due) => {
        const choices = cashTenderedChoices(due)
        expect(choices[0]).toBe(due)
        expect(choices.every((cents) => cents >= due)).toBe(true)
        expect(new Set(choices).size).toBe(choices.length)
        expect(choices.slice(1).every((cents) => cents % 5000 === 0)).toBe(true)
      }),
    )
  })
})
