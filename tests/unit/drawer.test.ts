import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cashOfWindow, countedCents, drawerDifference, expectedInDrawer, MXN_DENOMINATIONS } from '~/domain/drawer'
import { drawerCountSchema, drawerFloatSchema } from '~/domain/schemas/drawer'

const cents = fc.integer({ min: 0, max: 10_000_000 })

describe('the day’s drawer', () => {
  it('difference = counted − (fondo + cash in − cash out), whatever the figures', () => {
    fc.assert(
      fc.property(cents, cents, cents, cents, (floatCents, cashInCents, cashOutCents, counted) => {
        const figures = { floatCents, cashInCents, cashOutCents }
        expect(expectedInDrawer(figures)).toBe(floatCents + cashInCents - cashOutCents)
        expect(drawerDifference({ ...figures, countedCents: counted })).toBe(
          counted - (floatCents + cashInCents - cashOutCents),
        )
      }),
    )
  })

  it('a count by notes and coins is what they add up to, to the cent', () => {
    expect(countedCents({ 50_000: 2, 20_000: 1, 50: 3 })).toBe(120_150)
    expect(countedCents({})).toBe(0)
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), {
          minLength: MXN_DENOMINATIONS.length,
          maxLength: MXN_DENOMINATIONS.length,
        }),
        (howMany) => {
          const counts = Object.fromEntries(MXN_DENOMINATIONS.map((value, index) => [value, howMany[index]]))
          expect(countedCents(counts)).toBe(
            MXN_DENOMINATIONS.reduce((sum, value, index) => sum + value * howMany[index]!, 0),
          )
        },
      ),
    )
  })
})

describe('the drawer’s forms', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(fields)) data.set(name, value)
    return Object.fromEntries(data)
  }
  it('reads a fondo typed as people type it, and refuses what is not an amount', () => {
    expect(drawerFloatSchema.parse(form({ floatAmount: '$1,500' }))).toEqual({ registerId: null, floatCents: 150_000 })
    expect(drawerFloatSchema.parse(form({ register: 'bar', floatAmount: '500' }))).toEqual({
      registerId: 'bar',
      floatCents: 50_000,
    })
    expect(drawerFloatSchema.safeParse(form({ floatAmount: 'mucho' })).success).toBe(false)
    expect(drawerFloatSchema.safeParse(form({ floatAmount: '' })).success).toBe(false)
  })
  it('takes a total or notes and coins (then theirs is the count), and asks for one of them', () => {
    expect(
      drawerCountSchema.parse(
        form({ register: 'bar', session: 's1', countedAmount: '2450.50', nextFloat: '500', note: ' Cambio ' }),
      ),
    ).toEqual({
      registerId: 'bar',
      sessionId: 's1',
      seen: null,
      counts: null,
      countedCents: 245_050,
      note: 'Cambio',
      nextFloatCents: 50_000,
    })
    // No register named: the restaurant's own drawer; no session named: the open one; no fondo left: none.
    expect(drawerCountSchema.parse(form({ countedAmount: '', d50000: '2', d50: '3', d100: '' }))).toEqual({
      registerId: null,
      sessionId: null,
      seen: null,
      counts: { 50_000: 2, 50: 3 },
      countedCents: null,
      note: null,
      nextFloatCents: 0,
    })
    expect(drawerCountSchema.safeParse(form({ countedAmount: '' })).success).toBe(false)
    expect(drawerCountSchema.safeParse(form({ d50000: '-1' })).success).toBe(false)
    expect(drawerCountSchema.safeParse(form({ d50000: '1.5' })).success).toBe(false)
  })
})

describe('a drawer session’s cash', () => {
  const movements = [
    { registerId: null, at: 1_000, inCents: 10_000, outCents: 0 },
    { registerId: null, at: 2_000, inCents: 0, outCents: 2_500 },
    // At the close's instant: already the next session's.
    { registerId: null, at: 3_000, inCents: 6_500, outCents: 0 },
    // Another register's drawer, counted apart.
    { registerId: 'bar', at: 2_000, inCents: 4_000, outCents: 0 },
  ]

  it('holds the cash that moved from its start up to, not including, its close; later cash is the next session’s', () => {
    expect(cashOfWindow({ registerId: null, coversFrom: 1_000, closedAt: 3_000 }, movements)).toEqual({
      cashInCents: 10_000,
      cashOutCents: 2_500,
    })
    expect(cashOfWindow({ registerId: null, coversFrom: 3_000, closedAt: null }, movements)).toEqual({
      cashInCents: 6_500,
      cashOutCents: 0,
    })
  })

  it('holds only its own drawer’s cash: a register’s session holds none of the restaurant’s own drawer’s', () => {
    expect(cashOfWindow({ registerId: 'bar', coversFrom: 0, closedAt: null }, movements)).toEqual({
      cashInCents: 4_000,
      cashOutCents: 0,
    })
  })

  it('sessions that follow one another in each drawer share out every movement once, whatever the times', () => {
    const drawer = fc.constantFrom(null, 'bar', 'patio')
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ registerId: drawer, at: fc.integer({ min: 0, max: 1_000 }), inCents: cents, outCents: cents }),
        ),
        fc.uniqueArray(fc.integer({ min: 1, max: 999 }), { maxLength: 5 }),
        (moved, cuts) => {
          const bounds = [0, ...cuts.sort((a, b) => a - b)]
          const windows = [null, 'bar', 'patio'].flatMap((registerId) =>
            bounds.map((coversFrom, index) => ({ registerId, coversFrom, closedAt: bounds[index + 1] ?? null })),
          )
          const shared = windows.map((window) => cashOfWindow(window, moved))
          expect(shared.reduce((sum, cash) => sum + cash.cashInCents, 0)).toBe(
            moved.reduce((sum, movement) => sum + movement.inCents, 0),
          )
          expect(shared.reduce((sum, cash) => sum + cash.cashOutCents, 0)).toBe(
            moved.reduce((sum, movement) => sum + movement.outCents, 0),
          )
        },
      ),
    )
  })
})
