import { data, type AppLoadContext } from '@remix-run/cloudflare'
import { lineRemaining } from '~/domain/bill'
import { isIdLike } from '~/domain/schemas/fields'
import { readBill, type BillView } from './bill.server'
import { getDb } from './db/client.server'
import { isDemoSession, tableSessionStub } from './table-session.server'

/** The bill of a diner's screen, or the 404 that shows 'Table Not Found'. */
export async function loadBill(context: AppLoadContext, sessionId: string | undefined): Promise<BillView> {
  if (!sessionId || !isIdLike(sessionId)) throw data({ notFound: true }, { status: 404 })
  const { env } = context.cloudflare
  if (isDemoSession(sessionId)) await tableSessionStub(env, sessionId).restoreDemo(sessionId)
  const bill = await readBill(getDb(env.DB), sessionId)
  if (!bill) throw data({ notFound: true }, { status: 404 })
  return bill
}

export type ClientLine = ReturnType<typeof clientBill>['lines'][number]

/** What a diner's page needs of the bill, in cents; nothing more goes to the phone. */
export function clientBill(bill: BillView) {
  return {
    tableId: bill.tableId,
    sessionId: bill.sessionId,
    userId: bill.userId,
    restaurantName: bill.restaurantName ?? '',
    tableNumber: bill.tableNumber,
    capacity: bill.capacity,
    totals: bill.totals,
    lines: bill.lines.map((line) => ({
      id: line.id,
      name: line.name,
      description: line.description,
      priceCents: line.priceCents,
      quantity: line.quantity,
      paidQuantity: line.paidQuantity,
      remainingCents: lineRemaining(line),
      customerName: line.customerName,
      paidBy: line.paidBy,
    })),
  }
}
