import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { AlertDraft } from '~/domain/alerts'
import type { Db } from '../db/client.server'
import { alertRecipients, alerts, tableFollows, users } from '../db/schema.server'

/** Alerts a list shows at most: the newest. */
const LIST_LIMIT = 50
/** The unread alerts whose ids the badge keeps, to chime when one is new. */
const BADGE_IDS = 20

/** An alert as a person's list shows it: as it was raised, when, whether done (a call answered), and read or not. */
export type AlertRow = Omit<AlertDraft, 'at'> & {
  createdAt: number
  resolvedAt: number | null
  read: boolean
}

/** A person's newest alerts in a restaurant, read or not. */
export async function listAlerts(db: Db, userId: string, restaurantId: string): Promise<AlertRow[]> {
  const rows = await db
    .select({
      id: alerts.id,
      kind: alerts.kind,
      tableId: alerts.tableId,
      tableNumber: alerts.tableNumber,
      sessionId: alerts.sessionId,
      amountCents: alerts.amountCents,
      detail: alerts.detail,
      createdAt: alerts.createdAt,
      resolvedAt: alerts.resolvedAt,
      readAt: alertRecipients.readAt,
    })
    .from(alertRecipients)
    .innerJoin(alerts, eq(alerts.id, alertRecipients.alertId))
    .where(and(eq(alertRecipients.userId, userId), eq(alerts.restaurantId, restaurantId)))
    .orderBy(desc(alertRecipients.createdAt))
    .limit(LIST_LIMIT)
  return rows.map(({ readAt, ...row }) => ({ ...row, read: readAt !== null }))
}

/** What every staff screen's bell shows: how many alerts are unread, the newest of them, and whether they chime. */
export async function alertBadge(db: Db, userId: string, restaurantId: string) {
  const unread = and(
    eq(alertRecipients.userId, userId),
    isNull(alertRecipients.readAt),
    eq(alerts.restaurantId, restaurantId),
  )
  const [[counted], newest, [person]] = await Promise.all([
    db
      .select({ unread: count() })
      .from(alertRecipients)
      .innerJoin(alerts, eq(alerts.id, alertRecipients.alertId))
      .where(unread),
    db
      .select({ id: alertRecipients.alertId })
      .from(alertRecipients)
      .innerJoin(alerts, eq(alerts.id, alertRecipients.alertId))
      .where(unread)
      .orderBy(desc(alertRecipients.createdAt))
      .limit(BADGE_IDS),
    db.select({ sound: users.alertSound }).from(users).where(eq(users.id, userId)),
  ])
  return { unread: counted?.unread ?? 0, ids: newest.map((row) => row.id), sound: person?.sound ?? true }
}

/** Marks a person's alerts in a restaurant read: the ones named, or all of them. */
export async function markRead(
  db: Db,
  who: { userId: string; restaurantId: string },
  which: string[] | 'all',
  now: number,
): Promise<void> {
  const theirs = db.select({ id: alerts.id }).from(alerts).where(eq(alerts.restaurantId, who.restaurantId))
  await db
    .update(alertRecipients)
    .set({ readAt: now })
    .where(
      and(
        eq(alertRecipients.userId, who.userId),
        isNull(alertRecipients.readAt),
        inArray(alertRecipients.alertId, theirs),
        which === 'all' ? undefined : inArray(alertRecipients.alertId, which),
      ),
    )
}

/** A person's choice to follow a table's alerts or not; it stands over what their role would follow. */
export async function setFollowing(db: Db, userId: string, tableId: string, following: boolean): Promise<void> {
  await db
    .insert(tableFollows)
    .values({ userId, tableId, following })
    .onConflictDoUpdate({ target: [tableFollows.userId, tableFollows.tableId], set: { following } })
}

/** The person's own choice about a table, if they made one (or ordered for it); null: their role decides. */
export async function followChoice(db: Db, userId: string, tableId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ following: tableFollows.following })
    .from(tableFollows)
    .where(and(eq(tableFollows.userId, userId), eq(tableFollows.tableId, tableId)))
  return row ? row.following : null
}

export async function setAlertSound(db: Db, userId: string, sound: boolean): Promise<void> {
  await db.update(users).set({ alertSound: sound }).where(eq(users.id, userId))
}
