import { and, count, eq, gt, inArray, lt } from 'drizzle-orm'
import type { Db } from './db/client.server'
import { rateLimitHits } from './db/schema.server'

/**
 * The one store of every rate limit: hits kept per key ('<what>:<who>', e.g.
 * 'contact:203.0.113.7' or 'login-email:ana@example.com') for as long as
 * their window lasts.
 */
export interface RateLimit {
  /** Hits allowed per key within the window. */
  limit: number
  windowMs: number
}

/** The header a 429 sends: a client may try again once the limit's window has passed. */
export const retryAfter = ({ windowMs }: RateLimit) => ({ 'Retry-After': String(windowMs / 1000) })

/** The address the request came from, as Cloudflare reports it; none in local development. */
export const clientAddressOf = (request: Request) => request.headers.get('CF-Connecting-IP')

/** Whether any of `keys` has used up its allowance. */
export async function isLimited(db: Db, keys: string[], { limit, windowMs }: RateLimit): Promise<boolean> {
  if (keys.length === 0) return false
  const rows = await db
    .select({ key: rateLimitHits.key, hits: count() })
    .from(rateLimitHits)
    .where(and(inArray(rateLimitHits.key, keys), gt(rateLimitHits.hitAt, Date.now() - windowMs)))
    .groupBy(rateLimitHits.key)
  return rows.some((row) => row.hits >= limit)
}

/** Counts one hit against each key, dropping hits whose window has passed. */
export async function recordHit(db: Db, keys: string[], { windowMs }: RateLimit): Promise<void> {
  const now = Date.now()
  const [first, ...more] = keys
  if (!first) return
  await db.batch([
    db.insert(rateLimitHits).values([first, ...more].map((key) => ({ id: crypto.randomUUID(), key, hitAt: now }))),
    // Only these keys' old hits: another limit's window may be longer.
    db.delete(rateLimitHits).where(and(inArray(rateLimitHits.key, [first, ...more]), lt(rateLimitHits.hitAt, now - windowMs))),
  ])
}

/** Counts a hit against `key` unless its allowance is used up; false (and nothing stored) when it is. */
export async function takeHit(db: Db, key: string, limit: RateLimit): Promise<boolean> {
  if (await isLimited(db, [key], limit)) return false
  await recordHit(db, [key], limit)
  return true
}

/** Forgets a key's hits (a successful sign-in clears its email's failures). */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key))
}
