import { billTotals, type BillTotals } from '~/domain/bill'
import { billLinesQuery, currentSessionOf, findOpenTable, paidCentsQuery } from '../bill.server'
import type { Db } from '../db/client.server'
import { billClosed, tableNotFound } from '../write-result.server'

/** The table an open bill belongs to, as the object's writes need it. */
export type BillTable = NonNullable<Awaited<ReturnType<typeof findOpenTable>>>

/** Why a write found no open bill: closed meanwhile (said as such), or never one. */
export async function notOpen(db: Db, sessionId: string) {
  return (await currentSessionOf(db, sessionId)) ? billClosed() : tableNotFound()
}

/** The table whose open bill this is; a bill closed meanwhile is refused as such, not as unknown. */
export async function openTable(db: Db, sessionId: string, tableId: string) {
  const table = await findOpenTable(db, sessionId)
  if (table && table.tableId === tableId) return { ok: true as const, table }
  return notOpen(db, sessionId)
}

/** What the bill adds up to now, read from the database. */
export async function readTotals(db: Db, sessionId: string): Promise<BillTotals> {
  const [lines, paidRows] = await db.batch([billLinesQuery(db, sessionId), paidCentsQuery(db, sessionId)])
  return billTotals(lines, paidRows[0]?.paid ?? 0)
}
