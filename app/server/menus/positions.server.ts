import { and, asc, eq, type SQL } from 'drizzle-orm'
import { moved, type MoveTo } from '~/domain/list-order'
import type { Db } from '../db/client.server'
import type { categories, menuItems, modifierGroups, modifierOptions } from '../db/schema.server'

/** The lists staff order by hand; each row has an id, a position and when it was made (the tie-break). */
type Ordered = typeof categories | typeof menuItems | typeof modifierGroups | typeof modifierOptions

/**
 * Moves `id` within the rows of `table` that `scope` picks (one menu's
 * categories, one group's options...), writing every position in one batch so
 * the list never holds two rows at one place. Answers null when `id` is not
 * in that list: the caller's scope is its owner check.
 */
export async function moveWithin(db: Db, table: Ordered, scope: SQL | undefined, id: string, to: MoveTo) {
  const rows: { id: string }[] = await db
    .select({ id: table.id })
    .from(table)
    .where(scope)
    .orderBy(asc(table.position), asc(table.createdAt), asc(table.id))
  const order = moved(
    rows.map((row) => row.id),
    id,
    to,
  )
  if (!order) return null
  const [first, ...rest] = order.map((each, position) =>
    db
      .update(table)
      .set({ position })
      .where(and(eq(table.id, each), scope)),
  )
  await db.batch([first!, ...rest])
  return { id }
}
