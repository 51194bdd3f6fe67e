import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { parseTags, serializeTags, type DishTag } from '~/domain/allergens'
import type { PhotoSize } from '~/domain/menu-photos'
import type {
  CategoryInput,
  MenuInput,
  MenuItemInput,
  ModifierGroupInput,
  ModifierOptionInput,
} from '~/domain/schemas/menus'
import type { Db } from '../db/client.server'
import { categories, menuItems, menus, modifierGroups, modifierOptions } from '../db/schema.server'

/*
 * The owner's menus, categories, items and modifiers. Every function takes the
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

/** The owner's menus with how many categories and items each holds, for the management cards. */
export function menuSummaries(db: Db, restaurantId: string) {
  return db
    .select({
      ...menuColumns,
      categories: sql<number>`count(distinct ${categories.id})`,
      items: sql<number>`count(${menuItems.id})`,
    })
    .from(menus)
    .leftJoin(categories, eq(categories.menuId, menus.id))
    .leftJoin(menuItems, eq(menuItems.categoryId, categories.id))
    .where(eq(menus.restaurantId, restaurantId))
    .groupBy(menus.id)
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

// Ownership as subqueries built by drizzle, so every column is qualified (a raw
// `sql` subquery inside a one-table statement would leave "id" ambiguous).
const ownMenuIds = (db: Db, restaurantId: string) =>
  db.select({ id: menus.id }).from(menus).where(eq(menus.restaurantId, restaurantId))
const ownCategoryIds = (db: Db, restaurantId: string) =>
  db
    .select({ id: categories.id })
    .from(categories)
    .innerJoin(menus, eq(menus.id, categories.menuId))
    .where(eq(menus.restaurantId, restaurantId))
const ownItemIds = (db: Db, restaurantId: string) =>
  db
    .select({ id: menuItems.id })
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.categoryId))
    .innerJoin(menus, eq(menus.id, categories.menuId))
    .where(eq(menus.restaurantId, restaurantId))
const ownGroupIds = (db: Db, restaurantId: string) =>
  db
    .select({ id: modifierGroups.id })
    .from(modifierGroups)
    .innerJoin(menuItems, eq(menuItems.id, modifierGroups.menuItemId))
    .innerJoin(categories, eq(categories.id, menuItems.categoryId))
    .innerJoin(menus, eq(menus.id, categories.menuId))
    .where(eq(menus.restaurantId, restaurantId))
const ownsMenu = (db: Db, restaurantId: string) => inArray(categories.menuId, ownMenuIds(db, restaurantId))
const ownsCategory = (db: Db, restaurantId: string) => inArray(menuItems.categoryId, ownCategoryIds(db, restaurantId))
const ownsItem = (db: Db, restaurantId: string) => inArray(modifierGroups.menuItemId, ownItemIds(db, restaurantId))
const ownsGroup = (db: Db, restaurantId: string) =>
  inArray(modifierOptions.modifierGroupId, ownGroupIds(db, restaurantId))

/** A kept photo: the id its files are stored under and their sizes, smallest first. */
export interface StoredPhoto {
  id: string
  sizes: PhotoSize[]
}

/** What an item says of itself besides its name and price: English words, tags, photo, and whether it is sold out. */
export interface ItemExtras {
  soldOut: boolean
  nameEn: string | null
  descriptionEn: string | null
  tags: DishTag[]
  photo: StoredPhoto | null
}

const photoOf = (row: { photoId: string | null; photoSizes: PhotoSize[] | null }): StoredPhoto | null =>
  row.photoId && row.photoSizes?.length ? { id: row.photoId, sizes: row.photoSizes } : null

/** An item row's extra columns read into their shapes. */
export const itemExtras = (row: {
  soldOut: boolean
  nameEn: string | null
  descriptionEn: string | null
  tags: string | null
  photoId: string | null
  photoSizes: PhotoSize[] | null
}): ItemExtras => ({
  soldOut: row.soldOut,
  nameEn: row.nameEn,
  descriptionEn: row.descriptionEn,
  tags: parseTags(row.tags),
  photo: photoOf(row),
})

