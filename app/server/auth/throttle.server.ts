import type { Db } from '../db/client.server'
import { clearHits, isLimited, recordHit, retryAfter, type RateLimit } from '../rate-limit.server'

/** Failed sign-ins allowed for one email from one address in 15 minutes. */
export const FAILED_LOGINS_PER_EMAIL: RateLimit = { limit: 5, windowMs: 15 * 60 * 1000 }
/** Failed sign-ins allowed from one address, whatever the emails, in 15 minutes (guessing many accounts). */
export const FAILED_LOGINS_PER_ADDRESS: RateLimit = { limit: 20, windowMs: 15 * 60 * 1000 }

/** What a throttled sign-in answers with its 429. */
export const LOGIN_RETRY_AFTER = retryAfter(FAILED_LOGINS_PER_EMAIL)

/**
 * Failures are counted per address and per address + email, never per email
 * alone: a stranger failing on an owner's email from their own address must
 * not lock the owner out. Without an address (a local run) the email stands in.
 */
const keysOf = (email: string, clientAddress: string | null) => ({
  pair: `login-pair:${clientAddress ?? 'local'}|${email}`,
  address: clientAddress ? `login-ip:${clientAddress}` : null,
})

/** Whether sign-ins from this address, or for this email from this address, have failed too often lately. */
export async function isLoginThrottled(db: Db, email: string, clientAddress: string | null): Promise<boolean> {
  const keys = keysOf(email, clientAddress)
  if (await isLimited(db, [keys.pair], FAILED_LOGINS_PER_EMAIL)) return true
  return keys.address !== null && (await isLimited(db, [keys.address], FAILED_LOGINS_PER_ADDRESS))
}

export async function recordFailedLogin(db: Db, email: string, clientAddress: string | null): Promise<void> {
  const keys = keysOf(email, clientAddress)
  await recordHit(db, keys.address ? [keys.pair, keys.address] : [keys.pair], FAILED_LOGINS_PER_EMAIL)
}

/** A successful sign-in clears the failures of this email from this address (the address keeps its own count). */
export function clearFailedLogins(db: Db, email: string, clientAddress: string | null): Promise<void> {
  return clearHits(db, keysOf(email, clientAddress).pair)
}
