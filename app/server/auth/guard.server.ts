import { data, redirect, type AppLoadContext } from '@remix-run/cloudflare'
import { can, rolesManagedBy, type Permission, type Role } from '~/domain/permissions'
import { getDb } from '../db/client.server'
import { apiError } from '../http/api.server'
import { getT } from '../http/i18n.server'
import { findOwnTable } from '../tables/tables.server'
import { keepUnlocked } from '../team/devices.server'
import { findSession, readSessionToken } from './session.server'
import { hashToken } from './tokens.server'

type Session = NonNullable<Awaited<ReturnType<typeof findSession>>>
export type Restaurant = NonNullable<Session['membership']>['restaurant']

/**
 * Who is acting on a staff surface, for which restaurant, in which role:
 * what the one guard answers. Every staff page, action, API route and live
 * socket gets it from `requireStaff` with the permission it needs
 * (app/domain/permissions.ts); nothing else reads the session or a role to
 * decide what a person may do.
 */
export interface Principal {
  /** The person signed in: their name goes on what they do. */
  person: { id: string; email: string; name: string | null }
  /** The restaurant they work in now: every tenant key is its id. */
  restaurant: Restaurant
  /** Their role there: the permission table says what it allows. */
  role: Role
  /** Their session, by its hash: their live sockets end with it. */
  session: string
  /** Whether they act through the restaurant's shared device (unlocked with their PIN) rather than their own sign-in. */
  device: boolean
}

/** A staff page's form as its workflow (`*-actions.server.ts`) is handed it: who sent it, how, and the page each answer goes back to. */
export interface StaffFormPage {
  env: Env
  principal: Principal
  request: Request
  here: string
}

/**
 * Where the request comes from decides how a refusal reads: a page goes to
 * the sign-in page and back (or shows 403); an API route answers JSON
 * `{ message, code }`; a socket also needs our own Origin (a foreign page
 * cannot ride the cookie).
 */
type Surface = 'page' | 'api' | 'socket'

/** A staff page's rule: what seeing it takes, and what each of its forms (by `intent`) takes. */
export interface PageAccess {
  view: Permission
  /** The page's one form, when it has no intents. */
  action?: Permission
  intents?: Record<string, Permission>
}

/** A staff `/api` route's rule, by method. */
export type ApiAccess = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', Permission>>

/**
 * Who is signed in and where they work, or null when nobody is (or their
 * session ended, or they no longer belong to its restaurant). `membership`
 * is null for a person who belongs to no restaurant yet.
 */
export async function signedIn(context: AppLoadContext, request: Request) {
  const token = readSessionToken(request)
  if (!token) return null
  const session = await hashToken(token)
  const found = await findSession(getDb(context.cloudflare.env.DB), session)
  return found ? { ...found, session } : null
}

type Found = NonNullable<Awaited<ReturnType<typeof signedIn>>>

const principalFrom = (found: Found): Principal | null =>
  found.person && found.membership
    ? { person: found.person, ...found.membership, session: found.session, device: Boolean(found.device) }
    : null

/** The request's principal, or null when nobody is signed in to a restaurant (or the shared device is locked). */
export async function principalOf(context: AppLoadContext, request: Request): Promise<Principal | null> {
  const found = await signedIn(context, request)
  return found ? principalFrom(found) : null
}

/** A shared device nobody has unlocked: a page goes to its lock screen, an API call or a socket is refused. */
function lockedDevice(surface: Surface): Response {
  if (surface === 'page') return redirect('/admin/device')
  return apiError('UNAUTHENTICATED', 'This device is locked: unlock it with your PIN.')
}

function signInFirst(request: Request, surface: Surface): Response {
  const url = new URL(request.url)
  if (surface === 'page') return redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  return apiError('UNAUTHENTICATED', 'Sign in first.')
}

/** 403 in the person's language: a page shows it in its error boundary, an API route and a socket as JSON. */
async function forbidden(request: Request, surface: Surface): Promise<Response> {
  const t = await getT(request)
  const message = t('admin.team.forbidden')
  // A page's loader or action shows it in the staff area's error page (a document POST too, so not `data()`).
  if (surface === 'page') return Response.json({ message }, { status: 403 })
  return apiError('FORBIDDEN', message)
}

/**
 * The one guard: the principal acting on this staff surface with
 * `permission`, or the refusal the surface gives, thrown: a redirect to sign
 * in (page) or 401 (API, socket) without a session; 403 when their role
 * does not allow it, or a socket opened from another site. A person who
 * belongs to no restaurant is sent to open one.
 */
