import { settlingProvider, type PaymentProvider } from '../payments/provider.server'
import type { BillCore } from './bill-core.server'
import type { HoldRow, HoldStatus } from './hold-store.server'

/** A hold that failed to settle is tried again after 5 s, doubling up to 10 minutes: the provider may be down for a while. */
const FIRST_SETTLE_RETRY_MS = 5_000
const LAST_SETTLE_RETRY_MS = 10 * 60_000

/**
 * The holds of payments in progress as the bill keeps them: how each ends
 * (its units free again, and whether money is owed back), the provider
 * that made it, the money owed back given back, and when a hold that
 * failed to settle or to give back is tried again.
 */
export class HoldBook {
  /** Holds that failed to settle or to give back, and when to try each again; a new instance tries them at once. */
  readonly #backoff = new Map<string, { tries: number; at: number }>()

  constructor(private readonly bill: BillCore) {}

  /** When the hold may be tried again (0: now). */
  retryAt(holdId: string): number {
    return this.#backoff.get(holdId)?.at ?? 0
  }

  /** The hold settled: its next failure starts the backoff over. */
  settled(holdId: string): void {
    this.#backoff.delete(holdId)
  }

  /** The next time to try a hold again after one more failure: 5 s, doubling up to 10 minutes. */
  later(holdId: string): number {
    const tries = (this.#backoff.get(holdId)?.tries ?? 0) + 1
    const at = Date.now() + Math.min(FIRST_SETTLE_RETRY_MS * 2 ** (tries - 1), LAST_SETTLE_RETRY_MS)
    this.#backoff.set(holdId, { tries, at })
    return at
  }

  /**
   * In a turn: ends a hold without a payment, so what it kept is free again
   * (`expired`: its time ran out, and money that comes after all may still
   * commit it). Giving money back is the caller's, after its turn.
   */
  end(holdId: string, status: Extract<HoldStatus, 'released' | 'expired'>, reference?: string): void {
    const row = this.bill.store.holds.get(holdId)
    if (!row || row.status === 'committed' || row.status === 'released') return
    this.write(holdId, { status, reference: reference ?? row.reference })
    const header = this.bill.store.header()
    if (header) this.bill.dinersOnly(header, { change: 'released', amountCents: row.totalCents })
  }

  /** In a turn: ends a hold whose money is to go back, marked owing it until the provider says it did (see giveBack). */
  endOwing(holdId: string, reference: string): void {
    this.end(holdId, 'released', reference)
    const row = this.bill.store.holds.get(holdId)
    if (row && row.status !== 'committed' && !row.owedBack) this.write(holdId, { status: row.status, owedBack: true })
  }

  /** In a turn: a hold's new state, in one storage transaction. */
  write(
    holdId: string,
    change: { status: HoldStatus; reference?: string | null; expiresAt?: number; owedBack?: boolean },
  ): void {
    this.bill.store.transaction(() => this.bill.store.holds.set(holdId, change))
  }

  /** The provider that made a hold, to settle it even if the restaurant has moved on to another since. */
  providerOf(row: HoldRow): PaymentProvider | null {
    const header = this.bill.store.header()
    return header ? settlingProvider(this.bill.env, header.sessionId, header.table, row.provider) : null
  }

  /** The holds owing money that can be given back here: their attempt known, and the provider that made it at hand. */
  owedHere(): { row: HoldRow; provider: PaymentProvider; reference: string }[] {
    return this.bill.store.holds.owed().flatMap((row) => {
      const provider = this.providerOf(row)
      return provider && row.reference ? [{ row, provider, reference: row.reference }] : []
    })
  }

  /** Gives back the money of holds that ended owing it, each when its backoff allows (see giveBack). */
  async giveBackOwed(): Promise<void> {
    const now = Date.now()
    for (const { row, provider, reference } of this.owedHere())
      if (this.retryAt(row.id) <= now) await this.giveBack(row.id, provider, reference)
  }

  /**
   * Gives a hold's money back (an authorization cancelled, a capture
   * refunded). The hold was marked owing it in the turn that ended it; the
   * mark goes once the provider answers, so one that cannot take it now
   * leaves it owed, tried again by the alarm with the settling backoff.
   */
  async giveBack(holdId: string, provider: PaymentProvider, reference: string): Promise<void> {
    try {
      await provider.release(reference)
    } catch (error) {
      const at = this.later(holdId)
      console.error(
        `money of hold ${holdId} not given back yet, trying again at ${new Date(at).toISOString()}: ${String(error)}`,
      )
      await this.bill.alarm.holdRunsOut(at)
      return
    }
    this.settled(holdId)
    await this.bill.serially(async () => {
      const row = this.bill.store.holds.get(holdId)
      if (row?.owedBack) this.write(holdId, { status: row.status, owedBack: false })
    })
  }

  /**
   * A hold unsettled for longer than a card's authorization lasts: its
   * authorization has lapsed (nothing was taken that the provider could
   * still find), so it ends; the attempt is cancelled if the provider still
   * answers, and a late word that it was taken gives the money back.
   */
  async giveUp(row: HoldRow, provider: PaymentProvider | null): Promise<void> {
    await this.bill.serially(async () => this.end(row.id, 'released'))
    console.error(`hold ${row.id} given up after the authorization window; nothing was taken`)
    if (provider && row.reference) await provider.release(row.reference).catch(() => undefined)
  }
}
