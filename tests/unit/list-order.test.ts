import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { moved } from '~/domain/list-order'

describe('moved', () => {
  const list = ['salsa', 'extras', 'tortilla']

  it('steps one place up or down, and stays at an end', () => {
    expect(moved(list, 'extras', 'up')).toEqual(['extras', 'salsa', 'tortilla'])
    expect(moved(list, 'extras', 'down')).toEqual(['salsa', 'tortilla', 'extras'])
    expect(moved(list, 'salsa', 'up')).toEqual(list)
    expect(moved(list, 'tortilla', 'down')).toEqual(list)
  })

  it('puts an entry at a place, the last when beyond it', () => {
    expect(moved(list, 'tortilla', 0)).toEqual(['tortilla', 'salsa', 'extras'])
    expect(moved(list, 'salsa', 1)).toEqual(['extras', 'salsa', 'tortilla'])
    expect(moved(list, 'salsa', 9)).toEqual(['extras', 'tortilla', 'salsa'])
  })

  it('answers null for an id not in the list', () => {
    expect(moved(list, 'postre', 'up')).toBeNull()
  })

  it('keeps every entry once, whatever the move', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.oneof(fc.constant('up' as const), fc.constant('down' as const), fc.nat(20)),
        (ids, pick, to) => {
          const id = ids[pick % ids.length]!
          const after = moved(ids, id, to)!
          expect([...after].sort()).toEqual([...ids].sort())
          if (typeof to === 'number') expect(after.indexOf(id)).toBe(Math.min(to, ids.length - 1))
        },
      ),
    )
  })
})
