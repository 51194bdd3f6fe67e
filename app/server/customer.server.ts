import { data, type AppLoadContext } from '@remix-run/cloudflare'
import { lineRemaining } from '~/domain/bill'
import { isIdLike } from '~/domain/schemas/fields'
import { readBill, type BillView } from './bill.server'
import { getDb } from './db/client.server'
import { isDemoSession, tableSessionStub } from './table-session.server'

/** The open bill a diner asks for, the public demo restored first if stale; null when there is none. */
export async function readDinerBill(env: Env, sessionId: string): Promise<BillView | null> {
  if (!isIdLike(sessionId)) return null
  if (isDemoSession(sessionId)) await tableSessionStub(env, sessionId).restoreDemo(sessionId)
  return readBill(getDb(env.DB), sessionId)
}

/** The bill of a diner's screen, or the 404 that shows 'Table Not Found'. */
export async function loadBill(context: AppLoadContext, sessionId: string | undefined): Promise<BillView> {
  const bill = sessionId ? await readDinerBill(context.cloudflare.env, sessionId) : null
  if (!bill) throw data({ notFound: true }, { status: 404 })
  return bill
}

/** What every diner screen's header shows. */
export function dinerHeader(bill: BillView) {
  return { sessionId: bill.sessionId, restaurantName: bill.restaurantName ?? '', tableNumber: bill.tableNumber }
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
