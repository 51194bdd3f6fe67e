import { and, count, eq, gt, lt } from 'drizzle-orm'
import type { ContactInput, WaitlistInput } from '~/domain/schemas/public'
import { clientAddressOf } from './auth/throttle.server'
import type { Db } from './db/client.server'
import { contactRequests, rateLimitHits, waitlist } from './db/schema'

/** Submissions one address may make to each public form per hour: enough for a family, too few for a script. */
export const PUBLIC_FORM_LIMIT = 5
const WINDOW_MS = 60 * 60 * 1000

type Form = 'waitlist' | 'contact'

/**
 * Counts this submission against the address's hourly allowance; false when
 * it is used up (nothing is stored then). Without an address (local
 * development) nothing is limited.
 */
async function allow(db: Db, form: Form, request: Request): Promise<boolean> {
  const address = clientAddressOf(request)
  if (!address) return true
  const key = `${form}:${address}`
  const now = Date.now()
  const [row] = await db
    .select({ hits: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, now - WINDOW_MS)))
  if ((row?.hits ?? 0) >= PUBLIC_FORM_LIMIT) return false
  await db.batch([db.insert(rateLimitHits).values({ id: crypto.randomUUID(), key, hitAt: now }), db.delete(rateLimitHits).where(lt(rateLimitHits.hitAt, now - WINDOW_MS))])
  return true
}

export async function joinWaitlist(db: Db, request: Request, input: WaitlistInput): Promise<boolean> {
  if (!(await allow(db, 'waitlist', request))) return false
  await db.insert(waitlist).values({ id: crypto.randomUUID(), ...input })
  return true
}

export async function requestContact(db: Db, request: Request, input: ContactInput): Promise<boolean> {
  if (!(await allow(db, 'contact', request))) return false
  await db.insert(contactRequests).values({ id: crypto.randomUUID(), ...input })
  return true
}
