import type { AppLoadContext } from '@remix-run/cloudflare'
import { eq } from 'drizzle-orm'
import { livePath } from '~/domain/live'
import { getStaffUser, readSessionToken } from '../auth/session.server'
import { hashToken } from '../auth/tokens.server'
import { getDb } from '../db/client.server'
import { tables, tableSessions } from '../db/schema.server'
import { missedLookup } from '../customer.server'
import { tooManyResponse } from '../rate-limit.server'
import { tableSessionStub } from '../table-session.server'
import { restaurantHub } from './live-sockets.server'

const BILL_SOCKET = /^\/api\/tables\/session\/([A-Za-z0-9_-]{1,64})\/live$/

const refuse = (status: number, message: string) =>
  Response.json({ message }, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * The live sockets (issue 7), answered before Remix because an upgrade must
 * reach the Durable Object untouched. A diner's socket is scoped to the one
 * bill its session id names; a staff socket needs the staff session cookie,
 * our own Origin (a foreign page cannot ride the cookie), and goes to the
 * signed-in owner's own hub. Null for any other request.
 */
export async function handleLiveRequest(request: Request, url: URL, context: AppLoadContext): Promise<Response | null> {
  const billMatch = BILL_SOCKET.exec(url.pathname)
  if (!billMatch && url.pathname !== livePath.restaurant) return null
  if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
    return refuse(426, 'Connect to this address with a WebSocket.')
  const env = context.cloudflare.env

  if (billMatch) {
    const sessionId = billMatch[1] ?? ''
    const [bill] = await getDb(env.DB)
      .select({ id: tableSessions.id })
      .from(tableSessions)
      .innerJoin(tables, eq(tables.id, tableSessions.tableId))
      .where(eq(tableSessions.id, sessionId))
      .limit(1)
    if (!bill) {
      const limit = await missedLookup(env, context.clientAddress)
      return limit ? tooManyResponse(request, limit) : refuse(404, 'Table not found.')
    }
    const forward = new URL(request.url)
    forward.searchParams.set('sessionId', sessionId)
    return tableSessionStub(env, sessionId).fetch(new Request(forward, request))
  }

  if (request.headers.get('Origin') !== url.origin)
    return refuse(403, 'This connection must come from the Mesa site itself.')
  const user = await getStaffUser(context, request)
  if (!user) return refuse(401, 'Sign in first.')
  const forward = new URL(request.url)
  forward.searchParams.set('userId', user.id)
  forward.searchParams.set('session', await hashToken(readSessionToken(request) ?? ''))
  return restaurantHub(env, user.id).fetch(new Request(forward, request))
}
