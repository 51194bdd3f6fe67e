import { data, type AppLoadContext } from '@remix-run/cloudflare'
import { requireStaffPage } from './auth/session.server'
import { getDb } from './db/client.server'
import { findOwnTable } from './tables.server'

/**
 * The signed-in owner's table `tableId` for a staff page, with the owner and
 * the database; another owner's table answers exactly like an unknown one
 * (404), and no session goes to the sign-in page.
 */
export async function requireOwnTable(context: AppLoadContext, request: Request, tableId: string | undefined) {
  const user = await requireStaffPage(context, request)
  const db = getDb(context.cloudflare.env.DB)
  const table = await findOwnTable(db, user.id, tableId ?? '')
  if (!table) throw data(null, { status: 404 })
  return { db, table, user }
}
