import type { ContactInput, WaitlistInput } from '~/domain/schemas/public'
import type { Db } from './db/client.server'
import { contactRequests, waitlist } from './db/schema.server'
import { json } from './http.server'
import { clientAddressOf, retryAfter, takeHit, type RateLimit } from './rate-limit.server'

/** Submissions one address may make to each public form per hour: enough for a family, too few for a script. */
export const PUBLIC_FORM_LIMIT: RateLimit = { limit: 5, windowMs: 60 * 60 * 1000 }

/**
 * Counts this submission against the address's hourly allowance; false when
 * it is used up (nothing is stored then). Without an address (local
 * development) nothing is limited.
 */
function allow(db: Db, form: 'waitlist' | 'contact', request: Request): Promise<boolean> {
  const address = clientAddressOf(request)
  return address ? takeHit(db, `${form}:${address}`, PUBLIC_FORM_LIMIT) : Promise.resolve(true)
}

/** A public form's answer when its address has used up the hour: 429, saying when to try again. */
export function tooMany(message: string): Response {
  return json({ message }, { status: 429, headers: retryAfter(PUBLIC_FORM_LIMIT) })
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
