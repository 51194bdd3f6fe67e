import { type AccountObject } from './accounts'
import { invalidParameter } from './errors'
import { type Call } from './state'

/**
 * Statement descriptors as Stripe's docs state the rules: the complete
 * descriptor (prefix, `* `, suffix) is 5 to 22 characters of Latin script,
 * the suffix has at least one letter, and none of `< > \ ' " *` appear.
 * The stand-in reads "Latin" as printable ASCII (stricter: accented letters are
 * refused) and, having no account settings, takes the prefix from the
 * account's business name (or STANDIN), upper-cased, as statements show it.
 */
const FORBIDDEN = /[<>\\'"*]/
const LONGEST = 22
const SHORTEST = 5
const DEFAULT_PREFIX = 'STANDIN'

export function checkSuffix(call: Call, suffix: string, param = 'statement_descriptor_suffix'): string {
  const refuse = (why: string) => invalidParameter(`Invalid ${param}: ${why}`, { param })
  if (!/^[\x20-\x7e]*$/.test(suffix)) throw refuse('it may contain only Latin characters.')
  if (FORBIDDEN.test(suffix)) throw refuse('it may not contain any of these characters: < > \\ \' " *.')
  if (!/[A-Za-z]/.test(suffix)) throw refuse('it must contain at least one letter.')
  const full = withSuffix(call, suffix)
  if (full.length > LONGEST || full.length < SHORTEST)
    throw refuse(
      `with the account's prefix the statement descriptor ('${full}') must be ${SHORTEST} to ${LONGEST} characters long.`,
    )
  return suffix
}

/** What the diner's statement shows: the charge's `calculated_statement_descriptor`. */
export function calculatedDescriptor(call: Call, suffix: string | null): string {
  return suffix
    ? withSuffix(call, suffix)
    : (businessName(call.account ? call.state.accounts.get(call.account) : undefined) ?? DEFAULT_PREFIX).slice(
        0,
        LONGEST,
      )
}

function withSuffix(call: Call, suffix: string): string {
  const account = call.account ? call.state.accounts.get(call.account) : undefined
  const prefix = (businessName(account) ?? DEFAULT_PREFIX).slice(0, 10).trim()
  return `${prefix}* ${suffix.toUpperCase()}`
}

function businessName(account: AccountObject | undefined): string | undefined {
  const name = account?.business_profile?.name
    ?.toUpperCase()
    .replace(/[^A-Z0-9 .&-]/g, '')
    .trim()
  return name && /[A-Z]/.test(name) ? name : undefined
}
