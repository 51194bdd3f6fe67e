import { describe, expect, it } from 'vitest'
import { modifierRule, type ModifierGroupRule } from '~/domain/modifiers'
import { priceOrder, type MenuEntry } from '~/domain/order-pricing'

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
const menu = new Map<string, MenuEntry>([
  ['tacos', { name: 'Tacos al pastor', priceCents: 5500, modifierGroups: [salsa] }],
  ['agua', { name: 'Agua de jamaica', priceCents: 3500, modifierGroups: [] }],
])
const staff = { freePrices: true }
const line = (fields: Partial<Parameters<typeof priceOrder>[0][number]>) => ({
  name: 'x',
  description: null,
  price: 1,
  quantity: 1,
  category: 'Order',
  customerName: null,
  ...fields,
})

describe('pricing an order', () => {
  it('prices menu lines by the menu, options included, times the quantity, whatever price the client sent', () => {
    const result = priceOrder(
      [
        line({ menuItemId: 'tacos', optionIds: ['habanero'], quantity: 3, name: 'Cheap', price: 1 }),
        line({ menuItemId: 'agua' }),
      ],
      menu,
      staff,
    )
    expect(result).toEqual({
      ok: true,
      lines: [
        {
          menuItemId: 'tacos',
          optionIds: ['habanero'],
          name: 'Tacos al pastor',
          description: 'Salsa: Habanero',
          nameEn: null,
          descriptionEn: null,
          priceCents: 18000,
          quantity: 3,
          category: 'Order',
          customerName: null,
          note: null,
        },
        {
          menuItemId: 'agua',
          optionIds: [],
          name: 'Agua de jamaica',
          description: null,
          nameEn: null,
          descriptionEn: null,
          priceCents: 3500,
          quantity: 1,
          category: 'Order',
          customerName: null,
          note: null,
        },
      ],
    })
  })

  it('keeps a line that names no menu item as it was sent (staff and demo lines)', () => {
    expect(
      priceOrder(
        [line({ name: 'Botella de la casa', price: 45000, quantity: 1, description: 'Malbec', note: 'Decantar' })],
        menu,
        staff,
      ),
    ).toEqual({
      ok: true,
      lines: [
        {
          menuItemId: null,
          optionIds: [],
          name: 'Botella de la casa',
          description: 'Malbec',
          nameEn: null,
          descriptionEn: null,
          priceCents: 45000,
          quantity: 1,
          category: 'Order',
          customerName: null,
          note: 'Decantar',
        },
      ],
    })
  })

  it('gives a menu line the menu’s English beside the Spanish, the choice in the options’ English; a free line keeps what it was given', () => {
    const english = new Map<string, MenuEntry>([
      [
        'tacos',
        {
          name: 'Tacos al pastor',
          nameEn: 'Al pastor tacos',
          priceCents: 5500,
          modifierGroups: [
            modifierRule({ ...salsa, options: [{ ...salsa.options[1]!, nameEn: 'Habanero (very hot)' }] }, 'en'),
          ],
        },
      ],
      [
        'agua',
        { name: 'Agua de jamaica', nameEn: null, priceCents: 3500, modifierGroups: [modifierRule(salsa, 'en')] },
      ],
    ])
    const result = priceOrder(
      [
        line({ menuItemId: 'tacos', optionIds: ['habanero'] }),
        line({ menuItemId: 'agua', optionIds: ['verde'] }),
        line({ name: 'Cabrito', nameEn: 'Roast kid', description: 'Con frijoles', descriptionEn: 'With beans' }),
      ],
      english,
      staff,
    )
    expect(
      result.ok &&
        result.lines.map(({ name, nameEn, description, descriptionEn }) => ({
          name,
          nameEn,
          description,
          descriptionEn,
        })),
    ).toEqual([
      {
        name: 'Tacos al pastor',
        nameEn: 'Al pastor tacos',
        description: 'Salsa: Habanero',
        descriptionEn: 'Salsa: Habanero (very hot)',
      },
      // Nothing in English: the English page falls back on the Spanish by itself.
      { name: 'Agua de jamaica', nameEn: null, description: 'Salsa: Verde', descriptionEn: null },
      { name: 'Cabrito', nameEn: 'Roast kid', description: 'Con frijoles', descriptionEn: 'With beans' },
    ])
  })

  it('refuses the whole order for an item off the menu or a choice the item does not allow', () => {
    expect(priceOrder([line({ menuItemId: 'agua' }), line({ menuItemId: 'elsewhere' })], menu, staff)).toMatchObject({
      ok: false,
      code: 'UNKNOWN_ITEM',
    })
    // An unknown item is said first, whatever else is wrong in the order.
    expect(
      priceOrder([line({ menuItemId: 'tacos', optionIds: [] }), line({ menuItemId: 'elsewhere' })], menu, staff),
    ).toMatchObject({ ok: false, code: 'UNKNOWN_ITEM' })
    expect(priceOrder([line({ menuItemId: 'tacos', optionIds: [] })], menu, staff)).toMatchObject({
      ok: false,
      code: 'INVALID_OPTIONS',
    })
    expect(priceOrder([line({ menuItemId: 'tacos', optionIds: ['verde', 'habanero'] })], menu, staff)).toMatchObject({
      ok: false,
      code: 'INVALID_OPTIONS',
    })
    expect(priceOrder([line({ menuItemId: 'agua', optionIds: ['verde'] })], menu, staff)).toMatchObject({
      ok: false,
      code: 'INVALID_OPTIONS',
      message: 'An option does not belong to its item.',
    })
  })

  it('refuses the whole order, for diners and staff alike, when a line names a sold-out item, and says which', () => {
    const soldOut = new Map(menu)
    soldOut.set('agua', { ...menu.get('agua')!, soldOut: true })
    const order = [
      line({ menuItemId: 'tacos', optionIds: ['verde'] }),
      line({ menuItemId: 'agua' }),
      line({ menuItemId: 'agua', note: 'sin hielo' }),
    ]
    for (const rights of [staff, { freePrices: false }]) {
      expect(priceOrder(order, soldOut, rights)).toEqual({
        ok: false,
        code: 'SOLD_OUT',
        soldOut: ['agua'],
        message: 'Sold out: Agua de jamaica. Nothing was ordered; take it off the order and order the rest.',
      })
    }
    // The rest of the menu still orders, and an open line is not a menu item.
    expect(
      priceOrder([line({ menuItemId: 'tacos', optionIds: ['verde'] }), line({ name: 'Botella' })], soldOut, staff),
    ).toMatchObject({ ok: true })
  })

  it('takes a line with its own name and price only from those allowed to price lines', () => {
    const bottle = line({ name: 'Botella de la casa', price: 1 })
    expect(priceOrder([line({ menuItemId: 'agua' }), bottle], menu, { freePrices: false })).toMatchObject({
      ok: false,
      code: 'PRICE_NOT_ALLOWED',
    })
    expect(priceOrder([line({ menuItemId: 'agua' })], menu, { freePrices: false })).toMatchObject({ ok: true })
    expect(priceOrder([bottle], menu, staff)).toMatchObject({ ok: true })
  })
})
