import { and, eq } from 'drizzle-orm'
import type { AlertDraft } from '~/domain/alerts'
import { PERMISSIONS } from '~/domain/permissions'
import { getDb } from '../db/client.server'
import { tables, tableSessions } from '../db/schema.server'
import { pushAlerts } from './alert-push.server'
import { ALERT, rolesIn } from './alert-writes.server'

/**
 * Alerts about the restaurant's books rather than its floor: a fiscal
 * document Facturapi keeps refusing, a Stripe event from another account
 * that names one of its bills. They reach those who keep the books
 * (`books.view`), whichever tables they follow, on the alerts' list and
 * their phones; each once, however often what raised it happens again.
 */
const BOOKS_RECIPIENTS = `
  INSERT INTO alert_recipients (alert_id, user_id, read_at, created_at)
  SELECT ?1, m.user_id, NULL, ?2
  FROM memberships m
  WHERE m.restaurant_id = ?3
    AND m.role IN (${rolesIn(PERMISSIONS['books.view'].filter((role) => PERMISSIONS['alerts.view'].includes(role)))})
  ON CONFLICT DO NOTHING`

export async function raiseBooksAlert(
  env: Env,
  restaurantId: string,
  alert: Pick<AlertDraft, 'id' | 'kind' | 'sessionId' | 'amountCents' | 'detail'>,
): Promise<void> {
  const [table] = await getDb(env.DB)
    .select({ tableId: tables.id, tableNumber: tables.tableNumber })
    .from(tableSessions)
    .innerJoin(tables, eq(tables.id, tableSessions.tableId))
    .where(and(eq(tableSessions.id, alert.sessionId), eq(tables.restaurantId, restaurantId)))
    .limit(1)
  if (!table) return
  const draft: AlertDraft = { ...alert, ...table, at: Date.now() }
  const [stored] = await env.DB.batch([
    env.DB.prepare(ALERT).bind(
      draft.id,
      restaurantId,
      draft.kind,
      draft.tableId,
      draft.tableNumber,
      draft.sessionId,
      draft.amountCents,
      draft.detail,
      draft.at,
    ),
    env.DB.prepare(BOOKS_RECIPIENTS).bind(draft.id, draft.at, restaurantId),
  ])
  if (stored?.meta.changes) await pushAlerts(env, restaurantId, [draft])
}
