import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, max, or } from 'drizzle-orm'
import type { CashMovement, DenominationCounts, DrawerSession } from '~/domain/drawer'
import { cashOfWindow, countedCents, drawerDifference, expectedInDrawer } from '~/domain/drawer'
import { charged } from '~/domain/bill'
import type { Signature } from '~/domain/signature'
import { drawersInUse, type Register } from '~/domain/registers'
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

/** The sessions of one drawer of the restaurant: register `registerId`'s, or (null) the restaurant's own. */
const ownDrawer = (ledger: Ledger, registerId: string | null) =>
  and(own(ledger), registerId === null ? isNull(drawerSessions.registerId) : eq(drawerSessions.registerId, registerId))

/** Cash that moved in [fromMs, toMs): cash payments in, cash refunds that stand out. */
async function cashMovements({ db, restaurantId }: Ledger, fromMs: number, toMs: number): Promise<CashMovement[]> {
  const mine = eq(tables.restaurantId, restaurantId)
  const [paid, given] = await db.batch([
    db
      .select({
        registerId: payments.registerId,
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
        registerId: refunds.registerId,
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
    ...paid.map((row) => ({ registerId: row.registerId, at: row.at, inCents: charged(row), outCents: 0 })),
    // A voided cash payment's cash never came in: it is undone from what came in, not given back.
    ...given.map((row) =>
      row.kind === 'void'
        ? { registerId: row.registerId, at: row.at, inCents: -charged(row), outCents: 0 }
        : { registerId: row.registerId, at: row.at, inCents: 0, outCents: charged(row) },
    ),
  ]
}

/**
 * The drawer sessions that held cash in [fromMs, toMs) (a day or a shift),
 * every drawer's, oldest first, each with the cash of its own window, which
 * may reach outside the period: a count compares itself with its session's
 * cash, not the period's.
 */
export async function drawerSessionsOf(
  ledger: Ledger,
  period: { fromMs: number; toMs: number },
  /**
   * When the period reaches now: where a drawer's first session starts, and
   * the restaurant's registers, retired ones too. Every drawer with no
   * session open shows the one a fondo or a count would open; one out of use
   * (a retired register's, its own once it names registers) only while it
   * holds cash.
   */
  current: { firstFrom: number; registers: readonly Register[] } | null = null,
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
  const rows: (DrawerSessionRow & { opened?: false; inUse?: boolean })[] = stored
  if (current) {
    const inUse = drawersInUse(current.registers)
    const unopened = [null, ...current.registers.map((register) => register.id)].filter(
      (registerId) => !stored.some((row) => !row.closedAt && row.registerId === registerId),
    )
    const lastClosed = unopened.length > 0 ? await lastClosesOf(ledger) : new Map<string | null, number>()
    for (const registerId of unopened) {
      const coversFrom = lastClosed.get(registerId) ?? current.firstFrom
      rows.push({
        id: '',
        restaurantId: ledger.restaurantId,
        registerId,
        openedAt: coversFrom,
        coversFrom,
        floatCents: 0,
        floatBy: null,
        floatById: null,
        floatAt: null,
        closedAt: null,
        opened: false,
        inUse: inUse.includes(registerId),
      })
    }
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
  return rows.flatMap((row) => {
    const cash = cashOfWindow(row, movements)
    // A drawer out of use that nobody opened is shown only while it holds cash to count.
    if (row.inUse === false && cash.cashInCents === 0 && cash.cashOutCents === 0) return []
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
      registerId: row.registerId,
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

/** When each of the restaurant's drawers last closed, by register (null: its own drawer), in one read. */
async function lastClosesOf(ledger: Ledger): Promise<Map<string | null, number>> {
  const closes = await ledger.db
    .select({ registerId: drawerSessions.registerId, closedAt: max(drawerSessions.closedAt) })
    .from(drawerSessions)
    .where(own(ledger))
    .groupBy(drawerSessions.registerId)
  return new Map(closes.flatMap(({ registerId, closedAt }) => (closedAt === null ? [] : [[registerId, closedAt]])))
}

/** Where a drawer's next session starts: its last close, or for its first, `firstFrom`. */
async function nextCoversFrom(ledger: Ledger, registerId: string | null, firstFrom: number): Promise<number> {
  const [last] = await ledger.db
    .select({ closedAt: max(drawerSessions.closedAt) })
    .from(drawerSessions)
    .where(ownDrawer(ledger, registerId))
  return last?.closedAt ?? firstFrom
}

/** The id of the drawer's open session, opening one when there is none (see setFloat). */
async function openSessionId(ledger: Ledger, registerId: string | null, firstFrom: number, now: number) {
  // Two members opening at once: the one open session stands (drawer_sessions_one_open), the other insert is ignored.
  await ledger.db
    .insert(drawerSessions)
    .values({
      id: crypto.randomUUID(),
      restaurantId: ledger.restaurantId,
      registerId,
      openedAt: now,
      coversFrom: await nextCoversFrom(ledger, registerId, firstFrom),
    })
    .onConflictDoNothing()
  const [open] = await ledger.db
    .select({ id: drawerSessions.id })
    .from(drawerSessions)
    .where(and(ownDrawer(ledger, registerId), isNull(drawerSessions.closedAt)))
    .limit(1)
  return open!.id
}

/**
 * The fondo of the drawer's open session (the drawer of register
 * `registerId`, or the restaurant's own), signed by who set it. With no
 * session open, this opens one: it holds the cash since the drawer's last
 * close, or, for its first, since `firstFrom` (the start of today's
 * business day).
 */
export async function setFloat(
  ledger: Ledger,
  registerId: string | null,
  floatCents: number,
  by: Signature,
  firstFrom: number,
  now = Date.now(),
): Promise<void> {
  const id = await openSessionId(ledger, registerId, firstFrom, now)
  await ledger.db
    .update(drawerSessions)
    .set({ floatCents, floatBy: by.name, floatById: by.userId, floatAt: now })
    .where(eq(drawerSessions.id, id))
}

/** The id of the drawer's session whose window holds the instant `at`: the one a page shown then showed as open. */
async function sessionAt(ledger: Ledger, registerId: string | null, at: number): Promise<string | null> {
  const [row] = await ledger.db
    .select({ id: drawerSessions.id })
    .from(drawerSessions)
    .where(
      and(
        ownDrawer(ledger, registerId),
        lte(drawerSessions.coversFrom, at),
        or(isNull(drawerSessions.closedAt), gt(drawerSessions.closedAt, at)),
      ),
    )
    .limit(1)
  return row?.id ?? null
}

/**
 * A count of the drawer session `sessionId` or, when none is named, of the
 * drawer's session open when the counting member's page was shown (`seen`),
 * opening one when none was: two members counting the same drawer count
 * the same session. Signed. The first count closes the session and, unless
 * the drawer is out of use (`opensNext` false: its register was retired),
 * opens the next with `nextFloat` (the fondo left in the drawer), signed by
 * the same member; a count of a session already closed (a recount, or a second member counting
 * the same drawer at once) is kept beside its first and stands, and moves
 * no boundary.
 */
export async function recordCount(
  ledger: Ledger,
  which: { registerId: string | null; sessionId: string | null; seen: number | null },
  count: CountSent & { nextFloatCents: number; opensNext: boolean },
  by: Signature,
  firstFrom: number,
  now = Date.now(),
): Promise<'closed' | 'recounted' | 'unknown'> {
  const id =
    which.sessionId ??
    (await sessionAt(ledger, which.registerId, which.seen ?? now)) ??
    (await openSessionId(ledger, which.registerId, firstFrom, now))
  const [session] = await ledger.db
    .select({ registerId: drawerSessions.registerId })
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
  if (!count.opensNext) return 'closed'
  // The next session opens at the close; were another already open (a member who set a fondo meanwhile), it stands.
  await db
    .insert(drawerSessions)
    .values({
      id: crypto.randomUUID(),
      restaurantId: ledger.restaurantId,
      registerId: session.registerId,
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
