import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countedCents, drawerDifference, expectedInDrawer, MXN_DENOMINATIONS } from '~/domain/drawer'
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
    expect(drawerFloatSchema.parse(form({ floatAmount: '$1,500' }))).toEqual({ floatAmount: 150_000 })
    expect(drawerFloatSchema.safeParse(form({ floatAmount: 'mucho' })).success).toBe(false)
    expect(drawerFloatSchema.safeParse(form({ floatAmount: '' })).success).toBe(false)
  })
  it('takes a total or notes and coins (then theirs is the count), and asks for one of them', () => {
    expect(drawerCountSchema.parse(form({ countedAmount: '2450.50', note: ' Cambio ' }))).toEqual({
      counts: null,
      countedCents: 245_050,
      note: 'Cambio',
    })
    expect(drawerCountSchema.parse(form({ countedAmount: '', d50000: '2', d50: '3', d100: '' }))).toEqual({
      counts: { 50_000: 2, 50: 3 },
      countedCents: null,
      note: null,
    })
    expect(drawerCountSchema.safeParse(form({ countedAmount: '' })).success).toBe(false)
    expect(drawerCountSchema.safeParse(form({ d50000: '-1' })).success).toBe(false)
    expect(drawerCountSchema.safeParse(form({ d50000: '1.5' })).success).toBe(false)
  })
})
