import { describe, expect, it } from 'vitest'
import { alertOf } from '~/domain/alerts'
import { billTotals, NOTHING_PAID } from '~/domain/bill'
import { billEvent } from '~/domain/live'
import { ratingSummary } from '~/domain/ratings'

describe('ratings', () => {
  it('sum up to a count, an average to one decimal and how many of each', () => {
    expect(ratingSummary([])).toEqual({ count: 0, average: null, byStars: [0, 0, 0, 0, 0] })
    expect(ratingSummary([{ stars: 5 }, { stars: 4 }, { stars: 4 }])).toEqual({
      count: 3,
      average: 4.3,
      byStars: [0, 0, 0, 2, 1],
    })
  })

  it('of 1 to 3 stars are an alert; 4 and 5 are not', () => {
    const rated = (stars: number) =>
      alertOf(
        billEvent(
          { change: 'rating', amountCents: null, ref: `p1:${stars}`, stars },
          's1',
          { tableId: 't1', tableNumber: '12' },
          billTotals([], NOTHING_PAID),
        ),
      )?.kind ?? null
    expect([1, 2, 3, 4, 5].map(rated)).toEqual(['rating-low', 'rating-low', 'rating-low', null, null])
  })
})
