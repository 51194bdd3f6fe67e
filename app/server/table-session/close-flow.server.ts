import { billTotals, NOTHING_PAID } from '~/domain/bill'
import { formatMoney } from '~/domain/money'
import { fail, ledgerUnavailable, tableNotFound, type WriteResult } from './write-failures.server'
import type { PaymentRow } from '../db/schema.server'
import type { BillCore, News } from './bill-core.server'
import type { BillHeader, Closing, Settlement } from './bill-store.server'
import { readTable, type BillTable } from './open-bill.server'
import { newSessionId, tableSessionStub } from './stub.server'

/** A close or an archive leaves the table with an empty bill (or none): that is what everyone hears. */
const EMPTIED: News = { change: 'closed', amountCents: null, totals: billTotals([], NOTHING_PAID) }

/**
 * How a bill ends and the next begins: closed (the table's next bill opened
 * under a new session id), or the table archived with this bill its last.
 * Either waits, in the bill's turn, for nobody to be paying or being given
 * money back, and for D1 to have everything before it, so staff screens
 * that read D1 show the table as it now is.
 */
export class CloseFlow {
  constructor(private readonly bill: BillCore) {}

  /**
   * Closes the bill and opens the table's next one, queued behind any order
   * or payment still in flight. The next bill's object holds it from then on;
   * D1 learns of both through the outbox, awaited here.
   */
  close(sessionId: string, tableId: string, closing: Closing): Promise<WriteResult<{ sessionId: string }>> {
    const { store } = this.bill
    return this.bill.write(sessionId, { tableId, demo: false }, async (header) => {
      const busy = this.#busy(
        'A diner is paying this bill right now. Close it once the payment ends.',
        'A refund on this bill is still being given back. Close it once it is done.',
      )
      if (busy) return busy
      const state = store.state()
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
      const ready = await this.#ledgerReady(sessionId, tableId)
      if (ready) return ready
      const next = newSessionId(sessionId)
      const now = Date.now()
      await tableSessionStub(this.bill.env, next).open(next, header.table, now, store.payments())
      return { answer: { sessionId: next }, commit: () => store.close(now, next, settlement), ...this.#ending }
    })
  }

  /**
   * Makes this object the home of a new bill of `table`, opened at
   * `openedAt` by the close of the table's previous bill, whose `earlier`
   * payments it answers retries of.
   */
  async open(sessionId: string, table: BillTable, openedAt: number, earlier: PaymentRow[]): Promise<void> {
    await this.bill.store.start({ sessionId, tableId: table.tableId, openedAt, table }, { earlier })
  }

  /**
   * Takes the table out of use with this bill as its last, if nothing is
   * left to pay and nobody is paying: like a close, but no bill follows it,
   * and the ledger marks the table archived in the same delivery. Nothing is
   * deleted, so the object keeps delivering as ever.
   */
  archive(sessionId: string, tableId: string): Promise<WriteResult<object>> {
    const { store } = this.bill
    return this.bill.write<object>(sessionId, { missing: tableNotFound() }, async (header) => {
      if (header.tableId !== tableId) return tableNotFound()
      if (header.closedAt !== null) {
        const after = await this.#archiveAfter(header)
        return after.ok ? { answer: {} } : after
      }
      if (!header.table.isActive) return tableNotFound()
      const busy = this.#busy(
        'A diner is paying at this table right now. Archive it once the payment ends.',
        'A refund at this table is still being given back. Archive it once it is done.',
      )
      if (busy) return busy
      const { lines, paid } = store.state()
      if (billTotals(lines, paid).remaining > 0)
        return fail('OPEN_BALANCE', 'This table has an open bill with something left to pay. Close it first.')
      const ready = await this.#ledgerReady(sessionId, tableId)
      if (ready) return ready
      return { answer: {}, commit: () => store.archive(Date.now()), ...this.#ending }
    })
  }

  /**
   * Staff changed the table or the restaurant: what the bill's pages show
   * changed, and the object takes the table as D1 has it now.
   */
  touch(): Promise<void> {
    this.bill.touched()
    return this.bill.serially(async () => {
      const header = this.bill.store.header()
      if (!header) return
      const table = await readTable(this.bill.db, header.tableId)
      if (!table) return
      const { sessionId: _sessionId, ...info } = table
      this.bill.store.transaction(() => this.bill.store.setTable(info))
      this.bill.touched()
    })
  }

  /** Why the bill cannot end now: a diner paying, or a refund still being given back. */
  #busy(paying: string, refunding: string) {
    if (this.bill.store.holds.standing(Date.now()).length > 0) return fail('BEING_PAID', paying)
    if (this.bill.store.refunds.pending().length > 0) return fail('BEING_PAID', refunding)
    return null
  }

  /** Null once D1 has everything this bill committed and names it the table's open bill; else why not yet. */
  async #ledgerReady(sessionId: string, tableId: string) {
    if (!(await this.bill.delivery.all())) return ledgerUnavailable()
    const named = await readTable(this.bill.db, tableId).catch(() => null)
    return named?.sessionId === sessionId ? null : ledgerUnavailable()
  }

  /** A bill's last write: everyone hears the table emptied, and, no write coming to delete them, the outbox rows D1 took go with it. */
  readonly #ending = {
    news: { ...EMPTIED, heard: 'ledger' as const },
    after: () => this.bill.delivery.andDrop(),
  }

  /**
   * For a closed bill D1 may still name as open: a bill the table's archive
   * closed is done (the outbox tells D1); otherwise the archive goes on to
   * the bill that followed, once D1 has heard of this close.
   */
  async #archiveAfter(header: BillHeader): Promise<WriteResult<object>> {
    const delivered = await this.bill.delivery.all()
    this.bill.store.dropDelivered()
    if (header.nextSessionId === null) return { ok: true as const }
    if (!delivered) return ledgerUnavailable()
    return tableSessionStub(this.bill.env, header.nextSessionId).archive(header.nextSessionId, header.tableId)
  }
}
