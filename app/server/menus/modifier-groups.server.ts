import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { MoveTo } from '~/domain/list-order'
import type { ModifierGroupInput, ModifierOptionInput } from '~/domain/schemas/menus'
import type { Db } from '../db/client.server'
import { menuItemModifierGroups, modifierGroups, modifierOptions } from '../db/schema.server'
import { findOwnMenuItem } from './menu-items.server'
import { moveWithin } from './positions.server'

/*
 * A restaurant's modifier groups ("Salsa", "Extras"): written once, offered on
 * any of its dishes. Every write takes the restaurant's id and touches only
 * its own groups; another restaurant's id finds nothing (null / false), which
 * the routes answer as 404.
 */

export interface ModifierOptionView {
  id: string
  name: string
  nameEn: string | null
  description: string | null
  priceAdjustmentCents: number
  isDefault: boolean
  soldOut: boolean
  modifierGroupId: string
}

interface ModifierGroupView {
  id: string
  name: string
  nameEn: string | null
  description: string | null
  required: boolean
  multipleSelect: boolean
  options: ModifierOptionView[]
}

/** A group as one dish offers it. */
export interface OfferedGroup extends ModifierGroupView {
  menuItemId: string
}

const groupColumns = {
  id: modifierGroups.id,
  name: modifierGroups.name,
  nameEn: modifierGroups.nameEn,
  description: modifierGroups.description,
  required: modifierGroups.required,
  multipleSelect: modifierGroups.multipleSelect,
}

const optionColumns = {
  id: modifierOptions.id,
  name: modifierOptions.name,
  nameEn: modifierOptions.nameEn,
  description: modifierOptions.description,
  priceAdjustmentCents: modifierOptions.priceAdjustmentCents,
  isDefault: modifierOptions.isDefault,
  soldOut: modifierOptions.soldOut,
  modifierGroupId: modifierOptions.modifierGroupId,
}

const inOrder = [
  asc(modifierGroups.position),
  asc(modifierGroups.createdAt),
  asc(modifierGroups.id),
  asc(modifierOptions.position),
  asc(modifierOptions.createdAt),
  asc(modifierOptions.id),
]

/** Rows of groups left-joined to their options, gathered under `keyOf` (a group, or a group on one dish). */
function gather<
  Row extends { group: Omit<ModifierGroupView, 'options'>; option: ModifierOptionView | null },
  Group extends ModifierGroupView,
>(rows: Row[], keyOf: (row: Row) => string, make: (row: Row) => Group): Group[] {
  const byKey = new Map<string, Group>()
  for (const row of rows) {
    const key = keyOf(row)
    const group = byKey.get(key) ?? make(row)
    byKey.set(key, group)
    if (row.option) group.options.push(row.option)
  }
  return [...byKey.values()]
}

/** The groups the given dishes offer, in the restaurant's order; any restaurant's (the diner's menu reads them too). */
export async function modifierGroupsOf(db: Db, itemIds: string[]): Promise<OfferedGroup[]> {
  if (itemIds.length === 0) return []
  const rows = await db
    .select({ menuItemId: menuItemModifierGroups.menuItemId, group: groupColumns, option: optionColumns })
    .from(menuItemModifierGroups)
    .innerJoin(modifierGroups, eq(modifierGroups.id, menuItemModifierGroups.modifierGroupId))
    .leftJoin(modifierOptions, eq(modifierOptions.modifierGroupId, modifierGroups.id))
    .where(inArray(menuItemModifierGroups.menuItemId, itemIds))
    .orderBy(...inOrder)
  return gather(
    rows,
    (row) => `${row.menuItemId}/${row.group.id}`,
    (row): OfferedGroup => ({ ...row.group, menuItemId: row.menuItemId, options: [] }),
  )
}

/** A group as the menu editor lists it: with the dishes that offer it. */
export interface RestaurantModifierGroup extends ModifierGroupView {
  menuItemIds: string[]
}

/** The restaurant's groups, in its order, each with the dishes that offer it. */
export async function restaurantModifierGroups(db: Db, restaurantId: string): Promise<RestaurantModifierGroup[]> {
  const rows = await db
    .select({
      group: groupColumns,
      option: optionColumns,
      menuItemIds: sql<
        string | null
      >`(SELECT group_concat(${menuItemModifierGroups.menuItemId}) FROM ${menuItemModifierGroups} WHERE ${menuItemModifierGroups.modifierGroupId} = ${modifierGroups.id})`,
    })
    .from(modifierGroups)
    .leftJoin(modifierOptions, eq(modifierOptions.modifierGroupId, modifierGroups.id))
    .where(eq(modifierGroups.restaurantId, restaurantId))
    .orderBy(...inOrder)
  return gather(
    rows,
    (row) => row.group.id,
    (row): RestaurantModifierGroup => ({
      ...row.group,
      menuItemIds: row.menuItemIds ? row.menuItemIds.split(',') : [],
      options: [],
    }),
  )
}

