import { eq } from 'drizzle-orm'
import { ApiError } from './http.server'
import type { Db } from './db/client.server'
import { tables } from './db/schema'

/**
 * The open bill a diner's write goes to: the table's current session. A
 * diner still looking at a bill the restaurant has since closed is told so
 * instead of writing onto the next party's bill.
 */
export async function resolveOpenSession(db: Db, tableId: string, sessionId: string | undefined): Promise<string> {
  const [table] = await db
    .select({ sessionId: tables.sessionId, isActive: tables.isActive })
    .from(tables)
    .where(eq(tables.id, tableId))
    .limit(1)
  if (!table || !table.isActive) throw new ApiError(404, 'Table not found.')
  if (sessionId && sessionId !== table.sessionId) {
    throw new ApiError(409, 'This bill has been closed. Scan the table code again to see the current one.')
  }
  return table.sessionId
}
