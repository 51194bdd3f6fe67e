import { and, eq, gt, isNull } from 'drizzle-orm'
import type { RestaurantSettings } from '~/domain/schemas/settings'
import type { LoginInput, RegisterInput, RestaurantInput } from '~/domain/schemas/auth'
import { getDb, type Db } from '../db/client.server'
import { authSessions, memberships, passwordResets, restaurants, tables, users } from '../db/schema.server'
import { billsChanged } from '../table-session/stub.server'
import { restaurantHub } from '../live/live-sockets.server'
import { getMailer, type Mailer } from '../mail/mailer.server'
import { logChange, type Editor } from './change-log.server'
import { hashPassword, verifyPassword } from './password.server'
import type { RateLimit } from '../http/rate-limit.server'
import { reserveSignIn, signInSucceeded } from './throttle.server'
import { newToken } from '../crypto.server'
import { hashToken } from './tokens.server'

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

type AuthFailure = 'EMAIL_TAKEN' | 'INVALID_CREDENTIALS' | 'TOO_MANY_ATTEMPTS' | 'RESET_INVALID'
type Result<T> = ({ ok: true } & T) | { ok: false; code: AuthFailure }

/** A new person's login columns. */
export async function loginColumns(email: string, plainPassword: string, name: string) {
  const password = await hashPassword(plainPassword)
  return {
    email,
    passwordHash: password.hash,
    passwordSalt: password.salt,
    passwordAlgorithm: password.algorithm,
    passwordIterations: password.iterations,
    name,
  }
}

/** Two sign-ups with one email at the same moment: the unique index decides. */
export const isEmailTaken = (error: unknown) => String(error).includes('UNIQUE')

/** Creates the owner's account, their restaurant with its profile, and makes them its owner. */
export async function registerOwner(
  db: Db,
  input: RegisterInput,
): Promise<Result<{ userId: string; restaurantId: string }>> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.ownerEmail)).limit(1)
  if (existing) return { ok: false, code: 'EMAIL_TAKEN' }
  const userId = crypto.randomUUID()
  const restaurantId = crypto.randomUUID()
  try {
    await db.batch([
      db.insert(restaurants).values({ id: restaurantId, ...restaurantColumns(input) }),
      db.insert(users).values({
        id: userId,
        ...(await loginColumns(input.ownerEmail, input.password, input.ownerName)),
        lastRestaurantId: restaurantId,
      }),
      db.insert(memberships).values({ id: crypto.randomUUID(), restaurantId, userId, role: 'owner' }),
    ])
  } catch (error) {
    if (isEmailTaken(error)) return { ok: false, code: 'EMAIL_TAKEN' }
    throw error
  }
  return { ok: true, userId, restaurantId }
}

const restaurantColumns = (input: RestaurantInput) => ({
  restaurantName: input.restaurantName,
  restaurantType: input.restaurantType,
  restaurantCuisine: input.restaurantCuisine,
  restaurantAddress: input.restaurantAddress,
  restaurantPhone: input.restaurantPhone,
  restaurantEmail: input.restaurantEmail,
})

/**
 * Checks a person's email and password, with throttling per client address
 * and per address + email. An unknown email and a wrong password answer
 * alike, after the same work (a password is checked against a stand-in
 * hash), so neither the answer nor its time tells who has an account. On
 * success, where they start: the restaurant they last worked in while they
 * still belong to it, else their first; none when they belong to none.
 */
export async function checkCredentials(
  env: Env,
  input: LoginInput,
  clientAddress: string | null,
): Promise<
  | { ok: true; user: { id: string; email: string; name: string | null }; restaurantId: string | null }
  | { ok: false; code: 'INVALID_CREDENTIALS' }
  | { ok: false; code: 'TOO_MANY_ATTEMPTS'; limit: RateLimit }
> {
  const attempt = await reserveSignIn(env, input.email, clientAddress)
  if (!attempt.ok) return { ok: false, code: 'TOO_MANY_ATTEMPTS', limit: attempt.limit }
  const db = getDb(env.DB)
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1)
  const valid = await verifyPassword(
    input.password,
    user
      ? {
          hash: user.passwordHash,
          salt: user.passwordSalt,
          algorithm: user.passwordAlgorithm,
          iterations: user.passwordIterations,
        }
      : await standInHash(),
  )
  if (!user || !valid) return { ok: false, code: 'INVALID_CREDENTIALS' }
  await signInSucceeded(env, input.email, clientAddress, attempt)
  return {
    ok: true,
    user: { id: user.id, email: user.email, name: user.name },
    restaurantId: await startingRestaurant(db, user.id, user.lastRestaurantId),
  }
}

/**
 * What an unknown email's password is checked against: the same work as a
 * real one, never a match. Made at the first sign-in, not when the module
 * loads: the runtime refuses random values and crypto at a Worker's start.
 */
let standIn: ReturnType<typeof hashPassword> | undefined
const standInHash = () => (standIn ??= hashPassword(crypto.randomUUID()))

