import { NOTHING_PAID, payingMore, type PaidSums } from '~/domain/bill'

/** A bill's sums with `cents` paid and nothing refunded. */
export const paidOnly = (cents: number): PaidSums => payingMore(NOTHING_PAID, cents)
