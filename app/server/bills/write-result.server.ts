import type { RateLimit } from '../http/rate-limit.server'
import { apiError } from '../http/api.server'
import { getT } from '../http/i18n.server'
import { tooManyResponse, tooManyText } from '../http/rate-limit.server'
import type { FailureCode, WriteFailure } from '../table-session/write-failures.server'

/**
 * A refused write as the API answers it: JSON `{ message, code }`; above a
 * limit, 429 with Retry-After and the words in the request's language.
 */
export async function apiFailure(request: Request, failure: WriteFailure): Promise<Response> {
  if (!failure.limit) {
    const { payers, clientSecret } = failure
    return apiError(failure.code, failure.message, {
      ...(payers ? { payers } : {}),
      ...(clientSecret ? { clientSecret } : {}),
    })
  }
  return tooManyResponse(request, failure.limit, failure.code, await limitText(request, failure.limit, failure.code))
}

/** What a write refused above `limit` says to a person, in the request's language. */
export async function limitText(request: Request, limit: RateLimit, code: FailureCode): Promise<string> {
  return code === 'TOO_MANY_LINES' ? (await getT(request))('customer.cart.tooManyLines') : tooManyText(request, limit)
}
