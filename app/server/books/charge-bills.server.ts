import { and, eq } from 'drizzle-orm'
import { payments } from '../db/schema.server'
import type { Ledger } from './ledger.server'

/**
 * The bill a charge was paid on, found by the provider's reference for it
 * (a Stripe PaymentIntent): what a word from Stripe about that charge (a
 * refund made in its Dashboard, a dispute) needs to reach the bill's books.
 * Null when it is not a payment Mesa recorded.
 */
export async function billOfCharge(
  { db }: Ledger,
  reference: string,
): Promise<{ sessionId: string; paymentId: string } | null> {
  const [payment] = await db
    .select({ sessionId: payments.sessionId, paymentId: payments.id })
    .from(payments)
    .where(and(eq(payments.providerReference, reference), eq(payments.provider, 'stripe')))
    .limit(1)
  return payment ?? null
}
