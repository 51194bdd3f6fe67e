import { DurableObject } from 'cloudflare:workers'
import { LIVE_PING, LIVE_PONG, SESSION_ENDED, type BillEvent } from '~/domain/live'
import { AlertsSubscriber } from '../alerts/alert-subscriber.server'
import { ledgerOf } from '../books/ledger.server'
import { FiscalSubscriber } from '../invoices/fiscal-subscriber.server'
import type { LedgerDelivery, OutboxDestination } from '../table-session/outbox.server'
import type { HubBatch, HubSubscriber } from './hub-subscriber.server'
import { LedgerBatches } from './ledger-batches.server'
import { LedgerRecords } from './ledger-records.server'
import { acceptLiveSocket, closeQuietly, type LiveAttachment } from './live-sockets.server'
import { StaffScreens } from './staff-screens.server'

/**
 * One object per restaurant (named by its id): the staff screens'
 * sockets, and where every committed change to its bills arrives. The table
 * objects send each change here, with the outbox delivery that brings it to
 * D1, so the restaurant's deliveries share D1 batches; the hub hands each
 * delivery to its subscribers (the ledger's records, the alerts, the staff
 * screens, the fiscal documents), written against the one BillEvent. A new
 * thing to do with the restaurant's changes is one more subscriber. Chosen
 * over making each staff screen open a socket per table: a dashboard of 40
 * tables is one connection, and a table object never needs to know who is
 * watching the restaurant.
 */
export class RestaurantHub extends DurableObject<Env> implements OutboxDestination {
  readonly #restaurantId: string
  readonly #batches: LedgerBatches
  readonly #alerts: AlertsSubscriber
  readonly #fiscal: FiscalSubscriber
  /** In order: what goes in D1's batch, then what follows it (the screens hear first). */
  readonly #subscribers: HubSubscriber[]

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    // Named by its restaurant's id (restaurantHub), which the runtime gives back as the id's name.
    if (!ctx.id.name) throw new Error('A restaurant hub is reached by its restaurant’s id (restaurantHub)')
    const ledger = ledgerOf(env, ctx.id.name)
    this.#restaurantId = ledger.restaurantId
    this.#batches = new LedgerBatches(ledger.d1)
    this.#alerts = new AlertsSubscriber(env, ctx, ledger.d1, ledger.restaurantId)
    this.#fiscal = new FiscalSubscriber(env, ctx, ledger)
    this.#subscribers = [new LedgerRecords(ledger), new StaffScreens(ctx), this.#alerts, this.#fiscal]
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG))
  }

  /** A staff screen's connection; the Worker's guard checked the session, the origin, the membership and the role. */
  fetch(request: Request): Response {
    const params = new URL(request.url).searchParams
    return acceptLiveSocket(this.ctx, {
      role: 'staff',
      userId: params.get('userId') ?? '',
      session: params.get('session') ?? '',
      feed: params.get('feed') === 'kitchen' ? 'kitchen' : 'floor',
      connectedAt: Date.now(),
    })
  }

  /**
   * Closes the staff screens opened with one session (a logout), or every one
   * a person opened here (a password reset, a member removed or their role
   * changed): a socket must not outlive the session or the role it was opened with.
   */
  endSessions(who: { session: string } | { userId: string }): void {
    for (const socket of this.ctx.getWebSockets()) {
      const attachment = socket.deserializeAttachment() as LiveAttachment | null
      if (attachment?.role !== 'staff') continue
      if ('session' in who ? attachment.session === who.session : attachment.userId === who.userId)
        closeQuietly(socket, SESSION_ENDED)
    }
  }

  /**
   * Changes to the restaurant's bills that D1's ledger has no record of (a
   * declined card, a diner calling): the alerts they raise are stored, then
   * the screens hear of them.
   */
  publish(events: BillEvent[]): Promise<void> {
    return this.#deliver({ events, ledger: null })
  }

  /**
   * One table's outbox entries for D1; answers once D1 has them all. The
   * staff screens hear of the changes they complete once D1 has them, so the
   * read an event sets off finds its change; and when D1 refused them, all
   * the same: a screen hears of every change, and shows it once a later
   * read finds it.
   */
  record(delivery: LedgerDelivery): Promise<void> {
    // A hub writes its own restaurant's ledger only: another's bill would land in the wrong one once ledgers are placed apart.
    if (delivery.restaurantId !== this.#restaurantId)
      throw new Error(`A bill of restaurant ${delivery.restaurantId} was delivered to another's hub`)
    return this.#deliver({ events: delivery.events, ledger: delivery })
  }

  /** Every subscriber's statements in one D1 batch (with other deliveries meanwhile), then what each does after. */
  async #deliver(batch: HubBatch): Promise<void> {
    const statements = this.#subscribers.flatMap((subscriber) => subscriber.statements?.(batch) ?? [])
    let written = false
    try {
      if (statements.length > 0) await this.#batches.write(statements)
      written = true
    } finally {
      for (const subscriber of this.#subscribers) subscriber.after?.(batch, written)
    }
  }

  /** A member turned notifications on: the next alert looks for their device. */
  devicesChanged(): void {
    this.#alerts.devicesChanged()
  }

  /** Fiscal documents Facturapi did not take, and cancellations the SAT has not decided: see FiscalSubscriber. */
  alarm(): Promise<void> {
    return this.#fiscal.retry()
  }

  /** Payments just invoiced get the notas de crédito their ingreso does not hold: see FiscalSubscriber. */
  egresosFor(paymentIds: string[]): Promise<void> {
    return this.#fiscal.egresosFor(paymentIds)
  }

  /** The restaurant saved or removed its Facturapi key: see FiscalSubscriber. */
  facturapiChanged(): void {
    this.#fiscal.facturapiChanged()
  }

  webSocketMessage(): void {}

  webSocketClose(ws: WebSocket, code: number): void {
    closeQuietly(ws, code)
  }
}
