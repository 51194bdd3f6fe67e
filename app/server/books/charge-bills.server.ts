import { and, eq } from 'drizzle-orm'
import { payments, tables } from '../db/schema.server'
import type { Ledger } from './ledger.server'

/**
 * The bill a charge was paid on, found by the provider's reference for it
 * (a Stripe PaymentIntent): what a word from Stripe about that charge (a
 * refund made in its Dashboard, a dispute) needs to reach the bill's books
 * and its table's staff. Null when it is not a payment Mesa recorded.
 */
export async function billOfCharge({ db, restaurantId }: Ledger, reference: string) {
  const [payment] = await db
    .select({
      sessionId: payments.sessionId,
      paymentId: payments.id,
      tableId: payments.tableId,
      tableNumber: tables.tableNumber,
    })
    .from(payments)
    .innerJoin(tables, eq(tables.id, payments.tableId))
    .where(
      and(
        eq(payments.providerReference, reference),
        eq(payments.provider, 'stripe'),
        eq(tables.restaurantId, restaurantId),
      ),
    )
    .limit(1)
  return payment ?? null
}
