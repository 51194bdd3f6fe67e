import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { namedDiners } from '~/domain/diners'
import { clampSplit, equalShares, quoteSplit, shareOf, startingTableSize } from '~/domain/split'

describe('equal split', () => {
  it('gives the last share the remainder so the table closes at exactly zero', () => {
    expect(equalShares(10000, 3)).toEqual([3333, 3333, 3334])
    expect(equalShares(20000, 3)).toEqual([6666, 6666, 6668])
    expect(equalShares(9000, 3)).toEqual([3000, 3000, 3000])
    expect(equalShares(2, 3)).toEqual([0, 0, 2])
  })

  it('always adds up to the total to the cent, with no negative share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 30 }), (total, count) => {
        const shares = equalShares(total, count)
        expect(shares).toHaveLength(count)
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total)
        for (const share of shares) expect(share).toBeGreaterThanOrEqual(0)
        // Equal means equal: shares differ by less than one cent per share.
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThan(count)
      }),
    )
  })

  it('shares of people paying one after another add up to what was left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 20 }), (total, tableSize) => {
        let remaining = total
        for (let left = tableSize; left >= 1; left--) {
          const share = shareOf(remaining, left, 1)
          expect(share).toBeGreaterThanOrEqual(0)
          remaining -= share
        }
        expect(remaining).toBe(0)
      }),
    )
  })

  it('charges the exact remainder when the payers cover the whole table', () => {
    expect(shareOf(10001, 4, 4)).toBe(10001)
    expect(shareOf(10000, 4, 2)).toBe(5000)
  })

  it('refuses impossible inputs', () => {
    expect(() => equalShares(100, 0)).toThrow(RangeError)
    expect(() => equalShares(-1, 2)).toThrow(RangeError)
    expect(() => equalShares(1.5, 2)).toThrow(RangeError)
  })

  it('clamps people paying to 1–20 and to the table size, and the table to 30', () => {
    expect(clampSplit(0, 4)).toEqual({ peoplePaying: 1, tableSize: 4 })
    expect(clampSplit(25, 40)).toEqual({ peoplePaying: 20, tableSize: 30 })
    expect(clampSplit(6, 4)).toEqual({ peoplePaying: 4, tableSize: 4 })
  })
})

describe('a few cents left among many', () => {
  it('are paid whole by the next diner, never as a share of $0.00', () => {
    expect(quoteSplit(2, 1, 4, [])).toMatchObject({ share: 2 })
    expect(quoteSplit(0, 1, 4, [])).toMatchObject({ share: 0 })
  })
})

describe('who splits, when the diner opens the split', () => {
  const line = (customerName: string | null, addedBy: string | null = null) => ({ customerName, addedBy })

  it('counts the diners who ordered under their own names, once each whatever the case, not the staff nor a guest', () => {
    expect(namedDiners([line('Ana'), line('ana '), line('Beto'), line(null, 'Memo'), line('Guest'), line(null)])).toBe(
      2,
    )
  })

  it('starts between them, at least two; a split under way keeps its size', () => {
    expect(startingTableSize([], 0)).toBe(2)
    expect(startingTableSize([], 1)).toBe(2)
    expect(startingTableSize([], 5)).toBe(5)
    expect(startingTableSize([], 99)).toBe(30)
    expect(startingTableSize([{ tableSize: 4, shares: 1 }], 2)).toBe(4)
    // A round finished (4 of 4 paid) is not under way.
    expect(startingTableSize([{ tableSize: 4, shares: 4 }], 3)).toBe(3)
  })
})
