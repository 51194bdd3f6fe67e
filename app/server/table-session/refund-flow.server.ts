import { fail, tableNotFound, type WriteResult } from './write-failures.server'
import { billPart, charged, paidLinesOf, type LedgerMethod } from '~/domain/bill'
import { splitOutsideRefund, voidRefusal, type RefundUnits } from '~/domain/refunds'
import type { Signature } from '~/domain/signature'
import { settlingProvider, type RefundState } from '../payments/provider.server'
import type { BillCore, News } from './bill-core.server'
import type { BillHeader } from './bill-store.server'
import { linesAfterFailedRefund, linesAfterRefund, refundOf, type RefundRequest } from './books.server'
import { HANDLED_OUTSIDE, type StoredRefund } from './refund-store.server'

/** A refund the bank sent back, as staff hear of it: what it had given back. */
const sentBack = (refund: StoredRefund): News => ({
  change: 'refund-failed',
  amountCents: charged(refund),
  ref: refund.id,
})

/** How a refund made in the restaurant's own Stripe Dashboard is signed in the books. */
const OUTSIDE_REFUND_REASON = 'Reembolso hecho en el panel de Stripe'
const OUTSIDE_REFUND_BY = 'Stripe'

/** How staff gave back outside Mesa what a failed refund could not: from the drawer, or another way (a transfer, the restaurant's own Stripe Dashboard). */
export type OutsideWay = 'cash' | 'other'

/** A refund the provider took whose money is not back yet: staff are told it is on its way, and it is done when the bank confirms. */
type RefundResult = WriteResult<{ pending?: true }>

/**
 * A refund's life in the object: recorded as pending in a turn (it counts
 * against what the payment may still give back), the money returned by the
 * payment's provider outside the queue (cash and the terminal: by staff's
 * hand, recorded only), then in a turn the refund is done and its units are
 * unpaid again. A provider that does not answer leaves it pending: the
 * alarm asks again with the same key.
 */
export class RefundFlow {
  /** Refunds whose provider call is under way in this instance, by id. */
  readonly #givingBack = new Map<string, Promise<WriteResult<object>>>()

  constructor(private readonly bill: BillCore) {}

  /** What `request` would give back now (bill part, tax on top, tip, units), refused as the refund would be; nothing is written. */
  async preview(
    sessionId: string,
    tableId: string,
    request: RefundRequest,
  ): Promise<WriteResult<Pick<StoredRefund, 'amountCents' | 'taxCents' | 'tipCents' | 'units'>>> {
    const header = await this.bill.header(sessionId)
    if (!header || header.tableId !== tableId) return tableNotFound()
    const made = refundOf(this.bill.store, request, Date.now())
    if (!made.ok) return made
    const { amountCents, taxCents, tipCents, units } = made.row
    return { ok: true as const, amountCents, taxCents, tipCents, units }
  }

  refund(sessionId: string, tableId: string, request: RefundRequest) {
    // A payment of a bill closed since is refunded too: a diner may complain the next day.
    return this.#giveBackMade(sessionId, tableId, () => refundOf(this.bill.store, request, Date.now()))
  }