/** The restaurant a person's session starts in: their last while they still belong to it, else their first. */
async function startingRestaurant(db: Db, userId: string, last: string | null): Promise<string | null> {
  const places = await db
    .select({ restaurantId: memberships.restaurantId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.createdAt)
  return places.find((place) => place.restaurantId === last)?.restaurantId ?? places[0]?.restaurantId ?? null
}

/**
 * Sends a single-use reset link valid for an hour, when the account exists.
 * The caller answers the same either way, so nobody learns who has an account.
 */
async function requestPasswordReset(db: Db, mailer: Mailer, email: string, origin: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
  if (!user) return
  const token = newToken()
  await db
    .insert(passwordResets)
    .values({ id: await hashToken(token), userId: user.id, expiresAt: Date.now() + RESET_TOKEN_TTL_MS })
  const link = `${origin}/admin/reset-password/${token}`
  await mailer.send({
    to: email,
    subject: 'Restablece tu contraseña de Mesa / Reset your Mesa password',
    text: `Para elegir una contraseña nueva abre este enlace (vale una hora y una sola vez):\n${link}\n\nTo choose a new password open this link (valid for one hour, once):\n${link}\n\nSi no lo pediste, ignora este correo. / If you did not ask for it, ignore this email.`,
    secrets: [token],
  })
}

/**
 * Starts a reset in the background and returns at once: the answer goes out
 * as fast for an unknown email as for an owner's, and a mailer failing does
 * not turn it into an error, so neither can tell who has an account.
 */
export function startPasswordReset(
  env: Env,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  email: string,
  origin: string,
): void {
  ctx.waitUntil(
    requestPasswordReset(getDb(env.DB), getMailer(env), email, origin).catch((error: unknown) =>
      console.error('The password-reset mail could not be sent', error),
    ),
  )
}

/** Whether a reset token can still be used (the reset page checks before showing its form). */
export async function isResetTokenUsable(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.id, await hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, Date.now()),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** Sets a new password with a reset token, uses the token up and signs the owner out everywhere, live screens included. */
export async function resetPassword(env: Env, token: string, newPassword: string): Promise<Result<{ userId: string }>> {
  const db = getDb(env.DB)
  const id = await hashToken(token)
  const now = Date.now()
  // Claiming the token first makes a second use (even a simultaneous one) fail.
  const [claimed] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId })
  if (!claimed) return { ok: false, code: 'RESET_INVALID' }
  const password = await hashPassword(newPassword)
  await db.batch([
    db
      .update(users)
      .set({
        passwordHash: password.hash,
        passwordSalt: password.salt,
        passwordAlgorithm: password.algorithm,
        passwordIterations: password.iterations,
      })
      .where(eq(users.id, claimed.userId)),
    db.delete(authSessions).where(eq(authSessions.userId, claimed.userId)),
  ])
  await endPersonSockets(env, claimed.userId)
  return { ok: true, userId: claimed.userId }
}

/** Closes the live staff screens a person has open in any of their restaurants (their sessions are gone). */
async function endPersonSockets(env: Env, userId: string) {
  const places = await getDb(env.DB)
    .select({ restaurantId: memberships.restaurantId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
  await Promise.all(places.map((place) => restaurantHub(env, place.restaurantId).endSessions({ userId })))
}

/** Saves the restaurant profile (onboarding, and later edits from Configuración), signed by `editor`. */
export async function saveRestaurant(env: Env, editor: Editor, input: RestaurantInput): Promise<void> {
  const db = getDb(env.DB)
  const id = editor.restaurant.id
  await db.batch([
    db.update(restaurants).set(restaurantColumns(input)).where(eq(restaurants.id, id)),
    logChange(db, editor, 'restaurant.update', id),
  ])
  await restaurantChanged(env, id)
}

/** Saves the profile with the tax settings, signed by `editor`; the diner's payment screen reads them on its next load. */
export async function saveSettings(env: Env, editor: Editor, input: RestaurantSettings): Promise<void> {
  const db = getDb(env.DB)
  const id = editor.restaurant.id
  await db.batch([
    db
      .update(restaurants)
      .set({
        ...restaurantColumns(input),
        taxRateBps: input.taxRateBps,
        borderIncentive: input.borderIncentive,
        taxIncludedInPrice: input.taxIncludedInPrice,
        showTaxSeparately: input.showTaxSeparately,
        ...(input.walkoutMinutes === undefined ? {} : { walkoutMinutes: input.walkoutMinutes }),
        ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
        googleReviewUrl: input.googleReviewUrl,
      })
      .where(eq(restaurants.id, id)),
    logChange(db, editor, 'settings.update', id),
  ])
  await restaurantChanged(env, id)
}

/** The restaurant's name, its tax settings and how it takes payments show on (and rule) every one of its bills; an archived table has none open. */
export async function restaurantChanged(env: Env, restaurantId: string) {
  const open = await getDb(env.DB)
    .select({ sessionId: tables.sessionId })
    .from(tables)
    .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt)))
  await billsChanged(
    env,
    open.map((table) => table.sessionId),
  )
}
