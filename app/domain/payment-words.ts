import type { TFunction } from '~/locales/translate'
import type { PaymentType } from './bill'

/*
 * What a payment paid, named by what happened on its bill, the same words on
 * every screen (the staff's bill, the diner's confirmation, the receipt):
 * the whole bill ("Cuenta completa") only when it was its first payment,
 * after others the rest ("El resto"); the diner's own items ("Sus
 * artículos"); an amount ("Un importe"); or equal shares, numbered in the
 * order they were paid ("Parte igual 1 de 2"): a share is of the bill when
 * nothing was paid otherwise before it, else of what was left, and never of
 * lines it did not pay.
 */

/** A payment as the ledger keeps what it paid for. */
export interface PaymentShape {
  paymentType: PaymentType
  /** The table size of an equal split; null for an amount, which is a split with no table size. */
  splitCount: number | null
  /** How many of those shares it paid. */
  splitShares: number | null
}

export type PaidWhat =
  | { kind: 'whole' }
  | { kind: 'rest' }
  | { kind: 'items' }
  | { kind: 'amount' }
  /**
   * Shares `first` to `last` (one share: the same) of an equal split of
   * `of`: of the whole bill, or (`ofRest`) of what was left after money
   * paid otherwise.
   */
  | { kind: 'share'; first: number; last: number; of: number; ofRest: boolean }

/** What `payment` paid, after the bill's earlier payments `before` (any order). */
export function paidWhat(payment: PaymentShape, before: readonly PaymentShape[]): PaidWhat {
  if (payment.paymentType === 'item') return { kind: 'items' }
  if (payment.paymentType === 'full') return { kind: before.length === 0 ? 'whole' : 'rest' }
  if (payment.splitCount === null) return { kind: 'amount' }
  const of = payment.splitCount
  // Shares of the same split paid before it; a split the table changed starts its numbering again.
  const earlier = before
    .filter((each) => each.paymentType === 'split' && each.splitCount === of)
    .reduce((sum, each) => sum + (each.splitShares ?? 1), 0)
  const first = Math.min(earlier + 1, of)
  const ofRest = before.some((each) => each.paymentType !== 'split' || each.splitCount !== of)
  return { kind: 'share', first, last: Math.min(first + (payment.splitShares ?? 1) - 1, of), of, ofRest }
}

/** What each payment of a bill paid, given in the order they were made. */
export const paidWhatOfBill = (payments: readonly PaymentShape[]): PaidWhat[] =>
  payments.map((payment, index) => paidWhat(payment, payments.slice(0, index)))

/** A payment's words in the reader's language. */
export function paidWhatLabel(paid: PaidWhat, t: TFunction): string {
  if (paid.kind !== 'share') return t(`common.paymentKinds.${paid.kind}`)
  const of = paid.ofRest ? '' : 'OfBill'
  return paid.first === paid.last
    ? t(`common.paymentKinds.share${of}`, { first: paid.first, of: paid.of })
    : t(`common.paymentKinds.shares${of}`, { first: paid.first, last: paid.last, of: paid.of })
}

/**
 * Who paid which units of a line: each payer of its items with their units,
 * in the order they paid; units marked paid by a payment of the rest that
 * paid them (named on the line), or by equal shares or amounts, which pay
 * the bill and not lines (`payer` null).
 */
export function whoPaidUnits(
  line: { id: string; paidQuantity: number; paidBy: string | null },
  itemPayments: readonly { payer: string; paidLines: readonly { itemId: string; quantity: number }[] }[],
): { payer: string | null; units: number }[] {
  const byPayer = new Map<string, number>()
  for (const payment of itemPayments)
    for (const paid of payment.paidLines)
      if (paid.itemId === line.id) byPayer.set(payment.payer, (byPayer.get(payment.payer) ?? 0) + paid.quantity)
  const rows: { payer: string | null; units: number }[] = [...byPayer].map(([payer, units]) => ({ payer, units }))
  const rest = line.paidQuantity - rows.reduce((sum, row) => sum + row.units, 0)
  if (rest > 0) {
    const others = (line.paidBy?.split(', ') ?? []).filter((name) => !byPayer.has(name))
    rows.push({ payer: others.length > 0 ? others.join(', ') : null, units: rest })
  }
  return rows
}