export async function requireStaff(
  context: AppLoadContext,
  request: Request,
  surface: Surface,
  permission: Permission,
): Promise<Principal> {
  const url = new URL(request.url)
  if (surface === 'socket' && request.headers.get('Origin') !== url.origin)
    throw apiError('FORBIDDEN', 'This connection must come from the Mesa site itself.')
  const found = await signedIn(context, request)
  if (!found) throw signInFirst(request, surface)
  if (!found.person) throw lockedDevice(surface)
  const principal = principalFrom(found)
  if (!principal) {
    if (surface === 'page') throw redirect('/admin/restaurants/new')
    throw await forbidden(request, surface)
  }
  if (!can(principal.role, permission)) throw await forbidden(request, surface)
  if (found.device) await keepUnlocked(getDb(context.cloudflare.env.DB), found.session, found.device.actingUntil)
  return principal
}

/**
 * A surface diners use too (putting an order on a bill): null for anyone who
 * is not a member of a restaurant, who acts as a diner; the member acting
 * with `permission` when their role allows it. A member whose role does not
 * is refused (403) when what they send needs it (`needed`: lines priced by
 * hand), and otherwise acts as any diner would, within a diner's limits.
 */
export async function staffOrDiner(
  context: AppLoadContext,
  request: Request,
  permission: Permission,
  needed: boolean,
): Promise<Principal | null> {
  const found = await signedIn(context, request)
  const principal = found ? principalFrom(found) : null
  if (!principal) return null
  if (can(principal.role, permission)) {
    if (found?.device) await keepUnlocked(getDb(context.cloudflare.env.DB), found.session, found.device.actingUntil)
    return principal
  }
  if (needed) throw await forbidden(request, 'api')
  return null
}

/**
 * A signed-in person, for what concerns their account more than one
 * restaurant (opening another): with `permission` in the restaurant they
 * work in now, or belonging to none yet (their first restaurant).
 */
export async function requireAccount(context: AppLoadContext, request: Request, permission: Permission) {
  const found = await signedIn(context, request)
  if (!found) throw signInFirst(request, 'page')
  if (!found.person) throw lockedDevice('page')
  if (found.membership && !can(found.membership.role, permission)) throw await forbidden(request, 'page')
  return { ...found, person: found.person }
}

/**
 * A shared device of the restaurant, locked or not: its session, its
 * restaurant and who has it unlocked (null when locked). Another session
 * has no lock screen: it goes to the dashboard.
 */
export async function requireDevice(context: AppLoadContext, request: Request) {
  const found = await signedIn(context, request)
  if (!found) throw signInFirst(request, 'page')
  if (!found.device) throw redirect('/admin/dashboard')
  return { session: found.session, restaurantId: found.device.restaurantId, acting: found.person }
}

/**
 * A further permission a request turned out to need once read (a comp
 * rather than a void, a close that leaves something unpaid): refused the
 * same way, before anything changes.
 */
export async function demand(
  principal: Pick<Principal, 'role'>,
  request: Request,
  surface: Surface,
  permission: Permission,
) {
  if (!can(principal.role, permission)) throw await forbidden(request, surface)
}

/**
 * A team change's further rule, once its form is read: every role it
 * touches (a member's now, the one they would get, an invitation's) is one
 * the principal manages (`rolesManagedBy`: an owner any, a manager only
 * waiters); refused like a permission, before anything changes.
 */
export async function demandManages(principal: Pick<Principal, 'role'>, request: Request, roles: readonly Role[]) {
  const managed = rolesManagedBy(principal.role)
  if (!roles.every((role) => managed.includes(role))) throw await forbidden(request, 'page')
}

/** A page form's permission: its intent's, or the page's one form's; an unknown intent is a bad request. */
export async function requireStaffForm(
  context: AppLoadContext,
  request: Request,
  access: PageAccess,
  formData: FormData,
): Promise<Principal> {
  const intent = formData.get('intent')
  const permission = access.intents ? access.intents[String(intent)] : access.action
  if (!permission) throw data(null, { status: 400 })
  return requireStaff(context, request, 'page', permission)
}

/**
 * The guard for a table's staff surface: the principal and one of their
 * restaurant's tables in use. Another restaurant's table answers exactly
 * like an unknown one (404).
 */
export async function requireStaffTable(
  context: AppLoadContext,
  request: Request,
  tableId: string | undefined,
  permission: Permission,
  surface: Surface = 'page',
) {
  const principal = await requireStaff(context, request, surface, permission)
  return { ...principal, ...(await ownTable(context, principal, tableId, surface)) }
}

/** One of the principal's restaurant's tables in use, or 404 (another restaurant's answers like an unknown one). */
export async function ownTable(
  context: AppLoadContext,
  principal: Principal,
  tableId: string | undefined,
  surface: Surface = 'page',
) {
  const db = getDb(context.cloudflare.env.DB)
  const table = await findOwnTable(db, principal.restaurant.id, tableId ?? '')
  if (!table) throw surface === 'page' ? data(null, { status: 404 }) : apiError('NOT_FOUND', 'Table not found.')
  return { db, table }
}
