import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { PushSubscriptionInput } from '~/domain/schemas/push'
import type { Principal } from '../auth/guard.server'
import type { Db } from '../db/client.server'
import { authSessions, memberships, pushSubscriptions } from '../db/schema.server'
import type { PushTarget } from './push-sender.server'

/**
 * Keeps the principal's device subscribed, for the session they are in and
 * the restaurant it works in. A browser has one endpoint per site whoever
 * is signed in, so an endpoint already kept (this person's from an ended
 * session, or someone else's who used this browser before) becomes theirs.
 */
export async function saveSubscription(
  db: Db,
  principal: Pick<Principal, 'person' | 'restaurant' | 'session'>,
  subscription: PushSubscriptionInput,
) {
  const owner = {
    userId: principal.person.id,
    restaurantId: principal.restaurant.id,
    sessionId: principal.session,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    createdAt: Date.now(),
  }
  await db
    .insert(pushSubscriptions)
    .values({ id: crypto.randomUUID(), endpoint: subscription.endpoint, ...owner })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: owner })
}

/** Turns a device off for its person; someone else's endpoint is left alone. */
export async function removeSubscription(db: Db, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
}

/** The endpoints this session keeps for its restaurant: the notifications page tells from them whether this device is on. */
export async function sessionEndpoints(db: Db, session: string, restaurantId: string): Promise<string[]> {
  const rows = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.sessionId, session), eq(pushSubscriptions.restaurantId, restaurantId)))
  return rows.map((row) => row.endpoint)
}

/**
 * Every device of these people that takes this restaurant's alerts: made in
 * it, by a session that has not ended and still works in it (a session
 * switched to another restaurant carries that one's alerts instead) as the
 * person's own (not since made the restaurant's shared device, which
 * whoever is at it would read), of a person who still belongs to it. The ids go as one JSON parameter, so a
 * large team stays within D1's limit on bound parameters.
 */
export async function membersDevices(
  db: Db,
  restaurantId: string,
  userIds: readonly string[],
): Promise<(PushTarget & { id: string })[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(
      authSessions,
      and(
        eq(authSessions.id, pushSubscriptions.sessionId),
        eq(authSessions.restaurantId, restaurantId),
        gt(authSessions.expiresAt, Date.now()),
        eq(authSessions.device, false),
      ),
    )
    .innerJoin(
      memberships,
      and(eq(memberships.userId, pushSubscriptions.userId), eq(memberships.restaurantId, restaurantId)),
    )
    .where(
      and(
        eq(pushSubscriptions.restaurantId, restaurantId),
        sql`${pushSubscriptions.userId} IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`,
      ),
    )
}

/** Drops subscriptions their push service says are gone. */
export async function forgetSubscriptions(db: Db, ids: string[]) {
  if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids))
}
