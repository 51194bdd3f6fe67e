import { count, eq, inArray } from 'drizzle-orm'
import { alertText, type AlertDraft } from '~/domain/alerts'
import { DEFAULT_LANGUAGE, resources } from '~/locales'
import { makeT } from '~/locales/translate'
import { getDb } from '../db/client.server'
import { alertRecipients, pushSubscriptions } from '../db/schema.server'
import { pushToMembers } from './push.server'

/** How long the hub trusts its last look at whether anyone in the restaurant turned notifications on. */
const DEVICES_CHECKED_FOR_MS = 60_000

/**
 * Sends stored alerts to the phones of the people they reached, each
 * alert to its own recipients. Written in the restaurant's language (the
 * default, Spanish): a push has no request to read a person's from.
 */
export async function pushAlerts(env: Env, restaurantId: string, alerts: readonly AlertDraft[]): Promise<void> {
  if (alerts.length === 0) return
  const db = getDb(env.DB)
  const reached = await db
    .select({ alertId: alertRecipients.alertId, userId: alertRecipients.userId })
    .from(alertRecipients)
    .where(
      inArray(
        alertRecipients.alertId,
        alerts.map((alert) => alert.id),
      ),
    )
  const t = makeT(DEFAULT_LANGUAGE, resources[DEFAULT_LANGUAGE])
  await Promise.all(
    alerts.map((alert) => {
      const people = reached.filter((row) => row.alertId === alert.id).map((row) => row.userId)
      return pushToMembers(env, restaurantId, people, {
        title: t('admin.kitchen.table', { number: alert.tableNumber }),
        body: alertText(t, alert),
        url: `/admin/tables/${alert.tableId}`,
        tag: alert.id,
      })
    }),
  )
}

/**
 * Whether anyone in the restaurant has a device to push to, looked at
 * once a minute: a restaurant that never turned notifications on costs
 * its hub no read per alert.
 */
export class PushDevicesSeen {
  #checkedAt = 0
  #any = false

  constructor(
    private readonly env: Env,
    private readonly restaurantId: string,
  ) {}

  forget(): void {
    this.#checkedAt = 0
  }

  async any(now = Date.now()): Promise<boolean> {
    if (now - this.#checkedAt < DEVICES_CHECKED_FOR_MS) return this.#any
    const [row] = await getDb(this.env.DB)
      .select({ devices: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.restaurantId, this.restaurantId))
    this.#any = (row?.devices ?? 0) > 0
    this.#checkedAt = now
    return this.#any
  }
}
