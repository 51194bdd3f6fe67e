import { refusal, type Refusal } from './error-codes'
import { cumulative, type LedgerMethod, type PaidLine, type PayableLine, charged, RECORDED_METHODS } from './bill'
import { formatMoney, type Cents } from './money'

/**
 * Money given back on a payment: a refund, or the void of a payment its
 * member recorded by mistake (undone whole, within PAYMENT_VOID_WINDOW_MS).
 */
export const REFUND_KINDS = ['refund', 'void'] as const
export type RefundKind = (typeof REFUND_KINDS)[number]

/**
 * How long the member who recorded a payment may undo it themselves: a
 * mis-tap (the terminal for cash) is noticed at once; later, giving money
 * back is a manager's refund.
 */
export const PAYMENT_VOID_WINDOW_MS = 5 * 60_000

/**
 * Whether the member `by` may void `payment` at `now`: a cash or terminal
 * payment they recorded themselves, within PAYMENT_VOID_WINDOW_MS, on a bill
 * still open, with nothing given back of it yet.
 */
export function voidRefusal(
  payment: { recordedById: string | null; paymentMethod: LedgerMethod; createdAt: number },
  by: { userId: string | null },
  now: number,
  bill: { open: boolean; givenBack: boolean },
): Refusal<'VOID_NOT_YOURS' | 'VOID_EXPIRED'> | null {
  if (
    !payment.recordedById ||
    payment.recordedById !== by.userId ||
    !RECORDED_METHODS.includes(payment.paymentMethod as never)
  )
    return refusal('VOID_NOT_YOURS', 'Only the member who recorded a cash or terminal payment may void it.')
  if (!bill.open || bill.givenBack || now - payment.createdAt > PAYMENT_VOID_WINDOW_MS)
    return refusal(
      'VOID_EXPIRED',
      'A payment is voided within 5 minutes of recording it, on an open bill, before anything of it was given back: refund it instead.',
    )
  return null
}

/** Units of a line a refund gives back. */
export interface RefundUnits {
  itemId: string
  quantity: number
}

/** What the refund rules need of a payment. */
export interface RefundablePayment {
  amountCents: Cents
  tipCents: Cents
  /** Tax that was added on top of the bill part. */
  taxCents: Cents
  paymentType: 'full' | 'item' | 'split'
  /** The units an item payment paid. */
  paidLines: readonly PaidLine[]
}

/** A refund as recorded: the bill part, the tax on top and the tip given back, and the units that are unpaid again. */
export interface RefundAmounts {
  amountCents: Cents
  taxCents: Cents
  tipCents: Cents
  units: RefundUnits[]
}

export interface RefundRequest {
  units: RefundUnits[]
  /** The bill part to give back; null gives back what the units cost. */
  amountCents: Cents | null
  tipCents: Cents
}

type RefundRefusal = Refusal<'UNKNOWN_ITEM' | 'INVALID_SELECTION' | 'INVALID_AMOUNT' | 'TOO_MUCH'>

const refuse = (code: RefundRefusal['code'], message: string): RefundRefusal => refusal(code, message)

/** What is left to give back of a payment after its `earlier` refunds: of the bill part, of the tip, and units of each line. */
export function refundable(payment: RefundablePayment, earlier: readonly RefundAmounts[]) {
  const units = new Map<string, number>()
  for (const line of payment.paidLines) units.set(line.itemId, (units.get(line.itemId) ?? 0) + line.quantity)
  for (const refund of earlier)
    for (const unit of refund.units) units.set(unit.itemId, (units.get(unit.itemId) ?? 0) - unit.quantity)
  return {
    amountCents: payment.amountCents - earlier.reduce((sum, refund) => sum + refund.amountCents, 0),
    tipCents: payment.tipCents - earlier.reduce((sum, refund) => sum + refund.tipCents, 0),
    units,
  }
}

/**
 * A refund made outside Mesa (the restaurant's Stripe Dashboard) gives back
 * `cents` of the whole charge without saying of what: it is booked across
 * what is left of the payment's bill part, tax on top and tip in
 * proportion (the bill part and the tax rounded half up, the tip taking the
 * rest), none beyond what is left of it, so a charge refunded whole leaves
 * nothing of any of them counted.
 */
export function splitOutsideRefund(
  payment: Pick<RefundablePayment, 'amountCents' | 'taxCents' | 'tipCents'>,
  earlier: readonly Pick<RefundAmounts, 'amountCents' | 'taxCents' | 'tipCents'>[],
  cents: Cents,
): Pick<RefundAmounts, 'amountCents' | 'taxCents' | 'tipCents'> {
  const given = (key: 'amountCents' | 'taxCents' | 'tipCents') =>
    Math.max(0, payment[key] - earlier.reduce((sum, refund) => sum + refund[key], 0))
  const left = { amountCents: given('amountCents'), taxCents: given('taxCents'), tipCents: given('tipCents') }
  const total = charged(left)
  if (cents >= total) return left
  const share = (part: Cents) => Math.min(Math.floor((cents * part * 2 + total) / (total * 2)), part)
  let amountCents = share(left.amountCents)
  let taxCents = Math.min(share(left.taxCents), cents - amountCents)
  let tipCents = cents - amountCents - taxCents
  // What rounding put beyond the tip left goes back on the bill part, then the tax, each within what is left of it.
  let over = Math.max(0, tipCents - left.tipCents)
  tipCents -= over
  const onAmount = Math.min(over, left.amountCents - amountCents)
  amountCents += onAmount
  over -= onAmount
  taxCents += over
  return { amountCents, taxCents, tipCents }
}

