import { and, eq, gt, lt } from 'drizzle-orm'
import { getDb, type Db } from '../db/client.server'
import { authSessions, users } from '../db/schema.server'
import { restaurantHub } from '../live/live-sockets.server'
import { hashToken, newToken } from './tokens.server'

export const SESSION_COOKIE = 'mesa_session'

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

/** Starts a session for `userId`; returns the Set-Cookie header value. */
export async function startSession(db: Db, request: Request, userId: string): Promise<string> {
  const token = newToken()
  const now = Date.now()
  await db.batch([
    // Expired sessions of this owner go as a new one starts, so the table does not grow forever.
    db.delete(authSessions).where(and(eq(authSessions.userId, userId), lt(authSessions.expiresAt, now))),
    db.insert(authSessions).values({ id: await hashToken(token), userId, expiresAt: now + SESSION_MS }),
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
      .returning({ userId: authSessions.userId })
    if (ended) await restaurantHub(env, ended.userId).endSessions(id)
  }
  return cookieHeader(request, '', 0)
}

/** The owner signed in under the session whose token hashes to `sessionHash`, with their restaurant's settings; null once it expired. */
export async function findSessionUser(db: Db, sessionHash: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      ownerName: users.ownerName,
      restaurantName: users.restaurantName,
      restaurantType: users.restaurantType,
      restaurantCuisine: users.restaurantCuisine,
      restaurantAddress: users.restaurantAddress,
      restaurantPhone: users.restaurantPhone,
      restaurantEmail: users.restaurantEmail,
      showTaxSeparately: users.showTaxSeparately,
      taxRateBps: users.taxRateBps,
      taxIncludedInPrice: users.taxIncludedInPrice,
      timeZone: users.timeZone,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sessionHash), gt(authSessions.expiresAt, Date.now())))
    .limit(1)
  return row ?? null
}
