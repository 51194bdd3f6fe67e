import { and, asc, eq } from 'drizzle-orm'
import type { RestaurantInput } from '~/domain/schemas/auth'
import type { Db } from '../db/client.server'
import { authSessions, memberships, restaurants, users } from '../db/schema.server'

/** The restaurants a person belongs to, with their role in each, in the order they joined. */
export function placesOf(db: Db, userId: string) {
  return db
    .select({ id: restaurants.id, restaurantName: restaurants.restaurantName, role: memberships.role })
    .from(memberships)
    .innerJoin(restaurants, eq(restaurants.id, memberships.restaurantId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(restaurants.id))
}

/**
 * Moves a session to another of the person's restaurants, and remembers it
 * as where their next sign-in starts; false (nothing changed) when they do
 * not belong to it.
 */
export async function switchRestaurant(db: Db, session: string, userId: string, restaurantId: string) {
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.restaurantId, restaurantId)))
    .limit(1)
  if (!member) return false
  await db.batch([
    db.update(authSessions).set({ restaurantId }).where(eq(authSessions.id, session)),
    db.update(users).set({ lastRestaurantId: restaurantId }).where(eq(users.id, userId)),
  ])
  return true
}

/** A new restaurant with its profile, the person its owner, and their session working in it. */
export async function openRestaurant(db: Db, session: string, userId: string, input: RestaurantInput) {
  const id = crypto.randomUUID()
  await db.batch([
    db.insert(restaurants).values({ id, ...input }),
    db.insert(memberships).values({ id: crypto.randomUUID(), restaurantId: id, userId, role: 'owner' }),
    db.update(authSessions).set({ restaurantId: id }).where(eq(authSessions.id, session)),
    db.update(users).set({ lastRestaurantId: id }).where(eq(users.id, userId)),
  ])
  return id
}
