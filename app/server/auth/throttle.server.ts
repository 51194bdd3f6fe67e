import { and, count, eq, gt, inArray, lt } from 'drizzle-orm'
import type { Db } from '../db/client.server'
import { loginAttempts } from '../db/schema'

export const MAX_FAILED_LOGINS = 5
export const LOGIN_WINDOW_MS = 15 * 60 * 1000

const keysOf = (email: string, clientAddress: string | null) => [`email:${email}`, ...(clientAddress ? [`ip:${clientAddress}`] : [])]

/** The address the request came from, as Cloudflare reports it. */
export const clientAddressOf = (request: Request) => request.headers.get('CF-Connecting-IP')

/** Whether this email or this client address has failed too often in the last 15 minutes. */
export async function isLoginThrottled(db: Db, email: string, clientAddress: string | null): Promise<boolean> {
  const since = Date.now() - LOGIN_WINDOW_MS
  const rows = await db
    .select({ key: loginAttempts.key, failures: count() })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, keysOf(email, clientAddress)), gt(loginAttempts.attemptedAt, since)))
    .groupBy(loginAttempts.key)
  return rows.some((row) => row.failures >= MAX_FAILED_LOGINS)
}

export async function recordFailedLogin(db: Db, email: string, clientAddress: string | null): Promise<void> {
  const now = Date.now()
  await db.batch([
    db.insert(loginAttempts).values(keysOf(email, clientAddress).map((key) => ({ id: crypto.randomUUID(), key, attemptedAt: now }))),
    db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, now - LOGIN_WINDOW_MS)),
  ])
}

/** A successful sign-in clears the email's count (the address keeps its own). */
export async function clearFailedLogins(db: Db, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, `email:${email}`))
}
