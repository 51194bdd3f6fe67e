import { and, eq, fillPlaceholders, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { alertId, alertOf, type AlertDraft } from '~/domain/alerts'
import type { BillEvent } from '~/domain/live'
import { PERMISSIONS } from '~/domain/permissions'
import { getDb, type Db } from '../db/client.server'
import { alertRecipients, alerts, memberships, tableFollows } from '../db/schema.server'

const p = (name: string) => sql.placeholder(name)
const v = (name: string) => sql`${sql.placeholder(name)}`

/** Those of the restaurant whose role sees alerts (and, when given, also `also`). */
const alertRoles = PERMISSIONS['alerts.view']
const booksRoles = PERMISSIONS['books.view'].filter((role) => (alertRoles as readonly string[]).includes(role))

/**
 * The statements that store alerts, built once by drizzle with placeholders
 * (building SQL costs more than running it, and the hub writes every
 * payment's alert), bound for each alert.
 */
function alertQueries(db: Db) {
  const recipient = (where: SQL | undefined, join = false) => {
    const people = db
      .select({
        alertId: sql<string>`${p('alertId')}`.as('alert_id'),
        userId: memberships.userId,
        readAt: sql<null>`NULL`.as('read_at'),
        createdAt: sql<number>`${p('at')}`.as('created_at'),
      })
      .from(memberships)
    const from = join
      ? people.leftJoin(
          tableFollows,
          and(eq(tableFollows.userId, memberships.userId), eq(tableFollows.tableId, v('tableId'))),
        )
      : people
    return db.insert(alertRecipients).select(from.where(where)).onConflictDoNothing().toSQL()
  }
  return {
    alert: db
      .insert(alerts)
      .values({
        id: p('id'),
        restaurantId: p('restaurantId'),
        kind: p('kind'),
        tableId: p('tableId'),
        tableNumber: p('tableNumber'),
        sessionId: p('sessionId'),
        amountCents: p('amountCents'),
        detail: p('detail'),
        createdAt: p('at'),
      })
      .onConflictDoNothing({ target: alerts.id })
      .toSQL(),
    /**
     * Who an alert reaches: the restaurant's members who see alerts, each
     * following the table by their own choice where they made one, else by
     * their role (owners and managers every table); never whoever caused it.
     */
    recipients: recipient(
      and(
        eq(memberships.restaurantId, v('restaurantId')),
        inArray(memberships.role, alertRoles),
        sql`coalesce(${tableFollows.following}, ${inArray(memberships.role, PERMISSIONS['alerts.all-tables'])})`,
        sql`${memberships.userId} IS NOT coalesce(${p('by')}, '')`,
      ),
      true,
    ),
    /** Alerts about the books reach those who keep them (`books.view`), whichever tables they follow. */
    booksRecipients: recipient(
      and(eq(memberships.restaurantId, v('restaurantId')), inArray(memberships.role, booksRoles)),
    ),
    /** Once someone answers a diner's call, nobody else needs to go: the call's alert is read for everyone. */
    callRead: db
      .update(alertRecipients)
      .set({ readAt: v('at') })
      .where(and(eq(alertRecipients.alertId, v('alertId')), isNull(alertRecipients.readAt)))
      .toSQL(),
    callAnswered: db
      .update(alerts)
      .set({ resolvedAt: v('at') })
      .where(and(eq(alerts.id, v('alertId')), isNull(alerts.resolvedAt)))
      .toSQL(),
    /** A member who ordered for a table follows it from then on, unless they chose not to. */
    follow: db
      .insert(tableFollows)
      .values({ userId: p('userId'), tableId: p('tableId'), following: true, createdAt: p('at') })
      .onConflictDoNothing()
      .toSQL(),
  }
}

type Query = { sql: string; params: unknown[] }
let built: ReturnType<typeof alertQueries> | null = null

/** The alert statements for `d1`, built on first use. */
function statementsOf(d1: D1Database) {
  built ??= alertQueries(getDb(d1))
  const queries = built
  const bind = (query: Query, values: Record<string, unknown>) =>
    d1.prepare(query.sql).bind(...fillPlaceholders(query.params, values))
  return {
    alert: (restaurantId: string, alert: AlertDraft) => bind(queries.alert, { ...alert, restaurantId }),
    recipients: (restaurantId: string, alert: AlertDraft, by: string | null) =>
      bind(queries.recipients, { alertId: alert.id, at: alert.at, tableId: alert.tableId, restaurantId, by }),
    booksRecipients: (restaurantId: string, alert: AlertDraft) =>
      bind(queries.booksRecipients, { alertId: alert.id, at: alert.at, restaurantId }),
    callAnswered: (alert: string, at: number) => [
      bind(queries.callRead, { alertId: alert, at }),
      bind(queries.callAnswered, { alertId: alert, at }),
    ],
    follow: (userId: string, tableId: string, at: number) => bind(queries.follow, { userId, tableId, at }),
  }
}

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
  const write = statementsOf(d1)
  const statements: D1PreparedStatement[] = []
  const drafts: AlertDraft[] = []
  for (const event of events) {
    if (event.change === 'items' && event.order.sentById)
      statements.push(write.follow(event.order.sentById, event.tableId, event.at))
    if (event.change === 'call-answered') statements.push(...write.callAnswered(alertId('call', event.ref), event.at))
    const alert = alertOf(event)
    if (!alert) continue
    drafts.push(alert)
    statements.push(write.alert(restaurantId, alert), write.recipients(restaurantId, alert, event.by ?? null))
  }
  return { statements, alerts: drafts }
}

/** Stores an alert about the books with whom it reaches; false when it was stored before (nothing new to push). */
export async function storeBooksAlert(env: Pick<Env, 'DB'>, restaurantId: string, alert: AlertDraft): Promise<boolean> {
  const write = statementsOf(env.DB)
  const [stored] = await env.DB.batch([write.alert(restaurantId, alert), write.booksRecipients(restaurantId, alert)])
  return Boolean(stored?.meta.changes)
}