  /**
   * The void of a payment its member recorded by mistake (the terminal for
   * cash): within minutes, by them, on the open bill (voidRefusal), it gives
   * the payment back whole, its units unpaid again, signed with the reason;
   * its receipt follows as for any refund. A terminal payment is not
   * reversed on the terminal by this: staff are told so.
   */
  voidPayment(sessionId: string, tableId: string, request: Pick<RefundRequest, 'paymentId' | 'reason' | 'by'>) {
    const { store } = this.bill
    return this.#giveBackMade(sessionId, tableId, (header) => {
      const payment = store.payment(request.paymentId)
      if (!payment) return fail('NOT_FOUND', 'That payment is not on this bill.')
      const now = Date.now()
      const givenBack = store.refunds.list(payment.id).some((refund) => refund.status !== 'failed')
      const refused = voidRefusal(payment, request.by, now, { open: header.closedAt == null, givenBack })
      if (refused) return fail(refused.code, refused.message)
      const units = paidLinesOf(payment).map(({ itemId, quantity }) => ({ itemId, quantity }))
      return refundOf(
        store,
        {
          ...request,
          units,
          amountCents: units.length > 0 ? null : payment.amountCents,
          tipCents: payment.tipCents,
          kind: 'void',
        },
        now,
      )
    })
  }

  /** Records the refund `make` plans, in a turn, then asks the payment's provider to give it back. */
  async #giveBackMade(
    sessionId: string,
    tableId: string,
    make: (header: BillHeader) => ReturnType<typeof refundOf>,
  ): Promise<WriteResult<{ refundId: string; amountCents: number; tipCents: number; pending: boolean }>> {
    const { store } = this.bill
    const started = await this.bill.serially(async () => {
      const header = await this.bill.header(sessionId)
      if (!header || header.tableId !== tableId) return tableNotFound()
      const made = make(header)
      if (!made.ok) return made
      store.transaction(() => store.refunds.add(made.row))
      // Should this instance stop before the money goes back, the alarm asks the provider again with the same key.
      await this.bill.alarm.refundPending()
      return made
    })
    if (!started.ok) return started
    const done = await this.#giveBack(started.row, started.reference)
    if (!done.ok) return done
    return {
      ok: true as const,
      refundId: started.row.id,
      amountCents: billPart(started.row),
      tipCents: started.row.tipCents,
      pending: done.pending === true,
    }
  }

  /**
   * A refund made outside Mesa (the restaurant's Stripe Dashboard) of the
   * payment the provider knows as `paymentReference`: recorded once, as
   * money given back of that payment, across its bill part, tax and tip in
   * proportion (splitOutsideRefund; no units are unpaid again), done when
   * the provider has given it back, followed until then.
   */
  async recordOutside(
    sessionId: string,
    paymentReference: string,
    refund: { id: string; cents: number; state: RefundState },
  ): Promise<void> {
    const { store } = this.bill
    const known = await this.bill.serially(async () => {
      if (!(await this.bill.header(sessionId))) return false
      if (store.refunds.get(refund.id)) return true
      const payment = store.payments().find((each) => each.providerReference === paymentReference)
      // Not a payment of this bill, or a refund that never gave anything back: nothing for the books.
      if (!payment || refund.state === 'failed') return false
      const earlier = store.refunds.list(payment.id).filter((each) => each.status !== 'failed')
      const row: StoredRefund = {
        id: refund.id,
        paymentId: payment.id,
        method: payment.paymentMethod as LedgerMethod,
        ...splitOutsideRefund(payment, earlier, refund.cents),
        units: '[]',
        reason: OUTSIDE_REFUND_REASON,
        staff: OUTSIDE_REFUND_BY,
        staffId: null,
        kind: 'refund',
        registerId: null,
        status: 'pending',
        failure: null,
        provider: payment.provider,
        providerReference: refund.id,
        createdAt: Date.now(),
      }
      store.transaction(() => store.refunds.add(row))
      if (refund.state === 'succeeded') this.#finish(row, refund.id)
      else await this.bill.alarm.refundPending()
      return false
    })
    // Known already (a later word on it): followed as any refund the provider took.
    if (known) await this.settle(sessionId, refund.id)
  }

  /**
   * The provider's word on a refund came (its webhook): it is asked where
   * the refund stands, and the books follow; a done one the bank sent back
   * after all is undone.
   */
  async settle(sessionId: string, refundId: string): Promise<void> {
    if (!(await this.bill.header(sessionId))) return
    const refund = this.bill.store.refunds.get(refundId)
    if (refund?.status === 'done') return this.#recheck(refund)
    if (refund?.status !== 'pending') return
    const payment = this.bill.store.payment(refund.paymentId)
    await this.#giveBack(refund, payment?.providerReference ?? null)
  }

  /**
   * Staff gave back outside Mesa what a failed refund could not (the
   * restaurant's account no longer lets Mesa refund, the charge is too old,
   * the bank refused it): recorded once as a refund done, for what the failed
   * one asked and within what the payment may still give back, signed by who
   * records it; `way` says whether it left the drawer.
   */
  async settleOutside(
    sessionId: string,
    tableId: string,
    refundId: string,
    way: OutsideWay,
    by: Signature,
  ): Promise<WriteResult<{ refundId: string }>> {
    const { store } = this.bill
    return this.bill.serially(async () => {
      const header = await this.bill.header(sessionId)
      if (!header || header.tableId !== tableId) return tableNotFound()
      const failed = store.refunds.get(refundId)
      if (failed?.status !== 'failed') return fail('NOT_FOUND', 'That refund did not fail.')
      // Sent twice (a double tap, a reload): recorded once.
      const recorded = store.refunds
        .list(failed.paymentId)
        .find((each) => each.provider === HANDLED_OUTSIDE && each.providerReference === failed.id)
      if (recorded) return { ok: true as const, refundId: recorded.id }
      const units = JSON.parse(failed.units) as RefundUnits[]
      const made = refundOf(
        store,
        {
          paymentId: failed.paymentId,
          units,
          amountCents: units.length > 0 ? null : failed.amountCents,
          tipCents: failed.tipCents,
          reason: failed.reason,
          by,
        },
        Date.now(),
      )
      if (!made.ok) return made
      const row: StoredRefund = {
        ...made.row,
        method: way === 'cash' ? 'cash' : made.row.method,
        kind: 'refund',
        provider: HANDLED_OUTSIDE,
        providerReference: failed.id,
      }
      store.transaction(() => store.refunds.add(row))
      this.#finish(row, failed.id)
      return { ok: true as const, refundId: row.id }
    })
  }

  /** By the alarm: asks again for every pending refund whose call is not under way, and wakes again for those still pending. */
  async retryPending(): Promise<void> {
    const { store } = this.bill
    for (const refund of store.refunds.pending()) {
      if (this.#givingBack.has(refund.id)) continue
      const payment = store.payment(refund.paymentId)
      await this.#giveBack(refund, payment?.providerReference ?? null)
    }
    if (store.refunds.pending().length > 0) await this.bill.alarm.refundPending()
  }

  /** One provider call per pending refund at a time: the alarm leaves alone a refund whose call is under way. */
  async #giveBack(row: StoredRefund, reference: string | null): Promise<RefundResult> {
    const running = this.#givingBack.get(row.id)
    if (running) return running
    const attempt = (row.providerReference ? this.#followUp(row) : this.#askProvider(row, reference)).finally(() =>
      this.#givingBack.delete(row.id),
    )
    this.#givingBack.set(row.id, attempt)
    return attempt
  }

  /**
   * Asks the payment's provider to give a pending refund back, then finishes
   * it in a turn. Only a clear refusal fails it; an answer that did not come
   * (or a provider that cannot be reached now) leaves it pending for the
   * alarm, which asks again with the same key, so it is never given twice.
   */
  async #askProvider(row: StoredRefund, reference: string | null): Promise<RefundResult> {
    const { store } = this.bill
    const header = store.header()
    const provider = this.#providerOf(row)
    const cents = charged(row)
    let answer: Awaited<ReturnType<NonNullable<typeof provider>['refund']>>
    try {
      if (!provider || (!reference && row.provider !== 'recorded'))
        throw new Error(`no way to give back a ${row.provider} payment`)
      answer = await provider.refund(reference ?? '', cents, row.id, header?.sessionId ?? '')
    } catch (error) {
      console.error(`refund ${row.id} not given back yet: ${String(error)}`)
      await this.bill.alarm.refundPending()
      return fail('PROVIDER_UNAVAILABLE', 'The refund could not be confirmed yet; it will be tried again.')
    }
    return this.bill.serially(async () => {
      const now = store.refunds.get(row.id)
      if (now?.status === 'done') return { ok: true as const }
      if (now?.status !== 'pending') return fail('REFUND_FAILED', 'The refund was not given back.')
      if (!answer.ok) {
        // Refused for good: asking again changes nothing, so it is not asked again; staff see why, and may settle it outside Mesa.
        console.error(`refund ${row.id} refused: ${answer.message}`)
        store.transaction(() => store.refunds.fail(row.id, answer.failure))
        return fail('REFUND_FAILED', answer.message)
      }
      if (!answer.settled && answer.reference) {
        // Taken, not done: it stays pending in the books, with the provider's id to follow it by, until the bank confirms.
        store.transaction(() => store.refunds.sent(row.id, answer.reference!))
        await this.bill.alarm.refundPending()
        return { ok: true as const, pending: true as const }
      }
      this.#finish(now, answer.reference)
      return { ok: true as const }
    })
  }

  /** A refund the provider took and had not finished: asked where it stands; done, failed (staff are told), or still on its way. */
  async #followUp(row: StoredRefund): Promise<RefundResult> {
    const { store } = this.bill
    const provider = this.#providerOf(row)
    let state: RefundState
    try {
      if (!provider) throw new Error(`no way to follow a ${row.provider} refund`)
      state = await provider.refundState(row.providerReference!)
    } catch (error) {
      console.error(`refund ${row.id} not confirmed yet: ${String(error)}`)
      return { ok: true as const, pending: true as const }
    }
    if (state === 'pending') return { ok: true as const, pending: true as const }
    return this.bill.serially(async () => {
      const now = store.refunds.get(row.id)
      if (now?.status !== 'pending')
        return now?.status === 'done' ? { ok: true as const } : fail('REFUND_FAILED', 'The refund was not given back.')
      if (state === 'succeeded') {
        this.#finish(now, now.providerReference)
        return { ok: true as const }
      }
      // The bank sent it back: nothing was given back, so the payment's money is as it was; staff must know.
      store.transaction(() => store.refunds.fail(row.id, 'bank'))
      const header = store.header()
      if (header) void this.bill.tellStaffNow(header, sentBack(now))
      return fail('REFUND_FAILED', 'The bank did not take the refund.')
    })
  }

  /**
   * A done refund the provider speaks of again: a bank can send back a
   * refund it had taken. Then nothing was given back after all: the refund
   * is undone in the books (what it unpaid is paid again where nobody paid
   * it since) and staff are told. An error is left to the webhook's retry.
   */
  async #recheck(row: StoredRefund): Promise<void> {
    const provider = this.#providerOf(row)
    if (!provider || !row.providerReference || row.provider === HANDLED_OUTSIDE) return
    if ((await provider.refundState(row.providerReference)) !== 'failed') return
    const { store } = this.bill
    await this.bill.serially(async () => {
      const header = store.header()
      const now = store.refunds.get(row.id)
      if (!header || now?.status !== 'done') return
      const before = store.state().lines
      const after =
        header.closedAt == null
          ? linesAfterFailedRefund(
              before,
              now,
              store.holds.inProgress().map((each) => each.hold),
            )
          : before
      store.transaction(() => store.failRefund(now.id, Date.now(), before, after))
      this.bill.committed(header, sentBack(now))
    })
  }

  /** In a turn: the refund is done; its units are unpaid again (on an open bill) and the ledger is sent it. */
  #finish(row: StoredRefund, reference: string | null) {
    const { store } = this.bill
    const before = store.state().lines
    // A closed bill's units stay as they were: nobody pays them again; the money is what the refund changes.
    const after = store.header()?.closedAt == null ? linesAfterRefund(store, row) : before
    store.transaction(() => store.finishRefund(row.id, reference, before, after))
    const header = store.header()
    if (header) this.bill.committed(header, { change: 'refunded', amountCents: charged(row) })
  }

  #providerOf(row: StoredRefund) {
    const header = this.bill.store.header()
    return header ? settlingProvider(this.bill.env, header.sessionId, header.table, row.provider) : null
  }
}
