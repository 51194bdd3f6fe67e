import {
  applyPlan,
  billTotals,
  payingMore,
  lineById,
  positionOf,
  replaceLines,
  type PaidLine,
  type PaidSums,
  type PayableLine,
  type PaymentPlan,
  unitsLeft,
} from './bill'
import type { Cents } from './money'
import type { SplitPaid } from './split'

/**
 * What a payment in progress keeps for itself while its charge runs: units
 * of lines, an equal share, or the whole rest. Nobody else can pay what a
 * hold keeps until it is committed (becoming a payment) or released.
 */
export interface Hold {
  id: string
  payer: string
  /** The bill part the payment pays, without tax or tip. */
  amountCents: Cents
  /** Units of lines it keeps: the ones chosen, or every unit left when it pays the rest. */
  units: { itemId: string; quantity: number }[]
  /** The lines an item payment pays, for the receipt, priced as the diner was shown them. */
  paidLines: PaidLine[]
  /** The equal shares it pays, if it is one. */
  share: SplitPaid | null
}

/** The bill as committed: what the payment rules start from. */
export interface CommittedBill<Line extends PayableLine = PayableLine> {
  lines: Line[]
  paid: PaidSums
  splitPaid: SplitPaid[]
}

function addShare(splitPaid: readonly SplitPaid[], share: SplitPaid | null): SplitPaid[] {
  if (!share) return [...splitPaid]
  return [...splitPaid, share]
}

/**
 * The bill as a new payment sees it: everything `holds` keep counts as paid,
 * so a second diner can neither choose a held unit nor be quoted a share of
 * money someone is already paying.
 */
export function withHolds<Line extends PayableLine>(
  bill: CommittedBill<Line>,
  holds: readonly Hold[],
): CommittedBill<Line> {
  if (holds.length === 0) return bill
  const held = heldUnits(holds)
  return {
    lines: replaceLines(bill.lines, held.keys(), (line) => ({
      ...line,
      paidQuantity: line.paidQuantity + held.get(line.id)!,
    })),
    paid: payingMore(bill.paid, heldCents(holds)),
    splitPaid: holds.reduce<SplitPaid[]>((paid, hold) => addShare(paid, hold.share), [...bill.splitPaid]),
  }
}

/**
 * The hold a payment plan (made against `seen`, the bill with every other
 * hold counted as paid) keeps: the units it pays, and when it pays all that
 * is left, every unit nobody else keeps.
 */
export function holdFor(
  id: string,
  payer: string,
  seen: CommittedBill,
  plan: PaymentPlan,
  share: SplitPaid | null,
): Hold {
  // A plan that pays what is left keeps every unit left; any other keeps the units it pays, listed in the bill's order.
  const units = plan.closesBill
    ? seen.lines.flatMap((line) => (unitsLeft(line) > 0 ? [{ itemId: line.id, quantity: unitsLeft(line) }] : []))
    : [...new Map(plan.lineUpdates.map((update) => [update.itemId, update.paidQuantity]))]
        .flatMap(([itemId, paidQuantity]) => {
          const at = positionOf(seen.lines, itemId)
          const quantity = at === undefined ? 0 : paidQuantity - seen.lines[at]!.paidQuantity
          return at !== undefined && quantity > 0 ? [{ at, unit: { itemId, quantity } }] : []
        })
        .sort((a, b) => a.at - b.at)
        .map(({ unit }) => unit)
  return { id, payer, amountCents: plan.amountCents, units, paidLines: plan.paidLines, share }
}

/**
 * Whether `hold` can still be paid as it is: while it stands this is so by
 * construction; a hold released before its charge came back may have lost
 * its units or amount to someone else since.
 */
export function stillPayable(bill: CommittedBill, others: readonly Hold[], hold: Hold): boolean {
  const held = heldUnits(others)
  const unitsFree = hold.units.every((unit) => {
    const line = lineById(bill.lines, unit.itemId)
    return line !== undefined && unitsLeft(line) - (held.get(unit.itemId) ?? 0) >= unit.quantity
  })
  return unitsFree && hold.amountCents <= billTotals(bill.lines, payingMore(bill.paid, heldCents(others))).remaining
}

/**
 * The committed bill once `hold` is paid: its units become paid by its payer,
 * its amount and share are added, and a payment that leaves nothing to pay
 * marks every line paid. Null when it can no longer be paid (stillPayable).
 */
export function commitHold<Line extends PayableLine>(
  bill: CommittedBill<Line>,
  others: readonly Hold[],
  hold: Hold,
): CommittedBill<Line> | null {
  if (!stillPayable(bill, others, hold)) return null
  const paid = payingMore(bill.paid, hold.amountCents)
  const plan: PaymentPlan = {
    amountCents: hold.amountCents,
    lineUpdates: hold.units.map((unit) => ({
      itemId: unit.itemId,
      paidQuantity: (lineById(bill.lines, unit.itemId)?.paidQuantity ?? 0) + unit.quantity,
    })),
    paidLines: hold.paidLines,
    closesBill: billTotals(bill.lines, paid).remaining === 0,
  }
  return { lines: applyPlan(bill.lines, plan, hold.payer), paid, splitPaid: addShare(bill.splitPaid, hold.share) }
}

/** What the holds pay of the bill together. */
function heldCents(holds: readonly Hold[]): number {
  return holds.reduce((sum, hold) => sum + hold.amountCents, 0)
}

/** How many units of each line are being paid right now, for the screens to show them taken. */
export function heldUnits(holds: readonly Hold[]): Map<string, number> {
  const held = new Map<string, number>()
  for (const hold of holds)
    for (const unit of hold.units) held.set(unit.itemId, (held.get(unit.itemId) ?? 0) + unit.quantity)
  return held
}
