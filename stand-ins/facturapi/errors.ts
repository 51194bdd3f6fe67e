/**
 * Facturapi's error answers, as its error-handling guide documents them:
 * `{ ok: false, message, status, code, location?, path?, errors? }`, the root
 * `code` a stable string (invalid_request, receipt_not_found, …) and each
 * `errors[]` detail with its own subcode (required, invalid_format, …). The
 * SDK turns one into a FacturapiError carrying the same fields. Messages are
 * in Spanish, as Facturapi's are; their wording is the stand-in's own.
 */
export type Location = 'body' | 'query' | 'params' | 'headers'

export interface ErrorDetail {
  message: string
  code: string
  source: 'facturapi' | 'sat' | 'pac'
  location?: Location
  path?: string
}

export class FacturapiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    /** Extra headers the answer carries (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  body() {
    const [first] = this.details
    return {
      ok: false,
      message: this.message,
      status: this.status,
      code: this.code,
      ...(first?.location ? { location: first.location } : {}),
      ...(first?.path ? { path: first.path } : {}),
      ...(this.details.length ? { errors: this.details } : {}),
    }
  }
}

/** A request that does not match the input contract: 400 `invalid_request`, its message the first detail's. */
export function invalidRequest(details: ErrorDetail[]): FacturapiError {
  return new FacturapiError(400, 'invalid_request', details[0]?.message ?? 'La petición no es válida.', details)
}

/** One field at fault, named by its dotted path (`items.0.product.product_key`). */
export function invalidField(path: string, code: string, message: string, location: Location = 'body') {
  return invalidRequest([{ message, code, source: 'facturapi', location, path }])
}

/**
 * Something Facturapi takes but the stand-in does not implement: refused
 * loudly, so that a missing feature shows in a test instead of being faked.
 */
export function notImplemented(path: string, what: string, location: Location = 'body') {
  return invalidField(path, 'not_allowed', `El stand-in de Facturapi no implementa ${what} ("${path}").`, location)
}

/** A refusal of the request as a whole (a document's state, a rule across fields), with its own root code. */
export function refused(code: string, message: string, details: ErrorDetail[] = [], status = 400): FacturapiError {
  return new FacturapiError(status, code, message, details)
}

export function notFound(code: string, message: string): FacturapiError {
  return new FacturapiError(404, code, message)
}

export function unauthorized(code: 'missing_credentials' | 'api_key_invalid', message: string): FacturapiError {
  return new FacturapiError(401, code, message)
}

/** Facturapi's answer to a failure of its own: 500 `internal_error`. */
export function internalError(message: string): FacturapiError {
  return new FacturapiError(500, 'internal_error', message)
}
