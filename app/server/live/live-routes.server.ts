import { apiError } from '../http/api.server'
import type { AppLoadContext } from '@remix-run/cloudflare'
import { livePath } from '~/domain/live'
import { can, type Permission } from '~/domain/permissions'
import { requireStaff, type Principal } from '../auth/guard.server'
import { ledgerOfBill } from '../books/ledger.server'
import { missedLookup } from '../bills/diner-bill.server'
import { tooManyResponse } from '../http/rate-limit.server'
import { tableSessionStub } from '../table-session/stub.server'
import { restaurantHub } from './live-sockets.server'

/** What a staff member's live socket (the restaurant's hub) needs: every member has a board or the floor to follow. */
export const LIVE_SOCKET_ACCESS: Permission = 'kitchen.view'

const BILL_SOCKET = /^\/api\/tables\/session\/([A-Za-z0-9_-]{1,64})\/live$/

/**
 * The live sockets (issue 7), answered before Remix because an upgrade must
 * reach the Durable Object untouched. A diner's socket is scoped to the one
 * bill its session id names; a staff socket needs the staff session cookie,
 * our own Origin (a foreign page cannot ride the cookie) and membership, and
 * goes to the hub of the restaurant the person works in, on the feed their
 * role may hear. Null for any other request.
 */
export async function handleLiveRequest(request: Request, url: URL, context: AppLoadContext): Promise<Response | null> {
  const billMatch = BILL_SOCKET.exec(url.pathname)
  if (!billMatch && url.pathname !== livePath.restaurant) return null
  if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
    return apiError('UPGRADE_REQUIRED', 'Connect to this address with a WebSocket.')
  const env = context.cloudflare.env

  if (billMatch) {
    const sessionId = billMatch[1] ?? ''
    if (!(await ledgerOfBill(env, sessionId))) {
      const limit = await missedLookup(env, context.clientAddress)
      return limit ? tooManyResponse(request, limit) : apiError('NOT_FOUND', 'Table not found.')
    }
    const forward = new URL(request.url)
    forward.searchParams.set('sessionId', sessionId)
    return tableSessionStub(env, sessionId).fetch(new Request(forward, request))
  }

  let principal: Principal
  try {
    principal = await requireStaff(context, request, 'socket', LIVE_SOCKET_ACCESS)
  } catch (refused) {
    if (refused instanceof Response) return refused
    throw refused
  }
  const forward = new URL(request.url)
  forward.searchParams.set('userId', principal.person.id)
  forward.searchParams.set('session', principal.session)
  // Who does not see the tables hears the kitchen's feed: orders and tickets, no amounts.
  forward.searchParams.set('feed', can(principal.role, 'tables.view') ? 'floor' : 'kitchen')
  return restaurantHub(env, principal.restaurant.id).fetch(new Request(forward, request))
}
