import { and, count, eq, inArray, lt } from 'drizzle-orm'
import type { MenuEntry } from '~/domain/order-pricing'
import { priceOrder } from '~/domain/order-pricing'
import type { AddItemsRequest } from '~/domain/schemas/items'
import type { Db } from '../db/client.server'
import { billItems, categories, menuItems, menus, type BillItemRow } from '../db/schema.server'
import { modifierGroupsOf } from '../menus.server'
import { isDemoSession } from '../table-session.server'
import { fail, type WriteResult } from '../write-result.server'
import type { BillTable } from './open-bill.server'

/** D1 binds at most 100 values per statement. */
const D1_MAX_BOUND_PARAMETERS = 100

/** The restaurant's own menu entries among `menuItemIds`, with their modifier groups. */
async function menuEntries(db: Db, userId: string, menuItemIds: string[]): Promise<Map<string, MenuEntry>> {
  const entries = new Map<string, MenuEntry & { modifierGroups: MenuEntry['modifierGroups'][number][] }>()
  if (menuItemIds.length === 0) return entries
  const [rows, groups] = await Promise.all([
    db
      .select({ id: menuItems.id, name: menuItems.name, priceCents: menuItems.priceCents })
      .from(menuItems)
      .innerJoin(categories, eq(categories.id, menuItems.categoryId))
      .innerJoin(menus, eq(menus.id, categories.menuId))
      .where(and(inArray(menuItems.id, menuItemIds), eq(menus.userId, userId))),
    modifierGroupsOf(db, menuItemIds),
  ])
  for (const row of rows) entries.set(row.id, { name: row.name, priceCents: row.priceCents, modifierGroups: [] })
  for (const group of groups) entries.get(group.menuItemId)?.modifierGroups.push(group)
  return entries
}

/** When a diner refused for a full bill may try again: by then a line may have been paid (or a waiter asked). */
const OPEN_LINES_RETRY_SECONDS = 60

/** Lines of the bill not yet paid in full. */
async function openLineCount(db: Db, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ lines: count() })
    .from(billItems)
    .where(and(eq(billItems.sessionId, sessionId), lt(billItems.paidQuantity, billItems.quantity)))
  return row?.lines ?? 0
}

/**
 * Prices an order's lines and puts them on the bill, all or nothing. A
 * diner's order is refused when it would leave more than `maxOpenLines`
 * unpaid lines on the bill (a script filling a table); staff may always add.
 */
export async function insertOrder(
  db: Db,
  sessionId: string,
  table: BillTable,
  request: AddItemsRequest,
  staffUserId: string | null,
  maxOpenLines: number,
): Promise<WriteResult<{ items: BillItemRow[] }>> {
  const menuItemIds = [...new Set(request.items.flatMap((item) => (item.menuItemId ? [item.menuItemId] : [])))]
  const byStaff = staffUserId === table.userId
  const [menu, openLines] = await Promise.all([menuEntries(db, table.userId, menuItemIds), byStaff ? 0 : openLineCount(db, sessionId)])
  if (openLines + request.items.length > maxOpenLines) {
    const refused = fail(429, 'TOO_MANY_LINES', `This bill already has ${openLines} unpaid lines; at most ${maxOpenLines} may be open. Ask the staff to add more.`)
    return { ...refused, limit: { limit: maxOpenLines, windowSeconds: OPEN_LINES_RETRY_SECONDS } }
  }
  const priced = priceOrder(request.items, menu, { freePrices: byStaff || isDemoSession(sessionId) })
  if (!priced.ok) return fail(priced.status, priced.code, priced.message)
  const now = Date.now()
  // The options chosen are on the line already, in its description.
  const rows = priced.lines.map(({ optionIds: _optionIds, ...line }) => ({ ...line, id: crypto.randomUUID(), tableId: table.tableId, sessionId, paidQuantity: 0, paidBy: null, createdAt: now }))
  // A large order goes in several inserts of one atomic batch.
  const size = Math.floor(D1_MAX_BOUND_PARAMETERS / Object.keys(rows[0] ?? {}).length) || 1
  const inserts = Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => db.insert(billItems).values(rows.slice(index * size, (index + 1) * size)).returning())
  const [first, ...rest] = inserts
  if (!first) return { ok: true, items: [] }
  return { ok: true, items: (await db.batch([first, ...rest])).flat() }
}
