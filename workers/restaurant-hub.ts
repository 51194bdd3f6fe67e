import { DurableObject } from 'cloudflare:workers'
import { LIVE_PING, LIVE_PONG, type BillEvent } from '~/domain/live'
import { broadcast, closeQuietly, type LiveAttachment } from './live-sockets'

/**
 * One object per restaurant (named by its owner's id): the staff screens'
 * sockets. The table objects publish every committed change here, and the hub
 * fans it out. Chosen over making each staff screen open a socket per table:
 * a dashboard of 40 tables is one connection, and a table object never needs
 * to know who is watching the restaurant.
 */
export class RestaurantHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG))
  }

  /** A staff screen's connection; the Worker checked the session cookie, the origin and whose restaurant this is. */
  async fetch(request: Request): Promise<Response> {
    const userId = new URL(request.url).searchParams.get('userId') ?? ''
    const pair = new WebSocketPair()
    const [client, server] = [pair[0], pair[1]]
    this.ctx.acceptWebSocket(server)
    server.serializeAttachment({ role: 'staff', userId, connectedAt: Date.now() } satisfies LiveAttachment)
    return new Response(null, { status: 101, webSocket: client })
  }

  publish(event: BillEvent): void {
    broadcast(this.ctx.getWebSockets(), event)
  }

  webSocketMessage(): void {}

  webSocketClose(ws: WebSocket, code: number): void {
    closeQuietly(ws, code)
  }
}
