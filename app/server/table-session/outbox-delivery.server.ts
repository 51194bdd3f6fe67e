import type { BillEvent } from '~/domain/live'
import { restaurantHub } from '../live/live-sockets.server'
import type { ObjectAlarm } from './alarm.server'
import type { BillStore } from './bill-store.server'
import { deliverOutbox } from './outbox.server'

/**
 * D1's ledger and the restaurant's staff learn of a bill's commits from
 * here: the outbox is delivered in order after each write's answer, and the
 * staff events of those commits ride with the delivery that brings D1 the
 * change (staff screens read D1), or go on their own when none is needed
 * or D1 refused. A refused delivery is tried again by the alarm.
 */
export class OutboxDelivery {
  #delivering: Promise<boolean> | null = null
  #wanted = false
  /** Whether D1 has this bill's own row, as a delivery by this instance confirmed. */
  #billRowDelivered = false
  /** Staff events not sent yet, oldest first, each with the last outbox entry of its change. */
  readonly #forStaff: { seq: number; event: BillEvent }[] = []

  constructor(
    private readonly env: Env,
    private readonly ctx: DurableObjectState,
    private readonly store: BillStore,
    private readonly alarm: ObjectAlarm,
  ) {}

  /** Queues a staff event to go with the delivery of everything committed so far. */
  forStaff(event: BillEvent): void {
    this.#forStaff.push({ seq: this.store.outbox.newest(), event })
  }

  /**
   * Starts delivering unless a delivery is under way (it takes whatever is
   * committed meanwhile too); resolves when the outbox is empty or D1
   * refused, and then an alarm tries again.
   */
  soon(): Promise<boolean> {
    this.#wanted = true
    this.#delivering ??= this.#deliver().then((delivered) => {
      this.#delivering = null
      // After a refusal the alarm tries again, with its backoff; commits meanwhile do not each retry at once.
      if (delivered && this.#wanted) void this.soon()
      return delivered
    })
    return this.#delivering
  }

  /**
   * Delivers until the outbox is empty: a delivery already under way may
   * have begun before the bill's last commits, which the next one takes.
   * False when D1 refused (the alarm tries again).
   */
  async all(): Promise<boolean> {
    // Each round takes everything committed before it; a turn commits nothing meanwhile, so two rounds do, a third is margin.
    for (let round = 0; round < 3 && this.store.outbox.count() > 0; round++) {
      if (!(await this.soon())) return false
    }
    return this.store.outbox.count() === 0
  }

  /**
   * Delivers, then deletes at once the outbox rows D1 took: after a bill's
   * last writes (its close, its archive) and in the alarm, when no write may
   * come to delete them with it.
   */
  async andDrop(): Promise<void> {
    await this.soon()
    this.store.dropDelivered()
  }

  /** Delivers the outbox; answers whether D1 took all of it (or there was nothing to take). */
  async #deliver(): Promise<boolean> {
    // Begun after the commit that asked for it has queued its staff event, so the event goes with its entries.
    await Promise.resolve()
    const header = this.store.header()
    this.#wanted = false
    if (!header) return true
    const hub = restaurantHub(this.env, header.table.restaurantId)
    if (this.store.outbox.count() === 0) {
      await this.#tellStaffTheRest(hub)
      return true
    }
    try {
      await deliverOutbox(hub, this.store, header, {
        billRowKnown: this.#billRowDelivered,
        eventsUpTo: (seq) => this.#staffEventsUpTo(seq),
      })
      this.#billRowDelivered = true
      this.alarm.delivered()
      return true
    } catch (error) {
      // Staff hear of the changes D1 has not taken all the same, and see them once a later read finds them.
      void this.#tellStaffTheRest(hub)
      const waitMs = await this.alarm.deliveryFailed()
      console.error(`outbox delivery failed, retrying in ${waitMs} ms: ${String(error)}`)
      return false
    }
  }

  /** Takes the staff events whose changes end at or before the outbox entry `seq`. */
  #staffEventsUpTo(seq: number): BillEvent[] {
    const due = this.#forStaff.findIndex((queued) => queued.seq > seq)
    return this.#forStaff.splice(0, due === -1 ? this.#forStaff.length : due).map((queued) => queued.event)
  }

  /** Sends the hub on their own the staff events no delivery carried (none was needed, or it failed). */
  #tellStaffTheRest(hub: ReturnType<typeof restaurantHub>): Promise<void> {
    const events = this.#forStaff.splice(0).map((queued) => queued.event)
    if (events.length === 0) return Promise.resolve()
    const told = hub.publish(events).catch((error: unknown) => console.error('hub publish failed', error))
    this.ctx.waitUntil(told)
    return told
  }
}
