import { and, eq, inArray } from 'drizzle-orm'
import type { MenuEntry } from '~/domain/order-pricing'
import { priceOrder } from '~/domain/order-pricing'
import type { AddItemsRequest } from '~/domain/schemas/items'
import type { Db } from '../db/client.server'
import { categories, menuItems, menus, type BillItemRow } from '../db/schema.server'
import { modifierGroupsOf } from '../menus/modifier-groups.server'
import { modifierRule } from '~/domain/modifiers'
import { isDemoSession } from './stub.server'
import { fail, type WriteResult } from './write-failures.server'
import type { BillTable } from './open-bill.server'
import type { Signature } from '~/domain/signature'

/** A signed-in member ordering, and the restaurant they work in now: on that restaurant's tables, the lines are theirs. */
export type StaffOrderer = Signature & { restaurantId: string }

/** The restaurant's own menu entries among `menuItemIds`, with their modifier groups. */
export async function menuEntries(
  db: Db,
  restaurantId: string,
  menuItemIds: string[],
): Promise<Map<string, MenuEntry>> {
  const entries = new Map<string, MenuEntry & { modifierGroups: MenuEntry['modifierGroups'][number][] }>()
  if (menuItemIds.length === 0) return entries
  const [rows, groups] = await Promise.all([
    db
      .select({
        id: menuItems.id,
        name: menuItems.name,
        nameEn: menuItems.nameEn,
        priceCents: menuItems.priceCents,
        soldOut: menuItems.soldOut,
      })
      .from(menuItems)
      .innerJoin(categories, eq(categories.id, menuItems.categoryId))
      .innerJoin(menus, eq(menus.id, categories.menuId))
      .where(and(inArray(menuItems.id, menuItemIds), eq(menus.restaurantId, restaurantId))),
    modifierGroupsOf(db, menuItemIds),
  ])
  for (const row of rows) entries.set(row.id, { ...row, modifierGroups: [] })
  // With their English shown, so a line carries its English description as well as the restaurant's.
  for (const group of groups) entries.get(group.menuItemId)?.modifierGroups.push(modifierRule(group, 'en'))
  return entries
}

/** When a diner refused for a full bill may try again: by then a line may have been paid (or a waiter asked). */
const OPEN_LINES_RETRY_SECONDS = 60

/**
 * Prices an order's lines for the bill, all or nothing. A diner's order is
 * refused when it would leave more than `maxOpenLines` unpaid lines on the
 * bill (a script filling a table); staff may always add.
 */
export function orderLines(
  menu: Map<string, MenuEntry>,
  sessionId: string,
  table: BillTable,
  request: AddItemsRequest,
  staff: StaffOrderer | null,
  limits: { openLines: number; maxOpenLines: number },
  orderId: string,
): WriteResult<{ lines: BillItemRow[] }> {
  // The table's own staff sign their lines; another restaurant's member orders here as a diner does.
  const signed = staff?.restaurantId === table.restaurantId ? staff : null
  if (!signed && limits.openLines + request.items.length > limits.maxOpenLines) {
    const refused = fail(
      'TOO_MANY_LINES',
      `This bill already has ${limits.openLines} unpaid lines; at most ${limits.maxOpenLines} may be open. Ask the staff to add more.`,
    )
    return { ...refused, limit: { limit: limits.maxOpenLines, windowSeconds: OPEN_LINES_RETRY_SECONDS } }
  }
  const priced = priceOrder(request.items, menu, { freePrices: signed !== null || isDemoSession(sessionId) })
  if (!priced.ok) return fail(priced.code, priced.message)
  const now = Date.now()
  // The options chosen are on the line already, in its description.
  return {
    ok: true,
    lines: priced.lines.map(({ optionIds: _optionIds, ...line }) => ({
      ...line,
      id: crypto.randomUUID(),
      tableId: table.tableId,
      sessionId,
      paidQuantity: 0,
      paidBy: null,
      createdAt: now,
      comped: false,
      addedBy: signed?.name ?? null,
      addedById: signed?.userId ?? null,
      orderId,
    })),
  }
}
