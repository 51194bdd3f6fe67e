import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm'
import { setupChecklist, type SetupFacts } from '~/domain/setup-checklist'
import { logChange, type Editor } from '../auth/change-log.server'
import { ledgerOf } from '../books/ledger.server'
import { getDb, type Db } from '../db/client.server'
import {
  categories,
  changeLog,
  invitations,
  memberships,
  menuItems,
  menus,
  restaurants,
  tables,
} from '../db/schema.server'
import { anyPaymentTaken } from './payments-taken.server'

/** The saves of Configuración that count as the owner having checked the restaurant's details. */
const SETTINGS_SAVED = ['settings.update', 'restaurant.update']

const countOf = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0

/** What the restaurant's records say of each setup step, or null once an owner put the checklist away. */
async function setupFacts(env: Env, db: Db, restaurantId: string): Promise<SetupFacts | null> {
  const now = Date.now()
  const [restaurant] = await db
    .select({
      dismissedAt: restaurants.setupDismissedAt,
      chargesEnabled: restaurants.stripeChargesEnabled,
      detailsSubmitted: restaurants.stripeDetailsSubmitted,
      disconnectedAt: restaurants.stripeDisconnectedAt,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1)
  if (!restaurant || restaurant.dismissedAt !== null) return null
  const [saves, dishes, tablesInUse, members, pendingInvitations, paymentTaken] = await Promise.all([
    countOf(
      db
        .select({ n: count() })
        .from(changeLog)
        .where(and(eq(changeLog.restaurantId, restaurantId), inArray(changeLog.action, SETTINGS_SAVED))),
    ),
    countOf(
      db
        .select({ n: count() })
        .from(menuItems)
        .innerJoin(categories, eq(categories.id, menuItems.categoryId))
        .innerJoin(menus, eq(menus.id, categories.menuId))
        .where(eq(menus.restaurantId, restaurantId)),
    ),
    countOf(
      db
        .select({ n: count() })
        .from(tables)
        .where(and(eq(tables.restaurantId, restaurantId), eq(tables.isActive, true))),
    ),
    countOf(db.select({ n: count() }).from(memberships).where(eq(memberships.restaurantId, restaurantId))),
    countOf(
      db
        .select({ n: count() })
        .from(invitations)
        .where(
          and(
            eq(invitations.restaurantId, restaurantId),
            isNull(invitations.acceptedAt),
            isNull(invitations.cancelledAt),
            gt(invitations.expiresAt, now),
          ),
        ),
    ),
    anyPaymentTaken(ledgerOf(env, restaurantId)),
  ])
  return {
    settingsSaved: saves > 0,
    dishes,
    tables: tablesInUse,
    stripe: {
      chargesEnabled: restaurant.chargesEnabled,
      detailsSubmitted: restaurant.detailsSubmitted,
      disconnected: restaurant.disconnectedAt !== null,
    },
    members,
    pendingInvitations,
    paymentTaken,
  }
}

/** The restaurant's setup checklist as its records say now, or null once an owner put it away. */
export async function loadSetupChecklist(env: Env, restaurantId: string) {
  const facts = await setupFacts(env, getDb(env.DB), restaurantId)
  return facts ? setupChecklist(facts) : null
}

/**
 * Puts the checklist away for the whole restaurant, signed by `editor`;
 * false (nothing changes) while a step is still to do.
 */
export async function dismissSetupChecklist(env: Env, editor: Editor): Promise<boolean> {
  const db = getDb(env.DB)
  const id = editor.restaurant.id
  const facts = await setupFacts(env, db, id)
  if (!facts) return true
  if (!setupChecklist(facts).allDone) return false
  await db.batch([
    db
      .update(restaurants)
      .set({ setupDismissedAt: Date.now() })
      .where(and(eq(restaurants.id, id), isNull(restaurants.setupDismissedAt))),
    logChange(db, editor, 'setup.dismiss', id),
  ])
  return true
}
