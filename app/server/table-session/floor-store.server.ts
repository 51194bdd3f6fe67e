import { desc, eq, isNull } from 'drizzle-orm'
import type { CallReason } from '~/domain/alerts'
import { activity, calls } from './schema.server'
import type { ObjectDb } from './storage.server'

/** A diner's call for the waiter, as the bill shows it. */
export interface WaiterCall {
  id: string
  reason: CallReason
  createdAt: number
  answeredAt: number | null
  answeredBy: string | null
}

/** How long an answered call stays on the diner's bill, saying who came. */
const ANSWERED_SHOWN_MS = 15 * 60_000

/**
 * What the floor needs of the bill beyond its money: the diners' calls for
 * the waiter, and when anything last happened on it (for walkouts).
 */
export class FloorStore {
  constructor(private readonly db: ObjectDb) {}

  /** The call waiting for someone, if any: a table has one at a time. */
  openCall(): WaiterCall | null {
    return this.db.select().from(calls).where(isNull(calls.answeredAt)).get() ?? null
  }

  /** The call the diners see: one waiting, or the last answered a little while ago. */
  shownCall(now: number): WaiterCall | null {
    const last = this.db.select().from(calls).orderBy(desc(calls.createdAt)).limit(1).get()
    if (!last) return null
    return last.answeredAt === null || now - last.answeredAt < ANSWERED_SHOWN_MS ? last : null
  }

  call(id: string): WaiterCall | null {
    return this.db.select().from(calls).where(eq(calls.id, id)).get() ?? null
  }

  addCall(call: WaiterCall) {
    this.db.insert(calls).values(call).run()
  }

  answer(id: string, by: string, at: number) {
    this.db.update(calls).set({ answeredAt: at, answeredBy: by }).where(eq(calls.id, id)).run()
  }

  /** When anything last happened on the bill, and when staff were last told it looked walked out on. */
  activity(): { lastAt: number; walkoutAlertedAt: number | null } | null {
    return (
      this.db.select({ lastAt: activity.lastAt, walkoutAlertedAt: activity.walkoutAlertedAt }).from(activity).get() ??
      null
    )
  }

  touched(at: number) {
    this.db
      .insert(activity)
      .values({ id: 1, lastAt: at })
      .onConflictDoUpdate({ target: activity.id, set: { lastAt: at } })
      .run()
  }

  walkoutAlerted(at: number) {
    this.db.update(activity).set({ walkoutAlertedAt: at }).run()
  }
}
