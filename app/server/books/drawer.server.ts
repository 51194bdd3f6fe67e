import { and, eq } from 'drizzle-orm'
import type { DenominationCounts } from '~/domain/drawer'
import { countedCents } from '~/domain/drawer'
import type { Signature } from '~/domain/signature'
import type { Ledger } from './ledger.server'
import { drawerCounts, type DrawerCountRow } from '../db/schema.server'

/** The drawer of a business day as the cash-out shows it: its fondo and its last count, with who and when. */
export interface Drawer {
  floatCents: number
  floatBy: string | null
  floatAt: number | null
  count: {
    countedCents: number
    counts: DenominationCounts | null
    by: string
    at: number
    note: string | null
  } | null
}

const ofDay = ({ restaurantId }: Ledger, day: string) =>
  and(eq(drawerCounts.restaurantId, restaurantId), eq(drawerCounts.businessDay, day))

function drawerFrom(row: DrawerCountRow | undefined): Drawer {
  return {
    floatCents: row?.floatCents ?? 0,
    floatBy: row?.floatBy ?? null,
    floatAt: row?.floatAt ?? null,
    count:
      row && row.countedCents !== null && row.countedAt !== null
        ? {
            countedCents: row.countedCents,
            counts: row.denominations ? (JSON.parse(row.denominations) as DenominationCounts) : null,
            by: row.countedBy ?? '',
            at: row.countedAt,
            note: row.note,
          }
        : null,
  }
}

/** The drawer of the business day `day` (no fondo and no count until someone sets them). */
export async function drawerOf(ledger: Ledger, day: string): Promise<Drawer> {
  const [row] = await ledger.db.select().from(drawerCounts).where(ofDay(ledger, day)).limit(1)
  return drawerFrom(row)
}

/** The fondo the drawer starts `day` with, signed by who set it. */
export async function setFloat(ledger: Ledger, day: string, floatCents: number, by: Signature): Promise<void> {
  const signed = { floatCents, floatBy: by.name, floatById: by.userId, floatAt: Date.now() }
  await ledger.db
    .insert(drawerCounts)
    .values({ restaurantId: ledger.restaurantId, businessDay: day, ...signed })
    .onConflictDoUpdate({ target: [drawerCounts.restaurantId, drawerCounts.businessDay], set: signed })
}

/** What was counted in the drawer at the end of `day` (a total, or note by note), signed, with a note; a later count replaces it. */
export async function recordCount(
  ledger: Ledger,
  day: string,
  count: { counts: DenominationCounts | null; countedCents: number | null; note: string | null },
  by: Signature,
): Promise<void> {
  const signed = {
    countedCents: count.counts ? countedCents(count.counts) : (count.countedCents ?? 0),
    denominations: count.counts ? JSON.stringify(count.counts) : null,
    countedBy: by.name,
    countedById: by.userId,
    countedAt: Date.now(),
    note: count.note,
  }
  await ledger.db
    .insert(drawerCounts)
    .values({ restaurantId: ledger.restaurantId, businessDay: day, ...signed })
    .onConflictDoUpdate({ target: [drawerCounts.restaurantId, drawerCounts.businessDay], set: signed })
}
