import { refusal, type Refusal } from './error-codes'
import { formatMoney, type Cents } from './money'
import { quoteSplit, type SplitPaid } from './split'

/** The part of a bill line the payment rules need. */
export interface BillLine {
  id: string
  /** Line total for the whole quantity. */
  priceCents: Cents
  quantity: number
  paidQuantity: number
}

/**
 * Each line's position by id, per lines array. The payment rules look lines
 * up by id several times for each payment, on bills of up to a thousand
 * lines; a bill's lines array is never changed in place (every rule answers
 * a new one), so its index is built once. A lookup still checks the line it
 * finds, and looks through the lines should the index not hold.
 */
const positions = new WeakMap<readonly BillLine[], ReadonlyMap<string, number>>()

function positionsOf(lines: readonly BillLine[]): ReadonlyMap<string, number> {
  let index = positions.get(lines)
  if (!index) positions.set(lines, (index = new Map(lines.map((line, at) => [line.id, at]))))
  return index
}

/** Where the line `id` is in `lines`, if it is there. */
export function positionOf(lines: readonly BillLine[], id: string): number | undefined {
  const at = positionsOf(lines).get(id)
  if (at !== undefined && lines[at]?.id === id) return at
  const found = lines.findIndex((line) => line.id === id)
  return found === -1 ? undefined : found
}

/** The line `id` of `lines`, if it is there. */
export function lineById<Line extends BillLine>(lines: readonly Line[], id: string): Line | undefined {
  const at = positionOf(lines, id)
  return at === undefined ? undefined : lines[at]
}

/** A copy of `lines` with some lines replaced (`change` answers the new line, or the same one): the same lines in the same places, so it shares their index. */
export function replaceLines<Line extends BillLine>(
  lines: readonly Line[],
  ids: Iterable<string>,
  change: (line: Line) => Line,
): Line[] {
  const copy = lines.slice()
  for (const id of ids) {
    const at = positionOf(lines, id)
    if (at !== undefined) copy[at] = change(copy[at]!)
  }
  positions.set(copy, positionsOf(lines))
  return copy
}

/**
 * What a bill's ledger holds of its money: the bill part of its payments (no
 * tip, no tax added on top) and what refunds that went through gave back of
 * that bill part.
 */
export interface PaidSums {
  paymentsCents: Cents
  refundedCents: Cents
}

export const NOTHING_PAID: PaidSums = { paymentsCents: 0, refundedCents: 0 }

/** `sums` with `cents` more paid: what payments in progress, or a payment being committed, count as. */
export function payingMore(sums: PaidSums, cents: Cents): PaidSums {
  return { paymentsCents: sums.paymentsCents + cents, refundedCents: sums.refundedCents }
}

export interface BillTotals {
  total: Cents
  /** Net of refunds: what refunds gave back is unpaid again. */
  paid: Cents
  refunded: Cents
  remaining: Cents
}

/**
 * What the bill adds up to: the one definition of a bill's paid, refunded
 * and remaining amounts, used by the table's object, the ledger's reads, the
 * staff screens and the API alike. Paid comes from the payments, not the
 * lines: an equal-share payment lowers what is left without paying any
 * particular line.
 */
export function billTotals(lines: readonly Pick<BillLine, 'priceCents'>[], sums: PaidSums): BillTotals {
  let total = 0
  for (const line of lines) total += line.priceCents
  return totalsOf(total, sums)
}

/** billTotals for a bill whose lines' total is summed already (the ledger's table list). */
export function totalsOf(total: Cents, sums: PaidSums): BillTotals {
  const paid = sums.paymentsCents - sums.refundedCents
  return { total, paid, refunded: sums.refundedCents, remaining: Math.max(0, total - paid) }
}

/** How much of the bill is paid, as a whole percent from 0 to 100 (0 for an empty bill). */
export function paidPercent(totals: Pick<BillTotals, 'total' | 'paid'>): number {
  if (totals.total <= 0) return 0
  return Math.max(0, Math.min(100, Math.round((totals.paid / totals.total) * 100)))
}

/**
 * How a closed bill ended, as every screen says it: paid, with what refunds
 * gave back since (money paid and then returned never makes a bill unpaid),
 * or closed with part of it never paid.
 */
