import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Role } from '~/domain/permissions'
import type { TFunction } from '~/locales/translate'
import { isEmailTaken, loginColumns } from '../auth/accounts.server'
import { logChange } from '../auth/change-log.server'
import type { Principal } from '../auth/guard.server'
import { hashToken } from '../auth/tokens.server'
import { newToken } from '../crypto.server'
import { getDb, type Db } from '../db/client.server'
import { authSessions, invitations, memberships, restaurants, users } from '../db/schema.server'
import { spend, type RateLimit } from '../http/rate-limit.server'
import { getMailer } from '../mail/mailer.server'

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** Nobody accepted or cancelled it; past its expiry it opens nothing, but it can be sent again. */
const pending = () => and(isNull(invitations.acceptedAt), isNull(invitations.cancelledAt))

/** Still opens: pending and not expired at `now`. */
const usable = (now: number) => and(pending(), gt(invitations.expiresAt, now))

const listed = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  expiresAt: invitations.expiresAt,
}

/** The restaurant's pending invitations, newest first, expired ones included. */
export function pendingInvitations(db: Db, restaurantId: string) {
  return db
    .select(listed)
    .from(invitations)
    .where(and(eq(invitations.restaurantId, restaurantId), pending()))
    .orderBy(desc(invitations.createdAt))
}

/** One of the restaurant's pending invitations (by its id, the hash of its token), or null. */
export async function findPendingInvitation(db: Db, restaurantId: string, id: string) {
  const [found] = await db
    .select(listed)
    .from(invitations)
    .where(and(eq(invitations.restaurantId, restaurantId), eq(invitations.id, id), pending()))
    .limit(1)
  return found ?? null
}

/** What the mail is written with: the inviter's language and our address. */
export interface Letter {
  t: TFunction
  origin: string
}

/**
 * Mails the link in the inviter's language, with their name and the role.
 * False when the mailer failed: the invitation stands, and the team page
 * offers to send it again.
 */
async function mailInvitation(
  env: Env,
  principal: Principal,
  { email, role, token }: { email: string; role: Role; token: string },
  { t, origin }: Letter,
): Promise<boolean> {
  const restaurant = principal.restaurant.restaurantName ?? t('admin.brand')
  try {
    await getMailer(env).send({
      to: email,
      subject: t('admin.team.invite.mailSubject', { restaurant }),
      text: t('admin.team.invite.mailBody', {
        inviter: principal.person.name ?? principal.person.email,
        restaurant,
        role: t(`admin.team.roles.${role}`),
        link: `${origin}/admin/join/${token}`,
      }),
      secrets: [token],
    })
    return true
  } catch (error) {
    console.error('The invitation mail could not be sent', error)
    return false
  }
}

type InviteResult = { ok: true; mailed: boolean } | { ok: false; code: 'MEMBER' }

/**
 * Invites `email` with `role` (the caller checked the principal may give it):
 * a single-use link for 7 days. An earlier pending invitation of the same
 * email to this restaurant is cancelled, so one link at a time opens.
 */
export async function invite(
  env: Env,
  principal: Principal,
  { email, role }: { email: string; role: Role },
  letter: Letter,
): Promise<InviteResult> {
  const db = getDb(env.DB)
  const restaurantId = principal.restaurant.id
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.restaurantId, restaurantId), eq(users.email, email)))
    .limit(1)
  if (member) return { ok: false, code: 'MEMBER' }
  const token = newToken()
  const now = Date.now()
  await db.batch([
    db
      .update(invitations)
      .set({ cancelledAt: now })
      .where(and(eq(invitations.restaurantId, restaurantId), eq(invitations.email, email), pending())),
    db.insert(invitations).values({
      id: await hashToken(token),
      restaurantId,
      email,
      role,
      invitedBy: principal.person.id,
      expiresAt: now + INVITATION_TTL_MS,
    }),
    logChange(db, principal, `team.invite.${role}`, email),
  ])
  return { ok: true, mailed: await mailInvitation(env, principal, { email, role, token }, letter) }
}

/**
 * Sends a pending invitation again with a fresh token and 7 more days: its
 * id is the token's hash, so the old link stops opening. Null when it is no
 * longer pending.
 */
export async function resendInvitation(
  env: Env,
  principal: Principal,
  id: string,
  letter: Letter,
): Promise<{ email: string; mailed: boolean } | null> {
  const db = getDb(env.DB)
  const token = newToken()
  const [resent] = await db
    .update(invitations)
    .set({ id: await hashToken(token), expiresAt: Date.now() + INVITATION_TTL_MS, invitedBy: principal.person.id })
    .where(and(eq(invitations.id, id), eq(invitations.restaurantId, principal.restaurant.id), pending()))
    .returning({ email: invitations.email, role: invitations.role })
  if (!resent) return null
  await logChange(db, principal, 'team.invite.resend', resent.email)
  return { email: resent.email, mailed: await mailInvitation(env, principal, { ...resent, token }, letter) }
}

