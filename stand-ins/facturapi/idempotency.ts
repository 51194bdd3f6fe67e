import { IdempotencyKeys } from '../engine/idempotency'
import { FacturapiError } from './errors'
import { type Call } from './state'

/*
 * An `idempotency_key` names one document of an organization, whatever its
 * kind (a receipt, an invoice): a request that reuses it makes nothing new,
 * and is answered as the stand-in's idempotency mode says.
 */

const keyOf = (call: Call, key: string) => IdempotencyKeys.slot(call.organization.id, key)

/** The document made before under `key`, when the mode answers with it; a 409 `idempotency_key_in_use` otherwise. */
export function madeBefore<T>(call: Call, key: string | null, find: (id: string) => T | undefined): T | undefined {
  if (!key) return undefined
  const id = call.state.idempotencyKeys.get(keyOf(call, key))
  const made = id === undefined ? undefined : find(id)
  if (!made) return undefined
  if (call.state.idempotencyMode === 'existing') return made
  throw new FacturapiError(
    409,
    'idempotency_key_in_use',
    `La llave de idempotencia "${key}" ya fue usada por otro documento.`,
  )
}

/** Remembers the document `key` made. */
export function keepKey(call: Call, key: string | null, id: string): void {
  if (key) call.state.idempotencyKeys.keep(keyOf(call, key), id)
}
