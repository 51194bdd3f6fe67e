import { billPart, charged, LEDGER_METHODS, type LedgerMethod, type Sums } from './bill'
import type { AdjustmentKind } from './adjustments'
import type { RefundKind } from './refunds'
import type { Cents } from './money'
import { signerKey } from './signature'

/*
 * The end-of-shift cash-out: what a period's ledger records add up to. The
 * records come in as the ledger holds them (payments, refunds, voids and
 * comps, closed bills); everything here is integer cents and plain sums, so
 * every figure equals the sum of the records it names.
 */

/** How the money came in: through Mesa (the diners' card, Apple Pay, Google Pay), or taken by staff as cash or on the restaurant's own terminal. */
export const METHOD_GROUPS = ['mesa', 'cash', 'terminal'] as const
type MethodGroup = (typeof METHOD_GROUPS)[number]

export function groupOf(method: LedgerMethod): MethodGroup {
  return method === 'cash' || method === 'terminal' ? method : 'mesa'
}

/**
 * Who took a payment: the member's id and their name as it was then. A
 * diner's own payment through Mesa has neither; one recorded before staff
 * signed has only the name typed on it.
 */
interface RecordedBy {
  recordedById: string | null
  recordedBy: string | null
  /** The bill it is on: who took payments on how many tables. */
  sessionId?: string
}

/** A payment, in the order they were made (a member's latest name is the one shown). */
export interface LedgerPayment extends Sums, RecordedBy {
  method: LedgerMethod
  /** Whether it moved money (see movedMoney): a demo payment is no sale; false only where told. */
  movedMoney?: boolean
}

/** A refund, with who took the payment it gives back (its tip leaves their tips), and whether that payment moved money. */
export interface LedgerRefund extends Sums, RecordedBy {
  method: LedgerMethod
  movedMoney?: boolean
  /** 'void': the payment was undone by who recorded it (a mis-tap): it never was a sale, and is not a refund. */
  kind?: RefundKind | null
}

export interface LedgerAdjustment {
  kind: AdjustmentKind
  /** What the voided or comped units stopped costing. */
  amountCents: Cents
}

export interface ClosedBill {
  /** What was left unpaid when staff closed it; 0 for a bill paid in full. */
  unpaidCents: Cents
  unpaidReason: string | null
}

interface CashOutRecords {
  payments: readonly LedgerPayment[]
  refunds: readonly LedgerRefund[]
  adjustments: readonly LedgerAdjustment[]
  closedBills: readonly ClosedBill[]
  /** Disputes (chargebacks) opened in the period on its payments, as they stand now (Stripe's status). */
  disputes?: readonly { amountCents: Cents; status: string }[]
}

/** Records of one kind added up: how many, the bill part (tax on top included) and the tips. */
interface Takings {
  count: number
  billCents: Cents
  tipCents: Cents
}

interface Adjusted {
  count: number
  amountCents: Cents
}

