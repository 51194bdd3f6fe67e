import { and, asc, eq, isNotNull } from 'drizzle-orm'
import { DEVICE_IDLE_MS } from '~/domain/schemas/pins'
import { hashPassword, PASSWORD_ALGORITHM, verifyPassword } from '../auth/password.server'
import { getDb, type Db } from '../db/client.server'
import { authSessions, memberships, restaurants, users } from '../db/schema.server'
import { clearHits, spend, type RateLimit } from '../http/rate-limit.server'

/*
 * A restaurant's shared devices (a tablet on the floor). A manager turns
 * their own session on the device into the device's: it stays signed in
 * for the restaurant, and acts as whichever member entered their PIN last,
 * until DEVICE_IDLE_MS pass without a request; then it is locked again.
 */

/** A member's PIN, hashed as a password is. */
export async function setPin(db: Db, restaurantId: string, userId: string, pin: string) {
  const hashed = await hashPassword(pin)
  await db
    .update(memberships)
    .set({ pinHash: hashed.hash, pinSalt: hashed.salt, pinIterations: hashed.iterations })
    .where(and(eq(memberships.restaurantId, restaurantId), eq(memberships.userId, userId)))
}

/** Whether the member has set their PIN for the restaurant. */
export async function hasOwnPin(db: Db, restaurantId: string, userId: string) {
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(eq(memberships.restaurantId, restaurantId), eq(memberships.userId, userId), isNotNull(memberships.pinHash)),
    )
  return Boolean(member)
}

/** The members who can unlock the restaurant's devices: those with a PIN, by name. */
export function pinMembers(db: Db, restaurantId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.restaurantId, restaurantId), isNotNull(memberships.pinHash)))
    .orderBy(asc(users.name), asc(users.email))
}

/** The name a device's lock screen shows: its restaurant's. */
export async function restaurantNameOf(db: Db, restaurantId: string) {
  const [row] = await db
    .select({ name: restaurants.restaurantName })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1)
  return row?.name ?? ''
}

/** The session becomes the restaurant's device, locked until someone enters their PIN. */
export async function makeDevice(db: Db, session: string) {
  await db
    .update(authSessions)
    .set({ device: true, actingUserId: null, actingUntil: null })
    .where(eq(authSessions.id, session))
}

/** Hands the device back to its lock screen. */
export async function lockDevice(db: Db, session: string) {
  await db
    .update(authSessions)
    .set({ actingUserId: null, actingUntil: null })
    .where(and(eq(authSessions.id, session), eq(authSessions.device, true)))
}

/** Another request of the member at the device: their time starts again (written at most once a minute). */
export async function keepUnlocked(db: Db, session: string, actingUntil: number | null, now = Date.now()) {
  if (actingUntil !== null && actingUntil - now > DEVICE_IDLE_MS - 60_000) return
  await db
    .update(authSessions)
    .set({ actingUntil: now + DEVICE_IDLE_MS })
    .where(and(eq(authSessions.id, session), eq(authSessions.device, true), isNotNull(authSessions.actingUserId)))
}

type Unlock = { ok: true } | { ok: false; code: 'WRONG_PIN' } | { ok: false; code: 'LOCKED'; limit: RateLimit }

/**
 * A member unlocks the device with their PIN. Each try is counted as a
 * failure before the PIN is checked (so tries sent at once cannot all pass
 * the limit), and given back when it was right; five wrong ones within the
 * window lock that member's PIN everywhere until it passes. A member without
 * a PIN, or of another restaurant, is a wrong PIN like any other.
 */
export async function unlockDevice(
  env: Env,
  device: { session: string; restaurantId: string },
  userId: string,
  pin: string,
): Promise<Unlock> {
  const db = getDb(env.DB)
  const who = `${device.restaurantId}|${userId}`
  const attempt = await spend(env, { failedPinsPerMember: who })
  if (!attempt.ok) return { ok: false, code: 'LOCKED', limit: attempt.limit }
  const [member] = await db
    .select({ hash: memberships.pinHash, salt: memberships.pinSalt, iterations: memberships.pinIterations })
    .from(memberships)
    .where(and(eq(memberships.restaurantId, device.restaurantId), eq(memberships.userId, userId)))
    .limit(1)
  const right =
    member?.hash && member.salt && member.iterations
      ? await verifyPassword(pin, {
          hash: member.hash,
          salt: member.salt,
          iterations: member.iterations,
          algorithm: PASSWORD_ALGORITHM,
        })
      : false
  if (!right) return { ok: false, code: 'WRONG_PIN' }
  await attempt.undo()
  await clearHits(env, 'failedPinsPerMember', who)
  await db
    .update(authSessions)
    .set({ actingUserId: userId, actingUntil: Date.now() + DEVICE_IDLE_MS })
    .where(and(eq(authSessions.id, device.session), eq(authSessions.device, true)))
  return { ok: true }
}
