import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { rolesManagedBy, type Role } from '~/domain/permissions'
import { logChange } from '../auth/change-log.server'
import type { Principal } from '../auth/guard.server'
import { getDb, type Db } from '../db/client.server'
import { authSessions, memberships, users } from '../db/schema.server'
import { restaurantHub } from '../live/live-sockets.server'

const member = { userId: users.id, name: users.name, email: users.email, role: memberships.role }

/** Who works in the restaurant, with their role, in the order they joined. */
export function membersOf(db: Db, restaurantId: string) {
  return db
    .select(member)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.restaurantId, restaurantId))
    .orderBy(asc(memberships.createdAt), asc(users.id))
}

/** One member of the restaurant with their role, or null for a person who does not work there. */
export async function findMember(db: Db, restaurantId: string, userId: string) {
  const [found] = await db
    .select(member)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.restaurantId, restaurantId), eq(memberships.userId, userId)))
    .limit(1)
  return found ?? null
}

/**
 * The row being written is no owner, or another owner remains. It is part of
 * the statement that writes: D1 runs one statement at a time, so of two
 * owners demoting or removing each other at once the second sees the first's
 * write and changes nothing.
 */
const keepsAnOwner = (restaurantId: string) =>
  sql`(${memberships.role} <> 'owner' OR (SELECT count(*) FROM memberships AS owners WHERE owners.restaurant_id = ${restaurantId} AND owners.role = 'owner') > 1)`

/**
 * A member's row as a team change may write it: only while their role is
 * still one the actor manages (it may have changed since the guard read it).
 */
function membershipOf(principal: Principal, userId: string) {
  return and(
    eq(memberships.restaurantId, principal.restaurant.id),
    eq(memberships.userId, userId),
    inArray(memberships.role, [...rolesManagedBy(principal.role)]),
  )
}

/** A team change written, or not, with the member as they are now (null: no longer on the team) to tell why. */
export type TeamWrite = { ok: true } | { ok: false; member: Awaited<ReturnType<typeof findMember>> }

const unwritten = async (db: Db, principal: Principal, userId: string): Promise<TeamWrite> => ({
  ok: false,
  member: await findMember(db, principal.restaurant.id, userId),
})

/**
 * Ends the person's sessions working in this restaurant and closes the live
 * screens they have open in it, with the change's log entry: a session or a
 * socket must not outlive the role it was opened with. A shared device of
 * the restaurant stays its own, even one they set up: only their turn at it
 * ends, and it goes back to its lock screen.
 */
async function signOutHere(
  env: Env,
  db: Db,
  restaurantId: string,
  userId: string,
  entry: ReturnType<typeof logChange>,
) {
  await db.batch([
    db
      .delete(authSessions)
      .where(
        and(
          eq(authSessions.userId, userId),
          eq(authSessions.restaurantId, restaurantId),
          eq(authSessions.device, false),
        ),
      ),
    db
      .update(authSessions)
      .set({ actingUserId: null, actingUntil: null })
      .where(
        and(
          eq(authSessions.actingUserId, userId),
          eq(authSessions.restaurantId, restaurantId),
          eq(authSessions.device, true),
        ),
      ),
    entry,
  ])
  await restaurantHub(env, restaurantId).endSessions({ userId })
}

/** Gives a member another role (the page refuses one's own); the last owner keeps theirs (LAST_OWNER). */
export async function changeRole(env: Env, principal: Principal, userId: string, role: Role): Promise<TeamWrite> {
  const db = getDb(env.DB)
  const restaurantId = principal.restaurant.id
  const [changed] = await db
    .update(memberships)
    .set({ role })
    .where(and(membershipOf(principal, userId), role === 'owner' ? undefined : keepsAnOwner(restaurantId)))
    .returning({ id: memberships.id })
  if (!changed) return unwritten(db, principal, userId)
  await signOutHere(env, db, restaurantId, userId, logChange(db, principal, `team.role.${role}`, userId))
  return { ok: true }
}

/** Takes a member off the team, or lets one leave it; the last owner stays (LAST_OWNER). */
export async function removeMember(env: Env, principal: Principal, userId: string): Promise<TeamWrite> {
  const db = getDb(env.DB)
  const restaurantId = principal.restaurant.id
  const [removed] = await db
    .delete(memberships)
    .where(and(membershipOf(principal, userId), keepsAnOwner(restaurantId)))
    .returning({ id: memberships.id })
  if (!removed) return unwritten(db, principal, userId)
  const action = userId === principal.person.id ? 'team.leave' : 'team.remove'
  await signOutHere(env, db, restaurantId, userId, logChange(db, principal, action, userId))
  return { ok: true }
}
