import { describe, expect, it } from 'vitest'
import { DINER_SEARCH_AFTER, findDishes, offersSearch } from '~/domain/menu-search'
import { priceUnit } from '~/domain/price-unit'

const dish = (name: string, description: string | null = null) => ({ name, description })
const menu = [
  { id: 'tacos', items: [dish('Tacos al pastor', 'Tres tacos por orden, con piña'), dish('Taco de canasta')] },
  { id: 'bebidas', items: [dish('Agua de jamaica', 'Sin azúcar añadida'), dish('Café de olla')] },
  { id: 'postres', items: [] },
]

describe('the diner’s menu search', () => {
  it('finds a dish by its name or its description, without case or accents, every word in any order', () => {
    expect(findDishes(menu, 'pina').map((category) => category.items.map((item) => item.name))).toEqual([
      ['Tacos al pastor'],
    ])
    expect(findDishes(menu, 'CAFE').flatMap((category) => category.items.map((item) => item.name))).toEqual([
      'Café de olla',
    ])
    expect(findDishes(menu, 'azucar jamaica').flatMap((category) => category.items)).toHaveLength(1)
    expect(findDishes(menu, 'taco').flatMap((category) => category.items)).toHaveLength(2)
  })

  it('leaves out the categories left with no dish, and finds nothing for a word no dish has', () => {
    expect(findDishes(menu, 'olla').map((category) => category.id)).toEqual(['bebidas'])
    expect(findDishes(menu, 'pastor jamaica')).toEqual([])
    expect(findDishes(menu, 'sushi')).toEqual([])
  })

  it('keeps the whole menu, empty categories too, when nothing is typed', () => {
    expect(findDishes(menu, '')).toEqual(menu)
    expect(findDishes(menu, '   ')).toEqual(menu)
  })

  it('is offered past twenty dishes, counted over every category', () => {
    const dishes = (count: number) => Array.from({ length: count }, (_, index) => dish(`Platillo ${index}`))
    expect(DINER_SEARCH_AFTER).toBe(20)
    expect(offersSearch([{ items: dishes(12) }, { items: dishes(8) }])).toBe(false)
    expect(offersSearch([{ items: dishes(12) }, { items: dishes(9) }])).toBe(true)
    expect(offersSearch([])).toBe(false)
  })
})

describe('what one of a dish is beside its price', () => {
  it('is an order where the description counts in orders, in Spanish or English', () => {
    expect(priceUnit('Tres tacos por orden, con piña y salsa verde')).toBe('order')
    expect(priceUnit('Three tacos to an order, with pineapple')).toBe('order')
    expect(priceUnit('Dos órdenes para compartir')).toBe('order')
    expect(priceUnit('Two orders to share')).toBe('order')
  })

  it('is one of it otherwise, a word merely holding "orden" included', () => {
    expect(priceUnit(null)).toBe('each')
    expect(priceUnit('Aguacate, chile serrano, cebolla y cilantro')).toBe('each')
    expect(priceUnit('Ordenado al gusto del chef')).toBe('each')
    expect(priceUnit('Border-style salsa')).toBe('each')
  })
})
