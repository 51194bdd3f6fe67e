import type { RefusalCode } from '~/domain/bill'
import { apiError } from './http.server'
import { getT } from './i18n.server'
import { tooManyResponse, tooManyText, type RateLimit } from './rate-limit.server'

/** How a write to a bill ends: the TableSession object's answer, as the API reports it; a 429 names the limit it hit. */
export type WriteFailure = { ok: false; status: number; code: FailureCode; message: string; limit?: RateLimit }
export type WriteResult<T> = ({ ok: true } & T) | WriteFailure
export type FailureCode = RefusalCode | 'NOT_FOUND' | 'CLOSED' | 'DECLINED' | 'REUSED_TRANSACTION' | 'INVALID_OPTIONS' | 'PRICE_NOT_ALLOWED' | 'TOO_MANY_LINES' | 'RATE_LIMITED' | 'LEDGER_UNAVAILABLE'

export const fail = (status: number, code: FailureCode, message: string): WriteFailure => ({ ok: false, status, code, message })

export const tableNotFound = () => fail(404, 'NOT_FOUND', 'Table not found.')

/** A diner still looking at a bill the restaurant has since closed is told so instead of writing onto the next party's bill. */
export const billClosed = () => fail(409, 'CLOSED', 'This bill has been closed. Scan the table code again to see the current one.')

/** A close waits for D1 to have everything before it: until then the table's next bill could not be found there. */
export const ledgerUnavailable = () => fail(503, 'LEDGER_UNAVAILABLE', 'The bill cannot be closed right now. Try again in a moment.')

/**
 * A refused write as the API answers it: JSON `{ message, code }`; above a
 * limit, 429 with Retry-After and the words in the request's language.
 */
export async function apiFailure(request: Request, failure: WriteFailure): Promise<Response> {
  if (!failure.limit) return apiError(failure.status, failure.message, { code: failure.code })
  return tooManyResponse(request, failure.limit, failure.code, await limitText(request, failure.limit, failure.code))
}

/** What a write refused above `limit` says to a person, in the request's language. */
export async function limitText(request: Request, limit: RateLimit, code: FailureCode): Promise<string> {
  return code === 'TOO_MANY_LINES' ? (await getT(request))('customer.cart.tooManyLines') : tooManyText(request, limit)
}
