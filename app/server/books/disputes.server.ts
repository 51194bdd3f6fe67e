import { eq } from 'drizzle-orm'
import { disputes } from '../db/schema.server'
import type { Ledger } from './ledger.server'

export type DisputeRow = typeof disputes.$inferSelect

/**
 * Keeps a dispute as Stripe has it now on its payment's bill, whatever
 * order its events came in; answers whether it is new to the books, changed
 * its status, or is as they had it (what staff are told of).
 */
export async function keepDispute(
  { db }: Ledger,
  dispute: Omit<DisputeRow, 'createdAt' | 'updatedAt'>,
): Promise<'new' | 'changed' | 'same'> {
  const [before] = await db.select({ status: disputes.status }).from(disputes).where(eq(disputes.id, dispute.id))
  const now = Date.now()
  await db
    .insert(disputes)
    .values({ ...dispute, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: disputes.id,
      set: { status: dispute.status, amountCents: dispute.amountCents, dueBy: dispute.dueBy, updatedAt: now },
    })
  if (!before) return 'new'
  return before.status === dispute.status ? 'same' : 'changed'
}

/** The disputes of a bill's payments, by payment id. */
export async function disputesOfBill({ db }: Ledger, sessionId: string): Promise<Map<string, DisputeRow>> {
  const rows = await db.select().from(disputes).where(eq(disputes.sessionId, sessionId))
  return new Map(rows.map((row) => [row.paymentId, row]))
}
