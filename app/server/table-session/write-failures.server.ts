import { formatMoney } from '~/domain/money'
import type { RefusalCode } from '~/domain/bill'
import { refusal, type ErrorCode, type Refusal } from '~/domain/error-codes'

/**
 * How a write to a bill ends: the TableSession object's answer, as the API
 * reports it. A 429 names the limit it hit; a payment kept out by others in
 * progress names who is paying; one that waits on the diner's bank carries
 * what Stripe.js needs to ask them.
 */
export type WriteFailure = Refusal<FailureCode> & {
  limit?: { limit: number; windowSeconds: number }
  payers?: string[]
  clientSecret?: string
}
export type WriteResult<T> = ({ ok: true } & T) | WriteFailure
/** Every reason a write to a bill is refused (a subset of the API's error codes). */
export type FailureCode = Extract<
  ErrorCode,
  | RefusalCode
  | 'NOT_FOUND'
  | 'CLOSED'
  | 'DECLINED'
  | 'REUSED_TRANSACTION'
  | 'INVALID_OPTIONS'
  | 'PRICE_NOT_ALLOWED'
  | 'TOO_MANY_LINES'
  | 'RATE_LIMITED'
  | 'LEDGER_UNAVAILABLE'
  | 'BEING_PAID'
  | 'REQUIRES_ACTION'
  | 'HOLD_EXPIRED'
  | 'BELOW_MINIMUM'
  | 'PAYMENTS_OFF'
  | 'COVERED'
  | 'SOLD_OUT'
  | 'UNPAID'
  | 'REFUND_FAILED'
  | 'PROVIDER_UNAVAILABLE'
  | 'TABLE_ARCHIVED'
  | 'OPEN_BALANCE'
  | 'TICKET_BACKWARDS'
  | 'VOID_NOT_YOURS'
  | 'VOID_EXPIRED'
>

export const fail = (code: FailureCode, message: string): WriteFailure => refusal(code, message)

export const tableNotFound = () => fail('NOT_FOUND', 'Table not found.')

/** The restaurant archived the table: its codes lead nowhere, and nothing more is written to its bills. */
export const tableArchived = () => fail('TABLE_ARCHIVED', 'This table is no longer available.')

/** A diner still looking at a bill the restaurant has since closed is told so instead of writing onto the next party's bill. */
export const billClosed = () =>
  fail('CLOSED', 'This bill has been closed. Scan the table code again to see the current one.')

/**
 * A payment's money came back when the bill could no longer take it (its
 * hold ran out and someone paid part of it meanwhile, or the bill was closed
 * or reset): whatever was taken is given back.
 */
export const holdExpired = () =>
  fail(
    'HOLD_EXPIRED',
    'The bill changed before the payment could be completed. Anything taken from your card is given back; review the bill and try again.',
  )

/** The provider takes no smaller charge (Stripe: MX$10.00): refused before anything is held, so the diner can pay more of the bill instead. */
export const belowMinimum = (minimumCents: number) =>
  fail(
    'BELOW_MINIMUM',
    `Card payments start at ${formatMoney(minimumCents)}. Choose more of the bill, or pay the rest of it.`,
  )

/** The restaurant takes no payments through Mesa yet (its payment account is not ready, and it chose not to offer the demo). */
export const paymentsOff = () =>
  fail('PAYMENTS_OFF', 'This restaurant does not take payments here yet. Please pay your server.')

/** A close waits for D1 to have everything before it: until then the table's next bill could not be found there. */
export const ledgerUnavailable = () =>
  fail('LEDGER_UNAVAILABLE', 'The bill cannot be closed right now. Try again in a moment.')
