import type { LedgerMethod } from './bill'
import type { PaidWhat } from './payment-words'
import { charged } from './bill'
import type { Cents } from './money'
import { ratePercentLabel, taxBreakdown } from './tax'

/** A payment as its receipt needs it (the ledger's record, its lines named). */
export interface ReceiptPayment {
  amountCents: Cents
  /** Tax charged on top of the bill part; 0 when prices include it. */
  taxCents: Cents
  tipCents: Cents
  /** The bill's tax rate when it was paid; null on payments from before it was kept (then `fallbackRateBps`). */
  taxRateBps: number | null
  /** What it paid for, named by what happened on its bill. */
  paid: PaidWhat
  method: LedgerMethod
  /** Units an item payment paid, or every line of a bill paid whole at once; empty otherwise. */
  lines: readonly { name: string; quantity: number; amountCents: Cents }[]
  cashReceivedCents: Cents | null
}

/** Money given back of the payment, or held back by the diner's bank. */
interface ReceiptRefund {
  amountCents: Cents
  taxCents: Cents
  tipCents: Cents
  createdAt: number
}

/** What a receipt says of a payment: what it paid for, the IVA in it, the tip apart, and what came back since. */
interface ReceiptFigures {
  /** What it paid for (PaidWhat), with the lines it paid when it paid lines: its items, or the whole bill's. */
  paid: PaidFor<ReceiptPayment['lines'][number]>
  /** The consumption without IVA. */
  subtotalCents: Cents
  ivaCents: Cents
  ivaRatePercent: number
  /** Whether the prices held the IVA (it is broken out of them) or it was added on top. */
  ivaIncluded: boolean
  /** What the consumption cost, IVA included: subtotal + IVA. */
  consumptionCents: Cents
  tipCents: Cents
  totalCents: Cents
  /** Cash handed over and the change given, when more than the charge was handed over. */
  cash: { receivedCents: Cents; changeCents: Cents } | null
  refunds: readonly ReceiptRefund[]
  refundedCents: Cents
  /** What the payment finally took: the total less what was given back. */
  keptCents: Cents
}

/**
 * A payment's receipt figures, from what it charged: the IVA is broken out
 * of the consumption at the bill's rate when prices held it, or is the tax
 * charged on top; the tip is apart (it is the staff's, not consumption).
 */
export function receiptFigures(
  payment: ReceiptPayment,
  refunds: readonly ReceiptRefund[],
  fallbackRateBps: number,
): ReceiptFigures {
  const rateBps = payment.taxRateBps ?? fallbackRateBps
  const ivaIncluded = payment.taxCents === 0
  const { subtotal, tax } = ivaIncluded
    ? taxBreakdown(payment.amountCents, { taxRateBps: rateBps, taxIncludedInPrice: true })
    : { subtotal: payment.amountCents, tax: payment.taxCents }
  const totalCents = charged(payment)
  const refundedCents = refunds.reduce((sum, refund) => sum + charged(refund), 0)
  return {
    paid: whatWasPaid(payment.paid, payment.lines),
    subtotalCents: subtotal,
    ivaCents: tax,
    ivaRatePercent: ratePercentLabel(rateBps),
    ivaIncluded,
    consumptionCents: subtotal + tax,
    tipCents: payment.tipCents,
    totalCents,
    cash:
      payment.cashReceivedCents !== null && payment.cashReceivedCents > totalCents
        ? { receivedCents: payment.cashReceivedCents, changeCents: payment.cashReceivedCents - totalCents }
        : null,
    refunds,
    refundedCents,
    keptCents: totalCents - refundedCents,
  }
}

/** What a payment paid for, with the lines it paid when it paid lines: its items, or every line of the whole bill. */
export type PaidFor<Line> =
  { kind: 'items' | 'whole'; lines: readonly Line[] } | Exclude<PaidWhat, { kind: 'items' | 'whole' }>

/** What a payment paid for, as the receipt and the confirmation say it: PaidWhat, with `lines` where it paid lines. */
export function whatWasPaid<Line>(paid: PaidWhat, lines: readonly Line[]): PaidFor<Line> {
  return paid.kind === 'items' || paid.kind === 'whole' ? { kind: paid.kind, lines } : paid
}

/** A card as a receipt names it: its network (visa, mastercard, amex…) and last four digits, and how it is funded. */
export interface PaidCard {
  brand: string
  last4: string
  /** As the card's network reports it (Stripe's `card.funding`); its CFDI's forma de pago follows it (paymentFormOf). */
  funding: CardFunding
}

const CARD_FUNDINGS = ['credit', 'debit', 'prepaid', 'unknown'] as const
export type CardFunding = (typeof CARD_FUNDINGS)[number]
export const isCardFunding = (value: unknown): value is CardFunding =>
  (CARD_FUNDINGS as readonly unknown[]).includes(value)

/** What staff say of a card the restaurant's own terminal took, asked as they record it: crédito o débito. */
export const TERMINAL_FUNDINGS = ['credit', 'debit'] as const satisfies readonly CardFunding[]
export type TerminalFunding = (typeof TERMINAL_FUNDINGS)[number]

/** A payment's receipt, as its page, its PDF and its mail show it. */
export interface Receipt {
  /** Whose ledger holds the payment. */
  restaurantId: string
  sessionId: string
  token: string
  paymentId: string
  folio: number
  restaurant: { name: string; address: string | null; rfc: string | null; legalName: string | null }
  table: { tableNumber: string; tableName: string | null }
  paidAt: number
  /** The restaurant's zone: the receipt's date and time are its wall clock. */
  timeZone: string
  payerName: string
  method: LedgerMethod
  /** The bill's tax rate when it was paid (the restaurant's now, for payments from before it was kept). */
  taxRateBps: number
  card: PaidCard | null
  /** The payment's reference at its provider (Stripe's PaymentIntent), or Mesa's own id for cash and terminal. */
  reference: string
  figures: ReceiptFigures
  /** Whether it moved money (see movedMoney): a demo payment has no income to invoice. */
  movedMoney: boolean
  /** Gathered into the restaurant's factura global: it can no longer be invoiced to the diner. */
  inGlobalInvoice: boolean
  /** The last moment the restaurant takes a request for its factura (its Facturapi receipt's expiry); null when none is known. */
  facturaUntil: number | null
  disputes: { amountCents: number; status: string }[]
}

/**
 * A payment's one reference, the same wherever it is shown: the diner's
 * confirmation and receipt, the staff screens, and the description of its
 * card charge at Stripe. Made from its transaction id (the one the paying
 * phone or the staff form gave it): Mesa's own (`mesa_…`, `staff_…`) by
 * its first eight characters, in capitals (32F77D90); one an integration
 * sent through the API, whole, as it knows it.
 */
export function paymentReference(transactionId: string): string {
  const own = /^(?:mesa_|staff_)?([0-9a-f]{8})-[0-9a-f]{4}-/i.exec(transactionId)
  return own ? own[1]!.toUpperCase() : transactionId
}

/** A card charge's description at Stripe, as the restaurant reads it in its Dashboard: 'Mesa 7 · Ref. 32F77D90'. */
export const chargeDescription = (tableNumber: string, transactionId: string) =>
  [tableNumber && `Mesa ${tableNumber}`, `Ref. ${paymentReference(transactionId)}`].filter(Boolean).join(' · ')

/** A folio as printed: the restaurant's count, six digits at least (A-000042). */
export const folioText = (folio: number) => `A-${String(folio).padStart(6, '0')}`
