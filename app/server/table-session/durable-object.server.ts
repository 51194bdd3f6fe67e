import { DurableObject } from 'cloudflare:workers'
import { billTotals } from '~/domain/bill'
import { LIVE_PING, LIVE_PONG } from '~/domain/live'
import type { TicketRequest, TicketStep } from '~/domain/kitchen'
import type { Signature } from '~/domain/signature'
import type { AddItemsRequest } from '~/domain/schemas/items'
import type { PaymentRequest } from '~/domain/schemas/payments'
import type { CallReason } from '~/domain/alerts'
import type { BillView } from './bill-view.server'
import type { WriteResult } from './write-failures.server'
import type { BillItemRow, PaymentRow } from '../db/schema.server'
import { acceptLiveSocket, closeQuietly, type LiveAttachment } from '../live/live-sockets.server'
import type { RefundState } from '../payments/provider.server'
import { BillCore } from './bill-core.server'
import type { Closing } from './bill-store.server'
import type { AdjustmentRequest, RefundRequest } from './books.server'
import { CloseFlow } from './close-flow.server'
import { FloorFlow } from './floor-flow.server'
import type { WaiterCall } from './floor-store.server'
import { KitchenFlow } from './kitchen-flow.server'
import type { BillTable } from './open-bill.server'
import { OrderFlow } from './order-flow.server'
import type { StaffOrderer } from './orders.server'
import { PaymentFlow } from './payment-flow.server'
import type { PayResult } from './payment.server'
import { hashRequest, replayOf } from './payment-replay.server'
import { RefundFlow, type OutsideWay } from './refund-flow.server'

/**
 * One object per table bill (named by its sessionId), and the bill's home:
 * its lines and payments live in this object's SQLite (bill-store), every
 * write is checked and committed in one turn of the bill's queue and one
 * storage transaction (BillCore.write), and D1's ledger learns of each
 * commit through the outbox, delivered in order after the answer. This file
 * is the wiring: each feature is a flow beside it (orders, payments,
 * refunds, the kitchen, the floor, the close), and the object hands each
 * call to its flow.
 */
export class TableSession extends DurableObject<Env> {
  readonly #bill: BillCore
  readonly #orders: OrderFlow
  readonly #payments: PaymentFlow
  readonly #refunds: RefundFlow
  readonly #kitchen: KitchenFlow
  readonly #floor: FloorFlow
  readonly #close: CloseFlow

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.#bill = new BillCore(ctx, env)
    this.#orders = new OrderFlow(this.#bill)
    this.#payments = new PaymentFlow(this.#bill)
    this.#refunds = new RefundFlow(this.#bill)
    this.#kitchen = new KitchenFlow(this.#bill)
    this.#floor = new FloorFlow(this.#bill)
    this.#close = new CloseFlow(this.#bill)
    // Keep-alives are answered by the runtime, so an idle table's object can hibernate.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG))
    void ctx.blockConcurrencyWhile(() => this.#wake())
  }

