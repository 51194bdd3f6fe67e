/**
 * Stripe's error answers: `{ error: { type, code, message, param, … } }` with
 * the HTTP status Stripe gives each kind, so the SDK raises the same error
 * class against the stand-in as against Stripe (StripeInvalidRequestError for
 * 400 and 404, StripeAuthenticationError for 401, StripeCardError for 402,
 * StripePermissionError for 403, StripeIdempotencyError by its type).
 */
type ErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error'

interface ErrorFields {
  type: ErrorType
  message: string
  code?: string
  param?: string
  decline_code?: string
  charge?: string
  payment_intent?: unknown
  payment_method?: unknown
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly fields: ErrorFields,
    /**
     * A refusal of the request's parameters themselves (unknown, missing, malformed, out of range): Stripe keeps no
     * answer under the idempotency key for it, since no endpoint began executing, so a corrected retry may reuse the key.
     */
    readonly validation = false,
  ) {
    super(fields.message)
  }

  body() {
    const docUrl = this.fields.code
      ? { doc_url: `https://stripe.com/docs/error-codes/${this.fields.code.replaceAll('_', '-')}` }
      : {}
    return { error: { ...this.fields, ...docUrl } }
  }
}

interface Detail {
  code?: string
  param?: string
  status?: number
  validation?: boolean
}

export function invalidRequest(
  message: string,
  { code, param, status = 400, validation = false }: Detail = {},
): StripeError {
  return new StripeError(
    status,
    {
      type: 'invalid_request_error',
      message,
      ...(code ? { code } : {}),
      ...(param ? { param } : {}),
    },
    validation,
  )
}

/** A refusal of the parameters as given, before the endpoint acts: see StripeError's `validation`. */
export function invalidParameter(message: string, detail: Omit<Detail, 'validation'> = {}): StripeError {
  return invalidRequest(message, { ...detail, validation: true })
}

/** Stripe's answer to a failure of its own: 500 `api_error`. */
export function apiError(message: string): StripeError {
  return new StripeError(500, { type: 'api_error', message })
}

/** What Stripe answers for an id it does not know, or one that lives on another account. */
export function noSuch(kind: string, id: string, param: string): StripeError {
  return invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param, status: 404 })
}

export function unexpectedState(message: string): StripeError {
  return invalidRequest(message, { code: 'payment_intent_unexpected_state' })
}

export function unrecognizedUrl(method: string, path: string): StripeError {
  return invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    { status: 404 },
  )
}

export function notAuthenticated(message: string): StripeError {
  return invalidRequest(message, { status: 401 })
}
