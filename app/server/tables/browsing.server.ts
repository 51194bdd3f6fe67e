import type { AppLoadContext } from '@remix-run/cloudflare'
import { and, eq, isNull } from 'drizzle-orm'
import { ORDERING_MINUTES } from '~/domain/floor'
import { billEvent } from '~/domain/live'
import type { BillView } from '../table-session/bill-view.server'
import { ledgerOf } from '../books/ledger.server'
import { tableSessions } from '../db/schema.server'
import { restaurantHub } from '../live/live-sockets.server'

// Often enough for the floor's "ordering" to last while a party reads the menu; seldom enough not to write on every page.
const NOTED_EVERY_MS = 60_000

/**
 * A diner reading a bill with nothing on it yet (the bill, the menu): a
 * party at the table choosing. Noted on the bill's D1 row after the answer,
 * and the floor's screens told when the table starts to show it.
 */
export function noteBrowsing(context: AppLoadContext, bill: BillView): void {
  if (bill.totals.total > 0 || bill.closedAt !== null) return
  const noted = markBrowsing(context.cloudflare.env, bill).catch((error: unknown) =>
    console.error('browsing not noted', error),
  )
  context.cloudflare.ctx.waitUntil(noted)
}

async function markBrowsing(env: Env, bill: BillView) {
  const { db } = ledgerOf(env, bill.restaurantId)
  const now = Date.now()
  const [row] = await db
    .select({ browsedAt: tableSessions.browsedAt })
    .from(tableSessions)
    .where(eq(tableSessions.id, bill.sessionId))
  if (!row || (row.browsedAt !== null && now - row.browsedAt < NOTED_EVERY_MS)) return
  await db
    .update(tableSessions)
    .set({ browsedAt: now })
    .where(and(eq(tableSessions.id, bill.sessionId), isNull(tableSessions.closedAt)))
  const wasChoosing = row.browsedAt !== null && now - row.browsedAt < ORDERING_MINUTES * 60_000
  if (!wasChoosing)
    await restaurantHub(env, bill.restaurantId).publish([
      billEvent({ change: 'browsing', amountCents: null }, bill.sessionId, bill, bill.totals),
    ])
}
