import { data, redirect, type AppLoadContext } from '@remix-run/cloudflare'
import { getDb } from '../db/client.server'
import { apiError } from '../http/api.server'
import { findOwnTable } from '../tables/tables.server'
import { findSessionUser, readSessionToken } from './session.server'
import { hashToken } from './tokens.server'

/**
 * Who is acting on a staff surface and for which restaurant: what the one
 * guard answers. Every staff page, action, API route and live socket gets
 * it from `requireStaff`; nothing else reads the session to decide what a
 * person may do. Today a restaurant is its owner's account, so the person
 * and the restaurant share an id; the record of who may do what in which
 * restaurant belongs here, and only here.
 */
export interface Principal {
  /** The person signed in: their name goes on what they do. */
  person: { id: string; email: string; name: string | null }
  /** The restaurant they act for: every tenant key is its id. */
  restaurant: Restaurant
  /** Their session, by its hash: their live sockets end with it. */
  session: string
}

type SessionUser = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>
export type Restaurant = Omit<SessionUser, 'email' | 'ownerName'>

/**
 * Where the request comes from decides how a refusal reads: a page goes to
 * the sign-in page and back; an API route answers 401 JSON; a socket also
 * needs our own Origin (a foreign page cannot ride the cookie).
 */
export type Surface = 'page' | 'api' | 'socket'

/** The request's principal, or null when nobody is signed in. */
export async function principalOf(context: AppLoadContext, request: Request): Promise<Principal | null> {
  const token = readSessionToken(request)
  if (!token) return null
  const session = await hashToken(token)
  const user = await findSessionUser(getDb(context.cloudflare.env.DB), session)
  if (!user) return null
  const { email, ownerName, ...restaurant } = user
  return { person: { id: user.id, email, name: ownerName }, restaurant, session }
}

/**
 * The one guard: the principal acting on this staff surface, or the
 * refusal the surface gives (thrown as a Response): a redirect to sign in
 * for a page, 401 `{ message, code }` for an API route or a socket, 403 for
 * a socket opened from another site.
 */
export async function requireStaff(context: AppLoadContext, request: Request, surface: Surface): Promise<Principal> {
  const url = new URL(request.url)
  if (surface === 'socket' && request.headers.get('Origin') !== url.origin)
    throw apiError('FORBIDDEN', 'This connection must come from the Mesa site itself.')
  const principal = await principalOf(context, request)
  if (principal) return principal
  if (surface === 'page') throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  throw apiError('UNAUTHENTICATED', 'Sign in first.')
}

/**
 * The guard for a table's staff page: the principal and one of their
 * restaurant's tables in use. Another restaurant's table answers exactly
 * like an unknown one (404).
 */
export async function requireStaffTable(
  context: AppLoadContext,
  request: Request,
  tableId: string | undefined,
  surface: Surface = 'page',
) {
  const principal = await requireStaff(context, request, surface)
  const db = getDb(context.cloudflare.env.DB)
  const table = await findOwnTable(db, principal.restaurant.id, tableId ?? '')
  if (!table) throw surface === 'page' ? data(null, { status: 404 }) : apiError('NOT_FOUND', 'Table not found.')
  return { ...principal, db, table }
}
