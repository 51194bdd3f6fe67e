import { CENTS_PER_PESO, type Cents } from './money'

/** Notes and round sums a diner hands over (50, 100, 200 and 500 pesos): what the one-tap cash amounts round up to. */
const ROUND_UP_TO: Cents[] = [50, 100, 200, 500].map((pesos) => pesos * CENTS_PER_PESO)

/**
 * The change to hand back for a cash payment as recorded: what was handed
 * over less what was charged (`amountCents` with its tax, and the tip);
 * null when no cash was handed over.
 */
export function changeFrom(payment: { cashReceivedCents: number | null; amountCents: Cents; tipCents: Cents }) {
  return payment.cashReceivedCents === null ? null : payment.cashReceivedCents - payment.amountCents - payment.tipCents
}

/**
 * The cash amounts a waiter is offered in one tap for `dueCents`: exactly
 * what is due, then the nearest 50, 100, 200 and 500 pesos above it, each
 * once, smallest first.
 */
export function cashTenderedChoices(dueCents: Cents): Cents[] {
  if (!Number.isSafeInteger(dueCents) || dueCents <= 0) return []
  const rounded = ROUND_UP_TO.map((step) => Math.ceil(dueCents / step) * step)
  return [...new Set([dueCents, ...rounded])].sort((a, b) => a - b)
}
