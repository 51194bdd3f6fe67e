import { DurableObject } from 'cloudflare:workers'
import { eventFor, LIVE_PING, LIVE_PONG, SESSION_ENDED, type BillEvent } from '~/domain/live'
import { ledgerOf, type Ledger } from '../books/ledger.server'
import type Facturapi from 'facturapi'
import { facturapiOf, paymentsOfRefunds, receiptsAfterRefunds, receiptsForPayments } from '../invoices/facturapi.server'
import { simulatedStandsIn } from '../env.server'
import { egresosAfterRefunds, failingEgresos } from '../invoices/egresos.server'
import { followSubstitutions } from '../invoices/substitutions.server'
import { raiseBooksAlert } from '../alerts/books-alerts.server'
import { cardOfPayment } from '../receipts/receipt-reads.server'
import { LedgerStatements, type LedgerDelivery, type OutboxDestination } from '../table-session/outbox.server'
import { LedgerBatches } from './ledger-batches.server'
import { alertStatements } from '../alerts/alert-writes.server'
import { pushAlerts, PushDevicesSeen } from '../alerts/alert-push.server'
import type { AlertDraft } from '~/domain/alerts'
import { acceptLiveSocket, broadcast, closeQuietly, type LiveAttachment } from './live-sockets.server'

/** How long after a fiscal document Facturapi did not take the hub tries it again. */
const FISCAL_RETRY_MS = 60_000

/**
 * One object per restaurant (named by its id): the staff screens'
 * sockets. The table objects send every committed change here, with the
 * outbox delivery that brings it to D1, and the hub fans it out. Chosen over
 * making each staff screen open a socket per table:
 * a dashboard of 40 tables is one connection, and a table object never needs
 * to know who is watching the restaurant. The tables deliver their records
 * to D1 through it too, so that the restaurant's deliveries share D1 batches.
 */
