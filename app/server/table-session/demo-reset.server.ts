import { desc, eq } from 'drizzle-orm'
import { sumCents } from '~/domain/money'
import { billLinesQuery, paidCentsQuery } from '../bill.server'
import type { Db } from '../db/client.server'
import { billItems, payments, tableSessions } from '../db/schema.server'
import { DEMO_MAX_AGE_MS, DEMO_OWNER_ID, DEMO_PAID_GRACE_MS, demoBillLines } from '../demo-data.server'
import { isDemoSession } from '../table-session.server'
import type { BillTable } from './open-bill.server'

/**
 * Brings the public demo table back to its seed when it is stale: empty,
 * paid a while ago, or older than a few hours. Everyone shares that table,
 * so it must never stay broken or full of strangers' orders. Answers whether
 * it reset the bill.
 */
export async function restoreDemoIfStale(db: Db, sessionId: string, table: BillTable): Promise<boolean> {
  // Only the public demo table resets; the demo restaurant's other tables keep their bills.
  if (table.userId !== DEMO_OWNER_ID || !isDemoSession(sessionId)) return false
  const now = Date.now()
  const [[session], lines, paidRows, lastPayment] = await db.batch([
    db.select({ openedAt: tableSessions.openedAt }).from(tableSessions).where(eq(tableSessions.id, sessionId)).limit(1),
    billLinesQuery(db, sessionId),
    paidCentsQuery(db, sessionId),
    db.select({ createdAt: payments.createdAt }).from(payments).where(eq(payments.sessionId, sessionId)).orderBy(desc(payments.createdAt)).limit(1),
  ])
  const total = sumCents(lines.map((line) => line.priceCents))
  const paidLongAgo = lines.length > 0 && total <= (paidRows[0]?.paid ?? 0) && now - (lastPayment[0]?.createdAt ?? now) > DEMO_PAID_GRACE_MS
  const tooOld = !session || now - session.openedAt > DEMO_MAX_AGE_MS
  if (lines.length > 0 && !paidLongAgo && !tooOld) return false

  await db.batch([
    db.delete(payments).where(eq(payments.sessionId, sessionId)),
    db.delete(billItems).where(eq(billItems.sessionId, sessionId)),
    db
      .insert(tableSessions)
      .values({ id: sessionId, tableId: table.tableId, openedAt: now })
      .onConflictDoUpdate({ target: tableSessions.id, set: { openedAt: now, closedAt: null } }),
    db.insert(billItems).values(demoBillLines.map((line) => ({ ...line, id: crypto.randomUUID(), tableId: table.tableId, sessionId, createdAt: now }))),
  ])
  return true
}
