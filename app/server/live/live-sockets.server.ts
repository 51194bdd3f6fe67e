import type { BillEvent, LiveFeed } from '~/domain/live'

/** Who a hibernatable socket belongs to; kept on the socket, since the object's memory may be gone. */
export type LiveAttachment =
  | { role: 'diner'; sessionId: string; connectedAt: number }
  /**
   * `userId` is the person; `session` the SHA-256 of the staff session the socket was opened with, so ending either
   * closes it; `feed` what they may hear (absent on sockets opened before feeds: the floor's).
   */
  | { role: 'staff'; userId: string; session: string; feed?: LiveFeed; connectedAt: number }

/**
 * Accepts a live connection through the Hibernation API, with who it is kept
 * on the socket (the object's memory may be gone when the next event comes).
 */
export function acceptLiveSocket(ctx: DurableObjectState, attachment: LiveAttachment): Response {
  const pair = new WebSocketPair()
  ctx.acceptWebSocket(pair[1])
  pair[1].serializeAttachment(attachment)
  return new Response(null, { status: 101, webSocket: pair[0] })
}

/** Sends an event to every socket; one that is closing is skipped, never allowed to fail the write that caused it. */
export function broadcast(sockets: WebSocket[], event: BillEvent): void {
  const message = JSON.stringify(event)
  for (const socket of sockets) {
    try {
      socket.send(message)
    } catch {
      // Already closed: the runtime drops it from getWebSockets() soon.
    }
  }
}

/** Completes a close the client started; codes a server may not send (1005, 1006) fall back to a normal close. */
export function closeQuietly(socket: WebSocket, code: number): void {
  try {
    socket.close(code === 1005 || code === 1006 ? 1000 : code, 'closing')
  } catch {
    // Already closed.
  }
}

/** The restaurant's hub: one object per restaurant, fanning table events out to its staff screens. */
export function restaurantHub(env: Env, restaurantId: string) {
  return env.RESTAURANT_HUB.get(env.RESTAURANT_HUB.idFromName(restaurantId))
}
