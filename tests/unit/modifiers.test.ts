import { describe, expect, it } from 'vitest'
import { checkChoice, defaultChoice, type ModifierGroupRule } from '~/domain/modifiers'

const salsa: ModifierGroupRule = {
  id: 'salsa',
  name: 'Salsa',
  required: true,
  multipleSelect: false,
  options: [
    { id: 'verde', name: 'Verde', priceAdjustmentCents: 0, isDefault: true },
    { id: 'habanero', name: 'Habanero', priceAdjustmentCents: 500, isDefault: false },
  ],
}
const extras: ModifierGroupRule = {
  id: 'extras',
  name: 'Extras',
  required: false,
  multipleSelect: true,
  options: [
    { id: 'queso', name: 'Queso', priceAdjustmentCents: 1200, isDefault: true },
    { id: 'aguacate', name: 'Aguacate', priceAdjustmentCents: 1500, isDefault: true },
    { id: 'cebolla', name: 'Cebolla', priceAdjustmentCents: 0, isDefault: false },
  ],
}

describe('modifier choices', () => {
  it('pre-selects the defaults, one at most where only one may be chosen', () => {
    expect(defaultChoice([salsa, extras])).toEqual(['verde', 'queso', 'aguacate'])
    expect(
      defaultChoice([{ ...salsa, options: salsa.options.map((option) => ({ ...option, isDefault: true })) }]),
    ).toEqual(['verde'])
  })

  it('adds the chosen options’ prices and describes them in the groups’ order', () => {
    expect(checkChoice([salsa, extras], ['aguacate', 'habanero'])).toEqual({
      ok: true,
      optionIds: ['habanero', 'aguacate'],
      extraCents: 2000,
      summary: 'Salsa: Habanero · Extras: Aguacate',
    })
    expect(checkChoice([extras], [])).toEqual({ ok: true, optionIds: [], extraCents: 0, summary: null })
  })

  it('refuses a required group left empty, two options where one is allowed, and another item’s option', () => {
    expect(checkChoice([salsa, extras], ['queso'])).toEqual({ ok: false, reason: 'required', groupId: 'salsa' })
    expect(checkChoice([salsa], ['verde', 'habanero'])).toEqual({ ok: false, reason: 'single', groupId: 'salsa' })
    expect(checkChoice([salsa], ['verde', 'not-this-item'])).toEqual({ ok: false, reason: 'unknown', groupId: null })
  })
})
