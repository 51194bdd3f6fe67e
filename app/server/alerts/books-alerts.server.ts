import { and, eq } from 'drizzle-orm'
import { alertId, type AlertDraft } from '~/domain/alerts'
import type { Ledger } from '../books/ledger.server'
import { tables, tableSessions } from '../db/schema.server'
import { pushAlerts } from './alert-push.server'
import { storeBooksAlert } from './alert-writes.server'

/**
 * Alerts about the restaurant's books rather than its floor: a fiscal
 * document Facturapi keeps refusing, a Stripe event from another account
 * that names one of its bills. They reach those who keep the books
 * (`books.view`), whichever tables they follow, on the alerts' list and
 * their phones; each once, however often what raised it happens again.
 */
export async function raiseBooksAlert(
  env: Env,
  ledger: Ledger,
  { ref, ...alert }: Pick<AlertDraft, 'kind' | 'sessionId' | 'amountCents' | 'detail'> & { ref: string },
): Promise<void> {
  const [table] = await ledger.db
    .select({ tableId: tables.id, tableNumber: tables.tableNumber })
    .from(tableSessions)
    .innerJoin(tables, eq(tables.id, tableSessions.tableId))
    .where(and(eq(tableSessions.id, alert.sessionId), eq(tables.restaurantId, ledger.restaurantId)))
    .limit(1)
  if (!table) return
  const draft: AlertDraft = { ...alert, ...table, id: alertId(alert.kind, ref), at: Date.now() }
  if (await storeBooksAlert(env, ledger.restaurantId, draft)) await pushAlerts(env, ledger.restaurantId, [draft])
}
