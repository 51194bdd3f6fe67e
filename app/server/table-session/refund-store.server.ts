import { and, eq } from 'drizzle-orm'
import type { RefundFailure } from '~/domain/refunds'
import { refunds } from './schema.server'
import { ROWID } from './statements.server'
import type { ObjectDb } from './storage.server'

/** A refund as the object keeps it: the ledger's, less the bill it belongs to, with its status (REFUND_STATUSES). */
export type StoredRefund = typeof refunds.$inferSelect

/** The provider of a refund staff gave back outside Mesa for one that failed; its reference is the failed refund's id. */
export const HANDLED_OUTSIDE = 'outside'

/**
 * The refunds in the object's SQLite: written `pending` before the provider
 * is asked (they count against what their payment may still give back),
 * then `done` or `failed`. A done refund changes the bill and reaches the
 * ledger through BillStore.finishRefund.
 */
export class RefundStore {
  constructor(
    private readonly db: ObjectDb,
    private readonly ready: () => boolean,
  ) {}

  /** Refunds, oldest first; of one payment when `paymentId` is given. */
  list(paymentId?: string): StoredRefund[] {
    return this.db
      .select()
      .from(refunds)
      .where(paymentId ? eq(refunds.paymentId, paymentId) : undefined)
      .orderBy(refunds.createdAt, ROWID)
      .all()
  }

  get(id: string): StoredRefund | undefined {
    return this.db.select().from(refunds).where(eq(refunds.id, id)).get()
  }

  /** Refunds whose money has not gone back yet. */
  pending(): StoredRefund[] {
    if (!this.ready()) return []
    return this.db.select().from(refunds).where(eq(refunds.status, 'pending')).orderBy(refunds.createdAt, ROWID).all()
  }

  /** A refund about to be given back. */
  add(refund: StoredRefund) {
    this.db.insert(refunds).values(refund).run()
  }

  done(id: string, reference: string | null) {
    this.db.update(refunds).set({ status: 'done', providerReference: reference }).where(eq(refunds.id, id)).run()
  }

  /** The provider took the refund (`reference`) but has not given the money back yet: it stays pending. */
  sent(id: string, reference: string) {
    this.db
      .update(refunds)
      .set({ providerReference: reference })
      .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
      .run()
  }

  /** Nothing was given back, and why. */
  fail(id: string, failure: RefundFailure) {
    this.db
      .update(refunds)
      .set({ status: 'failed', failure })
      .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
      .run()
  }

  /** A done refund the diner's bank sent back after all (BillStore.failRefund). */
  reverse(id: string) {
    this.db
      .update(refunds)
      .set({ status: 'failed', failure: 'bank' })
      .where(and(eq(refunds.id, id), eq(refunds.status, 'done')))
      .run()
  }
}