/** Cancels a pending invitation: its link stops opening. Null when it was no longer pending. */
export async function cancelInvitation(env: Env, principal: Principal, id: string) {
  const db = getDb(env.DB)
  const [cancelled] = await db
    .update(invitations)
    .set({ cancelledAt: Date.now() })
    .where(and(eq(invitations.id, id), eq(invitations.restaurantId, principal.restaurant.id), pending()))
    .returning({ email: invitations.email })
  if (!cancelled) return null
  await logChange(db, principal, 'team.invite.cancel', cancelled.email)
  return cancelled
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/

export type OpenedInvitation =
  | {
      state: 'open'
      invitation: {
        id: string
        email: string
        role: Role
        restaurantId: string
        restaurantName: string | null
        inviterName: string | null
      }
    }
  | { state: 'gone' | 'unknown' }
  | { state: 'limited'; limit: RateLimit }

/**
 * The invitation a link's token opens. A token nobody was given counts
 * against the address that tried it (invitationMissesPerAddress), taken
 * before the lookup and given back for a real one, as table codes are; once
 * used up, no link opens from that address until the window has passed.
 * A real link accepted, cancelled, resent or expired is 'gone'.
 */
export async function openInvitation(env: Env, token: string, address: string | null): Promise<OpenedInvitation> {
  const spent = await spend(env, { invitationMissesPerAddress: address })
  if (!spent.ok) return { state: 'limited', limit: spent.limit }
  if (!TOKEN_SHAPE.test(token)) return { state: 'unknown' }
  const [found] = await getDb(env.DB)
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      restaurantId: invitations.restaurantId,
      restaurantName: restaurants.restaurantName,
      inviterName: users.name,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      cancelledAt: invitations.cancelledAt,
    })
    .from(invitations)
    .innerJoin(restaurants, eq(restaurants.id, invitations.restaurantId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.id, await hashToken(token)))
    .limit(1)
  if (!found) return { state: 'unknown' }
  await spent.undo()
  const { expiresAt, acceptedAt, cancelledAt, ...invitation } = found
  if (acceptedAt !== null || cancelledAt !== null || expiresAt <= Date.now()) return { state: 'gone' }
  return { state: 'open', invitation }
}

/** Whether a person already signs in with this email (they join with that account). */
export async function hasAccount(db: Db, email: string): Promise<boolean> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
  return Boolean(found)
}

/**
 * Takes the invitation for one person, before anything else is written: of
 * a double submit or two tabs, one claims it and the other finds it gone.
 * `email` limits it to the account it was sent to.
 */
async function claim(db: Db, id: string, now: number, email?: string) {
  const [claimed] = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, id), usable(now), email === undefined ? undefined : eq(invitations.email, email)))
    .returning({ restaurantId: invitations.restaurantId, role: invitations.role, email: invitations.email })
  return claimed ?? null
}

type Accepted =
  { ok: true; userId: string; restaurantId: string } | { ok: false; code: 'INVITATION_INVALID' | 'EMAIL_TAKEN' }

/**
 * A person without an account accepts: their account with the name and
 * password they chose, and their membership with the invitation's role.
 */
export async function acceptAsNewcomer(
  env: Env,
  invitation: { id: string; email: string },
  { name, password }: { name: string; password: string },
): Promise<Accepted> {
  const db = getDb(env.DB)
  // The password is hashed first, so the moment between the claim and the account is short.
  const login = await loginColumns(invitation.email, password, name)
  const now = Date.now()
  const claimed = await claim(db, invitation.id, now)
  if (!claimed) return { ok: false, code: 'INVITATION_INVALID' }
  const userId = crypto.randomUUID()
  const person = { id: userId, email: claimed.email, name }
  try {
    await db.batch([
      db.insert(users).values({ id: userId, ...login, email: claimed.email, lastRestaurantId: claimed.restaurantId }),
      db
        .insert(memberships)
        .values({ id: crypto.randomUUID(), restaurantId: claimed.restaurantId, userId, role: claimed.role }),
      logChange(db, { person, restaurant: { id: claimed.restaurantId } }, `team.join.${claimed.role}`, userId),
    ])
  } catch (error) {
    // Someone made an account with this email meanwhile: the invitation opens again, for them to join with it.
    await db
      .update(invitations)
      .set({ acceptedAt: null })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.acceptedAt, now)))
    if (isEmailTaken(error)) return { ok: false, code: 'EMAIL_TAKEN' }
    throw error
  }
  return { ok: true, userId, restaurantId: claimed.restaurantId }
}

/**
 * A signed-in person accepts with their own account (the one the invitation
 * was sent to): they become a member, and their session works in the
 * restaurant from now on. One who already belonged to it keeps their role:
 * an invitation never changes a role, the team page does.
 */
export async function acceptAsMember(
  env: Env,
  invitationId: string,
  who: { person: { id: string; email: string; name: string | null }; session: string },
): Promise<{ ok: true; restaurantId: string } | { ok: false; code: 'INVITATION_INVALID' }> {
  const db = getDb(env.DB)
  const claimed = await claim(db, invitationId, Date.now(), who.person.email)
  if (!claimed) return { ok: false, code: 'INVITATION_INVALID' }
  const { restaurantId, role } = claimed
  const userId = who.person.id
  await db.batch([
    db.insert(memberships).values({ id: crypto.randomUUID(), restaurantId, userId, role }).onConflictDoNothing(),
    db.update(authSessions).set({ restaurantId }).where(eq(authSessions.id, who.session)),
    db.update(users).set({ lastRestaurantId: restaurantId }).where(eq(users.id, userId)),
    logChange(db, { person: who.person, restaurant: { id: restaurantId } }, `team.join.${role}`, userId),
  ])
  return { ok: true, restaurantId }
}
