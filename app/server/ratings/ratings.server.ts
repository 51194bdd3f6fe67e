import { and, desc, eq, gte, lt } from 'drizzle-orm'
import { billTotals, NOTHING_PAID } from '~/domain/bill'
import { billEvent, refs } from '~/domain/live'
import type { PaymentRow } from '../db/schema.server'
import { ledgerOfBill, type Ledger } from '../books/ledger.server'
import { payments, ratings, restaurants, tables } from '../db/schema.server'
import { restaurantHub } from '../live/live-sockets.server'
import { tableSessionStub } from '../table-session/stub.server'

type RatingRow = typeof ratings.$inferSelect

/** A payment's rating, and where the restaurant asks for reviews on Google (offered to every rater alike). */
export async function ratingOf(env: Env, sessionId: string, paymentId: string) {
  const ledger = await ledgerOfBill(env, sessionId)
  if (!ledger) return null
  const [row] = await ledger.db
    .select({ rating: ratings, googleReviewUrl: restaurants.googleReviewUrl })
    .from(restaurants)
    .leftJoin(ratings, eq(ratings.paymentId, paymentId))
    .where(eq(restaurants.id, ledger.restaurantId))
    .limit(1)
  return row ? { rating: row.rating, googleReviewUrl: row.googleReviewUrl } : null
}

/**
 * A diner rates the visit their payment paid for: one rating per payment
 * (rated again, it changes). A rating of 1–3 stars tells the table's staff
 * at once, each time its stars change.
 */
export async function ratePayment(
  env: Env,
  payment: Pick<PaymentRow, 'id' | 'sessionId' | 'tableId'>,
  form: { stars: number; comment: string | null },
): Promise<RatingRow | null> {
  const ledger = await ledgerOfBill(env, payment.sessionId)
  if (!ledger) return null
  // The rating hangs from the payment's ledger record: the bill's object gives it first.
  await tableSessionStub(env, payment.sessionId).toLedger(payment.sessionId)
  const now = Date.now()
  const [before] = await ledger.db.select().from(ratings).where(eq(ratings.paymentId, payment.id)).limit(1)
  const [row] = await ledger.db
    .insert(ratings)
    .values({
      paymentId: payment.id,
      restaurantId: ledger.restaurantId,
      sessionId: payment.sessionId,
      tableId: payment.tableId,
      stars: form.stars,
      comment: form.comment,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: ratings.paymentId,
      set: { stars: form.stars, comment: form.comment, updatedAt: now },
    })
    .returning()
  if (row && before?.stars !== row.stars) await announce(env, ledger, row)
  return row ?? null
}

/** Staff hear of a rating on the restaurant's live feed; alertOf makes a low one an alert. */
async function announce(env: Env, ledger: Ledger, rating: RatingRow) {
  const [table] = await ledger.db
    .select({ tableId: tables.id, tableNumber: tables.tableNumber })
    .from(tables)
    .where(eq(tables.id, rating.tableId))
    .limit(1)
  if (!table) return
  await restaurantHub(env, ledger.restaurantId).publish([
    billEvent(
      {
        change: 'rating',
        amountCents: null,
        ref: refs.rating(rating.paymentId, rating.updatedAt),
        stars: rating.stars,
      },
      rating.sessionId,
      table,
      billTotals([], NOTHING_PAID),
    ),
  ])
}

/** The restaurant's ratings in [fromMs, toMs), newest first. */
export function ratingsBetween({ db, restaurantId }: Ledger, fromMs: number, toMs: number) {
  return db
    .select({
      stars: ratings.stars,
      comment: ratings.comment,
      createdAt: ratings.createdAt,
      tableNumber: tables.tableNumber,
    })
    .from(ratings)
    .innerJoin(tables, eq(tables.id, ratings.tableId))
    .where(and(eq(ratings.restaurantId, restaurantId), gte(ratings.createdAt, fromMs), lt(ratings.createdAt, toMs)))
    .orderBy(desc(ratings.createdAt))
}

/** A bill's ratings, for its table's history. */
export function ratingsOfBill({ db }: Ledger, sessionId: string) {
  return db
    .select({
      paymentId: ratings.paymentId,
      stars: ratings.stars,
      comment: ratings.comment,
      createdAt: ratings.createdAt,
      payer: payments.customerName,
    })
    .from(ratings)
    .innerJoin(payments, eq(payments.id, ratings.paymentId))
    .where(eq(ratings.sessionId, sessionId))
}