const ownGroup = (restaurantId: string, groupId: string) =>
  and(eq(modifierGroups.id, groupId), eq(modifierGroups.restaurantId, restaurantId))
const ownGroupIds = (db: Db, restaurantId: string) =>
  db.select({ id: modifierGroups.id }).from(modifierGroups).where(eq(modifierGroups.restaurantId, restaurantId))
const ownOption = (db: Db, restaurantId: string, optionId: string) =>
  and(eq(modifierOptions.id, optionId), inArray(modifierOptions.modifierGroupId, ownGroupIds(db, restaurantId)))

/** A new group, last in the restaurant's order; offered at once on `menuItemId` when one is given (and the restaurant's). */
export async function createModifierGroup(db: Db, restaurantId: string, input: ModifierGroupInput) {
  const { menuItemId, ...group } = input
  if (menuItemId && !(await findOwnMenuItem(db, restaurantId, menuItemId))) return null
  const id = crypto.randomUUID()
  const insert = db
    .insert(modifierGroups)
    .values({
      id,
      restaurantId,
      ...group,
      position: sql`(SELECT coalesce(max(${modifierGroups.position}), -1) + 1 FROM ${modifierGroups} WHERE ${modifierGroups.restaurantId} = ${restaurantId})`,
    })
    .returning({ ...groupColumns, createdAt: modifierGroups.createdAt })
  if (!menuItemId) return (await insert)[0]!
  const [[row]] = await db.batch([
    insert,
    db.insert(menuItemModifierGroups).values({ menuItemId, modifierGroupId: id }),
  ])
  return { ...row!, menuItemId }
}

export async function updateModifierGroup(
  db: Db,
  restaurantId: string,
  groupId: string,
  input: Omit<ModifierGroupInput, 'menuItemId'>,
) {
  const [row] = await db
    .update(modifierGroups)
    .set(input)
    .where(ownGroup(restaurantId, groupId))
    .returning({ id: modifierGroups.id })
  return row ?? null
}

/** Deletes the group from every dish that offered it, with its options. */
export async function deleteModifierGroup(db: Db, restaurantId: string, groupId: string): Promise<boolean> {
  const rows = await db
    .delete(modifierGroups)
    .where(ownGroup(restaurantId, groupId))
    .returning({ id: modifierGroups.id })
  return rows.length > 0
}

const optionValues = (input: Omit<ModifierOptionInput, 'modifierGroupId'>) => ({
  name: input.name,
  nameEn: input.nameEn,
  description: input.description,
  priceAdjustmentCents: input.priceAdjustment,
  isDefault: input.isDefault,
  soldOut: input.soldOut,
})

/** A new option, last in its group. */
export async function createModifierOption(db: Db, restaurantId: string, input: ModifierOptionInput) {
  const [group] = await db
    .select({ id: modifierGroups.id })
    .from(modifierGroups)
    .where(ownGroup(restaurantId, input.modifierGroupId))
    .limit(1)
  if (!group) return null
  const [row] = await db
    .insert(modifierOptions)
    .values({
      id: crypto.randomUUID(),
      modifierGroupId: group.id,
      ...optionValues(input),
      position: sql`(SELECT coalesce(max(${modifierOptions.position}), -1) + 1 FROM ${modifierOptions} WHERE ${modifierOptions.modifierGroupId} = ${group.id})`,
    })
    .returning(optionColumns)
  return row!
}

/** Changes an option in place: its id stays, so a cart holding it still orders it, at the new price. */
export async function updateModifierOption(
  db: Db,
  restaurantId: string,
  optionId: string,
  input: Omit<ModifierOptionInput, 'modifierGroupId'>,
) {
  const [row] = await db
    .update(modifierOptions)
    .set(optionValues(input))
    .where(ownOption(db, restaurantId, optionId))
    .returning(optionColumns)
  return row ?? null
}

export async function deleteModifierOption(db: Db, restaurantId: string, optionId: string): Promise<boolean> {
  const rows = await db
    .delete(modifierOptions)
    .where(ownOption(db, restaurantId, optionId))
    .returning({ id: modifierOptions.id })
  return rows.length > 0
}

/** Moves a group in the restaurant's order (every dish shows its groups in it). */
export const moveModifierGroup = (db: Db, restaurantId: string, groupId: string, to: MoveTo) =>
  moveWithin(db, modifierGroups, eq(modifierGroups.restaurantId, restaurantId), groupId, to)

/** Moves an option within its group. */
export async function moveModifierOption(db: Db, restaurantId: string, optionId: string, to: MoveTo) {
  const [option] = await db
    .select({ groupId: modifierOptions.modifierGroupId })
    .from(modifierOptions)
    .where(ownOption(db, restaurantId, optionId))
    .limit(1)
  return option
    ? moveWithin(db, modifierOptions, eq(modifierOptions.modifierGroupId, option.groupId), optionId, to)
    : null
}