/** The tax on top that `amountCents` of the payment's bill part carried, rounded half up; summed over refunds it gives back the payment's tax exactly. */
const taxOf = (payment: RefundablePayment, amountCents: Cents) =>
  payment.amountCents === 0
    ? 0
    : Math.floor((payment.taxCents * amountCents * 2 + payment.amountCents) / (payment.amountCents * 2))

/**
 * Checks a refund of `payment` against what it paid and what was refunded
 * of it already: never more than was paid, of the bill part or of the tip.
 * Units go back only from an item payment, only units it paid, and each is
 * priced as the line's last paid unit (what paying it again will cost); the
 * bill part given back defaults to what they cost. The lines afterwards have
 * those units unpaid again.
 */
export function planRefund<Line extends PayableLine>(
  lines: readonly Line[],
  payment: RefundablePayment,
  earlier: readonly RefundAmounts[],
  request: RefundRequest,
): { ok: true; refund: RefundAmounts; lines: Line[] } | RefundRefusal {
  const left = refundable(payment, earlier)
  if (request.units.length > 0 && payment.paymentType !== 'item')
    return refuse('INVALID_SELECTION', 'Only a payment of items gives back items: refund an amount instead.')
  const byId = new Map(lines.map((line) => [line.id, line]))
  const reopened = new Map<string, number>()
  let unitsCents = 0
  for (const unit of request.units) {
    const line = byId.get(unit.itemId)
    if (!line) return refuse('UNKNOWN_ITEM', 'That item is not on this bill.')
    if (reopened.has(unit.itemId)) return refuse('INVALID_SELECTION', 'An item is listed twice.')
    if (!Number.isInteger(unit.quantity) || unit.quantity < 1)
      return refuse('INVALID_SELECTION', 'Item quantities must be whole numbers of at least 1.')
    if (unit.quantity > (left.units.get(unit.itemId) ?? 0) || unit.quantity > line.paidQuantity) {
      return refuse('TOO_MUCH', 'That payment did not pay that many units of the item, or they were refunded already.')
    }
    unitsCents += cumulative(line, line.paidQuantity) - cumulative(line, line.paidQuantity - unit.quantity)
    reopened.set(unit.itemId, unit.quantity)
  }
  // Units given back cost what paying them again costs: the money follows them, so the bill owes exactly what is unpaid again.
  const owed = Math.min(unitsCents, left.amountCents)
  if (reopened.size > 0 && request.amountCents !== null && request.amountCents !== owed) {
    return refuse(
      'INVALID_AMOUNT',
      `Items given back are refunded at what they cost (${formatMoney(owed)}); leave the amount empty, or refund an amount without items.`,
    )
  }
  const amountCents = request.amountCents ?? owed
  if (amountCents < 0 || request.tipCents < 0 || amountCents + request.tipCents === 0)
    return refuse('INVALID_AMOUNT', 'Choose an amount or items to refund.')
  if (amountCents > left.amountCents)
    return refuse(
      'TOO_MUCH',
      `A refund cannot be more than what was paid: ${formatMoney(left.amountCents)} of it is left to refund.`,
    )
  if (request.tipCents > left.tipCents)
    return refuse(
      'TOO_MUCH',
      `A refund cannot give back more tip than was paid: ${formatMoney(left.tipCents)} of it is left.`,
    )
  const before = payment.amountCents - left.amountCents
  const refund: RefundAmounts = {
    amountCents,
    taxCents: taxOf(payment, before + amountCents) - taxOf(payment, before),
    tipCents: request.tipCents,
    units: [...reopened].map(([itemId, quantity]) => ({ itemId, quantity })),
  }
  return {
    ok: true,
    refund,
    lines: lines.map((line) => {
      const units = reopened.get(line.id)
      return units ? { ...line, paidQuantity: line.paidQuantity - units } : line
    }),
  }
}

/**
 * Why a refund gave nothing back: the restaurant's payment account no longer
 * lets Mesa refund, the charge is older than card refunds go back, the
 * diner's bank sent the money back, or the provider refused it otherwise.
 * The first two are for good: only staff can settle them outside Mesa.
 */
export const REFUND_FAILURES = ['account-gone', 'too-old', 'bank', 'refused'] as const
export type RefundFailure = (typeof REFUND_FAILURES)[number]

/** The payments on an open bill the member `userId` may still void at `now` (voidRefusal), each with the instant its window closes. */
export function voidableBy(
  payments: readonly {
    id: string
    recordedById: string | null
    method: LedgerMethod
    createdAt: number
    refundedCents: number
  }[],
  userId: string,
  now: number,
): Record<string, number> {
  return Object.fromEntries(
    payments
      .filter(
        (payment) =>
          voidRefusal({ ...payment, paymentMethod: payment.method }, { userId }, now, {
            open: true,
            givenBack: payment.refundedCents > 0,
          }) === null,
      )
      .map((payment) => [payment.id, payment.createdAt + PAYMENT_VOID_WINDOW_MS]),
  )
}
