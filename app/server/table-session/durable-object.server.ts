import { DurableObject } from 'cloudflare:workers'
import { eq, and } from 'drizzle-orm'
import { billEvent, LIVE_PING, LIVE_PONG, type BillChange, type BillEvent } from '~/domain/live'
import { sumCents } from '~/domain/money'
import type { AddItemsRequest } from '~/domain/schemas/items'
import type { PaymentRequest } from '~/domain/schemas/payments'
import type { BillTotals } from '~/domain/bill'
import type { WireBillItem } from '~/domain/wire'
import { findOpenTable, toWireItem } from '../bill.server'
import { getDb, type Db } from '../db/client.server'
import { tables, tableSessions } from '../db/schema.server'
import { acceptLiveSocket, broadcast, closeQuietly, restaurantHub } from '../live/live-sockets.server'
import { appEnv } from '../env.server'
import { getPaymentProvider } from '../payments/provider.server'
import { isDemoSession, newSessionId } from '../table-session.server'
import type { WriteResult } from '../write-result.server'
import { restoreDemoIfStale } from './demo-reset.server'
import { openTable, readTotals, type BillTable } from './open-bill.server'
import { insertOrder } from './orders.server'
import { payGroup, takeGroup, type HeldBill, type PayResult, type WaitingPayment } from './pay-group.server'

/**
 * One object per table bill (named by its sessionId): every write to that
 * bill passes through here, one at a time, and is validated against the bill
 * before it is committed. Awaiting D1 lets other requests into the object, so
 * the writes are chained on an explicit queue rather than relying on the
 * input gate. The rules live in the modules beside this file; this class
 * holds the queue, the live sockets and the bill's version.
 */
