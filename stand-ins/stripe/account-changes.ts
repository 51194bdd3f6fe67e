import type Stripe from 'stripe'
import { type AccountObject } from './accounts'
import { invalidParameter, noSuch } from './errors'
import { type Call } from './state'

/** What Stripe may change on a connected account on its own (verification, a deadline passing, a review). */
export interface AccountChanges {
  charges_enabled?: boolean
  payouts_enabled?: boolean
  requirements?: {
    currently_due?: string[]
    /** The same as currently_due unless given. */
    eventually_due?: string[]
    past_due?: string[]
    current_deadline?: number | null
    disabled_reason?: string | null
  }
}

/** Applies `changes` to the account and records `account.updated` with what they replaced. */
export function updateAccount(call: Call, id: string, changes: AccountChanges): AccountObject {
  const account = accountById(call, id)
  const previous: Record<string, unknown> = {}
  for (const field of ['charges_enabled', 'payouts_enabled'] as const) {
    const value = changes[field]
    if (value !== undefined && value !== account[field]) {
      previous[field] = account[field]
      account[field] = value
    }
  }
  if (changes.requirements) {
    const requirements = account.requirements as Stripe.Account.Requirements
    const given = { ...changes.requirements }
    if (given.currently_due && !given.eventually_due) given.eventually_due = given.currently_due
    if (given.current_deadline !== undefined && given.current_deadline !== null && given.current_deadline < 0)
      throw invalidParameter('Invalid current_deadline: must be a timestamp', {
        param: 'requirements[current_deadline]',
      })
    const before: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(given) as [keyof typeof given, unknown][]) {
      if (JSON.stringify(requirements[name]) === JSON.stringify(value)) continue
      before[name] = requirements[name]
      ;(requirements as unknown as Record<string, unknown>)[name] = value
    }
    if (Object.keys(before).length) previous.requirements = before
  }
  if (Object.keys(previous).length)
    call.emit('account.updated', account, { account: id, previousAttributes: structuredClone(previous) })
  return account
}

/**
 * The restaurant disconnecting Mesa from its Stripe Dashboard: Stripe sends
 * `account.application.deauthorized` to the platform (the event's `account`
 * is the account, its object the platform's application), and from then on
 * refuses the platform's requests on that account.
 */
export function deauthorizeAccount(call: Call, id: string) {
  accountById(call, id)
  if (!call.state.deauthorized.has(id)) {
    call.state.deauthorized.add(id)
    call.emit('account.application.deauthorized', call.state.application, { account: id })
  }
  return call.state.application
}

function accountById(call: Call, id: string): AccountObject {
  const account = call.state.accounts.get(id)
  if (!account) throw noSuch('account', id, 'account')
  return account
}
