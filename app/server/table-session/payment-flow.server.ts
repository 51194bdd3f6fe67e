import { RECORDED_METHODS, type LedgerMethod, charged } from '~/domain/bill'
import { stillPayable } from '~/domain/holds'
import { chargeDescription } from '~/domain/receipt'
import type { PaymentRequest } from '~/domain/schemas/payments'
import type { PaymentRow } from '../db/schema.server'
import {
  getPaymentProvider,
  recordedProvider,
  type AuthorizeRequest,
  type PaymentProvider,
} from '../payments/provider.server'
import { belowMinimum, fail, holdExpired, paymentsOff } from './write-failures.server'
import type { BillCore, News } from './bill-core.server'
import { HoldBook } from './hold-book.server'
import type { HoldRow } from './hold-store.server'
import { holdPayment, paymentOf, type PayResult } from './payment.server'
import { replayOf } from './payment-replay.server'

/** How long a payment in progress keeps what it pays: time enough for a diner to confirm with their bank. */
const HOLD_MS = 5 * 60_000
/** A hold about to take its money with less time than this left is given a new term first, so it cannot run out while the money moves. */
const CAPTURE_MARGIN_MS = 2 * 60_000
/** Past this a card's authorization has lapsed at Stripe (7 days): a hold still unsettled is given up, nothing taken. */
const AUTHORIZATION_WINDOW_MS = 7 * 24 * 60 * 60_000

const isRecorded = (method: LedgerMethod) => (RECORDED_METHODS as readonly string[]).includes(method)

/** A payment committed, as everyone hears of it: what it charged (with tax and tip), and who recorded it. */
const paymentNews = (payment: PaymentRow): News => ({
  change: 'payment',
  amountCents: charged(payment),
  ref: payment.id,
  ...(payment.recordedById ? { by: payment.recordedById } : {}),
})

type Stop = { result: PayResult; giveBack: boolean; error?: unknown }
/** Who asks for a hold's money: the diner's request (which may charge), or a settlement (which only takes what was charged). */
type TakenBy = 'diner' | 'settlement'
type Authorized = { reference: string; captured: boolean }

/**
 * Payments on one bill. A payment is checked and what it pays is held in
 * one turn of the bill's queue (other diners see it being paid and cannot
 * choose it); the provider authorizes and captures outside the queue, so no
 * diner waits behind another's charge; in a last turn the hold becomes the
 * payment. Every way a hold's money is taken (the diner's request or its
 * retry, a webhook, the alarm) goes through `#take`, one attempt per hold at
 * a time, and a hold that already became its payment is only ever answered
 * with it: its money is never given back.
 */
export class PaymentFlow {
  /** Attempts under way in this instance, by hold id. */
  readonly #taking = new Map<string, Promise<PayResult>>()
  readonly #holds: HoldBook

  constructor(private readonly bill: BillCore) {
    this.#holds = new HoldBook(bill)
  }

