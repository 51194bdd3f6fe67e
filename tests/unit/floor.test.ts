import { describe, expect, it } from 'vitest'
import { floorState, needsSomeone, onTheFloor, seatedAt, type FloorTable } from '~/domain/floor'

const table = (tableNumber: string, bill: Partial<FloorTable> = {}): FloorTable => ({
  tableNumber,
  totalCents: 0,
  paidCents: 0,
  remainingCents: 0,
  seatedAt: null,
  cookingTickets: 0,
  readyTickets: 0,
  calling: false,
  browsedAt: null,
  ...bill,
})
const open = (cents: number, paid = 0) => ({ totalCents: cents, paidCents: paid, remainingCents: cents - paid })
const now = Date.UTC(2026, 10, 27, 20)
const minutesAgo = (minutes: number) => now - minutes * 60_000

describe('the floor at a glance', () => {
  it('tells each state from the bill, the kitchen and the calls', () => {
    expect(floorState(table('1'), now)).toBe('free')
    expect(floorState(table('2', { ...open(15500), cookingTickets: 1 }), now)).toBe('waiting')
    expect(floorState(table('3', { ...open(15500), cookingTickets: 1, readyTickets: 1 }), now)).toBe('ready')
    expect(floorState(table('4', open(15500)), now)).toBe('eating')
    expect(floorState(table('5', open(15500, 5000)), now)).toBe('paying')
    expect(floorState(table('6', open(15500, 15500)), now)).toBe('paid')
    // A call comes first, even at a table with nothing ordered yet.
    expect(floorState(table('7', { calling: true }), now)).toBe('calling')
    expect(floorState(table('8', { ...open(15500, 15500), calling: true }), now)).toBe('calling')
  })

  it('takes a diner reading an empty bill for a party choosing, for a while', () => {
    expect(floorState(table('1', { browsedAt: minutesAgo(2) }), now)).toBe('ordering')
    expect(floorState(table('1', { browsedAt: minutesAgo(29) }), now)).toBe('ordering')
    // A code scanned in passing, or a party gone without ordering: the table is free again.
    expect(floorState(table('1', { browsedAt: minutesAgo(30) }), now)).toBe('free')
    // Once something is ordered the bill says how the table is doing.
    expect(floorState(table('2', { ...open(9000), cookingTickets: 1, browsedAt: minutesAgo(2) }), now)).toBe('waiting')
  })

  it('keeps the floor by table number whatever happens, and sets apart what needs someone: calls, food to take, bills to close, longest seated first', () => {
    const floor = [
      table('10'),
      table('2', { ...open(9000), seatedAt: 300 }),
      table('9', { ...open(12000, 12000), seatedAt: 500 }),
      table('1'),
      table('4', { ...open(5000), seatedAt: 100 }),
      table('3', { ...open(8000, 8000), seatedAt: 200 }),
      table('7', { ...open(8000), readyTickets: 1, seatedAt: 600 }),
      table('12', { calling: true }),
      table('5', { browsedAt: minutesAgo(5) }),
    ]
    const { tables, waiting } = onTheFloor(floor, now)
    expect(tables.map((each) => [each.tableNumber, each.state])).toEqual([
      ['1', 'free'],
      ['2', 'eating'],
      ['3', 'paid'],
      ['4', 'eating'],
      ['5', 'ordering'],
      ['7', 'ready'],
      ['9', 'paid'],
      ['10', 'free'],
      ['12', 'calling'],
    ])
    expect(waiting.map((each) => each.tableNumber)).toEqual(['12', '7', '3', '9'])
    expect(tables.filter((each) => needsSomeone(each.state)).map((each) => each.tableNumber)).toEqual([
      '3',
      '7',
      '9',
      '12',
    ])
  })
})

describe('when a party sat down', () => {
  it('is its bill’s first order, whatever order the lines are read in; none before anything is ordered', () => {
    expect(seatedAt([])).toBeNull()
    expect(seatedAt([{ createdAt: 3_000 }, { createdAt: 1_000 }, { createdAt: 2_000 }])).toBe(1_000)
  })
})