  /** Before anything reaches a new instance: storage brought to the newest schema, and what an earlier instance left. */
  async #wake(): Promise<void> {
    const { store, alarm, delivery } = this.#bill
    await store.migrate()
    // What an earlier instance committed and did not deliver goes first.
    if (store.outbox.count() > 0) void delivery.soon()
    // Payments an earlier instance left in progress end by their alarm, whatever it was last set for.
    const nextHold = this.#payments.nextLook()
    if (nextHold !== null) await alarm.holdRunsOut(nextHold)
    // So do refunds an earlier instance left pending.
    if (store.refunds.pending().length > 0) await alarm.refundsLeft()
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
    this.#bill.active()
    return accepted
  }

  /** Clients only ever send the ping, which never reaches here; anything else is ignored. */
  webSocketMessage(): void {}

  webSocketClose(ws: WebSocket, code: number): void {
    closeQuietly(ws, code)
    // A diner's page closing is the moment a quiet table starts to count as a possible walkout.
    if ((ws.deserializeAttachment() as LiveAttachment | null)?.role === 'diner') this.#bill.active()
  }

  /**
   * The bill as diners see it: open, or (asked for a receipt or to follow the
   * table) closed with the bill that followed it. Null when this is no bill
   * or its table is gone or switched off. Payments come only when asked for.
   */
  async read(sessionId: string, { payments = false } = {}): Promise<BillView | null> {
    const header = await this.#bill.forRead(sessionId)
    if (!header?.table.isActive) return null
    const { store } = this.#bill
    const state = store.state()
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
      orders: store.orders.progress(),
      call: store.floor.shownCall(Date.now()),
      payments: payments ? store.payments() : [],
      ...(payments
        ? { adjustments: store.adjustments(), refunds: store.refunds.list(), settlement: header.settlement }
        : {}),
      holds: header.closedAt === null ? store.holds.standing(Date.now()).map((row) => row.hold) : [],
    }
  }

  /** Adds an order's lines to the bill: see OrderFlow. */
  addItems(
    sessionId: string,
    request: AddItemsRequest,
    staff: StaffOrderer | null,
  ): Promise<WriteResult<{ lines: BillItemRow[] }>> {
    return this.#orders.addItems(sessionId, request, staff)
  }

  /** Voids or comps unpaid units of a line, for staff: see OrderFlow. */
  adjust(
    sessionId: string,
    tableId: string,
    request: AdjustmentRequest,
  ): Promise<WriteResult<{ amountCents: number }>> {
    return this.#orders.adjust(sessionId, tableId, request)
  }

  /** Takes a payment if the bill, as it is now, allows it: see PaymentFlow. */
  async pay(sessionId: string, request: PaymentRequest): Promise<PayResult> {
    return this.#payments.pay(sessionId, request, await hashRequest(request))
  }

  /** The answer to a payment this bill already recorded under the request's transactionId; null when there is none. */
  async replay(sessionId: string, request: PaymentRequest): Promise<PayResult | null> {
    if (!(await this.#bill.header(sessionId))) return null
    return replayOf(this.#bill.store.paymentByTransaction(request.transactionId), await hashRequest(request))
  }

  /** The provider says a hold's money moved (its webhook): see PaymentFlow.settleHold. */
  settleHold(sessionId: string, holdId: string, reference: string): Promise<void> {
    return this.#payments.settleHold(sessionId, holdId, reference)
  }

  /** Undoes a payment its member recorded by mistake: see RefundFlow.voidPayment. */
  voidPayment(sessionId: string, tableId: string, request: Pick<RefundRequest, 'paymentId' | 'reason' | 'by'>) {
    return this.#refunds.voidPayment(sessionId, tableId, request)
  }

  /** What a refund would give back, for staff to confirm it: see RefundFlow.preview. */
  previewRefund(sessionId: string, tableId: string, request: RefundRequest) {
    return this.#refunds.preview(sessionId, tableId, request)
  }

  /** Gives back money of one of the bill's payments, for staff: see RefundFlow. */
  refund(
    sessionId: string,
    tableId: string,
    request: RefundRequest,
  ): Promise<WriteResult<{ refundId: string; amountCents: number; tipCents: number; pending: boolean }>> {
    return this.#refunds.refund(sessionId, tableId, request)
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

  /** The provider's word on a refund it took (its webhook): see RefundFlow.settle. */
  settleRefund(sessionId: string, refundId: string): Promise<void> {
    return this.#refunds.settle(sessionId, refundId)
  }

  /** Moves one of this bill's orders on the kitchen board: see KitchenFlow. */
  moveTicket(
    sessionId: string,
    orderId: string,
    request: TicketRequest,
    by: Signature,
  ): Promise<WriteResult<{ step: TicketStep; changed: boolean }>> {
    return this.#kitchen.moveTicket(sessionId, orderId, request, by)
  }

  /** A diner calls the waiter: see FloorFlow. */
  callWaiter(sessionId: string, reason: CallReason): Promise<WriteResult<{ call: WaiterCall; existing: boolean }>> {
    return this.#floor.callWaiter(sessionId, reason)
  }

  /** A member answers a diner's call: see FloorFlow. */
  answerCall(sessionId: string, callId: string, by: Signature): Promise<WriteResult<{ call: WaiterCall }>> {
    return this.#floor.answerCall(sessionId, callId, by)
  }

  /** Closes the bill and opens the table's next one: see CloseFlow. */
  close(sessionId: string, tableId: string, closing: Closing): Promise<WriteResult<{ sessionId: string }>> {
    return this.#close.close(sessionId, tableId, closing)
  }

  /** Makes this object the home of a new bill of `table`: see CloseFlow. */
  open(sessionId: string, table: BillTable, openedAt: number, earlier: PaymentRow[]): Promise<void> {
    return this.#close.open(sessionId, table, openedAt, earlier)
  }

  /** Takes the table out of use with this bill as its last: see CloseFlow. */
  archive(sessionId: string, tableId: string): Promise<WriteResult<object>> {
    return this.#close.archive(sessionId, tableId)
  }

  /** Staff changed the table or the restaurant: see CloseFlow.touch. */
  touch(): Promise<void> {
    return this.#close.touch()
  }

  /** Gives the ledger everything the bill committed, now (a receipt is read from the ledger); answers whether it took it all. */
  async toLedger(sessionId: string): Promise<boolean> {
    if (!(await this.#bill.header(sessionId))) return false
    return this.#bill.delivery.all()
  }

  /** Names the bill as last committed (see BillCore.version). */
  version(): string {
    return this.#bill.version()
  }

  /**
   * Whatever it went off for (see ObjectAlarm): ends the holds whose time
   * ran out, gives back money owed of holds that ended, asks again for
   * refunds not given back yet, delivers what D1 has not yet taken and
   * deletes what it has, and wakes again for what is left.
   */
  async alarm(): Promise<void> {
    this.#bill.alarm.fired()
    await this.#floor.watchForWalkout()
    await this.#payments.settleOverdue()
    await this.#payments.giveBackOwed()
    await this.#refunds.retryPending()
    await this.#bill.delivery.andDrop()
    const next = this.#payments.nextLook()
    if (next !== null) await this.#bill.alarm.holdStillRunning(next)
  }
}
