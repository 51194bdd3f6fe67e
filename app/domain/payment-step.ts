import type { PaymentChange } from './checkout'

/*
 * What the diner's payment step answers when a payment was not taken:
 * nothing was charged in any of these.
 */

/** Refusals that mean the bill moved since the diner was shown it: explained, with the new amount. */
const BILL_MOVED = new Set<string>(['BILL_CHANGED', 'ITEM_TAKEN', 'ALREADY_PAID', 'TOO_MUCH', 'UNKNOWN_ITEM'])

export const billMoved = (code: string) => BILL_MOVED.has(code)

/** Refusals the diner is told as they are: nothing was charged, and why. */
const STEP_REFUSALS = [
  'CLOSED',
  'DECLINED',
  'BEING_PAID',
  'HOLD_EXPIRED',
  'REQUIRES_ACTION',
  'BELOW_MINIMUM',
  'PAYMENTS_OFF',
] as const
export type StepRefusal = (typeof STEP_REFUSALS)[number]

/** The refusal as the diner is told it, or null for one said in general words. */
export const stepRefusal = (code: string): StepRefusal | null =>
  (STEP_REFUSALS as readonly string[]).includes(code) ? (code as StepRefusal) : null

export type PayError =
  | { kind: 'method' }
  | { kind: 'invalid' }
  | { kind: 'moved'; change: PaymentChange; total: number }
  /** `clientSecret`: the bank wants the diner to confirm in Stripe.js; the same payment is then sent again. */
  | { kind: 'refused'; code: StepRefusal | null; clientSecret?: string }
  | { kind: 'limited'; text: string }

/** Why nothing can be paid from the step as it stands: the bill moved, the tip is more than the bill part, nothing is chosen. */
export type Stop = PaymentChange | 'tipTooHigh' | 'nothingChosen'
