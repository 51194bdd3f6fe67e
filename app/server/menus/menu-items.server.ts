import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { parseTags, serializeTags, type DishTag } from '~/domain/allergens'
import type { PhotoSize } from '~/domain/menu-photos'
import type { MenuItemInput } from '~/domain/schemas/menus'
import type { MoveTo } from '~/domain/list-order'
import type { Db } from '../db/client.server'
import { categories, menuItemModifierGroups, menuItems, menus, modifierGroups } from '../db/schema.server'
import { ownItemIds, ownsCategory, ownsCategoryId } from './menu-ownership.server'
import { moveWithin } from './positions.server'

/* The owner's dishes: what each says of itself, its photo, its modifier groups, and where it sits in its category. */

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

const itemColumns = {
  id: menuItems.id,
  name: menuItems.name,
  description: menuItems.description,
  priceCents: menuItems.priceCents,
  categoryId: menuItems.categoryId,
  ...itemExtraColumns,
}

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

/**
 * What makes `itemId` offer exactly `groupIds` (the restaurant's own; another's
 * are passed over), run in the item write's batch; nothing when the form did
 * not say (undefined).
 */
function offerGroups(db: Db, restaurantId: string, itemId: string, groupIds: string[] | undefined) {
  if (groupIds === undefined) return []
  const ownItem = inArray(menuItemModifierGroups.menuItemId, ownItemIds(db, restaurantId))
  const clear = db.delete(menuItemModifierGroups).where(and(eq(menuItemModifierGroups.menuItemId, itemId), ownItem))
  if (groupIds.length === 0) return [clear]
  return [
    clear,
    db.insert(menuItemModifierGroups).select(
      db
        .select({ menuItemId: sql<string>`${itemId}`.as('menu_item_id'), modifierGroupId: modifierGroups.id })
        .from(modifierGroups)
        .where(
          and(
            eq(modifierGroups.restaurantId, restaurantId),
            inArray(modifierGroups.id, groupIds),
            inArray(sql`${itemId}`, ownItemIds(db, restaurantId)),
          ),
        ),
    ),
  ]
}

export async function createMenuItem(db: Db, restaurantId: string, input: MenuItemInput) {
  if (!(await ownsCategoryId(db, restaurantId, input.categoryId))) return null
  const id = crypto.randomUUID()
  const [[row]] = await db.batch([
    db
      .insert(menuItems)
      .values({
        id,
        ...itemValues(input),
        position: sql`(SELECT coalesce(max(${menuItems.position}), -1) + 1 FROM ${menuItems} WHERE ${menuItems.categoryId} = ${input.categoryId})`,
      })
      .returning(itemColumns),
    ...offerGroups(db, restaurantId, id, input.modifierGroupIds),
  ])
  return readItem(row!)
}

export async function updateMenuItem(db: Db, restaurantId: string, itemId: string, input: MenuItemInput) {
  if (!(await ownsCategoryId(db, restaurantId, input.categoryId))) return null
  const [[row]] = await db.batch([
    db
      .update(menuItems)
      .set(itemValues(input))
      .where(and(eq(menuItems.id, itemId), ownsCategory(db, restaurantId)))
      .returning(itemColumns),
    ...offerGroups(db, restaurantId, itemId, input.modifierGroupIds),
  ])
  return row ? readItem(row) : null
}

/** Moves a dish within its category. */
export async function moveMenuItem(db: Db, restaurantId: string, itemId: string, to: MoveTo) {
  const [row] = await db
    .select({ categoryId: menuItems.categoryId })
    .from(menuItems)
    .where(and(eq(menuItems.id, itemId), ownsCategory(db, restaurantId)))
    .limit(1)
  return row ? moveWithin(db, menuItems, eq(menuItems.categoryId, row.categoryId), itemId, to) : null
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
