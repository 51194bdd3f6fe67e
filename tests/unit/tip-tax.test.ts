import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ivaRateAllowed, ratePercentLabel, taxBreakdown } from '~/domain/tax'
import { readTip } from '~/domain/checkout'
import { TIP_PRESETS, tipForPercent } from '~/domain/tip'

describe('tips', () => {
  it('suggest 10, 15 and 20 percent, none singled out', () => {
    expect(TIP_PRESETS.map((preset) => preset.percent)).toEqual([10, 15, 20])
    expect(TIP_PRESETS.some((preset) => 'popular' in preset)).toBe(false)
  })

  it('are never added for the diner: a payment step asked for without a tip has none', () => {
    expect(readTip(new URLSearchParams('full=true'), 21000)).toEqual({ tip: 0, percent: 0, noTipReason: null })
    expect(readTip(new URLSearchParams('full=true&tipPercentage=15'), 21000)).toMatchObject({ tip: 3150, percent: 15 })
  })

  it('rounds a percentage of the base half up to the cent', () => {
    expect(tipForPercent(64000, 15)).toBe(9600)
    expect(tipForPercent(3333, 15)).toBe(500) // 499.95 → 500
    expect(tipForPercent(3333, 10)).toBe(333) // 333.3 → 333
    expect(tipForPercent(10, 15)).toBe(2) // 1.5 → 2
    expect(tipForPercent(0, 20)).toBe(0)
  })

  it('never gives a negative tip, nor more than the percentage allows plus half a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(0, 10, 15, 20, 12.5), (base, percent) => {
        const tip = tipForPercent(base, percent)
        expect(tip).toBeGreaterThanOrEqual(0)
        expect(Math.abs(tip - (base * percent) / 100)).toBeLessThanOrEqual(0.5)
      }),
    )
  })
})

describe('tax (docs/money.md, Tax)', () => {
  it('takes IVA out of a price that includes it: price − price / 1.16', () => {
    expect(taxBreakdown(11600, { taxRateBps: 1600, taxIncludedInPrice: true })).toEqual({
      subtotal: 10000,
      tax: 1600,
      total: 11600,
    })
    // 100.00 / 1.16 = 86.2069 → 86.21; tax 13.79
    expect(taxBreakdown(10000, { taxRateBps: 1600, taxIncludedInPrice: true })).toEqual({
      subtotal: 8621,
      tax: 1379,
      total: 10000,
    })
  })

  it('adds IVA on top of a price that excludes it: price × rate', () => {
    expect(taxBreakdown(10000, { taxRateBps: 1600, taxIncludedInPrice: false })).toEqual({
      subtotal: 10000,
      tax: 1600,
      total: 11600,
    })
    expect(taxBreakdown(333, { taxRateBps: 1600, taxIncludedInPrice: false })).toEqual({
      subtotal: 333,
      tax: 53,
      total: 386,
    })
  })

  it('keeps subtotal + tax = total and no negative part, either way', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10000 }),
        fc.boolean(),
        (amount, rate, included) => {
          const { subtotal, tax, total } = taxBreakdown(amount, { taxRateBps: rate, taxIncludedInPrice: included })
          expect(subtotal + tax).toBe(total)
          expect(tax).toBeGreaterThanOrEqual(0)
          expect(subtotal).toBeGreaterThanOrEqual(0)
          expect(included ? total : subtotal).toBe(amount)
        },
      ),
    )
  })

  it('labels the rate as a rounded percentage', () => {
    expect(ratePercentLabel(1600)).toBe(16)
    expect(ratePercentLabel(825)).toBe(8)
  })
})

describe('the IVA rates a restaurant may charge', () => {
  it('are the SAT’s: 16 % and 0 % for all, 8 % only with the northern-border incentive', () => {
    expect(ivaRateAllowed(1600, false)).toBe(true)
    expect(ivaRateAllowed(0, false)).toBe(true)
    expect(ivaRateAllowed(800, false)).toBe(false)
    expect(ivaRateAllowed(800, true)).toBe(true)
    for (const other of [1500, 1000, 850, 1601, -1600]) expect(ivaRateAllowed(other, true), String(other)).toBe(false)
  })
})
