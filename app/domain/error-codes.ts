/**
 * Every `code` an `/api` answer can carry: why a request was refused, for
 * programs to act on (the `message` beside it is for people). docs/api.md
 * lists them with their statuses; the HTTP edge alone gives a code its
 * status (`statusOf` in app/server/http/errors.server.ts).
 */
export const ERROR_CODES = [
  // The request itself
  'INVALID_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'METHOD_NOT_ALLOWED',
  'UPGRADE_REQUIRED',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL',
  // Who is asking
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'INVALID_CREDENTIALS',
  'INVITATION_INVALID',
  'LAST_OWNER',
  'TOO_MANY_ATTEMPTS',
  'EMAIL_TAKEN',
  'RESET_INVALID',
  // Tables
  'TABLE_NUMBER_TAKEN',
  'TABLE_ARCHIVED',
  'OPEN_BALANCE',
  // A bill and its payments
  'CLOSED',
  'ALREADY_PAID',
  'BILL_CHANGED',
  'TOO_MUCH',
  'ITEM_TAKEN',
  'UNKNOWN_ITEM',
  'INVALID_SELECTION',
  'INVALID_AMOUNT',
  'INVALID_OPTIONS',
  'PRICE_NOT_ALLOWED',
  'SOLD_OUT',
  'TOO_MANY_LINES',
  'REUSED_TRANSACTION',
  'BEING_PAID',
  'COVERED',
  'UNPAID',
  'BELOW_MINIMUM',
  'PAYMENTS_OFF',
  'DECLINED',
  'REQUIRES_ACTION',
  'HOLD_EXPIRED',
  'REFUND_FAILED',
  'VOID_NOT_YOURS',
  'VOID_EXPIRED',
  'LEDGER_UNAVAILABLE',
  'PROVIDER_UNAVAILABLE',
  // The kitchen
  'TICKET_BACKWARDS',
  // Stripe's webhook endpoint
  'INVALID_SIGNATURE',
  'EVENT_IN_PROGRESS',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** A rule's refusal: the reason, and words for a developer reading the answer. The edge gives it its status. */
export interface Refusal<Code extends ErrorCode = ErrorCode> {
  ok: false
  code: Code
  message: string
}

export const refusal = <Code extends ErrorCode>(code: Code, message: string): Refusal<Code> => ({
  ok: false,
  code,
  message,
})