  async pay(sessionId: string, request: PaymentRequest, requestHash: string): Promise<PayResult> {
    const held = await this.bill.serially(() => this.#hold(sessionId, request, requestHash))
    if (!('row' in held)) return held
    const replaced = held.replaced
    const replacedBy = replaced && this.#holds.providerOf(replaced)
    if (replaced?.reference && replacedBy) {
      // The attempt it replaces may hold the diner's money: owed back, so a provider down now delays it, never keeps it.
      const reference = replaced.reference
      await this.bill.serially(async () => this.#holds.endOwing(replaced.id, reference))
      await this.#holds.giveBack(replaced.id, replacedBy, reference)
    }
    return this.#take(held.row, held.provider, 'diner')
  }

  /**
   * The provider says a hold's money moved (a webhook, in whatever order and
   * however often it comes): a hold in progress is taken and committed if
   * still payable; one that ended without a payment has its money given back
   * again; a committed one is left as it is.
   */
  async settleHold(sessionId: string, holdId: string, reference: string): Promise<void> {
    if (!(await this.bill.header(sessionId))) return
    const row = this.bill.store.holds.get(holdId)
    const provider = row && this.#holds.providerOf(row)
    if (!row || !provider || row.status === 'committed') return
    if (row.status === 'released') {
      // Its money came after it ended: owed back, and given back by the alarm should the provider not take it now.
      await this.bill.serially(async () => this.#holds.endOwing(holdId, reference))
      return this.#holds.giveBack(holdId, provider, reference)
    }
    // An attempt whose opening answer was lost is known by the provider's word on it.
    if (!row.reference) await this.bill.serially(async () => this.#adopt(holdId, reference))
    await this.#take(this.bill.store.holds.get(holdId) ?? row, provider, 'settlement')
  }

  /**
   * Holds whose time ran out and that no attempt here is carrying out. One
   * still waiting on the diner's bank gives its units back (should the diner
   * come back, it commits if they are still free). One held is settled with
   * the provider: asked with the same key (or its reference), the provider
   * answers the same attempt, whose money is taken and committed if still
   * payable, else given back. A hold that fails to settle waits for the next
   * alarm.
   */
  async settleOverdue(): Promise<void> {
    const now = Date.now()
    for (const row of this.bill.store.holds.overdue(now)) {
      if (this.#taking.has(row.id) || this.#holds.retryAt(row.id) > now) continue
      const provider = this.#holds.providerOf(row)
      try {
        if (now - row.createdAt > AUTHORIZATION_WINDOW_MS) await this.#holds.giveUp(row, provider)
        // Nothing is taken while the diner's bank waits on them (see #readyToCapture): the units go back to the table.
        else if (!provider || row.status === 'action')
          await this.bill.serially(async () => this.#holds.end(row.id, 'expired'))
        else await this.#take(row, provider, 'settlement')
        this.#holds.settled(row.id)
      } catch (error) {
        const at = this.#holds.later(row.id)
        console.error(`hold ${row.id} not settled, trying again in ${at - now} ms: ${String(error)}`)
      }
    }
  }

  /** When the alarm should next look at the holds in progress and the money owed back: the first to run out, or to be tried again. */
  nextLook(): number | null {
    const { holds } = this.bill.store
    const times = [
      ...holds.inProgress().map((row) => Math.max(row.expiresAt, this.#holds.retryAt(row.id))),
      // Only what can be given back here: a hold whose provider or attempt is gone would wake the alarm for nothing.
      ...this.#holds.owedHere().map(({ row }) => this.#holds.retryAt(row.id) || Date.now()),
    ]
    return times.length ? Math.min(...times) : null
  }

  /** Gives back the money of holds that ended owing it (see HoldBook.giveBack). */
  giveBackOwed(): Promise<void> {
    return this.#holds.giveBackOwed()
  }

  /** In a turn: the payment this request repeats, why it is refused, or the hold it goes ahead under (a new one, or the one it retries). */
  async #hold(
    sessionId: string,
    request: PaymentRequest,
    requestHash: string,
  ): Promise<PayResult | { row: HoldRow; provider: PaymentProvider; replaced?: HoldRow }> {
    const { store } = this.bill
    if (!(await this.bill.header(sessionId))) return this.bill.notOpen(sessionId)
    const replay = replayOf(store.paymentByTransaction(request.transactionId), requestHash)
    if (replay) return replay
    const replaced = request.replaces ? this.#replace(request.replaces) : undefined
    if (replaced && 'ok' in replaced) return replaced
    const earlier = store.holds.byTransaction(request.transactionId)
    // A retry goes on with its attempt, whether it still stands or ran out meanwhile; it never starts a second one.
    if (earlier && earlier.status !== 'released') {
      if (earlier.requestHash !== requestHash)
        return fail('REUSED_TRANSACTION', 'This transactionId was already used for a different payment.')
      const provider = this.#holds.providerOf(earlier)
      return provider ? { row: earlier, provider } : paymentsOff()
    }
    const open = await this.bill.openForWrite(sessionId, request.tableId)
    if (!open.ok) return open
    const { header } = open
    // Cash and the terminal are money staff already took: recorded, whichever way the restaurant takes cards.
    const provider = isRecorded(request.paymentMethod)
      ? recordedProvider
      : getPaymentProvider(this.bill.env, sessionId, header.table)
    if (!provider) return paymentsOff()
    const now = Date.now()
    const row = holdPayment(store.state(), store.holds.standing(now), header.table, request, requestHash, {
      provider: provider.id,
      now,
      expiresAt: now + HOLD_MS,
    })
    if ('ok' in row) return row
    if (row.totalCents < provider.minimumCents) return belowMinimum(provider.minimumCents)
    // Durable before the provider hears of it: the runtime sends nothing out until this write is stored.
    store.transaction(() => store.holds.add(row))
    await this.bill.alarm.holdRunsOut(row.expiresAt)
    this.bill.dinersOnly(header, { change: 'hold', amountCents: row.totalCents })
    return { row, provider, ...(replaced ? { replaced } : {}) }
  }

  /**
   * In a turn: ends the diner's earlier attempt `transactionId`, which a new
   * request takes the place of (its money goes back after the turn), so a
   * charge whose answer they never saw is never taken on top of the new
   * one. If it was paid after all, that payment is the answer.
   */
  #replace(transactionId: string): PayResult | HoldRow | undefined {
    const { store } = this.bill
    const earlier = store.holds.byTransaction(transactionId)
    if (!earlier || earlier.status === 'released') return undefined
    if (earlier.status === 'committed') return this.#answerCommitted(earlier)
    this.#holds.end(earlier.id, 'released')
    return store.holds.get(earlier.id)
  }

  /** Takes a hold's money, or joins the attempt already doing so (whose payment it then answers as a replay). */
  #take(row: HoldRow, provider: PaymentProvider, by: TakenBy): Promise<PayResult> {
    const running = this.#taking.get(row.id)
    if (running) return running.then((result) => (result.ok ? { ...result, replayed: true } : result))
    const attempt = this.#takeMoney(row.id, provider, by).finally(() => this.#taking.delete(row.id))
    this.#taking.set(row.id, attempt)
    return attempt
  }

  /** Outside the queue: authorizes and captures the hold's money, then commits it in a turn; money that cannot be kept goes back after that turn. */
  async #takeMoney(holdId: string, provider: PaymentProvider, by: TakenBy): Promise<PayResult> {
    const row = this.bill.store.holds.get(holdId)
    if (!row || row.status === 'released') return holdExpired()
    if (row.status === 'committed') return this.#answerCommitted(row)
    const authorized = await this.#authorize(row, provider, by)
    if (!('captured' in authorized)) return authorized
    const { reference, captured } = authorized
    const go = await this.bill.serially(async () => this.#readyToCapture(holdId, reference))
    if (go !== 'go') {
      if (go.giveBack) await this.#holds.giveBack(holdId, provider, reference)
      return go.result
    }
    if (!captured && !(await provider.capture(reference))) {
      await this.bill.serially(async () => this.#holds.endOwing(holdId, reference))
      this.bill.cardNews('declined', row)
      // Given back all the same: a refused capture must not leave money taken.
      await this.#holds.giveBack(holdId, provider, reference)
      return fail('DECLINED', 'The payment could not be completed. Nothing was charged.')
    }
    const done = await this.bill.serially(async () => this.#commit(holdId, reference))
    if (done.giveBack) await this.#holds.giveBack(holdId, provider, reference)
    if (done.error !== undefined) throw done.error
    return done.result
  }

  /**
   * Asks the provider for the hold's money: its reference once authorized
   * (and whether it is captured already), or the answer to give. The
   * attempt is opened and its reference kept before it is charged, so a
   * lost answer never loses it: a hold with a reference is asked where it
   * stands (the diner back from their bank, a retry, a settlement). Only
   * the diner's own request charges: a settlement finds an attempt never
   * charged (its charge's answer was lost before it ran) and ends it, as the
   * diner was told it failed.
   */
  async #authorize(row: HoldRow, provider: PaymentProvider, by: TakenBy): Promise<Authorized | PayResult> {
    let reference = row.reference
    if (reference) {
      const state = await provider.state(reference)
      if (state === 'authorized' || state === 'captured') return { reference, captured: state === 'captured' }
      if (state === 'requires_action')
        return fail('REQUIRES_ACTION', 'Confirm the payment with your bank to finish it.')
      if (state === 'failed') return this.#decline(row, 'Your bank did not confirm the payment.')
    }
    if (by === 'settlement') {
      // Never charged: nothing to take. Cancelled, so an answer still on its way cannot charge it later.
      await this.bill.serially(async () => this.#holds.end(row.id, 'released'))
      if (reference) await provider.release(reference)
      return holdExpired()
    }
    const request = this.#chargeOf(row)
    if (!reference) {
      const opened = await provider.open(request)
      reference = await this.bill.serially(async () => this.#adopt(row.id, opened))
      if (reference !== opened) await provider.release(opened)
      if (!reference) return holdExpired()
    }
    const answer = await provider.authorize(reference, request)
    if (answer.status === 'declined') return this.#decline(row, answer.message)
    if (answer.status === 'requires_action') {
      const waiting = await this.bill.serially(async () => {
        const now = this.bill.store.holds.get(row.id)
        if (!now || (now.status !== 'held' && now.status !== 'expired')) return false
        this.#holds.write(row.id, { status: 'action', reference: answer.reference })
        return true
      })
      if (waiting) this.bill.cardNews('confirming', row)
      return {
        ...fail('REQUIRES_ACTION', 'Confirm the payment with your bank to finish it.'),
        clientSecret: answer.clientSecret,
      }
    }
    return { reference: answer.reference, captured: answer.captured === true }
  }

  /**
   * In a turn: whether the hold may take its money now. A standing hold
   * may (written as held with its reference first if it was waiting on the
   * bank, and given a new term if it has little left); one whose time ran
   * out is held again if what it pays is still unpaid; otherwise it ends,
   * and the authorization goes back.
   */
  #readyToCapture(holdId: string, reference: string): 'go' | Stop {
    const { store } = this.bill
    const row = store.holds.get(holdId)
    if (row?.status === 'committed') return { result: this.#answerCommitted(row), giveBack: false }
    const header = store.header()
    if (!row || row.status === 'released' || !header || header.closedAt !== null || !header.table.isActive) {
      if (row) this.#holds.endOwing(holdId, reference)
      return { result: holdExpired(), giveBack: true }
    }
    const now = Date.now()
    const standing = store.holds.standing(now)
    const stands = standing.some((other) => other.id === holdId)
    if (
      !stands &&
      !stillPayable(
        store.state(),
        standing.map((other) => other.hold),
        row.hold,
      )
    ) {
      this.#holds.endOwing(holdId, reference)
      return { result: holdExpired(), giveBack: true }
    }
    // Written as held, with its reference, before any money is taken: should this instance stop, the alarm finds the attempt and settles it.
    if (!stands || row.status !== 'held' || row.expiresAt - now < CAPTURE_MARGIN_MS) {
      this.#holds.write(holdId, { status: 'held', reference, expiresAt: now + HOLD_MS })
      void this.bill.alarm.holdRunsOut(now + HOLD_MS)
      if (!stands) this.bill.dinersOnly(header, { change: 'hold', amountCents: row.totalCents })
    }
    return 'go'
  }

  /** In a turn: the captured hold becomes its payment; if the bill can no longer take it, or storing it fails, its money is to go back. */
  #commit(holdId: string, reference: string): Stop {
    const { store } = this.bill
    const row = store.holds.get(holdId)
    if (row?.status === 'committed') return { result: this.#answerCommitted(row), giveBack: false }
    const header = store.header()
    const before = store.state()
    const others = store.holds.standing(Date.now()).filter((other) => other.id !== holdId)
    const open = header !== null && header.closedAt === null && header.table.isActive
    const paid = row && row.status !== 'released' && open ? paymentOf(row, before, others, header, reference) : null
    if (!row || !header || !paid) {
      if (row) this.#holds.endOwing(holdId, reference)
      return { result: holdExpired(), giveBack: true }
    }
    try {
      store.transaction(() => {
        store.holds.set(holdId, { status: 'committed', reference })
        store.addPayment(paid.payment, before.lines, paid.state)
      })
    } catch (error) {
      // Nothing was stored (nor is remembered): the hold ends, and the money is to go back.
      this.#holds.endOwing(holdId, reference)
      return { result: holdExpired(), giveBack: true, error }
    }
    this.bill.committed(header, paymentNews(paid.payment))
    return { result: { ok: true as const, payment: paid.payment, replayed: false }, giveBack: false }
  }

  /** The provider refused the hold's attempt: it ends, what it held is free again, and the table's staff hear of it. */
  async #decline(row: HoldRow, message: string): Promise<PayResult> {
    await this.bill.serially(async () => this.#holds.end(row.id, 'released'))
    this.bill.cardNews('declined', row)
    return fail('DECLINED', message)
  }

  /** What the provider is asked to charge for a hold. */
  #chargeOf(row: HoldRow): AuthorizeRequest {
    const header = this.bill.store.header()
    return {
      key: row.id,
      totalCents: row.totalCents,
      billCents: row.hold.amountCents,
      method: row.request.paymentMethod,
      // What the restaurant reads in its Stripe Dashboard: the table, and the reference its diner and staff see.
      description: chargeDescription(header?.table.tableNumber ?? '', row.transactionId),
      paymentToken: row.request.paymentToken,
      metadata: { sessionId: header?.sessionId ?? '', holdId: row.id, transactionId: row.transactionId },
    }
  }

  /**
   * In a turn: the attempt `reference` becomes the hold's, unless the hold
   * has one already (answered) or ended (null: the attempt is to be given
   * back).
   */
  #adopt(holdId: string, reference: string): string | null {
    const row = this.bill.store.holds.get(holdId)
    if (!row || (row.status !== 'held' && row.status !== 'expired')) return row?.reference ?? null
    if (row.reference) return row.reference
    this.#holds.write(holdId, { status: row.status, reference })
    return reference
  }

  /** A hold that became its payment is answered with it, as a retry would be. */
  #answerCommitted(row: HoldRow): PayResult {
    return replayOf(this.bill.store.paymentByTransaction(row.transactionId), row.requestHash) ?? holdExpired()
  }
}
