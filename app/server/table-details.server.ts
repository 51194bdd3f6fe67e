import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { paidLinesOf, readBill, sessionPayments } from './bill.server'
import type { Db } from './db/client.server'
import { payments, tableSessions } from './db/schema.server'
import type { StaffTable } from './tables.server'

const PREVIOUS_BILLS = 10

/** What staff see of a table: its open bill with every payment, and the last bills closed on it. */
export async function readTableDetails(db: Db, table: Pick<StaffTable, 'id' | 'sessionId'>) {
  const [bill, paymentRows, [session], previous] = await Promise.all([
    readBill(db, table.sessionId),
    sessionPayments(db, table.sessionId),
    db.select({ openedAt: tableSessions.openedAt }).from(tableSessions).where(eq(tableSessions.id, table.sessionId)).limit(1),
    db
      .select({
        id: tableSessions.id,
        openedAt: tableSessions.openedAt,
        closedAt: sql<number>`${tableSessions.closedAt}`,
        paidCents: sql<number>`coalesce(sum(${payments.amountCents} + ${payments.taxCents}), 0)`,
        tipCents: sql<number>`coalesce(sum(${payments.tipCents}), 0)`,
        payments: sql<number>`count(${payments.id})`,
      })
      .from(tableSessions)
      .leftJoin(payments, eq(payments.sessionId, tableSessions.id))
      .where(and(eq(tableSessions.tableId, table.id), isNotNull(tableSessions.closedAt)))
      .groupBy(tableSessions.id)
      .orderBy(desc(tableSessions.closedAt))
      .limit(PREVIOUS_BILLS),
  ])
  if (!bill) return null
  const names = new Map(bill.lines.map((line) => [line.id, line.name]))
  return {
    sessionId: table.sessionId,
    openedAt: session?.openedAt ?? null,
    totals: bill.totals,
    lines: bill.lines.map((line) => ({
      id: line.id,
      name: line.name,
      description: line.description,
      quantity: line.quantity,
      paidQuantity: line.paidQuantity,
      priceCents: line.priceCents,
      customerName: line.customerName,
      paidBy: line.paidBy,
    })),
    payments: paymentRows.map((payment) => ({
      id: payment.id,
      customerName: payment.customerName,
      method: payment.paymentMethod,
      type: payment.paymentType,
      // What the diner was charged for the bill itself (tax on top included), the tip apart.
      amountCents: payment.amountCents + payment.taxCents,
      tipCents: payment.tipCents,
      createdAt: payment.createdAt,
      items: paidLinesOf(payment).map((item) => ({ name: names.get(item.itemId) ?? '', quantity: item.quantity })),
      splitShares: payment.splitShares,
      splitCount: payment.splitCount,
    })),
    previous,
  }
}
