import type { Db } from '../db/client.server'
import { clearHits, isLimited, recordHit, type RateLimit } from '../rate-limit.server'

/** Failed sign-ins allowed per email and per address in 15 minutes. */
export const FAILED_LOGINS: RateLimit = { limit: 5, windowMs: 15 * 60 * 1000 }

const keysOf = (email: string, clientAddress: string | null) => [`login-email:${email}`, ...(clientAddress ? [`login-ip:${clientAddress}`] : [])]

/** Whether this email or this client address has failed too often lately. */
export function isLoginThrottled(db: Db, email: string, clientAddress: string | null): Promise<boolean> {
  return isLimited(db, keysOf(email, clientAddress), FAILED_LOGINS)
}

export function recordFailedLogin(db: Db, email: string, clientAddress: string | null): Promise<void> {
  return recordHit(db, keysOf(email, clientAddress), FAILED_LOGINS)
}

/** A successful sign-in clears the email's count (the address keeps its own). */
export function clearFailedLogins(db: Db, email: string): Promise<void> {
  return clearHits(db, `login-email:${email}`)
}
