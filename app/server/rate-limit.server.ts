import { and, count, eq, gt, inArray, lt } from 'drizzle-orm'
import { getDb, type Db } from './db/client.server'
import { rateLimitHits } from './db/schema.server'
import { appEnv, type LimitConfig, type LimitName } from './env.server'
import { json } from './http.server'
import { getT } from './i18n.server'

/**
 * The one store of every rate limit: hits kept per key ('<limit>:<who>', e.g.
 * 'contactPerAddress:203.0.113.7') for as long as their window lasts.
 */
export type RateLimit = LimitConfig

/** The header a 429 sends: a client may try again once the limit's window has passed. */
export const retryAfter = ({ windowSeconds }: RateLimit) => ({ 'Retry-After': String(windowSeconds) })

/**
 * The address the request came from, as Cloudflare reports it. Local runs
 * (wrangler dev reports 127.0.0.1) have none: the benchmark and the browser
 * tests all come from there, and Cloudflare never reports a loopback client.
 */
export function clientAddressOf(request: Request): string | null {
  const address = request.headers.get('CF-Connecting-IP')
  return !address || address === '::1' || address.startsWith('127.') ? null : address
}

const since = (limit: RateLimit, now = Date.now()) => now - limit.windowSeconds * 1000

/** Whether any of `keys` has used up its allowance. */
export async function isLimited(db: Db, keys: string[], limit: RateLimit): Promise<boolean> {
  if (keys.length === 0) return false
  const rows = await db
    .select({ key: rateLimitHits.key, hits: count() })
    .from(rateLimitHits)
    .where(and(inArray(rateLimitHits.key, keys), gt(rateLimitHits.hitAt, since(limit))))
    .groupBy(rateLimitHits.key)
  return rows.some((row) => row.hits >= limit.limit)
}

const countHits = (db: Db, key: string, limit: RateLimit, now: number) =>
  db.select({ hits: count() }).from(rateLimitHits).where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, since(limit, now))))
const insertHit = (db: Db, key: string, now: number) => db.insert(rateLimitHits).values({ id: crypto.randomUUID(), key, hitAt: now })
// Only this key's old hits: another limit's window may be longer.
const forgetOld = (db: Db, key: string, limit: RateLimit, now: number) => db.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lt(rateLimitHits.hitAt, since(limit, now))))

/** Counts one hit against each key, dropping hits whose window has passed. */
export async function recordHit(db: Db, keys: string[], limit: RateLimit): Promise<void> {
  const now = Date.now()
  const [first, ...more] = keys.flatMap((key) => [insertHit(db, key, now), forgetOld(db, key, limit, now)])
  if (first) await db.batch([first, ...more])
}

/** Forgets a key's hits (a successful sign-in clears its email's failures). */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key))
}

/**
 * Counts one write against each limit it falls under, e.g.
 * `{ ordersPerTable: tableId, ordersPerAddress: address }`, each limit as
 * configured (wrangler.toml's RATE_LIMITS). A `null` subject (no address in
 * local development) is not counted. Answers the first limit already used
 * up, and then counts nothing; null when the write may go ahead.
 */
export async function spend(env: Env, subjects: Partial<Record<LimitName, string | null>>): Promise<RateLimit | null> {
  const limits = appEnv(env).RATE_LIMITS
  const counted = Object.entries(subjects)
    .filter((entry): entry is [LimitName, string] => typeof entry[1] === 'string')
    .map(([name, subject]) => ({ key: `${name}:${subject}`, limit: limits[name] }))
  const db = getDb(env.DB)
  const now = Date.now()
  const [check, ...checks] = counted.map(({ key, limit }) => countHits(db, key, limit, now))
  if (!check) return null
  const hits = await db.batch([check, ...checks])
  const used = counted.find(({ limit }, index) => (hits[index]?.[0]?.hits ?? 0) >= limit.limit)
  if (used) return used.limit
  const [write, ...writes] = counted.flatMap(({ key, limit }) => [insertHit(db, key, now), forgetOld(db, key, limit, now)])
  if (write) await db.batch([write, ...writes])
  return null
}

/** A limit's window in whole minutes, for the words that say how long to wait. */
export const minutesOf = (limit: RateLimit) => Math.ceil(limit.windowSeconds / 60)

/** What a write refused above its limit says, in the request's language: how long to wait. */
export async function tooManyText(request: Request, limit: RateLimit): Promise<string> {
  return (await getT(request))('common.errors.tooMany', { minutes: minutesOf(limit) })
}

/** The API's answer above a limit: 429 with Retry-After and the words; nothing was changed. */
export async function tooManyResponse(request: Request, limit: RateLimit): Promise<Response> {
  return json({ message: await tooManyText(request, limit), code: 'RATE_LIMITED' }, { status: 429, headers: retryAfter(limit) })
}
