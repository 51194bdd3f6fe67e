import { describe, expect, it } from 'vitest'
import { migrating } from './migrating'

/**
 * Migration 0033 (modifier groups become the restaurant's, shared by dishes)
 * on menus written when every dish had its own groups: each dish offers the
 * same choices at the same prices, and groups written the same way on several
 * dishes of one restaurant become one.
 */
const { db, before, after, run } = migrating('0033')

/** What each dish offers, as a diner reads it: group, rules, options and their prices, in order. */
const offered = async (join: string) =>
  (
    await db
      .prepare(
        `SELECT i.name AS dish, g.name AS grp, g.required, g.multiple_select AS multiple,
                o.name AS option, o.price_adjustment_cents AS price, o.is_default AS isDefault
         FROM menu_items i ${join}
         JOIN modifier_options o ON o.modifier_group_id = g.id
         ORDER BY i.name, g.created_at, g.id, o.created_at, o.id`,
      )
      .all()
  ).results

describe('migration 0033: shared modifier groups', () => {
  it('keeps every dish choice and price, and folds groups written the same way into one', async () => {
    await before()
    const at = 1_700_000_000_000
    for (const restaurant of ['r1', 'r2']) {
      await run(`INSERT INTO restaurants (id, restaurant_name, created_at) VALUES (?, 'Fonda', ?)`, restaurant, at)
      await run(
        `INSERT INTO menus (id, restaurant_id, name, created_at) VALUES (?, ?, 'Menú', ?)`,
        `m-${restaurant}`,
        restaurant,
        at,
      )
      await run(
        `INSERT INTO categories (id, menu_id, name, created_at) VALUES (?, ?, 'Tacos', ?)`,
        `c-${restaurant}`,
        `m-${restaurant}`,
        at,
      )
    }
    const dish = (id: string, restaurant: string, name: string) =>
      run(
        `INSERT INTO menu_items (id, category_id, name, price_cents, created_at) VALUES (?, ?, ?, 5500, ?)`,
        id,
        `c-${restaurant}`,
        name,
        at,
      )
    const group = (id: string, item: string, name: string, required: number, multiple: number, minute: number) =>
      run(
        `INSERT INTO modifier_groups (id, menu_item_id, name, required, multiple_select, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
        id,
        item,
        name,
        required,
        multiple,
        at + minute * 60_000,
      )
    const option = (id: string, groupId: string, name: string, price: number, isDefault: number, second: number) =>
      run(
        `INSERT INTO modifier_options (id, modifier_group_id, name, price_adjustment_cents, is_default, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
        id,
        groupId,
        name,
        price,
        isDefault,
        at + second * 1000,
      )
    const salsa = async (groupId: string, item: string, minute: number, habanero: number) => {
      await group(groupId, item, 'Salsa', 1, 0, minute)
      await option(`${groupId}-verde`, groupId, 'Verde', 0, 1, 1)
      await option(`${groupId}-habanero`, groupId, 'Habanero', habanero, 0, 2)
    }
    await dish('pastor', 'r1', 'Al pastor')
    await dish('suadero', 'r1', 'Suadero')
    await dish('tripa', 'r1', 'Tripa')
    await dish('bistec', 'r2', 'Bistec')
    await salsa('g-pastor', 'pastor', 1, 500)
    await group('g-extras', 'pastor', 'Extras', 0, 1, 2)
    await option('queso', 'g-extras', 'Queso', 1200, 0, 1)
    await salsa('g-suadero', 'suadero', 3, 500)
    // The same name with another price is another group: folding it would change what a diner pays.
    await salsa('g-tripa', 'tripa', 4, 700)
    // Another restaurant's identical group stays its own.
    await salsa('g-bistec', 'bistec', 5, 500)
    const was = await offered('JOIN modifier_groups g ON g.menu_item_id = i.id')

    await after()

    const now = await offered(
      'JOIN menu_item_modifier_groups l ON l.menu_item_id = i.id JOIN modifier_groups g ON g.id = l.modifier_group_id',
    )
    expect(now).toEqual(was)
    expect(now).toHaveLength(9)
    const groups = await db
      .prepare('SELECT id, restaurant_id AS restaurant, position FROM modifier_groups ORDER BY restaurant_id, position')
      .all()
    expect(groups.results).toEqual([
      { id: 'g-pastor', restaurant: 'r1', position: 0 },
      { id: 'g-extras', restaurant: 'r1', position: 1 },
      { id: 'g-tripa', restaurant: 'r1', position: 2 },
      { id: 'g-bistec', restaurant: 'r2', position: 0 },
    ])
    const suadero = await db
      .prepare(`SELECT modifier_group_id AS id FROM menu_item_modifier_groups WHERE menu_item_id = 'suadero'`)
      .all()
    expect(suadero.results).toEqual([{ id: 'g-pastor' }])
    // Kept options keep their ids (a cart holding one still orders it); the folded group's went with it.
    const options = await db.prepare('SELECT id, position FROM modifier_options ORDER BY id').all()
    expect(options.results.map((row) => row.id)).toEqual([
      'g-bistec-habanero',
      'g-bistec-verde',
      'g-pastor-habanero',
      'g-pastor-verde',
      'g-tripa-habanero',
      'g-tripa-verde',
      'queso',
    ])
    // The foreign keys now name the renamed tables: deleting a dish leaves its shared group to the others.
    await run(`DELETE FROM menu_items WHERE id = 'pastor'`)
    expect(
      await db.prepare(`SELECT count(*) AS n FROM modifier_options WHERE modifier_group_id = 'g-pastor'`).first(),
    ).toEqual({
      n: 2,
    })
    await run(`DELETE FROM modifier_groups WHERE id = 'g-pastor'`)
    expect(
      await db
        .prepare(`SELECT count(*) AS n FROM menu_item_modifier_groups WHERE modifier_group_id = 'g-pastor'`)
        .first(),
    ).toEqual({ n: 0 })
    expect(
      await db.prepare(`SELECT count(*) AS n FROM modifier_options WHERE modifier_group_id = 'g-pastor'`).first(),
    ).toEqual({
      n: 0,
    })
  })
})