export class RestaurantHub extends DurableObject<Env> implements OutboxDestination {
  readonly #restaurantId: string
  readonly #ledger: Ledger
  #facturapiKnown: { client: Promise<Facturapi | null>; until: number } | null = null
  readonly #statements: LedgerStatements
  readonly #batches: LedgerBatches
  readonly #d1: D1Database
  readonly #devices: PushDevicesSeen

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    // Named by its restaurant's id (restaurantHub), which the runtime gives back as the id's name.
    if (!ctx.id.name) throw new Error('A restaurant hub is reached by its restaurant’s id (restaurantHub)')
    const ledger = ledgerOf(env, ctx.id.name)
    this.#ledger = ledger
    this.#restaurantId = ledger.restaurantId
    this.#statements = new LedgerStatements(ledger)
    this.#batches = new LedgerBatches(ledger.d1)
    this.#d1 = ledger.d1
    this.#devices = new PushDevicesSeen(env, ledger.restaurantId)
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
  async publish(events: BillEvent[]): Promise<void> {
    const { statements, alerts } = alertStatements(this.#d1, this.#restaurantId, events)
    try {
      if (statements.length > 0) await this.#batches.write(statements)
    } finally {
      this.#broadcast(events)
    }
    this.#push(alerts)
  }

  /** A member turned notifications on: the next alert looks for their device. */
  devicesChanged(): void {
    this.#devices.forget()
  }

  /** Stored alerts to the phones of those they reached, after the answer; a failed push never fails the write. */
  #push(alerts: AlertDraft[]): void {
    if (alerts.length === 0) return
    const pushed = this.#devices
      .any()
      .then((any) => (any ? pushAlerts(this.env, this.#restaurantId, alerts) : undefined))
      .catch((error: unknown) => console.error('alert push failed', error))
    this.ctx.waitUntil(pushed)
  }

  /** Changes committed on one of the restaurant's bills, in order (a delivery carries several at once). */
  #broadcast(events: BillEvent[]): void {
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

  /**
   * One table's outbox entries for D1; answers once D1 has them all. The
   * staff screens hear of the changes they complete once D1 has them, so the
   * read an event sets off finds its change; and when D1 refused them, all
   * the same: a screen hears of every change, and shows it once a later
   * read finds it.
   */
  async record(delivery: LedgerDelivery): Promise<void> {
    // A hub writes its own restaurant's ledger only: another's bill would land in the wrong one once ledgers are placed apart.
    if (delivery.restaurantId !== this.#restaurantId)
      throw new Error(`A bill of restaurant ${delivery.restaurantId} was delivered to another's hub`)
    // The alerts the changes raise go in the same batch as the changes themselves.
    const alerts = alertStatements(this.#d1, this.#restaurantId, delivery.events)
    try {
      await this.#batches.write([...this.#statements.of(delivery), ...alerts.statements])
    } finally {
      this.#broadcast(delivery.events)
    }
    this.#push(alerts.alerts)
    const paid = delivery.entries.flatMap((entry) => (entry.kind === 'payment' ? [entry.body] : []))
    const refunded = delivery.entries.flatMap((entry) =>
      entry.kind === 'refund' || entry.kind === 'refund-failed' ? [entry.body.id] : [],
    )
    if (paid.length > 0 || refunded.length > 0)
      this.ctx.waitUntil(
        this.#facturapi()
          .then(async (client) => {
            if (!client) return
            await receiptsForPayments(this.#ledger, client, paid, {
              simulatedStandsIn: simulatedStandsIn(this.env),
              cardOf: (payment) => cardOfPayment(this.env, this.#ledger, payment),
            })
            const refundedPayments = await paymentsOfRefunds(this.#ledger, refunded)
            await receiptsAfterRefunds(this.#ledger, client, refundedPayments)
            await this.#egresos(client, refundedPayments)
          })
          .catch((error: unknown) => console.error('Facturapi receipts left for later', error)),
      )
  }

  /** Notas de crédito Facturapi did not take, and cancellations the SAT has not decided: looked at again a minute apart. */
  async alarm(): Promise<void> {
    const client = await this.#facturapi()
    if (client) await this.#egresos(client, [])
  }

  /**
   * Payments just invoiced (a diner's factura, a factura global): the
   * refunds their ingreso does not hold (recorded after the receipt it was
   * made from) get their notas de crédito here, tried again while owed.
   */
  async egresosFor(paymentIds: string[]): Promise<void> {
    const client = await this.#facturapi()
    if (client) await this.#egresos(client, paymentIds)
  }

  /** The egresos owed (these payments' and any left before), tried again a minute later while any is; one failing long is alerted. */
  async #egresos(client: Facturapi, paymentIds: readonly string[]): Promise<void> {
    // Followed first: a substitution its receiver refused owes an egreso that the same look issues.
    const following = await followSubstitutions(this.#ledger, client)
    if (!(await egresosAfterRefunds(this.#ledger, client, paymentIds)) && !following) return
    await this.ctx.storage.setAlarm(Date.now() + FISCAL_RETRY_MS)
    for (const document of await failingEgresos(this.#ledger))
      await raiseBooksAlert(this.env, this.#ledger, {
        id: `fiscal-failed:${document.id}`,
        kind: 'fiscal-failed',
        sessionId: document.sessionId,
        amountCents: document.cents,
        detail: document.error,
      })
  }

  /** The restaurant saved or removed its Facturapi key: the next delivery asks D1 again, so no refund misses its egreso. */
  facturapiChanged(): void {
    this.#facturapiKnown = null
  }

  /**
   * The restaurant's Facturapi, or null when it issues by hand, asked of D1
   * at most once a minute: every delivery with a payment or a refund asks;
   * a key saved or removed is told at once (facturapiChanged).
   */
  #facturapi(): Promise<Facturapi | null> {
    const now = Date.now()
    if (!this.#facturapiKnown || this.#facturapiKnown.until < now)
      this.#facturapiKnown = {
        client: facturapiOf(this.env, this.#restaurantId).catch(() => null),
        until: now + 60_000,
      }
    return this.#facturapiKnown.client
  }

  webSocketMessage(): void {}

  webSocketClose(ws: WebSocket, code: number): void {
    closeQuietly(ws, code)
  }
}
