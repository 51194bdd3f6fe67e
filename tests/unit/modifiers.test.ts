import { describe, expect, it } from 'vitest'
import { checkChoice, defaultChoice, modifierRule, oneTapChoice, type ModifierGroupRule } from '~/domain/modifiers'

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
      storedSummary: 'Salsa: Habanero · Extras: Aguacate',
    })
    expect(checkChoice([extras], [])).toEqual({
      ok: true,
      optionIds: [],
      extraCents: 0,
      summary: null,
      storedSummary: null,
    })
  })

  it('refuses a required group left empty, two options where one is allowed, and another item’s option', () => {
    expect(checkChoice([salsa, extras], ['queso'])).toEqual({ ok: false, reason: 'required', groupId: 'salsa' })
    expect(checkChoice([salsa], ['verde', 'habanero'])).toEqual({ ok: false, reason: 'single', groupId: 'salsa' })
    expect(checkChoice([salsa], ['verde', 'not-this-item'])).toEqual({ ok: false, reason: 'unknown', groupId: null })
  })

  it('leaves a sold-out option out of the defaults and refuses it when chosen', () => {
    const soldOutVerde = {
      ...salsa,
      options: salsa.options.map((option) => (option.id === 'verde' ? { ...option, soldOut: true } : option)),
    }
    expect(defaultChoice([soldOutVerde])).toEqual([])
    expect(checkChoice([soldOutVerde], ['verde'])).toEqual({ ok: false, reason: 'sold-out', groupId: 'salsa' })
    expect(checkChoice([soldOutVerde], ['habanero'])).toMatchObject({ ok: true, extraCents: 500 })
  })
})

describe('a dish in one tap', () => {
  const ice: ModifierGroupRule = {
    id: 'ice',
    name: 'Hielo',
    required: false,
    multipleSelect: false,
    options: [
      { id: 'con', name: 'Con hielo', priceAdjustmentCents: 0, isDefault: true },
      { id: 'sin', name: 'Sin hielo', priceAdjustmentCents: 0, isDefault: false },
    ],
  }

  it('adds a dish with nothing to choose, or only free defaults, as its sheet would open', () => {
    expect(oneTapChoice([])).toEqual([])
    expect(oneTapChoice([ice])).toEqual(['con'])
    expect(oneTapChoice([{ ...extras, options: extras.options.map((o) => ({ ...o, isDefault: false })) }])).toEqual([])
  })

  it('opens the sheet for a required group, even one with a default, and for defaults that cost more than the row shows', () => {
    expect(oneTapChoice([salsa])).toBeNull()
    expect(oneTapChoice([ice, salsa])).toBeNull()
    expect(oneTapChoice([extras])).toBeNull()
  })
})

describe('modifier rules in the page’s language', () => {
  const stored = {
    id: 'salsa',
    name: 'Salsa',
    nameEn: 'Sauce',
    required: true,
    multipleSelect: false,
    menuItemId: 'taco',
    options: [
      { id: 'verde', name: 'Verde', nameEn: 'Green', priceAdjustmentCents: 0, isDefault: true, soldOut: false },
      { id: 'macha', name: 'Macha', nameEn: null, priceAdjustmentCents: 300, isDefault: false, soldOut: true },
    ],
  }

  it('keeps only what choosing needs, and on a Spanish page nothing but the Spanish', () => {
    expect(modifierRule(stored, 'es')).toEqual({
      id: 'salsa',
      name: 'Salsa',
      required: true,
      multipleSelect: false,
      options: [
        { id: 'verde', name: 'Verde', priceAdjustmentCents: 0, isDefault: true },
        { id: 'macha', name: 'Macha', priceAdjustmentCents: 300, isDefault: false, soldOut: true },
      ],
    })
  })

  it('shows an English page the English names, the Spanish marked where there is none, and describes the choice in them', () => {
    const rule = modifierRule(stored, 'en')
    expect(rule.shown).toEqual({ name: 'Sauce' })
    expect(rule.options.map((option) => option.shown)).toEqual([{ name: 'Green' }, { name: 'Macha', nameLang: 'es' }])
    // The bill line keeps the restaurant's words beside the page's.
    expect(checkChoice([rule], ['verde'])).toMatchObject({
      ok: true,
      summary: 'Sauce: Green',
      storedSummary: 'Salsa: Verde',
    })
    expect(checkChoice([modifierRule(stored, 'es')], ['verde'])).toMatchObject({
      summary: 'Salsa: Verde',
      storedSummary: 'Salsa: Verde',
    })
  })
})