export function closedBillOutcome(
  totals: Pick<BillTotals, 'total' | 'paid' | 'refunded'>,
): { paid: true; refundedCents: Cents } | { paid: false; paidCents: Cents; unpaidCents: Cents } {
  const paidBeforeRefunds = totals.paid + totals.refunded
  return paidBeforeRefunds >= totals.total
    ? { paid: true, refundedCents: totals.refunded }
    : { paid: false, paidCents: totals.paid, unpaidCents: totals.total - paidBeforeRefunds }
}

/** The sums `totals` were made from. */
export function sumsOf(totals: BillTotals): PaidSums {
  return { paymentsCents: totals.paid + totals.refunded, refundedCents: totals.refunded }
}

/** Share of a line's total that its first `units` units carry, rounded half up. */
export function cumulative(line: Pick<BillLine, 'priceCents' | 'quantity'>, units: number): Cents {
  return Math.floor((line.priceCents * units * 2 + line.quantity) / (line.quantity * 2))
}

/**
 * What paying `units` more units of a line costs. Computed as a difference of
 * cumulative shares, so paying a line unit by unit adds up to its total exactly
 * ($100.00 for 3 → 33.33, 33.34, 33.33).
 */
export function lineAmountFor(line: BillLine, units: number): Cents {
  return cumulative(line, line.paidQuantity + units) - cumulative(line, line.paidQuantity)
}

/** What is still owed on a line, in cents. */
export function lineRemaining(line: BillLine): Cents {
  return line.priceCents - cumulative(line, line.paidQuantity)
}

export const PAYMENT_TYPES = ['full', 'item', 'split'] as const
export type PaymentType = (typeof PAYMENT_TYPES)[number]

/**
 * What a payment paid, as staff read it: the whole bill, some units, an
 * equal share of a table of `splitCount`, or an amount staff recorded (a
 * `split` payment with no table size: it counts toward no equal share).
 */
