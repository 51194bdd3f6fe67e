import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, max, or } from 'drizzle-orm'
import type { CashMovement, DenominationCounts, DrawerSession } from '~/domain/drawer'
import { cashOfWindow, countedCents, drawerDifference, expectedInDrawer } from '~/domain/drawer'
import { charged } from '~/domain/bill'
import type { Signature } from '~/domain/signature'
import type { Ledger } from './ledger.server'
import {
  drawerCounts,
  drawerSessions,
  payments,
  refunds,
  refundStands,
  tables,
  type DrawerSessionRow,
} from '../db/schema.server'

/** What a count sends: a total, or note by note, and a note. */
export interface CountSent {
  counts: DenominationCounts | null
  countedCents: number | null
  note: string | null
}

const own = ({ restaurantId }: Ledger) => eq(drawerSessions.restaurantId, restaurantId)

/** Cash that moved in [fromMs, toMs): cash payments in, cash refunds that stand out. */
async function cashMovements({ db, restaurantId }: Ledger, fromMs: number, toMs: number): Promise<CashMovement[]> {
  const mine = eq(tables.restaurantId, restaurantId)
  const [paid, given] = await db.batch([
    db
      .select({
        at: payments.createdAt,
        amountCents: payments.amountCents,
        taxCents: payments.taxCents,
        tipCents: payments.tipCents,
      })
      .from(payments)
      .innerJoin(tables, eq(tables.id, payments.tableId))
      .where(
        and(mine, eq(payments.paymentMethod, 'cash'), gte(payments.createdAt, fromMs), lt(payments.createdAt, toMs)),
      ),
    db
      .select({
        at: refunds.createdAt,
        kind: refunds.kind,
        amountCents: refunds.amountCents,
        taxCents: refunds.taxCents,
        tipCents: refunds.tipCents,
      })
      .from(refunds)
      .innerJoin(tables, eq(tables.id, refunds.tableId))
      .where(
        and(
          mine,
          refundStands,
          eq(refunds.method, 'cash'),
          gte(refunds.createdAt, fromMs),
          lt(refunds.createdAt, toMs),
        ),
      ),
  ])
  return [
    ...paid.map((row) => ({ at: row.at, inCents: charged(row), outCents: 0 })),
    // A voided cash payment's cash never came in: it is undone from what came in, not given back.
    ...given.map((row) =>
      row.kind === 'void'
        ? { at: row.at, inCents: -charged(row), outCents: 0 }
        : { at: row.at, inCents: 0, outCents: charged(row) },
    ),
  ]
}

/**
 * The drawer sessions that held cash in [fromMs, toMs) (a day or a shift),
 * oldest first, each with the cash of its own window, which may reach
 * outside the period: a count compares itself with its session's cash, not
 * the period's.
 */