// Tags first: under a left join drizzle reads a nested object as missing when its first column is null, and tags never is.
export const itemExtraColumns = {
  tags: menuItems.tags,
  soldOut: menuItems.soldOut,
  nameEn: menuItems.nameEn,
  descriptionEn: menuItems.descriptionEn,
  photoId: menuItems.photoId,
  photoSizes: menuItems.photoSizes,
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
    modifierGroups: number
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
      groups: sql<number>`(SELECT count(*) FROM ${modifierGroups} WHERE ${modifierGroups.menuItemId} = ${menuItems.id})`,
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
        modifierGroups: row.groups,
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

async function ownsCategoryId(db: Db, restaurantId: string, categoryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .innerJoin(menus, eq(menus.id, categories.menuId))
    .where(and(eq(categories.id, categoryId), eq(menus.restaurantId, restaurantId)))
    .limit(1)
  return Boolean(row)
}

const itemColumns = {
  id: menuItems.id,
  name: menuItems.name,
  description: menuItems.description,
  priceCents: menuItems.priceCents,
  categoryId: menuItems.categoryId,
  ...itemExtraColumns,
}

/** An item as the owner's screens and the API read it. */
export type OwnMenuItem = ReturnType<typeof readItem>
const readItem = ({
  soldOut,
  nameEn,
  descriptionEn,
  tags,
  photoId,
  photoSizes,
  ...row
}: { id: string; name: string; description: string | null; priceCents: number; categoryId: string } & Parameters<
  typeof itemExtras
>[0]) => ({
  ...row,
  ...itemExtras({ soldOut, nameEn, descriptionEn, tags, photoId, photoSizes }),
})

/** The columns an item's form writes; "Agotado" only when it says so, so an edit leaves it as it was. */
const itemValues = (input: MenuItemInput) => ({
  name: input.name,
  description: input.description,
  priceCents: input.price,
  categoryId: input.categoryId,
  nameEn: input.nameEn,
  descriptionEn: input.descriptionEn,
  tags: serializeTags(input.tags),
  ...(input.soldOut === undefined ? {} : { soldOut: input.soldOut }),
})

export async function createMenuItem(db: Db, restaurantId: string, input: MenuItemInput) {
  if (!(await ownsCategoryId(db, restaurantId, input.categoryId))) return null
  const [row] = await db
    .insert(menuItems)
    .values({
      id: crypto.randomUUID(),
      ...itemValues(input),
      position: sql`(SELECT coalesce(max(${menuItems.position}), -1) + 1 FROM ${menuItems} WHERE ${menuItems.categoryId} = ${input.categoryId})`,
    })
    .returning(itemColumns)
  return readItem(row!)
}

export async function updateMenuItem(db: Db, restaurantId: string, itemId: string, input: MenuItemInput) {
  if (!(await ownsCategoryId(db, restaurantId, input.categoryId))) return null
  const [row] = await db
    .update(menuItems)
    .set(itemValues(input))
    .where(and(eq(menuItems.id, itemId), ownsCategory(db, restaurantId)))
    .returning(itemColumns)
  return row ? readItem(row) : null
}

/** Marks an item "Agotado" or offers it again, from the kitchen's quick switch. */
export async function setMenuItemSoldOut(db: Db, restaurantId: string, itemId: string, soldOut: boolean) {
  const [row] = await db
    .update(menuItems)
    .set({ soldOut })
    .where(and(eq(menuItems.id, itemId), ownsCategory(db, restaurantId)))
    .returning(itemColumns)
  return row ? readItem(row) : null
}

export async function deleteMenuItem(db: Db, restaurantId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .delete(menuItems)
    .where(and(eq(menuItems.id, itemId), ownsCategory(db, restaurantId)))
    .returning({ id: menuItems.id })
  return rows.length > 0
}

export async function findOwnMenuItem(db: Db, restaurantId: string, itemId: string) {
  const [row] = await db
    .select(itemColumns)
    .from(menuItems)
    .where(and(eq(menuItems.id, itemId), ownsCategory(db, restaurantId)))
    .limit(1)
  return row ? readItem(row) : null
}

/** Points the owner's item at its new photo, or at none; answers the item, or null when it is not theirs (any more). */
export async function setItemPhoto(db: Db, restaurantId: string, itemId: string, photo: StoredPhoto | null) {
  const [row] = await db
    .update(menuItems)
    .set({ photoId: photo?.id ?? null, photoSizes: photo?.sizes ?? null })
    .where(and(eq(menuItems.id, itemId), ownsCategory(db, restaurantId)))
    .returning(itemColumns)
  return row ? readItem(row) : null
}

/** The photos of the owner's items in a menu, a category or one item: what deleting it must take out of storage. */
export async function photosUnder(
  db: Db,
  restaurantId: string,
  scope: { menuId: string } | { categoryId: string } | { itemId: string },
): Promise<StoredPhoto[]> {
  const rows = await db
    .select({ photoId: menuItems.photoId, photoSizes: menuItems.photoSizes })
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.categoryId))
    .innerJoin(menus, eq(menus.id, categories.menuId))
    .where(
      and(
        eq(menus.restaurantId, restaurantId),
        isNotNull(menuItems.photoId),
        'menuId' in scope
          ? eq(menus.id, scope.menuId)
          : 'categoryId' in scope
            ? eq(categories.id, scope.categoryId)
            : eq(menuItems.id, scope.itemId),
      ),
    )
  return rows.flatMap((row) => photoOf(row) ?? [])
}

