import { describe, expect, it } from 'vitest'
import { byAttention, floorState } from '~/domain/floor'

const table = (tableNumber: string, totalCents: number, remainingCents: number, seatedAt: number | null = null) => ({
  tableNumber,
  totalCents,
  remainingCents,
  seatedAt,
})

describe('the floor at a glance', () => {
  it('tells a free table, a bill with something left to pay, and a paid bill waiting to be closed', () => {
    expect(floorState(table('1', 0, 0))).toBe('free')
    expect(floorState(table('2', 15500, 500))).toBe('open')
    expect(floorState(table('3', 15500, 0))).toBe('paid')
  })

  it('puts first what needs someone: bills to close, then open bills longest seated first, then free tables by number', () => {
    const floor = [
      table('10', 0, 0),
      table('2', 9000, 9000, 300),
      table('9', 12000, 0, 500),
      table('1', 0, 0),
      table('4', 5000, 2000, 100),
      table('3', 8000, 0, 200),
    ]
    expect(byAttention(floor).map((each) => each.tableNumber)).toEqual(['3', '9', '4', '2', '1', '10'])
  })
})
