import { alertOf, type AlertDraft } from '~/domain/alerts'
import type { BillEvent } from '~/domain/live'
import { PERMISSIONS } from '~/domain/permissions'

const rolesIn = (roles: readonly string[]) => roles.map((role) => `'${role}'`).join(', ')

/**
 * Who an alert reaches: the restaurant's members who see alerts, each
 * following the table by their own choice where they made one, else by
 * their role (owners and managers every table); never whoever caused it.
 */
const RECIPIENTS = `
  INSERT INTO alert_recipients (alert_id, user_id, read_at, created_at)
  SELECT ?1, m.user_id, NULL, ?2
  FROM memberships m
  LEFT JOIN table_follows f ON f.user_id = m.user_id AND f.table_id = ?3
  WHERE m.restaurant_id = ?4
    AND m.role IN (${rolesIn(PERMISSIONS['alerts.view'])})
    AND coalesce(f.following, m.role IN (${rolesIn(PERMISSIONS['alerts.all-tables'])}))
    AND m.user_id IS NOT coalesce(?5, '')
  ON CONFLICT DO NOTHING`

const ALERT = `
  INSERT INTO alerts (id, restaurant_id, kind, table_id, table_number, session_id, amount_cents, detail, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (id) DO NOTHING`

/** Once someone answers a diner's call, nobody else needs to go: the call's alert is read for everyone. */
const CALL_READ = `UPDATE alert_recipients SET read_at = ?1 WHERE alert_id = ?2 AND read_at IS NULL`
const CALL_ANSWERED = `UPDATE alerts SET resolved_at = ?1 WHERE id = ?2 AND resolved_at IS NULL`

/** A member who ordered for a table follows it from then on, unless they chose not to. */
const FOLLOW = `INSERT INTO table_follows (user_id, table_id, following, created_at) VALUES (?, ?, 1, ?) ON CONFLICT DO NOTHING`

/**
 * The D1 statements that store the alerts a restaurant's bill changes
 * raise, with whom each reached, and the tables staff follow by ordering
 * for them. Idempotent: the same changes delivered again add nothing, so
 * they ride the hub's batch with the delivery that brings them.
 */
export function alertStatements(
  d1: D1Database,
  restaurantId: string,
  events: readonly BillEvent[],
): { statements: D1PreparedStatement[]; alerts: AlertDraft[] } {
  const statements: D1PreparedStatement[] = []
  const alerts: AlertDraft[] = []
  for (const event of events) {
    const sentById = event.change === 'items' ? event.order?.sentById : null
    if (sentById) statements.push(d1.prepare(FOLLOW).bind(sentById, event.tableId, event.at))
    if (event.change === 'call-answered' && event.ref)
      statements.push(
        d1.prepare(CALL_READ).bind(event.at, `call:${event.ref}`),
        d1.prepare(CALL_ANSWERED).bind(event.at, `call:${event.ref}`),
      )
    const alert = alertOf(event)
    if (!alert) continue
    alerts.push(alert)
    statements.push(
      alertRow(d1, restaurantId, alert),
      d1.prepare(RECIPIENTS).bind(alert.id, alert.at, alert.tableId, restaurantId, event.by ?? null),
    )
  }
  return { statements, alerts }
}

/** Alerts about the books reach those who keep them (`books.view`), whichever tables they follow. */
const BOOKS_RECIPIENTS = `
  INSERT INTO alert_recipients (alert_id, user_id, read_at, created_at)
  SELECT ?1, m.user_id, NULL, ?2
  FROM memberships m
  WHERE m.restaurant_id = ?3
    AND m.role IN (${rolesIn(PERMISSIONS['books.view'].filter((role) => (PERMISSIONS['alerts.view'] as readonly string[]).includes(role)))})
  ON CONFLICT DO NOTHING`

/** Stores an alert about the books with whom it reaches; false when it was stored before (nothing new to push). */
export async function storeBooksAlert(env: Pick<Env, 'DB'>, restaurantId: string, alert: AlertDraft): Promise<boolean> {
  const [stored] = await env.DB.batch([
    alertRow(env.DB, restaurantId, alert),
    env.DB.prepare(BOOKS_RECIPIENTS).bind(alert.id, alert.at, restaurantId),
  ])
  return Boolean(stored?.meta.changes)
}

/** The statement that stores an alert once (its id names what raised it). */
const alertRow = (d1: D1Database, restaurantId: string, alert: AlertDraft) =>
  d1
    .prepare(ALERT)
    .bind(
      alert.id,
      restaurantId,
      alert.kind,
      alert.tableId,
      alert.tableNumber,
      alert.sessionId,
      alert.amountCents,
      alert.detail,
      alert.at,
    )
