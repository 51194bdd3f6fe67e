import { eventFor } from '~/domain/live'
import type { HubBatch, HubSubscriber } from './hub-subscriber.server'
import { broadcast, type LiveAttachment } from './live-sockets.server'

/**
 * The restaurant's staff screens hear every change, written to D1 or not:
 * a screen shows it once a later read finds it. The floor hears all of it;
 * the kitchen's board its orders, tickets and voids (see eventFor).
 */
export class StaffScreens implements HubSubscriber {
  constructor(private readonly ctx: DurableObjectState) {}

  after({ events }: HubBatch): void {
    const feeds = { floor: [] as WebSocket[], kitchen: [] as WebSocket[] }
    for (const socket of this.ctx.getWebSockets()) {
      const attachment = socket.deserializeAttachment() as LiveAttachment | null
      if (attachment?.role === 'staff') feeds[attachment.feed ?? 'floor'].push(socket)
    }
    for (const event of events)
      for (const feed of ['floor', 'kitchen'] as const) {
        const heard = feeds[feed].length > 0 ? eventFor(feed, event) : null
        if (heard) broadcast(feeds[feed], heard)
      }
  }
}
