import { DurableObject } from 'cloudflare:workers'
import { billTotals, NOTHING_PAID, type BillTotals } from '~/domain/bill'
import { billEvent, LIVE_PING, LIVE_PONG, type BillChange, type BillEvent, type EventAbout } from '~/domain/live'
import { moveTicket, type TicketRequest, type TicketStep } from '~/domain/kitchen'
import type { Signature } from '~/domain/signature'
import { formatMoney, sumCents } from '~/domain/money'
import type { AddItemsRequest } from '~/domain/schemas/items'
import type { PaymentRequest } from '~/domain/schemas/payments'
import type { WireBillItem } from '~/domain/wire'
import { newOrderId } from '~/domain/ids'
import { toWireItem, type BillView } from '../bills/bill-reads.server'
import type { StaffOrderer } from '../bills/bill-writes.server'
import { getDb, type Db } from '../db/client.server'
import type { PaymentRow } from '../db/schema.server'
import { appEnv } from '../env.server'
import {
  acceptLiveSocket,
  broadcast,
  closeQuietly,
  restaurantHub,
  type LiveAttachment,
} from '../live/live-sockets.server'
import { DEFAULT_WALKOUT_MINUTES, walkoutDue, type CallReason } from '~/domain/alerts'
import type { HoldRow } from './hold-store.server'
import { givenBackCents } from './refund-store.server'
import type { RefundState } from '../payments/provider.server'
import type { WaiterCall } from './floor-store.server'
import { isDemoSession, newSessionId, tableSessionStub } from './stub.server'
import {
  billClosed,
  fail,
  ledgerUnavailable,
  tableNotFound,
  type WriteFailure,
  type WriteResult,
} from '../bills/write-result.server'
import { ObjectAlarm } from './alarm.server'
import { BillStore, type BillHeader, type Closing, type Settlement } from './bill-store.server'
import { adjustmentOf, type AdjustmentRequest, type RefundRequest } from './books.server'
import { reseeded, resetDemo, restoreDemoIfStale } from './demo-reset.server'
import { importOpenBill, notOpen, readTable, type BillTable } from './open-bill.server'
import { menuEntries, orderLines } from './orders.server'
import { deliverOutbox } from './outbox.server'
import { PaymentFlow, type PaymentHost } from './payment-flow.server'
import { RefundFlow, type OutsideWay } from './refund-flow.server'
import type { PayResult } from './payment.server'
import { hashRequest, replayOf } from './payment-replay.server'

/**
 * One object per table bill (named by its sessionId), and the bill's home:
 * its lines and payments live in this object's SQLite (bill-store), every
 * write is checked and committed here in one synchronous storage
 * transaction, and D1's ledger learns of each commit through the outbox,
 * delivered in order after the answer. Orders, payments and closes take
 * turns on one queue, each turn short: a payment's charge runs outside it,
 * under a hold that keeps what it pays from everyone else (see pay). The
 * rules live in the modules beside this file.
 */
