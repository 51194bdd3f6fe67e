import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { getDb, type Db } from '../db/client.server'
import { authSessions, memberships, restaurants, users } from '../db/schema.server'
import { restaurantHub } from '../live/live-sockets.server'
import { newToken } from '../crypto.server'
import { hashToken } from './tokens.server'

const SESSION_COOKIE = 'mesa_session'

/**
 * Over https the cookie is `__Host-`: browsers then take it only with Secure,
 * Path=/ and no Domain, so no other site or subdomain can set or shadow it.
 * Plain http (local runs) cannot carry that prefix.
 */
const cookieNameFor = (request: Request) =>
  new URL(request.url).protocol === 'https:' ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE
const SESSION_DAYS = 30
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000

/** Secure everywhere except plain-http local development (workerd on 127.0.0.1). */
function isLocalHttp(request: Request): boolean {
  const url = new URL(request.url)
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
}

function cookieHeader(request: Request, value: string, maxAgeSeconds: number): string {
  return [
    `${cookieNameFor(request)}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
    ...(isLocalHttp(request) ? [] : ['Secure']),
  ].join('; ')
}

export function readSessionToken(request: Request): string | null {
  const cookies = request.headers.get('Cookie') ?? ''
  const wanted = cookieNameFor(request)
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === wanted) return rest.join('=') || null
  }
  return null
}

/** Starts a session for the person, working in `restaurantId` (null when they belong to none yet); returns the Set-Cookie header value. */
export async function startSession(
  db: Db,
  request: Request,
  userId: string,
  restaurantId: string | null,
): Promise<string> {
  const token = newToken()
  const now = Date.now()
  await db.batch([
    // Expired sessions of this person go as a new one starts, so the table does not grow forever.
    db.delete(authSessions).where(and(eq(authSessions.userId, userId), lt(authSessions.expiresAt, now))),
    db.insert(authSessions).values({ id: await hashToken(token), userId, restaurantId, expiresAt: now + SESSION_MS }),
  ])
  return cookieHeader(request, token, SESSION_DAYS * 24 * 60 * 60)
}

/**
 * Ends the request's session (if any) and closes the live staff screens it
 * opened; returns the Set-Cookie header that clears the cookie.
 */
export async function endSession(env: Env, request: Request): Promise<string> {
  const token = readSessionToken(request)
  if (token) {
    const id = await hashToken(token)
    const [ended] = await getDb(env.DB)
      .delete(authSessions)
      .where(eq(authSessions.id, id))
      .returning({ restaurantId: authSessions.restaurantId })
    if (ended?.restaurantId) await restaurantHub(env, ended.restaurantId).endSessions({ session: id })
  }
  return cookieHeader(request, '', 0)
}

/** The restaurant's own columns a staff screen works with (its profile, tax settings, clock and when a quiet table is a possible walkout). */
const restaurantProfile = {
  id: restaurants.id,
  restaurantName: restaurants.restaurantName,
  restaurantType: restaurants.restaurantType,
  restaurantCuisine: restaurants.restaurantCuisine,
  restaurantAddress: restaurants.restaurantAddress,
  restaurantPhone: restaurants.restaurantPhone,
  restaurantEmail: restaurants.restaurantEmail,
  showTaxSeparately: restaurants.showTaxSeparately,
  taxRateBps: restaurants.taxRateBps,
  taxIncludedInPrice: restaurants.taxIncludedInPrice,
  borderIncentive: restaurants.borderIncentive,
  timeZone: restaurants.timeZone,
  walkoutMinutes: restaurants.walkoutMinutes,
  googleReviewUrl: restaurants.googleReviewUrl,
}

/**
 * Who is signed in under the session whose token hashes to `sessionHash`,
 * the restaurant it works in and their role there; null once the session
 * expired, or once the person no longer belongs to that restaurant (a
 * removed member is signed out on their next request). A session of a
 * person who belongs to no restaurant answers with no restaurant. A shared
 * device's session answers for the member who unlocked it while their time
 * lasts, and as locked (no person) otherwise.
 */
export async function findSession(db: Db, sessionHash: string) {
  const now = Date.now()
  // On a shared device the person is whoever unlocked it, while that lasts; elsewhere the one who signed in.
  const person = sql`CASE WHEN ${authSessions.device} THEN (CASE WHEN ${authSessions.actingUntil} > ${now} THEN ${authSessions.actingUserId} END) ELSE ${authSessions.userId} END`
  const [row] = await db
    .select({
      person: { id: users.id, email: users.email, name: users.name },
      restaurantId: authSessions.restaurantId,
      device: authSessions.device,
      actingUntil: authSessions.actingUntil,
      role: memberships.role,
      restaurant: restaurantProfile,
    })
    .from(authSessions)
    .leftJoin(users, eq(users.id, person))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.restaurantId, authSessions.restaurantId)),
    )
    .leftJoin(restaurants, eq(restaurants.id, memberships.restaurantId))
    .where(and(eq(authSessions.id, sessionHash), gt(authSessions.expiresAt, now)))
    .limit(1)
  if (!row) return null
  const device =
    row.device && row.restaurantId ? { restaurantId: row.restaurantId, actingUntil: row.actingUntil } : null
  if (!row.person) return device ? { person: null, membership: null, device } : null
  // Removed from the restaurant: signed out; on a shared device, only their turn at it ends.
  if (row.restaurantId && !row.role) return device ? { person: null, membership: null, device } : null
  return {
    person: row.person,
    membership: row.role && row.restaurant ? { role: row.role, restaurant: row.restaurant } : null,
    device,
  }
}
