import { StripeError } from './errors'
import { fingerprint, type Form } from './form'
import { IdempotencyKeys } from '../engine/idempotency'
import { type SavedResponse, type StandInState } from './state'
import { IDEMPOTENCY_KEY_LIFETIME_SECONDS } from './time'

/** Where one request's answer is kept: keys are scoped to the account the request acts for. */
export interface IdempotencySlot {
  slot: string
  key: string
  print: string
}

export function idempotencySlot(account: string | null, key: string, form: Form): IdempotencySlot {
  return { slot: IdempotencyKeys.slot(account, key), key, print: fingerprint(form) }
}

/**
 * The answer kept for a retry, if any. A key whose first request is still
 * executing gets 409, and one first used on another endpoint or with other
 * parameters gets 400 `idempotency_error`; neither keeps anything.
 */
export function savedAnswer(
  state: StandInState,
  { slot, key, print }: IdempotencySlot,
  method: string,
  path: string,
): SavedResponse | null {
  if (state.idempotency.busy(slot)) {
    // Stripe's docs call this a conflict with a concurrently executing request; the wording is the one Stripe's
    // clients are reported to receive, and `idempotency_key_in_use` is in the SDK's list of error codes.
    throw new StripeError(409, {
      type: 'idempotency_error',
      code: 'idempotency_key_in_use',
      message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
    })
  }
  const saved = state.idempotency.get(slot)
  if (!saved) return null
  if (saved.created + IDEMPOTENCY_KEY_LIFETIME_SECONDS <= state.clock.now()) return null
  if (saved.method !== method || saved.path !== path) {
    throw idempotencyError(
      `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.method} ${saved.path}' vs '${method} ${path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
    )
  }
  if (saved.fingerprint !== print) {
    throw idempotencyError(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    )
  }
  return saved
}

function idempotencyError(message: string): StripeError {
  return new StripeError(400, { type: 'idempotency_error', message })
}
