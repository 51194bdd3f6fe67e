import { billTotals, type BillTotals } from '~/domain/bill'
import { billEvent, type NewsBy } from '~/domain/live'
import { billClosed, tableNotFound, type WriteFailure, type WriteResult } from './write-failures.server'
import { getDb, type Db } from '../db/client.server'
import { broadcast } from '../live/live-sockets.server'
import { ObjectAlarm } from './alarm.server'
import { BillStore, type BillHeader } from './bill-store.server'
import { reseeded, resetDemo, restoreDemoIfStale } from './demo-reset.server'
import type { HoldRow } from './hold-store.server'
import { importOpenBill, notOpen } from './open-bill.server'
import { OutboxDelivery } from './outbox-delivery.server'
import { isDemoSession } from './stub.server'

/** What a change says happened (see BillNews), and the bill's totals when they are not this bill's own any more (a close: the table's next bill is empty). */
export type News = NewsBy & { totals?: BillTotals }

/**
 * What a write does, once its bill is found in its turn: the records it
 * commits (one storage transaction; none when nothing changed, a tap
 * repeated), what it says happened, and what it answers.
 */
export interface Change<T extends object> {
  answer: T
  commit?: () => void
  /**
   * `ledger`: committed to the outbox, so staff hear with the delivery that
   * brings D1 the change. `now`: nothing the ledger records (a call, a
   * card refused), staff hear at once and the write waits until the hub has it.
   */
  news?: News & { heard: 'ledger' | 'now' }
  /** What the write does last in its turn, once told (a bill's last writes deliver and drop the outbox). */
  after?: () => Promise<void>
}

const refused = <T extends object>(decided: Change<T> | WriteFailure): decided is WriteFailure => 'ok' in decided

/**
 * Which bill a write needs: open on the table it names (`demo: false` keeps
 * the public demo as it is: a close must not reset it first), open on any
 * table, or this object's bill whatever its state (`missing` when none).
 */
type Wanted = { tableId: string; demo?: boolean } | 'open' | { missing: WriteFailure }

/**
 * What every flow of a bill shares: its storage, its one queue of turns,
 * the bill found for a write, the one write turn, and how a change is told
 * (the diners' sockets at once; D1 and staff through the outbox).
 */
