import { alertOf, type AlertDraft } from '~/domain/alerts'
import type { HubBatch, HubSubscriber } from '../live/hub-subscriber.server'
import { pushAlerts, PushDevicesSeen } from './alert-push.server'
import { alertStatements } from './alert-writes.server'

/**
 * The alerts a restaurant's bill changes raise: stored in the batch that
 * brings the changes, then pushed to the phones of those they reached once
 * stored, after the answer (a failed push never fails the write).
 */
export class AlertsSubscriber implements HubSubscriber {
  readonly #devices: PushDevicesSeen

  constructor(
    private readonly env: Env,
    private readonly ctx: DurableObjectState,
    private readonly d1: D1Database,
    private readonly restaurantId: string,
  ) {
    this.#devices = new PushDevicesSeen(env, restaurantId)
  }

  statements({ events }: HubBatch): D1PreparedStatement[] {
    return alertStatements(this.d1, this.restaurantId, events).statements
  }

  after({ events }: HubBatch, written: boolean): void {
    const alerts = events.map(alertOf).filter((alert): alert is AlertDraft => alert !== null)
    if (!written || alerts.length === 0) return
    const pushed = this.#devices
      .any()
      .then((any) => (any ? pushAlerts(this.env, this.restaurantId, alerts) : undefined))
      .catch((error: unknown) => console.error('alert push failed', error))
    this.ctx.waitUntil(pushed)
  }

  /** A member turned notifications on: the next alert looks for their device. */
  devicesChanged(): void {
    this.#devices.forget()
  }
}