export type PaymentKind = PaymentType | 'amount'
export function paymentKind(payment: { paymentType: PaymentType; splitCount: number | null }): PaymentKind {
  return payment.paymentType === 'split' && payment.splitCount === null ? 'amount' : payment.paymentType
}
export const PAYMENT_METHODS = ['card', 'apple', 'google'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
/** Money taken at the table outside Mesa, which staff record: cash, or the restaurant's own card terminal. */
export const RECORDED_METHODS = ['cash', 'terminal'] as const
/** Every way a payment on the books was made. */
export const LEDGER_METHODS = [...PAYMENT_METHODS, ...RECORDED_METHODS] as const
export type LedgerMethod = (typeof LEDGER_METHODS)[number]

interface ItemSelection {
  itemId: string
  /** Units to pay; null pays everything left on the line. */
  quantity: number | null
}

export type PaymentIntent =
  | { type: 'full'; amountCents: Cents }
  | { type: 'item'; amountCents: Cents; items: ItemSelection[] }
  /** An equal share (`partySize` of `splitCount` shares), or with no splitCount an amount of what is left. */
  | { type: 'split'; amountCents: Cents; splitCount: number | null; partySize: number }

export interface PaidLine {
  itemId: string
  quantity: number
  amountCents: Cents
}

export interface PaymentPlan {
  /** What the payment pays of the bill (the tip is apart). */
  amountCents: Cents
  /** New paid quantity of each line the payment touches. */
  lineUpdates: { itemId: string; paidQuantity: number }[]
  /** The lines an item payment pays, for the receipt. */
  paidLines: PaidLine[]
  /** The payment leaves nothing to pay: every line becomes paid. */
  closesBill: boolean
}

/** Why a payment was refused, for screens to explain it in the diner's language. */
export type RefusalCode =
  'INVALID_AMOUNT' | 'ALREADY_PAID' | 'BILL_CHANGED' | 'TOO_MUCH' | 'ITEM_TAKEN' | 'UNKNOWN_ITEM' | 'INVALID_SELECTION'

type PlanResult = { ok: true; plan: PaymentPlan } | Refusal<RefusalCode>

const refuse = (code: RefusalCode, message: string): PlanResult => refusal(code, message)

/**
 * Decides what a payment request may pay against the bill as it is now. It
 * never re-prices: the amount the diner was shown must be what the request
 * costs now, exactly, or the request is refused and nothing is paid. Nothing
 * is paid twice or beyond what is left. `splitPaid` are the equal shares
 * already paid on the bill.
 */
export function planPayment(
  lines: readonly BillLine[],
  paid: PaidSums,
  intent: PaymentIntent,
  splitPaid: readonly SplitPaid[],
): PlanResult {
  const { remaining } = billTotals(lines, paid)
  if (intent.amountCents <= 0) return refuse('INVALID_AMOUNT', 'The amount to pay must be greater than zero.')
  if (remaining <= 0) return refuse('ALREADY_PAID', 'This bill is already paid.')

  if (intent.type === 'full') {
    if (intent.amountCents !== remaining) {
      return refuse(
        'BILL_CHANGED',
        `The bill changed: ${formatMoney(remaining)} is left to pay. Review it and try again.`,
      )
    }
    return { ok: true, plan: { amountCents: remaining, lineUpdates: [], paidLines: [], closesBill: true } }
  }

  if (intent.type === 'split') {
    if (intent.amountCents > remaining) {
      return refuse('TOO_MUCH', `The amount is more than what is left to pay (${formatMoney(remaining)}).`)
    }
    if (intent.splitCount !== null) {
      // A share is priced the way the split screen showed it; any other amount means the bill moved since.
      const share = quoteSplit(remaining, intent.partySize, intent.splitCount, splitPaid)
      if (share.peoplePaying !== intent.partySize || share.share !== intent.amountCents) {
        return refuse(
          'BILL_CHANGED',
          `The bill changed: ${share.peoplePaying} of ${intent.splitCount} shares now cost ${formatMoney(share.share)}. Review it and try again.`,
        )
      }
    }
    return {
      ok: true,
      plan: {
        amountCents: intent.amountCents,
        lineUpdates: [],
        paidLines: [],
        closesBill: intent.amountCents === remaining,
      },
    }
  }

  if (intent.items.length === 0) return refuse('INVALID_SELECTION', 'Choose at least one item to pay.')
  const seen = new Set<string>()
  const lineUpdates: PaymentPlan['lineUpdates'] = []
  const paidLines: PaidLine[] = []
  let amount = 0
  for (const selection of intent.items) {
    if (seen.has(selection.itemId)) return refuse('INVALID_SELECTION', 'An item is listed twice.')
    seen.add(selection.itemId)
    const line = lineById(lines, selection.itemId)
    if (!line) return refuse('UNKNOWN_ITEM', 'An item is not on this bill.')
    const left = unitsLeft(line)
    if (left <= 0) return refuse('ITEM_TAKEN', 'An item was already paid by someone else.')
    const units = selection.quantity ?? left
    if (!Number.isInteger(units) || units < 1)
      return refuse('INVALID_SELECTION', 'Item quantities must be whole numbers of at least 1.')
    if (units > left) return refuse('ITEM_TAKEN', `Only ${left} of an item ${left === 1 ? 'is' : 'are'} left to pay.`)
    const lineAmount = lineAmountFor(line, units)
    amount += lineAmount
    lineUpdates.push({ itemId: line.id, paidQuantity: line.paidQuantity + units })
    paidLines.push({ itemId: line.id, quantity: units, amountCents: lineAmount })
  }
  // Equal shares pay the bill without paying lines: items chosen after them may cost more than is left, and then pay what is left.
  const due = Math.min(amount, remaining)
  if (due !== intent.amountCents) {
    return refuse(
      'BILL_CHANGED',
      `The items cost ${formatMoney(due)}, not ${formatMoney(intent.amountCents)}. Review them and try again.`,
    )
  }
  return { ok: true, plan: { amountCents: due, lineUpdates, paidLines, closesBill: due === remaining } }
}

/** A line as the bill stores it after payments: who paid it, by name. */
export interface PayableLine extends BillLine {
  paidBy: string | null
}

/**
 * The lines after a planned payment by `payer`, exactly as the database
 * records it: the lines it pays gain their units; a payment that leaves
 * nothing to pay marks every line paid. A line carries the payer's name only
 * for units they paid for: an item payment's lines, or the units it marks
 * paid when it paid exactly what they cost. Equal shares, amounts and the
 * rest after them pay the bill, not lines: they name no line. Several
 * payments checked one after another in memory before one commit rely on
 * this.
 */
export function applyPlan<Line extends PayableLine>(lines: readonly Line[], plan: PaymentPlan, payer: string): Line[] {
  const updates = new Map(plan.lineUpdates.map((update) => [update.itemId, update.paidQuantity]))
  const itemsPaid = new Set(plan.paidLines.map((line) => line.itemId))
  // What the units it marks paid cost: every unit left when it closes the bill, else the units it pays.
  const unitsCost = plan.closesBill
    ? lines.reduce((sum, line) => sum + lineRemaining(line), 0)
    : // Through the lines' index: a payment of a few units of a long bill touches only those.
      [...updates].reduce((sum, [id, paidQuantity]) => {
        const line = lineById(lines, id)
        return line ? sum + cumulative(line, paidQuantity) - cumulative(line, line.paidQuantity) : sum
      }, 0)
  const paidFor = (line: Line) => itemsPaid.has(line.id) || plan.amountCents === unitsCost
  const paidBy = (line: Line) => (paidFor(line) ? joinNames(line.paidBy, payer) : line.paidBy)
  if (!plan.closesBill)
    return replaceLines(lines, updates.keys(), (line) => ({
      ...line,
      paidQuantity: updates.get(line.id)!,
      paidBy: paidBy(line),
    }))
  return lines.map((line) => {
    const paidQuantity = updates.get(line.id)
    if (paidQuantity === undefined && line.paidQuantity >= line.quantity) return line
    return { ...line, paidQuantity: line.quantity, paidBy: paidBy(line) }
  })
}

/**
 * The lines of a bill that money given back (a refund, a void) left not
 * paid whole. The payment that paid its rest had marked every unit left
 * paid, for no payer of its own: those units are owed again. Units item
 * payments paid and kept (`keptUnits`, by line) stay paid, as do comped
 * lines.
 */
export function linesOwedAgain<Line extends PayableLine & { comped?: boolean | null }>(
  lines: readonly Line[],
  keptUnits: ReadonlyMap<string, number>,
): Line[] {
  return lines.map((line) => {
    if (line.comped) return line
    const kept = Math.min(line.quantity, keptUnits.get(line.id) ?? 0)
    return kept >= line.paidQuantity ? line : { ...line, paidQuantity: kept, paidBy: kept > 0 ? line.paidBy : null }
  })
}

/** The names of who paid a line, each once, in order. */
function joinNames(existing: string | null | undefined, name: string): string {
  if (!existing) return name
  return existing.split(', ').includes(name) ? existing : `${existing}, ${name}`
}

/** The lines an item payment paid, as recorded with it. */
export function paidLinesOf(row: { paidItems: string | null }): PaidLine[] {
  return row.paidItems ? (JSON.parse(row.paidItems) as PaidLine[]) : []
}

/** A line's units nobody has paid yet. */
export const unitsLeft = (line: { quantity: number; paidQuantity: number }): number => line.quantity - line.paidQuantity

/** Whether every unit of a line is paid: "Pagado" on it, and nothing of it left to pay. */
export const lineSettled = (line: { quantity: number; paidQuantity: number }): boolean => unitsLeft(line) <= 0

/** Money on a payment or a refund: the bill part, the tax added on top of it, the tip. */
export interface Sums {
  amountCents: Cents
  taxCents: Cents
  tipCents: Cents
}

/** What a bill was charged for, tips apart: the bill part with any tax on top. */
export const billPart = (sums: Pick<Sums, 'amountCents' | 'taxCents'>): Cents => sums.amountCents + sums.taxCents

/** What a payment charged, or a refund gave back, in all: its bill part, the tax on it and the tip. */
export const charged = (money: Sums): Cents => billPart(money) + money.tipCents

/**
 * What a payment kept of each part once its `refunds` are taken off: the
 * refunds that stand, as every sum of the books counts them. The ledger's
 * SQL says the same in `netSql`, tested against this.
 */
export function netOf(paid: Sums, refunds: readonly Sums[]): Sums {
  const given = (part: keyof Sums) => refunds.reduce((sum, refund) => sum + refund[part], 0)
  return {
    amountCents: paid.amountCents - given('amountCents'),
    taxCents: paid.taxCents - given('taxCents'),
    tipCents: paid.tipCents - given('tipCents'),
  }
}
