import { data } from '@remix-run/cloudflare'
import { and, eq, gt, inArray } from 'drizzle-orm'
import { getDb } from '../db/client.server'
import { rateLimitHits } from '../db/schema.server'
import { appEnv, type LimitConfig, type LimitName } from '../env.server'
import type { ErrorCode } from '~/domain/error-codes'
import { apiError } from './api.server'
import { getT } from './i18n.server'

/**
 * The one store of every rate limit: hits kept per key ('<limit>:<who>', e.g.
 * 'contactPerAddress:203.0.113.7') for as long as their window lasts.
 */
export type RateLimit = LimitConfig

/** The header a 429 sends: a client may try again once the limit's window has passed. */
export const retryAfter = ({ windowSeconds }: RateLimit) => ({ 'Retry-After': String(windowSeconds) })

/** An IPv6 address as its /64 network: one home or phone is given a whole /64, so its addresses are one client. */
function ipv6Network(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/**
 * Who the request came from, as Cloudflare reports it (CF-Connecting-IP,
 * which a client cannot set): an IPv4 address or an IPv6 /64. Local runs
 * (wrangler dev reports 127.0.0.1) have none: the benchmark and the browser
 * tests all come from there, and Cloudflare never reports a loopback client.
 */
export function clientAddressOf(request: Request): string | null {
  const address = request.headers.get('CF-Connecting-IP')
  if (!address || address === '::1' || address.startsWith('127.')) return null
  return address.includes(':') ? ipv6Network(address) : address
}

/** Sign-in keys kept the names they had before the limits were configurable (migration 0004 carried them over). */
const KEY_PREFIX: Partial<Record<LimitName, string>> = {
  failedSignInsPerAddress: 'login-ip',
  failedSignInsPerAddressAndEmail: 'login-pair',
}
const keyOf = (name: LimitName, subject: string) => `${KEY_PREFIX[name] ?? name}:${subject}`

/** The longest window any limit has by default; hits older than a day are swept whatever the limits say. */
const SWEEP_AFTER_MS = 24 * 60 * 60 * 1000

export type Spent = { ok: true; undo: () => Promise<void> } | { ok: false; limit: RateLimit }

/**
 * Counts one write against each limit it falls under, e.g.
 * `{ ordersPerTable: tableId, ordersPerAddress: address }`, each limit as
 * configured (wrangler.toml's RATE_LIMITS). A `null` subject (no address in
 * local development) is not counted. Either every hit is taken or none is,
 * in one statement, so requests sent in parallel cannot all slip under a
 * limit. Answers the limit that refused, or a way to give the hits back (a
 * write that then turned out invalid should not spend an honest diner's
 * allowance).
 */
export async function spend(env: Env, subjects: Partial<Record<LimitName, string | null>>): Promise<Spent> {
  const limits = appEnv(env).RATE_LIMITS
  const now = Date.now()
  const hits = Object.entries(subjects)
    .filter((entry): entry is [LimitName, string] => typeof entry[1] === 'string')
    .map(([name, subject]) => ({ id: crypto.randomUUID(), key: keyOf(name, subject), limit: limits[name] }))
  if (hits.length === 0) return { ok: true, undo: async () => {} }
  const since = (limit: RateLimit) => now - limit.windowSeconds * 1000
  // One INSERT … SELECT … WHERE every count is under its limit: D1 runs it as one step, so the check and the hits cannot be split by another request.
  const take = env.DB.prepare(
    `INSERT INTO rate_limit_hits (id, key, hit_at) SELECT column1, column2, ? FROM (VALUES ${hits.map(() => '(?, ?)').join(', ')}) WHERE ${hits
      .map(() => '(SELECT count(*) FROM rate_limit_hits WHERE key = ? AND hit_at > ?) < ?')
      .join(' AND ')}`,
  ).bind(
    now,
    ...hits.flatMap((hit) => [hit.id, hit.key]),
    ...hits.flatMap((hit) => [hit.key, since(hit.limit), hit.limit.limit]),
  )
  // Each key's hits older than its window, and now and then everything older than a day (keys never hit again).
  const sweeps = hits.map((hit) =>
    env.DB.prepare('DELETE FROM rate_limit_hits WHERE key = ? AND hit_at < ?').bind(hit.key, since(hit.limit)),
  )
  if (Math.random() < 0.01)
    sweeps.push(env.DB.prepare('DELETE FROM rate_limit_hits WHERE hit_at < ?').bind(now - SWEEP_AFTER_MS))
  const [taken] = await env.DB.batch([take, ...sweeps])
  if ((taken?.meta.changes ?? 0) > 0)
    return {
      ok: true,
      undo: () =>
        forget(
          env,
          hits.map((hit) => hit.id),
        ),
    }
  const db = getDb(env.DB)
  const counts = await Promise.all(
    hits.map((hit) =>
      db.$count(rateLimitHits, and(eq(rateLimitHits.key, hit.key), gt(rateLimitHits.hitAt, since(hit.limit)))),
    ),
  )
  const used = hits.find((hit, index) => (counts[index] ?? 0) >= hit.limit.limit) ?? hits[0]!
  return { ok: false, limit: used.limit }
}

async function forget(env: Env, ids: string[]): Promise<void> {
  await getDb(env.DB).delete(rateLimitHits).where(inArray(rateLimitHits.id, ids))
}

/** Forgets every hit of one limit's subject (a successful sign-in clears its email's failures from that address). */
export async function clearHits(env: Env, name: LimitName, subject: string): Promise<void> {
  await getDb(env.DB)
    .delete(rateLimitHits)
    .where(eq(rateLimitHits.key, keyOf(name, subject)))
}

/** A limit's window in whole minutes, for the words that say how long to wait. */
export const minutesOf = (limit: RateLimit) => Math.ceil(limit.windowSeconds / 60)

/** What a write refused above its limit says, in the request's language: how long to wait. */
export async function tooManyText(request: Request, limit: RateLimit): Promise<string> {
  return (await getT(request))('common.errors.tooMany', { minutes: minutesOf(limit) })
}

/** The API's answer above a limit: 429 with Retry-After and the words (or `message`); nothing was changed. */
export async function tooManyResponse(
  request: Request,
  limit: RateLimit,
  code: ErrorCode = 'RATE_LIMITED',
  message?: string,
): Promise<Response> {
  return apiError(code, message ?? (await tooManyText(request, limit)), undefined, retryAfter(limit))
}

/**
 * A form's answer above a limit: the form comes back with `words` (by
 * default, how long to wait) as its error, 429 with Retry-After; nothing was changed.
 */
export async function tooManyForm<Reply>(
  submission: { reply: (options: { formErrors: string[]; hideFields?: string[] }) => Reply },
  request: Request,
  limit: RateLimit,
  { words, hideFields }: { words?: string; hideFields?: string[] } = {},
) {
  return data(submission.reply({ formErrors: [words ?? (await tooManyText(request, limit))], hideFields }), {
    status: 429,
    headers: retryAfter(limit),
  })
}
