import type { CallReason } from '~/domain/alerts'
import type { Signature } from '~/domain/signature'
import { ledgerOfBill } from '../books/ledger.server'
import { fail, type WriteResult } from '../table-session/write-failures.server'
import { spend } from '../http/rate-limit.server'
import type { WaiterCall } from '../table-session/floor-store.server'
import { tableSessionStub } from '../table-session/stub.server'

/** A diner calls the waiter to their bill, counted against their address (waiterCallsPerAddress). */
export async function callWaiter(
  env: Env,
  sessionId: string,
  reason: CallReason,
  address: string | null,
): Promise<WriteResult<{ call: WaiterCall; existing: boolean }>> {
  const spent = await spend(env, { waiterCallsPerAddress: address })
  if (!spent.ok)
    return { ...fail('RATE_LIMITED', 'Too many calls from here. Please wait a moment.'), limit: spent.limit }
  return tableSessionStub(env, sessionId).callWaiter(sessionId, reason)
}

/** A member answers a call on one of their restaurant's bills; another restaurant's is not found. */
export async function answerCall(
  env: Env,
  restaurantId: string,
  call: { sessionId: string; callId: string },
  by: Signature,
): Promise<WriteResult<{ call: WaiterCall }>> {
  const ledger = await ledgerOfBill(env, call.sessionId)
  if (ledger?.restaurantId !== restaurantId) return fail('NOT_FOUND', 'This call is not on one of your bills.')
  return tableSessionStub(env, call.sessionId).answerCall(call.sessionId, call.callId, by)
}
