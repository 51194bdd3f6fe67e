import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.server'
import { categories, menuItems, menus } from '../db/schema.server'

/*
 * What a restaurant owns of the menus, as conditions a statement carries:
 * another restaurant's id finds nothing, which the routes answer as 404.
 */

// Ownership as subqueries built by drizzle, so every column is qualified (a raw
// `sql` subquery inside a one-table statement would leave "id" ambiguous).
export const ownMenuIds = (db: Db, restaurantId: string) =>
  db.select({ id: menus.id }).from(menus).where(eq(menus.restaurantId, restaurantId))
export const ownCategoryIds = (db: Db, restaurantId: string) =>
  db
    .select({ id: categories.id })
    .from(categories)
    .innerJoin(menus, eq(menus.id, categories.menuId))
    .where(eq(menus.restaurantId, restaurantId))
export const ownItemIds = (db: Db, restaurantId: string) =>
  db
    .select({ id: menuItems.id })
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.categoryId))
    .innerJoin(menus, eq(menus.id, categories.menuId))
    .where(eq(menus.restaurantId, restaurantId))
export const ownsMenu = (db: Db, restaurantId: string) => inArray(categories.menuId, ownMenuIds(db, restaurantId))
export const ownsCategory = (db: Db, restaurantId: string) =>
  inArray(menuItems.categoryId, ownCategoryIds(db, restaurantId))

export async function ownsCategoryId(db: Db, restaurantId: string, categoryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .innerJoin(menus, eq(menus.id, categories.menuId))
    .where(and(eq(categories.id, categoryId), eq(menus.restaurantId, restaurantId)))
    .limit(1)
  return Boolean(row)
}
