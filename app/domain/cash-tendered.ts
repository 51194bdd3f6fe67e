import type { Cents } from './money'

/** Notes and round sums a diner hands over, in pesos: what the one-tap cash amounts round up to. */
const ROUND_UP_TO = [50, 100, 200, 500]

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
  const rounded = ROUND_UP_TO.map((pesos) => Math.ceil(dueCents / (pesos * 100)) * pesos * 100)
  return [...new Set([dueCents, ...rounded])].sort((a, b) => a - b)
}
