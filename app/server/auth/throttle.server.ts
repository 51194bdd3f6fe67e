import type { Db } from '../db/client.server'
import type { AppEnv } from '../env.server'
import { clearHits, isLimited, recordHit, type RateLimit } from '../rate-limit.server'

type Limits = AppEnv['RATE_LIMITS']

/**
 * Failures are counted per address and per address + email, never per email
 * alone: a stranger failing on an owner's email from their own address must
 * not lock the owner out. Without an address (a local run) the email stands in.
 */
const keysOf = (email: string, clientAddress: string | null) => ({
  pair: `login-pair:${clientAddress ?? 'local'}|${email}`,
  address: clientAddress ? `login-ip:${clientAddress}` : null,
})

/**
 * The limit sign-ins from this address, or for this email from this address,
 * have used up lately (failedSignInsPerAddressAndEmail, failedSignInsPerAddress);
 * null when they may try.
 */
export async function loginThrottle(db: Db, limits: Limits, email: string, clientAddress: string | null): Promise<RateLimit | null> {
  const keys = keysOf(email, clientAddress)
  if (await isLimited(db, [keys.pair], limits.failedSignInsPerAddressAndEmail)) return limits.failedSignInsPerAddressAndEmail
  if (keys.address && (await isLimited(db, [keys.address], limits.failedSignInsPerAddress))) return limits.failedSignInsPerAddress
  return null
}

export async function recordFailedLogin(db: Db, limits: Limits, email: string, clientAddress: string | null): Promise<void> {
  const keys = keysOf(email, clientAddress)
  await recordHit(db, [keys.pair], limits.failedSignInsPerAddressAndEmail)
  if (keys.address) await recordHit(db, [keys.address], limits.failedSignInsPerAddress)
}

/** A successful sign-in clears the failures of this email from this address (the address keeps its own count). */
export function clearFailedLogins(db: Db, email: string, clientAddress: string | null): Promise<void> {
  return clearHits(db, keysOf(email, clientAddress).pair)
}