export async function drawerSessionsOf(
  ledger: Ledger,
  period: { fromMs: number; toMs: number },
  /** When the period reaches now: where a restaurant's first session starts. */
  current: { firstFrom: number } | null = null,
): Promise<DrawerSession[]> {
  const stored = await ledger.db
    .select()
    .from(drawerSessions)
    .where(
      and(
        own(ledger),
        lt(drawerSessions.coversFrom, period.toMs),
        or(isNull(drawerSessions.closedAt), gt(drawerSessions.closedAt, period.fromMs)),
      ),
    )
    .orderBy(drawerSessions.coversFrom)
  const rows: (DrawerSessionRow & { opened?: false })[] = stored
  // A period that reaches now with no session open shows the one a fondo or a count would open: the cash it would hold.
  if (current && !stored.some((row) => !row.closedAt)) {
    const [last] = await ledger.db
      .select({ closedAt: max(drawerSessions.closedAt) })
      .from(drawerSessions)
      .where(own(ledger))
    const coversFrom = last?.closedAt ?? current.firstFrom
    rows.push({
      id: '',
      restaurantId: ledger.restaurantId,
      openedAt: coversFrom,
      coversFrom,
      floatCents: 0,
      floatBy: null,
      floatById: null,
      floatAt: null,
      closedAt: null,
      opened: false,
    })
  }
  if (rows.length === 0) return []
  // An open session holds every cash movement from its start on.
  const end = (row: DrawerSessionRow) => row.closedAt ?? Number.MAX_SAFE_INTEGER
  const [movements, counted] = await Promise.all([
    cashMovements(ledger, Math.min(...rows.map((row) => row.coversFrom)), Math.max(...rows.map(end))),
    ledger.db
      .select()
      .from(drawerCounts)
      .where(
        inArray(
          drawerCounts.sessionId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(desc(drawerCounts.countedAt)),
  ])
  return rows.map((row) => {
    const cash = cashOfWindow(row, movements)
    const figures = { floatCents: row.floatCents, ...cash }
    const counts = counted
      .filter((count) => count.sessionId === row.id)
      .map((count) => ({
        countedCents: count.countedCents,
        counts: count.denominations ? (JSON.parse(count.denominations) as DenominationCounts) : null,
        by: count.countedBy,
        at: count.countedAt,
        note: count.note,
      }))
    return {
      id: row.id,
      opened: row.opened ?? true,
      openedAt: row.openedAt,
      coversFrom: row.coversFrom,
      closedAt: row.closedAt,
      floatCents: row.floatCents,
      floatBy: row.floatBy,
      floatAt: row.floatAt,
      ...cash,
      expectedCents: expectedInDrawer(figures),
      counts,
      differenceCents: counts[0] ? drawerDifference({ ...figures, countedCents: counts[0].countedCents }) : null,
    }
  })
}

/** The id of the restaurant's open drawer session, opening one when there is none (see openSession). */
async function openSessionId(ledger: Ledger, firstFrom: number, now: number): Promise<string> {
  const [last] = await ledger.db
    .select({ closedAt: max(drawerSessions.closedAt) })
    .from(drawerSessions)
    .where(own(ledger))
  // Two members opening at once: the one open session stands (drawer_sessions_one_open), the other insert is ignored.
  await ledger.db
    .insert(drawerSessions)
    .values({
      id: crypto.randomUUID(),
      restaurantId: ledger.restaurantId,
      openedAt: now,
      coversFrom: last?.closedAt ?? firstFrom,
    })
    .onConflictDoNothing()
  const [open] = await ledger.db
    .select({ id: drawerSessions.id })
    .from(drawerSessions)
    .where(and(own(ledger), isNull(drawerSessions.closedAt)))
    .limit(1)
  return open!.id
}

/**
 * The fondo of the open drawer session, signed by who set it. With no
 * session open, this opens one: it holds the cash since the last close, or,
 * for the restaurant's first, since `firstFrom` (the start of today's
 * business day).
 */
export async function setFloat(
  ledger: Ledger,
  floatCents: number,
  by: Signature,
  firstFrom: number,
  now = Date.now(),
): Promise<void> {
  const id = await openSessionId(ledger, firstFrom, now)
  await ledger.db
    .update(drawerSessions)
    .set({ floatCents, floatBy: by.name, floatById: by.userId, floatAt: now })
    .where(eq(drawerSessions.id, id))
}

/** The id of the session whose window holds the instant `at`: the one a page shown then showed as open. */
async function sessionAt(ledger: Ledger, at: number): Promise<string | null> {
  const [row] = await ledger.db
    .select({ id: drawerSessions.id })
    .from(drawerSessions)
    .where(
      and(
        own(ledger),
        lte(drawerSessions.coversFrom, at),
        or(isNull(drawerSessions.closedAt), gt(drawerSessions.closedAt, at)),
      ),
    )
    .limit(1)
  return row?.id ?? null
}

/**
 * A count of the drawer session `sessionId` or, when none is named, of the
 * one open when the counting member's page was shown (`seen`), opening one
 * when none was: two members counting the same drawer count the same
 * session. Signed. The first count closes the session and opens the next with
 * `nextFloat` (the fondo left in the drawer), signed by the same member; a
 * count of a session already closed (a recount, or a second member counting
 * the same drawer at once) is kept beside its first and stands, and moves
 * no boundary.
 */
export async function recordCount(
  ledger: Ledger,
  which: { sessionId: string | null; seen: number | null },
  count: CountSent & { nextFloatCents: number },
  by: Signature,
  firstFrom: number,
  now = Date.now(),
): Promise<'closed' | 'recounted' | 'unknown'> {
  const id =
    which.sessionId ?? (await sessionAt(ledger, which.seen ?? now)) ?? (await openSessionId(ledger, firstFrom, now))
  const [session] = await ledger.db
    .select({ closedAt: drawerSessions.closedAt })
    .from(drawerSessions)
    .where(and(own(ledger), eq(drawerSessions.id, id)))
    .limit(1)
  if (!session) return 'unknown'
  const { db } = ledger
  const [, closing] = await db.batch([
    db.insert(drawerCounts).values({
      id: crypto.randomUUID(),
      sessionId: id,
      countedCents: count.counts ? countedCents(count.counts) : (count.countedCents ?? 0),
      denominations: count.counts ? JSON.stringify(count.counts) : null,
      countedBy: by.name,
      countedById: by.userId,
      countedAt: now,
      note: count.note,
    }),
    db
      .update(drawerSessions)
      .set({ closedAt: now })
      .where(and(eq(drawerSessions.id, id), isNull(drawerSessions.closedAt)))
      .returning({ id: drawerSessions.id }),
  ])
  if (closing.length === 0) return 'recounted'
  // The next session opens at the close; were another already open (a member who set a fondo meanwhile), it stands.
  await db
    .insert(drawerSessions)
    .values({
      id: crypto.randomUUID(),
      restaurantId: ledger.restaurantId,
      openedAt: now,
      coversFrom: now,
      floatCents: count.nextFloatCents,
      floatBy: by.name,
      floatById: by.userId,
      floatAt: now,
    })
    .onConflictDoNothing()
  return 'closed'
}