export class BillCore {
  readonly store: BillStore
  readonly alarm: ObjectAlarm
  readonly delivery: OutboxDelivery
  readonly db: Db
  #queue: Promise<unknown> = Promise.resolve()
  /** Counts this object's commits; with a fresh id per instance, names what the bill's readers may have kept. */
  #commits = 0
  readonly #instance = crypto.randomUUID()
  #loading: Promise<BillHeader | null> | null = null
  /** What follows every change a diner or staff made (the floor's walkout watch). */
  #onActivity: () => void = () => {}

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
    this.db = getDb(env.DB)
    this.store = new BillStore(ctx.storage)
    this.alarm = new ObjectAlarm(ctx.storage)
    this.delivery = new OutboxDelivery(env, ctx, this.store, this.alarm)
  }

  /** Runs `task` in the bill's turn: no other write to the bill runs meanwhile. */
  serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task)
    this.#queue = run.catch(() => undefined)
    return run
  }

  /**
   * The one write turn: in the bill's turn, the bill `wanted` is found (or
   * why no write may go to it), `step` decides, its records are committed
   * in one transaction, and what happened is told.
   */
  write<T extends object>(
    sessionId: string,
    wanted: Wanted,
    step: (header: BillHeader) => Promise<Change<T> | WriteFailure> | Change<T> | WriteFailure,
  ): Promise<WriteResult<T>> {
    return this.serially(() => this.apply(sessionId, wanted, step))
  }

  /** The write turn's body, for a write that first looks at something else in the same turn (an order replayed). */
  async apply<T extends object>(
    sessionId: string,
    wanted: Wanted,
    step: (header: BillHeader) => Promise<Change<T> | WriteFailure> | Change<T> | WriteFailure,
  ): Promise<WriteResult<T>> {
    const found = await this.#find(sessionId, wanted)
    if (!found.ok) return found
    const change = await step(found.header)
    if (refused(change)) return change
    if (change.commit) this.store.transaction(change.commit)
    if (change.news?.heard === 'now') await this.tellStaffNow(found.header, change.news)
    else if (change.commit) this.committed(found.header, change.news)
    await change.after?.()
    return { ok: true as const, ...change.answer }
  }

  async #find(sessionId: string, wanted: Wanted): Promise<{ ok: true; header: BillHeader } | WriteFailure> {
    if (wanted === 'open') {
      const header = await this.header(sessionId)
      if (!header) return this.notOpen(sessionId)
      return header.closedAt === null ? { ok: true, header } : billClosed()
    }
    if ('missing' in wanted) {
      const header = await this.header(sessionId)
      return header ? { ok: true, header } : wanted.missing
    }
    return wanted.demo === false
      ? this.openBill(sessionId, wanted.tableId)
      : this.openForWrite(sessionId, wanted.tableId)
  }

  /** This object's bill when it is `sessionId`, taken over from D1 the first time if it was open there before objects held bills. */
  async header(sessionId: string): Promise<BillHeader | null> {
    const held = this.store.header()
    if (held) return held.sessionId === sessionId ? held : null
    this.#loading ??= importOpenBill(this.env, sessionId)
      .then(async (imported) => {
        // open() may have started the bill while D1 was read: start() then writes nothing.
        if (imported) {
          await this.store.start(
            { sessionId, tableId: imported.table.tableId, openedAt: imported.openedAt, table: imported.table },
            { lines: imported.lines, payments: imported.payments },
          )
        }
        return this.store.header()
      })
      .finally(() => {
        this.#loading = null
      })
    return this.#loading
  }

  /** Why a write found no bill `sessionId` here. */
  notOpen(sessionId: string): Promise<WriteFailure> {
    return notOpen(this.env, sessionId)
  }

  /** In a write's turn: the bill open on `tableId`, the public demo restored first when stale; else why no write may go to it. */
  async openForWrite(sessionId: string, tableId: string): Promise<{ ok: true; header: BillHeader } | WriteFailure> {
    const open = await this.openBill(sessionId, tableId)
    return open.ok ? { ok: true, header: this.restoreDemo(open.header) } : open
  }

  /** In a write's turn: the bill when it is open on `tableId`; else why the write may not go to it. */
  async openBill(sessionId: string, tableId: string): Promise<{ ok: true; header: BillHeader } | WriteFailure> {
    const held = await this.header(sessionId)
    if (!held) return this.notOpen(sessionId)
    const header = await this.reopenIfReseeded(held)
    if (header.closedAt !== null) return billClosed()
    return header.tableId === tableId && header.table.isActive ? { ok: true, header } : tableNotFound()
  }

  /** The bill as a read finds it: only the demo bill can change on a read (a reset), and then in its turn like any write. */
  async forRead(sessionId: string): Promise<BillHeader | null> {
    const held = await this.header(sessionId)
    if (!held || !isDemoSession(sessionId)) return held
    return this.serially(async () => this.restoreDemo(await this.reopenIfReseeded(this.store.header() ?? held)))
  }

  /** In a turn of the queue: a closed demo bill the seed named open again starts over (see demo-reset). */
  async reopenIfReseeded(header: BillHeader): Promise<BillHeader> {
    if (!(await reseeded(this.db, this.store, header))) return header
    resetDemo(this.store, header, Date.now())
    this.committed(header)
    return this.store.header() ?? header
  }

  /** In a turn of the queue: resets the public demo bill when it is stale (see demo-reset); answers the bill as it is now. */
  restoreDemo(header: BillHeader): BillHeader {
    if (!restoreDemoIfStale(this.store, header)) return header
    const reset = this.store.header() ?? header
    this.committed(reset, { change: 'reset', amountCents: null })
    return reset
  }

  /**
   * After every commit: the version moves on, D1 is sent what changed, and
   * (when there is news) the bill's diners hear of it at once while staff
   * hear with the delivery that brings D1 the change (their screens read
   * D1); the write that caused it never waits on that.
   */
  committed(header: BillHeader, news?: News): void {
    this.#commits++
    this.alarm.committed()
    this.#onActivity()
    if (news) this.delivery.forStaff(this.tellDiners(header, news))
    void this.delivery.soon()
  }

  /**
   * A change that commits nothing to the ledger but concerns staff (a call,
   * a declined card): the diners' pages show it, and the hub hears of it
   * now rather than with the next delivery.
   */
  tellStaffNow(header: BillHeader, news: News): Promise<boolean> {
    this.#commits++
    this.delivery.forStaff(this.tellDiners(header, news))
    return this.delivery.soon()
  }

  /** A payment started or let go: the version moves on and only the bill's diners hear of it (staff see payments). */
  dinersOnly(header: BillHeader, news: News): void {
    this.#commits++
    this.tellDiners(header, news)
  }

  /** A card payment the bank refused or wants confirmed: staff hear of it, with what it was for. */
  cardNews(change: 'declined' | 'confirming', row: HoldRow): void {
    const header = this.store.header()
    if (header) void this.tellStaffNow(header, { change, amountCents: row.totalCents, ref: row.id })
  }

  /** Tells this bill's diners what changed; answers the event, for staff too. */
  tellDiners(header: BillHeader, { totals, ...news }: News) {
    const state = this.store.state()
    const event = billEvent(news, header.sessionId, header.table, totals ?? billTotals(state.lines, state.paid))
    broadcast(this.ctx.getWebSockets(), event)
    return event
  }

  /** What the bill's pages show changed without a commit here (the table's name, the restaurant's settings). */
  touched(): void {
    this.#commits++
  }

  /** Something happened on the bill: `then` runs after (the floor's walkout watch counts quiet from now). */
  whenActive(then: () => void): void {
    this.#onActivity = then
  }

  /** A diner's page opened or closed: activity, with nothing committed. */
  active(): void {
    this.#onActivity()
  }

  /**
   * Names the bill as last committed: it changes after every write here (and
   * whenever the object starts afresh), so the Worker may serve a page it
   * rendered under the same version without asking for the bill again.
   */
  version(): string {
    return `${this.#instance}:${this.#commits}`
  }
}
