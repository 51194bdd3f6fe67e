import { eq } from 'drizzle-orm'
import type { Ledger } from '../books/ledger.server'
import { payments, tables } from '../db/schema.server'

/** Whether any of the restaurant's tables, archived ones included, ever took a payment (a diner's or one staff recorded). */
export async function anyPaymentTaken({ db, restaurantId }: Ledger): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(tables, eq(tables.id, payments.tableId))
    .where(eq(tables.restaurantId, restaurantId))
    .limit(1)
  return Boolean(row)
}
