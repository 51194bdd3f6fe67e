import type { PaymentRequest } from '~/domain/schemas/payments'
import { sha256Hex } from '../crypto.server'
import type { PaymentRow } from '../db/schema.server'
import { fail } from './write-failures.server'

/** A stable fingerprint of what a payment request asks for, to tell a replay from a reuse of its id. */
export function hashRequest(request: PaymentRequest): Promise<string> {
  return sha256Hex(
    JSON.stringify([
      request.tableId,
      request.amount,
      request.tipAmount,
      request.paymentMethod,
      request.paymentType,
      request.customerName,
      [...(request.itemIds ?? [])].sort(),
      Object.entries(request.itemQuantities ?? {}).sort(([a], [b]) => a.localeCompare(b)),
      request.splitCount ?? null,
      request.partySize ?? null,
      // Appended only when sent, so requests without it keep the fingerprint they always had.
      ...(request.total === undefined ? [] : [request.total]),
    ]),
  )
}

/** A payment already recorded under this transactionId: the same request is answered again, another one refused. */
export function replayOf(existing: PaymentRow | undefined, requestHash: string) {
  if (!existing) return null
  if (existing.requestHash !== requestHash)
    return fail('REUSED_TRANSACTION', 'This transactionId was already used for a different payment.')
  return { ok: true as const, payment: existing, replayed: true }
}
