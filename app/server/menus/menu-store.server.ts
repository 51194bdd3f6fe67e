import { and, asc, eq, sql } from 'drizzle-orm'
import type { CategoryInput, MenuInput } from '~/domain/schemas/menus'
import type { MoveTo } from '~/domain/list-order'
import type { Db } from '../db/client.server'
import { categories, menuItemModifierGroups, menuItems, menus } from '../db/schema.server'
import { itemExtraColumns, itemExtras, type ItemExtras } from './menu-items.server'
import { ownsMenu } from './menu-ownership.server'
import { moveWithin } from './positions.server'

/*
 * The owner's menus and categories (dishes: menu-items). Every function takes the
 * signed-in owner's id and touches only what that owner owns: another owner's
 * id finds nothing (null / false), which the routes answer as 404. Deleting
 * cascades in the database (a menu takes its categories, items and modifiers).
 */

const menuColumns = {
  id: menus.id,
  name: menus.name,
  description: menus.description,
  type: menus.type,
  pdfKey: menus.pdfKey,
  pdfName: menus.pdfName,
  createdAt: menus.createdAt,
}

export type OwnMenu = NonNullable<Awaited<ReturnType<typeof findOwnMenu>>>

export function listMenus(db: Db, restaurantId: string) {
  return db
    .select(menuColumns)
    .from(menus)
    .where(eq(menus.restaurantId, restaurantId))
    .orderBy(asc(menus.createdAt), asc(menus.id))
}

export async function findOwnMenu(db: Db, restaurantId: string, menuId: string) {
  const [row] = await db
    .select(menuColumns)
    .from(menus)
    .where(and(eq(menus.id, menuId), eq(menus.restaurantId, restaurantId)))
    .limit(1)
  return row ?? null
}

export async function createMenu(db: Db, restaurantId: string, input: MenuInput) {
  const [row] = await db
    .insert(menus)
    .values({ id: crypto.randomUUID(), restaurantId, ...input })
    .returning(menuColumns)
  return row!
}

export async function updateMenu(db: Db, restaurantId: string, menuId: string, input: MenuInput) {
  const [row] = await db
    .update(menus)
    .set(input)
    .where(and(eq(menus.id, menuId), eq(menus.restaurantId, restaurantId)))
    .returning(menuColumns)
  return row ?? null
}

/** Deletes the menu with everything in it; answers the deleted menu (its PDF is the caller's to remove) or null. */
export async function deleteMenu(db: Db, restaurantId: string, menuId: string) {
  const [row] = await db
    .delete(menus)
    .where(and(eq(menus.id, menuId), eq(menus.restaurantId, restaurantId)))
    .returning(menuColumns)
  return row ?? null
}

export async function setMenuPdf(
  db: Db,
  restaurantId: string,
  menuId: string,
  pdf: { key: string; name: string } | null,
) {
  const [row] = await db
    .update(menus)
    .set({ pdfKey: pdf?.key ?? null, pdfName: pdf?.name ?? null })
    .where(and(eq(menus.id, menuId), eq(menus.restaurantId, restaurantId)))
    .returning(menuColumns)
  return row ?? null
}

export interface CategoryWithItems {
  id: string
  name: string
  description: string | null
  nameEn: string | null
  descriptionEn: string | null
  menuId: string
  menuItems: ({
    id: string
    name: string
    description: string | null
    priceCents: number
    categoryId: string
    /** The restaurant's modifier groups this dish offers. */
    modifierGroupIds: string[]
  } & ItemExtras)[]
}

/** The owner's categories (of one menu, or of all) with their items, in the order they were made. */
export async function categoriesWithItems(db: Db, restaurantId: string, menuId?: string): Promise<CategoryWithItems[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      nameEn: categories.nameEn,
      descriptionEn: categories.descriptionEn,
      menuId: categories.menuId,
      itemId: menuItems.id,
      itemName: menuItems.name,
      itemDescription: menuItems.description,
      priceCents: menuItems.priceCents,
      item: itemExtraColumns,
      groups: sql<
        string | null
      >`(SELECT group_concat(${menuItemModifierGroups.modifierGroupId}) FROM ${menuItemModifierGroups} WHERE ${menuItemModifierGroups.menuItemId} = ${menuItems.id})`,
    })
    .from(categories)
    .innerJoin(menus, eq(menus.id, categories.menuId))
    .leftJoin(menuItems, eq(menuItems.categoryId, categories.id))
    .where(and(eq(menus.restaurantId, restaurantId), menuId ? eq(categories.menuId, menuId) : undefined))
    .orderBy(
      asc(menus.createdAt),
      asc(categories.position),
      asc(categories.createdAt),
      asc(categories.id),
      asc(menuItems.position),
      asc(menuItems.createdAt),
      asc(menuItems.id),
    )
  const byId = new Map<string, CategoryWithItems>()
  for (const row of rows) {
    let category = byId.get(row.id)
    if (!category) {
      category = {
        id: row.id,
        name: row.name,
        description: row.description,
        nameEn: row.nameEn,
        descriptionEn: row.descriptionEn,
        menuId: row.menuId,
        menuItems: [],
      }
      byId.set(row.id, category)
    }
    if (row.itemId && row.itemName !== null && row.priceCents !== null && row.item) {
      category.menuItems.push({
        id: row.itemId,
        name: row.itemName,
        description: row.itemDescription,
        priceCents: row.priceCents,
        categoryId: row.id,
        modifierGroupIds: row.groups ? row.groups.split(',') : [],
        ...itemExtras(row.item),
      })
    }
  }
  return [...byId.values()]
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  nameEn: categories.nameEn,
  descriptionEn: categories.descriptionEn,
  menuId: categories.menuId,
}

/** A new category at the end of the owner's menu; null when the menu is not theirs. */
export async function createCategory(db: Db, restaurantId: string, input: CategoryInput) {
  if (!(await findOwnMenu(db, restaurantId, input.menuId))) return null
  const [row] = await db
    .insert(categories)
    .values({
      id: crypto.randomUUID(),
      ...input,
      position: sql`(SELECT coalesce(max(${categories.position}), -1) + 1 FROM ${categories} WHERE ${categories.menuId} = ${input.menuId})`,
    })
    .returning(categoryColumns)
  return row!
}

/** Renames or moves a category; the menu it moves to must be the owner's too. */
export async function updateCategory(db: Db, restaurantId: string, categoryId: string, input: CategoryInput) {
  if (!(await findOwnMenu(db, restaurantId, input.menuId))) return null
  const [row] = await db
    .update(categories)
    .set(input)
    .where(and(eq(categories.id, categoryId), ownsMenu(db, restaurantId)))
    .returning(categoryColumns)
  return row ?? null
}

export async function deleteCategory(db: Db, restaurantId: string, categoryId: string): Promise<boolean> {
  const rows = await db
    .delete(categories)
    .where(and(eq(categories.id, categoryId), ownsMenu(db, restaurantId)))
    .returning({ id: categories.id })
  return rows.length > 0
}

/** Moves a category within its menu. */
export async function moveCategory(db: Db, restaurantId: string, categoryId: string, to: MoveTo) {
  const [row] = await db
    .select({ menuId: categories.menuId })
    .from(categories)
    .where(and(eq(categories.id, categoryId), ownsMenu(db, restaurantId)))
    .limit(1)
  return row ? moveWithin(db, categories, eq(categories.menuId, row.menuId), categoryId, to) : null
}