export interface CashOut {
  /**
   * The one language of the period's money: what was charged (gross, before
   * refunds), what refunds gave back, and what stayed (net), each as its
   * bill part (tax on top included), its tips and both. Every other figure
   * is one of these cut another way: payments by method are gross, people
   * and tips by method are net.
   */
  summary: Record<'gross' | 'refunds' | 'net', { billCents: Cents; tipCents: Cents; totalCents: Cents }>
  /** Payments by how they came in, and all of them. */
  payments: Record<MethodGroup | 'total', Takings>
  /** Payments that moved no money (the labelled demo), less their refunds: apart, in no sale, tip or drawer figure. */
  demo: Takings
  refunds: Record<LedgerMethod | 'total', Takings>
  /** Tips kept, per method: tips paid less tips given back. */
  tipsByMethod: Record<LedgerMethod, Cents>
  /**
   * Payments taken, what they took (the bill part, less what was given back
   * of it) and the tips kept, per person who took them: a member by their id
   * (`staffId`), under their latest name; a name typed on records from
   * before staff signed, by that name (`staffId` null); the diners' own
   * payments through Mesa with `staff` null too. Most tips first.
   */
  byStaff: {
    staffId: string | null
    staff: string | null
    payments: number
    /** The bills they took a payment on that stands (a voided one leaves none). */
    tables: number
    billCents: Cents
    tipCents: Cents
  }[]
  tipsCents: Cents
  voids: Adjusted
  comps: Adjusted
  billsClosed: number
  /** Bills closed with something unpaid, and why, per reason (null: none given). Largest first. */
  unpaid: { count: number; amountCents: Cents; reasons: { reason: string | null; count: number; amountCents: Cents }[] }
  /** Disputes opened in the period: how many, what the banks hold back while they are open, and what was lost. */
  disputes: { count: number; openCents: Cents; lostCents: Cents }
  /** Payments undone by who recorded them (mis-taps): out of every payment, tip and cash figure, counted here. */
  voidedPayments: { count: number; amountCents: Cents }
  /** Cash taken (bill, tax, tip) less cash given back: what the drawer should hold beyond its float. */
  cashInCents: Cents
  cashOutCents: Cents
  expectedCashCents: Cents
  /** What bills were charged less what was given back of it, tips apart. */
  netSalesCents: Cents
}

const noTakings = (): Takings => ({ count: 0, billCents: 0, tipCents: 0 })

function add(takings: Takings, sums: Sums) {
  takings.count += 1
  takings.billCents += billPart(sums)
  takings.tipCents += sums.tipCents
}

/** Larger amounts first, then by name, so the same records always read in the same order. */
const byAmount =
  <Row extends { amountCents: Cents }>(key: (row: Row) => string | null) =>
  (a: Row, b: Row) =>
    b.amountCents - a.amountCents || (key(a) ?? '').localeCompare(key(b) ?? '')

/** A dispute is open until the bank decides it: won, the money stays; lost, it went back to the diner. */
function disputesOf(disputes: readonly { amountCents: Cents; status: string }[]): CashOut['disputes'] {
  const sum = (keep: (status: string) => boolean) =>
    disputes.filter((dispute) => keep(dispute.status)).reduce((total, dispute) => total + dispute.amountCents, 0)
  return {
    count: disputes.length,
    openCents: sum((status) => status !== 'won' && status !== 'lost'),
    lostCents: sum((status) => status === 'lost'),
  }
}

