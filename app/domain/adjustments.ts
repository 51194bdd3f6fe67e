import { refusal, type Refusal } from './error-codes'
import { billTotals, cumulative, type PayableLine } from './bill'
import { withHolds, type CommittedBill, type Hold } from './holds'
import type { Cents } from './money'

/** A void takes units off the bill (ordered by mistake); a comp keeps them on it, free. */
export const ADJUSTMENT_KINDS = ['void', 'comp'] as const
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number]

/** The line fields an adjustment reads and writes. */
export interface AdjustableLine extends PayableLine {
  comped: boolean
}

interface AdjustmentPlan<Line extends AdjustableLine> {
  /** The bill's lines afterwards, in order: the line made smaller (or gone), and a comp's free line beside it. */
  lines: Line[]
  /** What the units stop costing. */
  amountCents: Cents
}

type AdjustmentRefusal = Refusal<'UNKNOWN_ITEM' | 'ITEM_TAKEN' | 'INVALID_SELECTION' | 'COVERED'>

const refuse = (code: AdjustmentRefusal['code'], message: string): AdjustmentRefusal => refusal(code, message)

/**
 * Voids or comps `units` unpaid units of a line. Only units nobody paid or is
 * paying may change (a paid unit can only be refunded), and only while the
 * bill's payments do not already cover them: equal shares pay money, not
 * lines, so taking units off must not leave the bill owing less than was
 * paid. The units taken are the line's last ones, so what is paid of it
 * keeps its price. A comp of some units moves them to a new free line
 * (`newId`); one of every unit makes the line itself free. When nothing is
 * left to pay afterwards, every line counts as paid, as after a payment.
 */
export function planAdjustment<Line extends AdjustableLine>(
  bill: CommittedBill<Line>,
  holds: readonly Hold[],
  request: { kind: AdjustmentKind; lineId: string; units: number },
  newId: string,
): { ok: true; plan: AdjustmentPlan<Line> } | AdjustmentRefusal {
  const { kind, lineId, units } = request
  const index = bill.lines.findIndex((line) => line.id === lineId)
  const line = bill.lines[index]
  if (!line) return refuse('UNKNOWN_ITEM', 'That item is not on this bill.')
  if (!Number.isInteger(units) || units < 1) return refuse('INVALID_SELECTION', 'Choose at least one unit.')
  if (kind === 'comp' && line.comped) return refuse('INVALID_SELECTION', 'That item is already on the house.')
  const seen = withHolds(bill, holds)
  const free = line.quantity - (seen.lines[index]?.paidQuantity ?? line.paidQuantity)
  if (units > free) {
    return refuse(
      'ITEM_TAKEN',
      free === 0
        ? 'Every unit of that item is paid or being paid: refund it instead.'
        : `Only ${free} unit(s) of that item are unpaid.`,
    )
  }
  const keptCents = cumulative(line, line.quantity - units)
  const amountCents = line.priceCents - keptCents
  // A line whose total does not divide evenly by its units would price its paid units anew once smaller, leaving cents nobody can pay.
  const smaller = { ...line, quantity: line.quantity - units, priceCents: keptCents }
  if (
    line.paidQuantity > 0 &&
    smaller.quantity > 0 &&
    cumulative(smaller, line.paidQuantity) !== cumulative(line, line.paidQuantity)
  ) {
    return refuse(
      'INVALID_SELECTION',
      'Part of this item is paid and its price does not split evenly: void or comp every unpaid unit of it at once.',
    )
  }
  if (amountCents > billTotals(seen.lines, seen.paid).remaining) {
    return refuse('COVERED', "The bill's payments already cover these units: refund a payment instead.")
  }

  let changed: Line[]
  if (kind === 'comp' && units === line.quantity) {
    changed = [{ ...line, priceCents: 0, paidQuantity: line.quantity, comped: true }]
  } else {
    const smaller = line.quantity === units ? [] : [{ ...line, quantity: line.quantity - units, priceCents: keptCents }]
    changed =
      kind === 'comp'
        ? [
            ...smaller,
            { ...line, id: newId, quantity: units, priceCents: 0, paidQuantity: units, paidBy: null, comped: true },
          ]
        : smaller
  }
  const lines = [...bill.lines.slice(0, index), ...changed, ...bill.lines.slice(index + 1)]
  const settled = billTotals(lines, bill.paid).remaining === 0
  return {
    ok: true,
    plan: { lines: settled ? lines.map((other) => ({ ...other, paidQuantity: other.quantity })) : lines, amountCents },
  }
}
