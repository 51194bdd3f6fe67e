import { and, asc, eq, isNotNull } from 'drizzle-orm'
import { menuInLanguage } from '~/domain/menu-language'
import { modifierRule } from '~/domain/modifiers'
import type { Language } from '~/locales'
import type { Db } from '../db/client.server'
import { categories, menuItems, menus } from '../db/schema.server'
import { menuPdfPath } from './menu-wire.server'
import { itemExtraColumns, itemExtras, type ItemExtras } from './menu-items.server'
import { modifierGroupsOf, type OfferedGroup } from './modifier-groups.server'

interface MenuCategoryView {
  id: string
  name: string
  description: string | null
  nameEn: string | null
  descriptionEn: string | null
  menuName: string
  items: ({
    id: string
    name: string
    description: string | null
    priceCents: number
    modifierGroups: OfferedGroup[]
  } & ItemExtras)[]
}

/**
 * What a diner can order from a restaurant: every category of the owner's
 * menus, in menu then category order, with its items. Categories without
 * items are kept so the diner sees 'No items in this category.'
 */
export async function readOwnerMenu(db: Db, restaurantId: string): Promise<MenuCategoryView[]> {
  const rows = await db
    .select({
      menuId: menus.id,
      menuName: menus.name,
      categoryId: categories.id,
      categoryName: categories.name,
      categoryDescription: categories.description,
      categoryNameEn: categories.nameEn,
      categoryDescriptionEn: categories.descriptionEn,
      itemId: menuItems.id,
      itemName: menuItems.name,
      itemDescription: menuItems.description,
      priceCents: menuItems.priceCents,
      item: itemExtraColumns,
    })
    .from(menus)
    .innerJoin(categories, eq(categories.menuId, menus.id))
    .leftJoin(menuItems, eq(menuItems.categoryId, categories.id))
    .where(eq(menus.restaurantId, restaurantId))
    .orderBy(
      asc(menus.createdAt),
      asc(menus.id),
      asc(categories.position),
      asc(categories.createdAt),
      asc(categories.id),
      asc(menuItems.position),
      asc(menuItems.createdAt),
    )
  const byId = new Map<string, MenuCategoryView>()
  for (const row of rows) {
    let category = byId.get(row.categoryId)
    if (!category) {
      category = {
        id: row.categoryId,
        name: row.categoryName,
        description: row.categoryDescription,
        nameEn: row.categoryNameEn,
        descriptionEn: row.categoryDescriptionEn,
        menuName: row.menuName,
        items: [],
      }
      byId.set(row.categoryId, category)
    }
    if (row.itemId && row.itemName !== null && row.priceCents !== null && row.item) {
      category.items.push({
        id: row.itemId,
        name: row.itemName,
        description: row.itemDescription,
        priceCents: row.priceCents,
        modifierGroups: [],
        ...itemExtras(row.item),
      })
    }
  }
  const result = [...byId.values()]
  const items = new Map(result.flatMap((category) => category.items.map((item) => [item.id, item])))
  for (const group of await modifierGroupsOf(db, [...items.keys()]))
    items.get(group.menuItemId)?.modifierGroups.push(group)
  return result
}

/**
 * The menu as a diner of `language` reads it: dishes, categories, groups and
 * options in their words, and of each group only what choosing needs (the
 * phone gets no more).
 */
export async function readDinerMenu(db: Db, restaurantId: string, language: Language) {
  return menuInLanguage(await readOwnerMenu(db, restaurantId), language).map((category) => ({
    ...category,
    items: category.items.map((item) => ({
      ...item,
      modifierGroups: item.modifierGroups.map((group) => modifierRule(group, language)),
    })),
  }))
}

/** A dish as the diner's menu lists it. */
export type DinerDish = Awaited<ReturnType<typeof readDinerMenu>>[number]['items'][number]

/** The PDF versions of an owner's menus, for the diner's 'Ver menú en PDF' link. */
export async function readOwnerMenuPdfs(db: Db, restaurantId: string): Promise<{ name: string; url: string }[]> {
  const rows = await db
    .select({ id: menus.id, name: menus.name })
    .from(menus)
    .where(and(eq(menus.restaurantId, restaurantId), isNotNull(menus.pdfKey)))
    .orderBy(asc(menus.createdAt), asc(menus.id))
  return rows.map((row) => ({ name: row.name, url: menuPdfPath(row.id) }))
}