export function cashOut(records: CashOutRecords): CashOut {
  const payments = Object.fromEntries(
    [...METHOD_GROUPS, 'total'].map((key) => [key, noTakings()]),
  ) as CashOut['payments']
  const refunds = Object.fromEntries(
    [...LEDGER_METHODS, 'total'].map((key) => [key, noTakings()]),
  ) as CashOut['refunds']
  const tipsByMethod = Object.fromEntries(LEDGER_METHODS.map((method) => [method, 0])) as CashOut['tipsByMethod']
  type PersonRow = {
    staffId: string | null
    staff: string | null
    payments: number
    billCents: Cents
    amountCents: Cents
    /** Their payments standing per bill. */
    bills: Map<string, number>
  }
  const staff = new Map<string | null, PersonRow>()
  const staffOf = ({ recordedById, recordedBy }: RecordedBy) => {
    const key = signerKey(recordedById, recordedBy)
    let row = staff.get(key)
    if (!row)
      staff.set(
        key,
        (row = {
          staffId: recordedById,
          staff: recordedBy,
          payments: 0,
          billCents: 0,
          amountCents: 0,
          bills: new Map(),
        }),
      )
    return row
  }
  const onBill = (row: PersonRow, sessionId: string | undefined, change: 1 | -1) => {
    if (sessionId) row.bills.set(sessionId, (row.bills.get(sessionId) ?? 0) + change)
  }
  let cashInCents = 0
  let cashOutCents = 0
  const demo = noTakings()

  for (const payment of records.payments) {
    if (payment.movedMoney === false) {
      add(demo, payment)
      continue
    }
    add(payments[groupOf(payment.method)], payment)
    add(payments.total, payment)
    tipsByMethod[payment.method] += payment.tipCents
    const row = staffOf(payment)
    // A member who renamed themselves shows under the name of their latest payment.
    if (payment.recordedById) row.staff = payment.recordedBy
    row.payments += 1
    onBill(row, payment.sessionId, 1)
    row.billCents += billPart(payment)
    row.amountCents += payment.tipCents
    if (payment.method === 'cash') cashInCents += charged(payment)
  }
  const voidedPayments = { count: 0, amountCents: 0 }
  for (const refund of records.refunds) {
    if (refund.kind === 'void' && refund.movedMoney !== false) {
      // Undone as if never taken: off its method, its person and the cash, not into refunds.
      voidedPayments.count += 1
      voidedPayments.amountCents += charged(refund)
      for (const takings of [payments[groupOf(refund.method)], payments.total]) {
        takings.count -= 1
        takings.billCents -= billPart(refund)
        takings.tipCents -= refund.tipCents
      }
      tipsByMethod[refund.method] -= refund.tipCents
      const row = staffOf(refund)
      row.payments -= 1
      onBill(row, refund.sessionId, -1)
      row.billCents -= billPart(refund)
      row.amountCents -= refund.tipCents
      if (refund.method === 'cash') cashInCents -= charged(refund)
      continue
    }
    if (refund.movedMoney === false) {
      demo.billCents -= billPart(refund)
      demo.tipCents -= refund.tipCents
      continue
    }
    add(refunds[refund.method], refund)
    add(refunds.total, refund)
    tipsByMethod[refund.method] -= refund.tipCents
    const row = staffOf(refund)
    row.billCents -= billPart(refund)
    row.amountCents -= refund.tipCents
    if (refund.method === 'cash') cashOutCents += charged(refund)
  }

  const adjusted = (kind: LedgerAdjustment['kind']): Adjusted => {
    const own = records.adjustments.filter((adjustment) => adjustment.kind === kind)
    return { count: own.length, amountCents: own.reduce((sum, { amountCents }) => sum + amountCents, 0) }
  }

  const reasons = new Map<string | null, { reason: string | null; count: number; amountCents: Cents }>()
  for (const bill of records.closedBills) {
    if (bill.unpaidCents <= 0) continue
    const reason = bill.unpaidReason?.trim() || null
    const row = reasons.get(reason) ?? { reason, count: 0, amountCents: 0 }
    row.count += 1
    row.amountCents += bill.unpaidCents
    reasons.set(reason, row)
  }
  const unpaidReasons = [...reasons.values()].sort(byAmount((row) => row.reason))

  const figure = (billCents: Cents, tipCents: Cents) => ({ billCents, tipCents, totalCents: billCents + tipCents })
  const summary = {
    gross: figure(payments.total.billCents, payments.total.tipCents),
    refunds: figure(refunds.total.billCents, refunds.total.tipCents),
    net: figure(payments.total.billCents - refunds.total.billCents, payments.total.tipCents - refunds.total.tipCents),
  }

  return {
    summary,
    payments,
    demo,
    refunds,
    tipsByMethod,
    byStaff: [...staff.values()]
      // Someone whose only payment was voided took nothing.
      .filter((row) => row.payments !== 0 || row.billCents !== 0 || row.amountCents !== 0)
      .sort(byAmount((row) => row.staff))
      .map(({ amountCents, bills, ...row }) => ({
        ...row,
        tables: [...bills.values()].filter((standing) => standing > 0).length,
        tipCents: amountCents,
      })),
    tipsCents: summary.net.tipCents,
    voids: adjusted('void'),
    comps: adjusted('comp'),
    billsClosed: records.closedBills.length,
    unpaid: {
      count: unpaidReasons.reduce((sum, row) => sum + row.count, 0),
      amountCents: unpaidReasons.reduce((sum, row) => sum + row.amountCents, 0),
      reasons: unpaidReasons,
    },
    disputes: disputesOf(records.disputes ?? []),
    voidedPayments,
    cashInCents,
    cashOutCents,
    expectedCashCents: cashInCents - cashOutCents,
    netSalesCents: summary.net.billCents,
  }
}
