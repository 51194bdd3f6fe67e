import { billTotals } from '~/domain/bill'
import { DEMO_MAX_AGE_MS, DEMO_OWNER_ID, DEMO_PAID_GRACE_MS, demoBillLines } from '../demo/demo-data.server'
import { isDemoSession } from './stub.server'
import type { Db } from '../db/client.server'
import type { BillHeader, BillStore } from './bill-store.server'
import { readTable } from './open-bill.server'

/**
 * Brings the public demo table back to its seed when it is stale: empty,
 * paid a while ago, or older than a few hours. Everyone shares that table,
 * so it must never stay broken or full of strangers' orders. Answers whether
 * it reset the bill.
 */
export function restoreDemoIfStale(store: BillStore, header: BillHeader): boolean {
  // Only the public demo table resets; the demo restaurant's other tables keep their bills.
  if (header.table.restaurantId !== DEMO_OWNER_ID || !isDemoSession(header.sessionId) || header.closedAt !== null)
    return false
  const now = Date.now()
  const { lines, paid } = store.state()
  const lastPaymentAt = store.payments()[0]?.createdAt ?? now
  const paidLongAgo =
    lines.length > 0 && billTotals(lines, paid).remaining === 0 && now - lastPaymentAt > DEMO_PAID_GRACE_MS
  const tooOld = now - header.openedAt > DEMO_MAX_AGE_MS
  if (lines.length > 0 && !paidLongAgo && !tooOld) return false
  resetDemo(store, header, now)
  return true
}

/**
 * A closed demo bill that the ledger names as its table's open bill again:
 * the seed ran after the close (`npm start` seeds every time) and put
 * `demo7` back. Asked only once the close is in D1, or D1 would still name
 * this bill only because it has not heard of the close yet.
 */
export async function reseeded(db: Db, store: BillStore, header: BillHeader): Promise<boolean> {
  // An archived table's last bill is still the one D1 names, and stays closed.
  if (
    !isDemoSession(header.sessionId) ||
    header.closedAt === null ||
    header.nextSessionId === null ||
    store.outbox.count() > 0
  )
    return false
  return (await readTable(db, header.tableId))?.sessionId === header.sessionId
}

/** Lays the demo bill's seed lines on an empty bill, opened now. */
export function resetDemo(store: BillStore, header: BillHeader, now: number) {
  store.transaction(() =>
    store.reset(
      now,
      demoBillLines.map((line) => ({
        menuItemId: null,
        paidBy: null,
        paidQuantity: 0,
        comped: false,
        note: null,
        addedBy: null,
        addedById: null,
        orderId: null,
        ...line,
        id: crypto.randomUUID(),
        tableId: header.tableId,
        sessionId: header.sessionId,
        createdAt: now,
      })),
    ),
  )
}