export class TableSession extends DurableObject<Env> {
  #queue: Promise<unknown> = Promise.resolve()
  #waiting: WaitingPayment[] = []
  #held: HeldBill | null = null
  /** Counts this object's commits; with a fresh id per instance, names what the bill's readers may have kept. */
  #commits = 0
  readonly #instance = crypto.randomUUID()
  #db: Db

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.#db = getDb(env.DB)
    // Keep-alives are answered by the runtime, so an idle table's object can hibernate.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG))
  }

  /**
   * A diner's live connection to this bill (the Worker checked the session id).
   * Who is connected lives in the socket's attachment, so it survives the object sleeping.
   */
  fetch(request: Request): Response {
    return acceptLiveSocket(this.ctx, { role: 'diner', sessionId: new URL(request.url).searchParams.get('sessionId') ?? '', connectedAt: Date.now() })
  }

  /** Clients only ever send the ping, which never reaches here; anything else is ignored. */
  webSocketMessage(): void {}

  webSocketClose(ws: WebSocket, code: number): void {
    closeQuietly(ws, code)
  }

  /** Adds an order's lines to the bill, all or nothing; `staffUserId` is the signed-in staff member who sends it, if any. */
  addItems(sessionId: string, request: AddItemsRequest, staffUserId: string | null): Promise<WriteResult<{ items: WireBillItem[] }>> {
    return this.#serially(async () => {
      const open = await openTable(this.#db, sessionId, request.tableId)
      if (!open.ok) return open
      await this.#restoreDemo(sessionId, open.table)
      const inserted = await insertOrder(this.#db, sessionId, open.table, request, staffUserId, appEnv(this.env).MAX_OPEN_LINES)
      if (!inserted.ok) return inserted
      this.#changed()
      await this.#publish('items', sessionId, open.table, sumCents(inserted.items.map((line) => line.priceCents)))
      return { ok: true as const, items: inserted.items.map(toWireItem) }
    })
  }

  /**
   * Records a payment if the bill, as it is now, allows it. Payments that
   * arrive while an earlier write holds the bill wait together and are then
   * committed together (see payGroup): the same answers as one at a time, far
   * fewer round trips when a whole table pays at once.
   */
  pay(sessionId: string, request: PaymentRequest): Promise<PayResult> {
    return new Promise<PayResult>((resolve, reject) => {
      this.#waiting.push({ sessionId, request, resolve, reject })
      if (this.#waiting.length === 1) void this.#serially(() => this.#payWaiting())
    })
  }

  async #payWaiting(): Promise<void> {
    const group = takeGroup(this.#waiting)
    // Whatever could not join this group (another id, a repeated transactionId, the size cap) goes next.
    if (this.#waiting.length > 0) void this.#serially(() => this.#payWaiting())
    const [first] = group
    if (!first) return
    try {
      const results = await this.#payGroup(first.sessionId, group.map((waiting) => waiting.request))
      group.forEach((waiting, index) => waiting.resolve(results[index] as PayResult))
    } catch (error) {
      if (group.length === 1) return first.reject(error)
      // One payment may have failed the whole batch (a transactionId another table took meanwhile): each goes alone.
      for (const waiting of group) {
        try {
          waiting.resolve((await this.#payGroup(waiting.sessionId, [waiting.request]))[0] as PayResult)
        } catch (alone) {
          waiting.reject(alone)
        }
      }
    }
  }

  async #payGroup(sessionId: string, requests: PaymentRequest[]): Promise<PayResult[]> {
    if (isDemoSession(sessionId)) {
      const demo = await findOpenTable(this.#db, sessionId)
      if (demo) await this.#restoreDemo(sessionId, demo)
    }
    try {
      const outcome = await payGroup(this.#db, getPaymentProvider(this.env, sessionId), sessionId, requests, this.#held)
      this.#held = outcome.held
      if (outcome.committed) this.#commits++
      if (outcome.announce) this.#announce(outcome.announce.userId, outcome.announce.events)
      return outcome.results
    } catch (error) {
      this.#held = null
      throw error
    }
  }

  /**
   * Names the bill as last committed: it changes after every write here (and
   * whenever the object starts afresh), so the Worker may serve a page it
   * rendered under the same version without reading D1 again.
   */
  version(): string {
    return `${this.#instance}:${this.#commits}`
  }

  /** What the bill's pages show changed elsewhere (a staff edit of the table or the restaurant). */
  touch(): void {
    this.#commits++
  }

  /**
   * Closes the bill and opens the table's next one under a new session id, in
   * one batch, queued behind any order or payment still in flight on this bill.
   */
  close(sessionId: string, tableId: string): Promise<WriteResult<{ sessionId: string }>> {
    return this.#serially(async () => {
      const open = await openTable(this.#db, sessionId, tableId)
      if (!open.ok) return open
      const next = newSessionId(sessionId)
      const now = Date.now()
      await this.#db.batch([
        this.#db.update(tableSessions).set({ closedAt: now }).where(eq(tableSessions.id, sessionId)),
        this.#db.insert(tableSessions).values({ id: next, tableId, openedAt: now }),
        this.#db.update(tables).set({ sessionId: next }).where(and(eq(tables.id, tableId), eq(tables.sessionId, sessionId))),
      ])
      this.#changed()
      await this.#publish('closed', sessionId, open.table, null, { total: 0, paid: 0, remaining: 0 })
      return { ok: true as const, sessionId: next }
    })
  }

  /** Brings the public demo table back to its seed when it is stale. */
  restoreDemo(sessionId: string): Promise<void> {
    return this.#serially(async () => {
      const table = await findOpenTable(this.#db, sessionId)
      if (table) await this.#restoreDemo(sessionId, table)
    })
  }

  async #restoreDemo(sessionId: string, table: BillTable) {
    if (!(await restoreDemoIfStale(this.#db, sessionId, table))) return
    this.#changed()
    await this.#publish('reset', sessionId, table, null)
  }

  #serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task)
    this.#queue = run.catch(() => undefined)
    return run
  }

  /** After an order, a close or a demo reset: the held bill is stale and the version moves on. */
  #changed() {
    this.#held = null
    this.#commits++
  }

  /** Tells this bill's diners and the restaurant's staff what just changed, once it is committed. */
  async #publish(change: BillChange, sessionId: string, table: BillTable, amountCents: number | null, totals?: BillTotals) {
    this.#announce(table.userId, [billEvent(change, sessionId, table, amountCents, totals ?? (await readTotals(this.#db, sessionId)))])
  }

  #announce(userId: string, events: BillEvent[]) {
    const sockets = this.ctx.getWebSockets()
    for (const event of events) broadcast(sockets, event)
    // One call for a whole payment group; the staff screens hear it without the next write to this bill waiting on that call.
    this.ctx.waitUntil(restaurantHub(this.env, userId).publish(events).catch((error: unknown) => console.error('hub publish failed', error)))
  }
}