export interface ModifierGroupView {
  id: string
  name: string
  description: string | null
  required: boolean
  multipleSelect: boolean
  menuItemId: string
  options: {
    id: string
    name: string
    description: string | null
    priceAdjustmentCents: number
    isDefault: boolean
    modifierGroupId: string
  }[]
}

/** Modifier groups with their options for the given items, in the order they were made; any owner's (the diner's menu reads them too). */
export async function modifierGroupsOf(db: Db, itemIds: string[]): Promise<ModifierGroupView[]> {
  if (itemIds.length === 0) return []
  const rows = await db
    .select({
      id: modifierGroups.id,
      name: modifierGroups.name,
      description: modifierGroups.description,
      required: modifierGroups.required,
      multipleSelect: modifierGroups.multipleSelect,
      menuItemId: modifierGroups.menuItemId,
      optionId: modifierOptions.id,
      optionName: modifierOptions.name,
      optionDescription: modifierOptions.description,
      priceAdjustmentCents: modifierOptions.priceAdjustmentCents,
      isDefault: modifierOptions.isDefault,
    })
    .from(modifierGroups)
    .leftJoin(modifierOptions, eq(modifierOptions.modifierGroupId, modifierGroups.id))
    .where(inArray(modifierGroups.menuItemId, itemIds))
    .orderBy(
      asc(modifierGroups.createdAt),
      asc(modifierGroups.id),
      asc(modifierOptions.createdAt),
      asc(modifierOptions.id),
    )
  const byId = new Map<string, ModifierGroupView>()
  for (const row of rows) {
    let group = byId.get(row.id)
    if (!group) {
      group = {
        id: row.id,
        name: row.name,
        description: row.description,
        required: row.required,
        multipleSelect: row.multipleSelect,
        menuItemId: row.menuItemId,
        options: [],
      }
      byId.set(row.id, group)
    }
    if (row.optionId && row.optionName !== null) {
      group.options.push({
        id: row.optionId,
        name: row.optionName,
        description: row.optionDescription,
        priceAdjustmentCents: row.priceAdjustmentCents ?? 0,
        isDefault: row.isDefault ?? false,
        modifierGroupId: row.id,
      })
    }
  }
  return [...byId.values()]
}

export async function createModifierGroup(db: Db, restaurantId: string, input: ModifierGroupInput) {
  if (!(await findOwnMenuItem(db, restaurantId, input.menuItemId))) return null
  const [row] = await db
    .insert(modifierGroups)
    .values({ id: crypto.randomUUID(), ...input })
    .returning()
  return row!
}

export async function deleteModifierGroup(db: Db, restaurantId: string, groupId: string): Promise<boolean> {
  const rows = await db
    .delete(modifierGroups)
    .where(and(eq(modifierGroups.id, groupId), ownsItem(db, restaurantId)))
    .returning({ id: modifierGroups.id })
  return rows.length > 0
}

export async function createModifierOption(db: Db, restaurantId: string, input: ModifierOptionInput) {
  const [group] = await db
    .select({ id: modifierGroups.id })
    .from(modifierGroups)
    .where(and(eq(modifierGroups.id, input.modifierGroupId), ownsItem(db, restaurantId)))
    .limit(1)
  if (!group) return null
  const [row] = await db
    .insert(modifierOptions)
    .values({
      id: crypto.randomUUID(),
      name: input.name,
      description: input.description,
      priceAdjustmentCents: input.priceAdjustment,
      isDefault: input.isDefault,
      modifierGroupId: input.modifierGroupId,
    })
    .returning()
  return row!
}

export async function deleteModifierOption(db: Db, restaurantId: string, optionId: string): Promise<boolean> {
  const rows = await db
    .delete(modifierOptions)
    .where(and(eq(modifierOptions.id, optionId), ownsGroup(db, restaurantId)))
    .returning({ id: modifierOptions.id })
  return rows.length > 0
}