export class TableSession extends DurableObject<Env> {
  #queue: Promise<unknown> = Promise.resolve()
  /** Counts this object's commits; with a fresh id per instance, names what the bill's readers may have kept. */
  #commits = 0
  readonly #instance = crypto.randomUUID()
  readonly #db: Db
  readonly #store: BillStore
  #loading: Promise<BillHeader | null> | null = null
  #delivering: Promise<boolean> | null = null
  #deliveryWanted = false
  readonly #alarm: ObjectAlarm
  readonly #payments: PaymentFlow
  readonly #refunds: RefundFlow
  /** Whether D1 has this bill's own row, as a delivery by this instance confirmed. */
  #billRowDelivered = false
  /** Staff events not sent yet, oldest first, each with the last outbox entry of its change (see #publish). */
  readonly #forStaff: { seq: number; event: BillEvent }[] = []

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.#db = getDb(env.DB)
    this.#store = new BillStore(ctx.storage)
    this.#alarm = new ObjectAlarm(ctx.storage)
    this.#payments = new PaymentFlow(this.#paymentHost())
    this.#refunds = new RefundFlow({
      store: this.#store,
      env: this.env,
      alarm: this.#alarm,
      serially: (task) => this.#serially(task),
      header: (sessionId) => this.#header(sessionId),
      refunded: (header, cents) => {
        this.#committed()
        this.#publish('refunded', header, cents)
      },
      refundFailed: (header, refund) =>
        void this.#tellStaffNow('refund-failed', header, { ref: refund.id }, givenBackCents(refund)),
      refundUndone: (header, refund) => {
        this.#committed()
        this.#publish('refund-failed', header, givenBackCents(refund), { ref: refund.id })
      },
    })
    // Keep-alives are answered by the runtime, so an idle table's object can hibernate.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG))
    void ctx.blockConcurrencyWhile(() => this.#wake())
  }

  /** Before anything reaches a new instance: storage brought to the newest schema, and what an earlier instance left. */
  async #wake(): Promise<void> {
    await this.#store.migrate()
    // What an earlier instance committed and did not deliver goes first.
    if (this.#store.outbox.count() > 0) void this.#deliverSoon()
    // Payments an earlier instance left in progress end by their alarm, whatever it was last set for.
    const nextHold = this.#payments.nextLook()
    if (nextHold !== null) await this.#alarm.holdRunsOut(nextHold)
    // So do refunds an earlier instance left pending.
    if (this.#store.refunds.pending().length > 0) await this.#alarm.refundsLeft()
  }

  /**
   * A diner's live connection to this bill (the Worker checked the session id).
   * Who is connected lives in the socket's attachment, so it survives the object sleeping.
   */
  fetch(request: Request): Response {
    const accepted = acceptLiveSocket(this.ctx, {
      role: 'diner',
      sessionId: new URL(request.url).searchParams.get('sessionId') ?? '',
      connectedAt: Date.now(),
    })
    this.#active()
    return accepted
  }

  /** Clients only ever send the ping, which never reaches here; anything else is ignored. */
  webSocketMessage(): void {}

  webSocketClose(ws: WebSocket, code: number): void {
    closeQuietly(ws, code)
    // A diner's page closing is the moment a quiet table starts to count as a possible walkout.
    if ((ws.deserializeAttachment() as LiveAttachment | null)?.role === 'diner') this.#active()
  }

  /**
   * The bill as diners see it: open, or (asked for a receipt or to follow the
   * table) closed with the bill that followed it. Null when this is no bill
   * or its table is gone or switched off. Payments come only when asked for.
   */
  async read(sessionId: string, { payments = false } = {}): Promise<BillView | null> {
    const held = await this.#header(sessionId)
    if (!held) return null
    // Only the demo bill can change on a read (a reset), and then in its turn like any write.
    const header = isDemoSession(sessionId)
      ? await this.#serially(async () => this.#restoreDemo(await this.#reopenIfReseeded(this.#store.header() ?? held)))
      : held
    if (!header.table.isActive) return null
    const state = this.#store.state()
    const { isActive: _isActive, ...table } = header.table
    return {
      ...table,
      sessionId,
      openedAt: header.openedAt,
      closedAt: header.closedAt,
      nextSessionId: header.nextSessionId,
      lines: state.lines,
      totals: billTotals(state.lines, state.paid),
      splitPaid: state.splitPaid,
      orders: this.#store.orders.progress(),
      call: this.#store.floor.shownCall(Date.now()),
      payments: payments ? this.#store.payments() : [],
      ...(payments
        ? { adjustments: this.#store.adjustments(), refunds: this.#store.refunds.list(), settlement: header.settlement }
        : {}),
      holds: header.closedAt === null ? this.#store.holds.standing(Date.now()).map((row) => row.hold) : [],
    }
  }

  /** Adds an order's lines to the bill, all or nothing; `staff` is the signed-in member who sends it, if any (a line of the table's own staff is signed by them). */
  async addItems(
    sessionId: string,
    request: AddItemsRequest,
    staff: StaffOrderer | null,
  ): Promise<WriteResult<{ items: WireBillItem[] }>> {
    const found = await this.#header(sessionId)
    if (!found) return notOpen(this.env, sessionId)
    // The menu is read before taking the bill's turn: only the commit needs the bill to stand still.
    const menu = await menuEntries(this.#db, found.table.userId, [
      ...new Set(request.items.flatMap((item) => (item.menuItemId ? [item.menuItemId] : []))),
    ])
    return this.#serially(async () => {
      // An order sent again (a retry, a second tap) is answered as it was, even once the bill has closed.
      const earlier = request.orderId ? this.#store.orders.replay(request.orderId) : null
      if (earlier) return { ok: true as const, items: earlier }
      const open = await this.#openForWrite(sessionId, request.tableId)
      if (!open.ok) return open
      const { header } = open
      // A staff screen that sends one dish at a time gives no id: each send is its own order.
      const orderId = request.orderId ?? newOrderId()
      const order = orderLines(
        menu,
        sessionId,
        header.table,
        request,
        staff,
        { openLines: this.#store.openLineCount(), maxOpenLines: appEnv(this.env).MAX_OPEN_LINES },
        orderId,
      )
      if (!order.ok) return order
      const items = order.lines.map(toWireItem)
      const sentBy = order.lines[0]?.addedById
        ? { userId: order.lines[0].addedById, name: order.lines[0].addedBy ?? '' }
        : null
      const taken = { id: orderId, createdAt: order.lines[0]?.createdAt ?? Date.now(), items, sentBy }
      this.#store.transaction(() => this.#store.addLines(order.lines, taken, header.table.userId))
      this.#committed()
      this.#publish('items', header, sumCents(order.lines.map((line) => line.priceCents)), {
        ref: orderId,
        order: { id: orderId, step: 'new', sentBy: sentBy?.name ?? null, sentById: sentBy?.userId ?? null },
      })
      return { ok: true as const, items }
    })
  }

  /**
   * Takes a payment if the bill, as it is now, allows it (see PaymentFlow):
   * what it pays is held while the provider is asked, outside the bill's
   * turn. A retry of a payment this bill recorded is answered with it, even
   * after the bill closed; a retry of one in progress joins it.
   */
  async pay(sessionId: string, request: PaymentRequest): Promise<PayResult> {
    return this.#payments.pay(sessionId, request, await hashRequest(request))
  }

  /**
   * Voids or comps unpaid units of a line, for staff (see planAdjustment):
   * in the bill's turn, against the bill with every payment in progress
   * counted, so a unit a diner is paying cannot be voided under them.
   */
  adjust(
    sessionId: string,
    tableId: string,
    request: AdjustmentRequest,
  ): Promise<WriteResult<{ amountCents: number }>> {
    return this.#serially(async () => {
      const open = await this.#openForWrite(sessionId, tableId)
      if (!open.ok) return open
      const now = Date.now()
      const before = this.#store.state().lines
      const made = adjustmentOf(
        this.#store.state(),
        this.#store.holds.standing(now).map((row) => row.hold),
        open.header,
        request,
        now,
      )
      if (!made.ok) return made
      this.#store.transaction(() => this.#store.addAdjustment(made.row, before, made.after))
      this.#committed()
      this.#publish('adjusted', open.header, made.row.amountCents)
      return { ok: true as const, amountCents: made.row.amountCents }
    })
  }

  /** Gives back money of one of the bill's payments, for staff: see RefundFlow. */
  refund(
    sessionId: string,
    tableId: string,
    request: RefundRequest,
  ): Promise<WriteResult<{ refundId: string; amountCents: number; tipCents: number }>> {
    return this.#refunds.refund(sessionId, tableId, request)
  }

  /**
   * Moves one of this bill's orders on the kitchen board (see moveTicket),
   * in the bill's turn so two taps at once are taken one after the other.
   * A closed bill's orders are still the kitchen's: a table may pay before
   * its last dish is served.
   */
  moveTicket(
    sessionId: string,
    orderId: string,
    request: TicketRequest,
    by: Signature,
  ): Promise<WriteResult<{ step: TicketStep; changed: boolean }>> {
    return this.#serially(async () => {
      const header = await this.#header(sessionId)
      const ticket = header ? this.#store.orders.ticket(orderId) : null
      if (!header || !ticket) return fail('NOT_FOUND', 'This order is not on this bill.')
      const moved = moveTicket(ticket.step, request, by, Date.now())
      if (!moved.ok) return fail(moved.code, moved.message)
      if (moved.changed) {
        this.#store.transaction(() => this.#store.orders.move(orderId, moved.move, ticket.moves))
        this.#committed()
        this.#publish('ticket', header, null, {
          ref: `${orderId}@${moved.move.at}`,
          by: by.userId,
          order: { id: orderId, step: moved.step, sentBy: ticket.sentBy, sentById: ticket.sentById },
        })
      }
      return { ok: true as const, step: moved.step, changed: moved.changed }
    })
  }

  /**
   * A diner calls the waiter: the table's followers are alerted at once.
   * One call waits at a time: calling again while one waits answers that one.
   */
  callWaiter(sessionId: string, reason: CallReason): Promise<WriteResult<{ call: WaiterCall; existing: boolean }>> {
    return this.#serially(async () => {
      const header = await this.#header(sessionId)
      if (!header) return notOpen(this.env, sessionId)
      if (header.closedAt !== null) return billClosed()
      const waiting = this.#store.floor.openCall()
      if (waiting) return { ok: true as const, call: waiting, existing: true }
      const call: WaiterCall = {
        id: crypto.randomUUID(),
        reason,
        createdAt: Date.now(),
        answeredAt: null,
        answeredBy: null,
      }
      this.#store.transaction(() => this.#store.floor.addCall(call))
      // Answered once the hub has stored the alert: the diner is told it was received when it was.
      await this.#tellStaffNow('call', header, { ref: call.id, detail: reason })
      return { ok: true as const, call, existing: false }
    })
  }

  /** A member answers a diner's call: the diners see who is coming. Answering it again changes nothing. */
  answerCall(sessionId: string, callId: string, by: Signature): Promise<WriteResult<{ call: WaiterCall }>> {
    return this.#serially(async () => {
      const header = await this.#header(sessionId)
      const call = header ? this.#store.floor.call(callId) : null
      if (!header || !call) return fail('NOT_FOUND', 'This call is not on this bill.')
      if (call.answeredAt !== null) return { ok: true as const, call }
      const now = Date.now()
      this.#store.transaction(() => this.#store.floor.answer(callId, by.name, now))
      await this.#tellStaffNow('call-answered', header, { ref: callId, by: by.userId })
      return { ok: true as const, call: { ...call, answeredAt: now, answeredBy: by.name } }
    })
  }

  /** A refund made in the restaurant's own Stripe Dashboard (its webhook): see RefundFlow.recordOutside. */
  recordOutsideRefund(
    sessionId: string,
    paymentReference: string,
    refund: { id: string; cents: number; state: RefundState },
  ): Promise<void> {
    return this.#refunds.recordOutside(sessionId, paymentReference, refund)
  }

  /** Staff gave back outside Mesa what a failed refund could not: see RefundFlow.settleOutside. */
  settleRefundOutside(sessionId: string, tableId: string, refundId: string, way: OutsideWay, by: Signature) {
    return this.#refunds.settleOutside(sessionId, tableId, refundId, way, by)
  }

  /** Gives the ledger everything the bill committed, now (a receipt is read from the ledger); answers whether it took it all. */
  async toLedger(sessionId: string): Promise<boolean> {
    if (!(await this.#header(sessionId))) return false
    return this.#deliverAll()
  }

  /** The provider's word on a refund it took (its webhook): see RefundFlow.settle. */
  settleRefund(sessionId: string, refundId: string): Promise<void> {
    return this.#refunds.settle(sessionId, refundId)
  }

  /** The provider says a hold's money moved (its webhook): see PaymentFlow.settleHold. */
  settleHold(sessionId: string, holdId: string, reference: string): Promise<void> {
    return this.#payments.settleHold(sessionId, holdId, reference)
  }

  /** The answer to a payment this bill already recorded under the request's transactionId; null when there is none. */
  async replay(sessionId: string, request: PaymentRequest): Promise<PayResult | null> {
    if (!(await this.#header(sessionId))) return null
    return replayOf(this.#store.paymentByTransaction(request.transactionId), await hashRequest(request))
  }

  /**
   * Names the bill as last committed: it changes after every write here (and
   * whenever the object starts afresh), so the Worker may serve a page it
   * rendered under the same version without asking for the bill again.
   */
  version(): string {
    return `${this.#instance}:${this.#commits}`
  }

  /**
   * Staff changed the table or the restaurant: what the bill's pages show
   * changed, and the object takes the table as D1 has it now.
   */
  touch(): Promise<void> {
    this.#commits++
    return this.#serially(async () => {
      const header = this.#store.header()
      if (!header) return
      const table = await readTable(this.#db, header.tableId)
      if (!table) return
      const { sessionId: _sessionId, ...info } = table
      this.#store.transaction(() => this.#store.setTable(info))
      this.#commits++
    })
  }

  /**
   * Closes the bill and opens the table's next one under a new session id,
   * queued behind any order or payment still in flight on this bill. The
   * next bill's object holds it from then on; D1 learns of both through the
   * outbox, awaited here so staff screens that read D1 show the new bill.
   */
  close(sessionId: string, tableId: string, closing: Closing): Promise<WriteResult<{ sessionId: string }>> {
    return this.#serially(async () => {
      const open = await this.#openBill(sessionId, tableId)
      if (!open.ok) return open
      const paying = this.#store.holds.standing(Date.now())
      if (paying.length > 0)
        return fail('BEING_PAID', 'A diner is paying this bill right now. Close it once the payment ends.')
      if (this.#store.refunds.pending().length > 0)
        return fail('BEING_PAID', 'A refund on this bill is still being given back. Close it once it is done.')
      const state = this.#store.state()
      const { remaining } = billTotals(state.lines, state.paid)
      // Something unpaid is closed only with the reason it is left so: the books must say how the bill ended.
      if (remaining > 0 && !closing.unpaidReason) {
        return fail(
          'UNPAID',
          `${formatMoney(remaining)} is still unpaid: record how it was paid, or say why it is left unpaid.`,
        )
      }
      const settlement: Settlement = {
        unpaidCents: remaining,
        reason: remaining > 0 ? closing.unpaidReason : null,
        staff: closing.by.name,
        staffId: closing.by.userId,
      }
      // The table's next bill is named in D1 only through this close: it goes when D1 has everything before it
      // (this bill's records, and the close that opened this bill) and can take it.
      if (!(await this.#deliverAll())) return ledgerUnavailable()
      const named = await readTable(this.#db, tableId).catch(() => null)
      if (named?.sessionId !== sessionId) return ledgerUnavailable()
      const next = newSessionId(sessionId)
      const now = Date.now()
      await tableSessionStub(this.env, next).open(next, open.header.table, now, this.#store.payments())
      this.#store.transaction(() => this.#store.close(now, next, settlement))
      this.#committed()
      this.#publish('closed', open.header, null, {}, billTotals([], NOTHING_PAID))
      await this.#deliverAndDrop()
      return { ok: true as const, sessionId: next }
    })
  }

  /**
   * Makes this object the home of a new bill of `table`, opened at
   * `openedAt` by the close of the table's previous bill, whose `earlier`
   * payments it answers retries of.
   */
  async open(sessionId: string, table: BillTable, openedAt: number, earlier: PaymentRow[]): Promise<void> {
    await this.#store.start({ sessionId, tableId: table.tableId, openedAt, table }, { earlier })
  }

  /**
   * Takes the table out of use with this bill as its last, if nothing is
   * left to pay and nobody is paying: like a close (queued behind any write
   * in flight, and only once D1 has everything before it), but no bill
   * follows it, and the ledger marks the table archived in the same
   * delivery. Nothing is deleted, so the object keeps delivering as ever.
   */
  archive(sessionId: string, tableId: string): Promise<WriteResult<object>> {
    return this.#serially(async () => {
      const header = await this.#header(sessionId)
      if (!header || header.tableId !== tableId) return tableNotFound()
      if (header.closedAt !== null) return this.#archiveAfter(header)
      if (!header.table.isActive) return tableNotFound()
      if (this.#store.holds.standing(Date.now()).length > 0)
        return fail('BEING_PAID', 'A diner is paying at this table right now. Archive it once the payment ends.')
      if (this.#store.refunds.pending().length > 0)
        return fail('BEING_PAID', 'A refund at this table is still being given back. Archive it once it is done.')
      const { lines, paid } = this.#store.state()
      if (billTotals(lines, paid).remaining > 0)
        return fail('OPEN_BALANCE', 'This table has an open bill with something left to pay. Close it first.')
      if (!(await this.#deliverAll())) return ledgerUnavailable()
      const named = await readTable(this.#db, tableId).catch(() => null)
      if (named?.sessionId !== sessionId) return ledgerUnavailable()
      this.#store.transaction(() => this.#store.archive(Date.now()))
      this.#committed()
      this.#publish('closed', header, null, {}, billTotals([], NOTHING_PAID))
      await this.#deliverAndDrop()
      return { ok: true as const }
    })
  }

  /**
   * In a turn of the queue, for a closed bill D1 may still name as open: a
   * bill the table's archive closed is done (the outbox tells D1); otherwise
   * the archive goes on to the bill that followed, once D1 has heard of this
   * close.
   */
  async #archiveAfter(header: BillHeader): Promise<WriteResult<object>> {
    const delivered = await this.#deliverAll()
    this.#store.dropDelivered()
    if (header.nextSessionId === null) return { ok: true as const }
    if (!delivered) return ledgerUnavailable()
    return tableSessionStub(this.env, header.nextSessionId).archive(header.nextSessionId, header.tableId)
  }

  /**
   * Whatever it went off for (see ObjectAlarm): ends the holds whose time
   * ran out, gives back money owed of holds that ended, asks again for
   * refunds not given back yet, delivers what D1 has
   * not yet taken and deletes what it has, and wakes again for what is left.
   */
  async alarm(): Promise<void> {
    this.#alarm.fired()
    await this.#watchForWalkout()
    await this.#payments.settleOverdue()
    await this.#payments.giveBackOwed()
    await this.#refunds.retryPending()
    await this.#deliverAndDrop()
    const next = this.#payments.nextLook()
    if (next !== null) await this.#alarm.holdStillRunning(next)
  }

  /**
   * Starts delivering the outbox unless a delivery is under way (it takes
   * whatever is committed meanwhile too); resolves when the outbox is empty
   * or D1 refused, and then an alarm tries again.
   */
  #deliverSoon(): Promise<boolean> {
    this.#deliveryWanted = true
    this.#delivering ??= this.#deliver().then((delivered) => {
      this.#delivering = null
      // After a refusal the alarm tries again, with its backoff; commits meanwhile do not each retry at once.
      if (delivered && this.#deliveryWanted) void this.#deliverSoon()
      return delivered
    })
    return this.#delivering
  }

  /**
   * Delivers until the outbox is empty: a delivery already under way may
   * have begun before the bill's last commits, which the next one takes.
   * False when D1 refused (the alarm tries again).
   */
  async #deliverAll(): Promise<boolean> {
    // Each round takes everything committed before it; a turn commits nothing meanwhile, so two rounds do, a third is margin.
    for (let round = 0; round < 3 && this.#store.outbox.count() > 0; round++) {
      if (!(await this.#deliverSoon())) return false
    }
    return this.#store.outbox.count() === 0
  }

  /**
   * Delivers as #deliverSoon does, then deletes at once the outbox rows D1
   * took: after a bill's last writes (its close, its archive) and in the
   * alarm, when no write may come to delete them with it.
   */
  async #deliverAndDrop(): Promise<void> {
    await this.#deliverSoon()
    this.#store.dropDelivered()
  }

  /** Delivers the outbox; answers whether D1 took all of it (or there was nothing to take). */
  async #deliver(): Promise<boolean> {
    // Begun after the commit that asked for it has queued its staff event, so the event goes with its entries.
    await Promise.resolve()
    const header = this.#store.header()
    this.#deliveryWanted = false
    if (!header) return true
    const hub = restaurantHub(this.env, header.table.userId)
    if (this.#store.outbox.count() === 0) {
      await this.#tellStaffTheRest(hub)
      return true
    }
    try {
      await deliverOutbox(hub, this.#store, header, {
        billRowKnown: this.#billRowDelivered,
        eventsUpTo: (seq) => this.#staffEventsUpTo(seq),
      })
      this.#billRowDelivered = true
      this.#alarm.delivered()
      return true
    } catch (error) {
      // Staff hear of the changes D1 has not taken all the same, and see them once a later read finds them.
      void this.#tellStaffTheRest(hub)
      const waitMs = await this.#alarm.deliveryFailed()
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

  /** This object's bill, taken over from D1 the first time it is asked for if it was open there before objects held bills. */
  async #header(sessionId: string): Promise<BillHeader | null> {
    const held = this.#store.header()
    if (held) return held.sessionId === sessionId ? held : null
    this.#loading ??= importOpenBill(this.env, sessionId)
      .then(async (imported) => {
        // open() may have started the bill while D1 was read: start() then writes nothing.
        if (imported) {
          await this.#store.start(
            { sessionId, tableId: imported.table.tableId, openedAt: imported.openedAt, table: imported.table },
            { lines: imported.lines, payments: imported.payments },
          )
        }
        return this.#store.header()
      })
      .finally(() => {
        this.#loading = null
      })
    return this.#loading
  }

  /** In a write's turn: the bill open on `tableId`, the public demo restored first when stale; else why no write may go to it. */
  async #openForWrite(sessionId: string, tableId: string): Promise<{ ok: true; header: BillHeader } | WriteFailure> {
    const open = await this.#openBill(sessionId, tableId)
    return open.ok ? { ok: true, header: this.#restoreDemo(open.header) } : open
  }

  #paymentHost(): PaymentHost {
    return {
      store: this.#store,
      env: this.env,
      serially: (task) => this.#serially(task),
      header: (sessionId) => this.#header(sessionId),
      openForWrite: (sessionId, tableId) => this.#openForWrite(sessionId, tableId),
      notOpen: (sessionId) => notOpen(this.env, sessionId),
      holdRunsOut: (at) => this.#alarm.holdRunsOut(at),
      changed: (change, header, amountCents) => {
        this.#commits++
        this.#tellDiners(change, header, amountCents)
      },
      declined: (row) => this.#cardNews('declined', row),
      confirming: (row) => this.#cardNews('confirming', row),
      paid: (header, payment) => {
        this.#committed()
        this.#publish('payment', header, payment.amountCents + payment.taxCents + payment.tipCents, {
          ref: payment.id,
          ...(payment.recordedById ? { by: payment.recordedById } : {}),
        })
      },
    }
  }

  /** In a write's turn: the bill when it is open on `tableId`; else why the write may not go to it. */
  async #openBill(sessionId: string, tableId: string): Promise<{ ok: true; header: BillHeader } | WriteFailure> {
    const held = await this.#header(sessionId)
    if (!held) return notOpen(this.env, sessionId)
    const header = await this.#reopenIfReseeded(held)
    if (header.closedAt !== null) return billClosed()
    return header.tableId === tableId && header.table.isActive ? { ok: true, header } : tableNotFound()
  }

  /** In a turn of the queue: a closed demo bill the seed named open again starts over (see demo-reset). */
  async #reopenIfReseeded(header: BillHeader): Promise<BillHeader> {
    if (!(await reseeded(this.#db, this.#store, header))) return header
    resetDemo(this.#store, header, Date.now())
    this.#committed()
    return this.#store.header() ?? header
  }

  /** In a turn of the queue: resets the public demo bill when it is stale (see demo-reset); answers the bill as it is now. */
  #restoreDemo(header: BillHeader): BillHeader {
    if (!restoreDemoIfStale(this.#store, header)) return header
    const reset = this.#store.header() ?? header
    this.#committed()
    this.#publish('reset', reset, null)
    return reset
  }

  /** Tells this bill's diners what changed; a payment starting or letting go concerns only them (staff see payments). */
  #tellDiners(
    change: BillChange,
    header: BillHeader,
    amountCents: number | null,
    about?: EventAbout,
    totals?: BillTotals,
  ) {
    const state = this.#store.state()
    const event = billEvent(
      change,
      header.sessionId,
      header.table,
      amountCents,
      totals ?? billTotals(state.lines, state.paid),
      about,
    )
    broadcast(this.ctx.getWebSockets(), event)
    return event
  }

  #serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task)
    this.#queue = run.catch(() => undefined)
    return run
  }

  /** After every commit: the version moves on and D1 is sent what changed. */
  #committed() {
    this.#commits++
    this.#alarm.committed()
    this.#active()
    void this.#deliverSoon()
  }

  /**
   * A change that commits nothing to the ledger but concerns staff (a call,
   * a declined card): the diners' pages show it, and the hub hears of it
   * now rather than with the next delivery.
   */
  #tellStaffNow(change: BillChange, header: BillHeader, about: EventAbout, amountCents: number | null = null) {
    this.#commits++
    this.#publish(change, header, amountCents, about)
    return this.#deliverSoon()
  }

  /** A card payment the bank refused or wants confirmed: staff hear of it, with what it was for. */
  #cardNews(change: 'declined' | 'confirming', row: HoldRow) {
    const header = this.#store.header()
    if (header) void this.#tellStaffNow(change, header, { ref: row.id }, row.totalCents)
  }

  /** Something happened on the bill: the quiet that makes a walkout counts from now. */
  #active() {
    if (!this.#store.header()) return
    const now = Date.now()
    this.#store.floor.touched(now)
    void this.#watchForWalkout(now)
  }

  /**
   * Tells staff once when the bill looks walked out on (see walkoutDue), or
   * sets the alarm for when it would, while something is unpaid and none of
   * its diners' pages is open.
   */
  async #watchForWalkout(now = Date.now()): Promise<void> {
    const header = this.#store.header()
    if (!header || header.closedAt !== null) return
    const seen = this.#store.floor.activity()
    if (!seen) return
    const state = this.#store.state()
    const bill = {
      unpaidCents: billTotals(state.lines, state.paid).remaining,
      dinersOnline: this.ctx.getWebSockets().filter((socket) => {
        const attachment = socket.deserializeAttachment() as LiveAttachment | null
        return attachment?.role === 'diner' && socket.readyState === WebSocket.OPEN
      }).length,
      lastActivity: seen.lastAt,
      alertedAt: seen.walkoutAlertedAt,
      now,
      minutes: header.table.walkoutMinutes ?? DEFAULT_WALKOUT_MINUTES,
    }
    if (walkoutDue(bill)) {
      this.#store.transaction(() => this.#store.floor.walkoutAlerted(now))
      await this.#tellStaffNow('walkout', header, { ref: `${header.sessionId}@${seen.lastAt}` }, bill.unpaidCents)
    } else if (bill.unpaidCents > 0 && bill.dinersOnline === 0)
      await this.#alarm.walkoutCheck(bill.lastActivity + bill.minutes * 60_000)
  }

  /**
   * Tells this bill's diners and the restaurant's staff what was just
   * committed. Diners hear of it at once (their screens read this object);
   * staff screens read D1, so the event goes to the restaurant's hub with
   * the delivery that brings D1 the change (#deliver, which the commit set
   * going), and the write that caused it never waits on that.
   */
  #publish(
    change: BillChange,
    header: BillHeader,
    amountCents: number | null,
    about?: EventAbout,
    totals?: BillTotals,
  ) {
    const event = this.#tellDiners(change, header, amountCents, about, totals)
    this.#forStaff.push({ seq: this.#store.outbox.newest(), event })
  }
}
