import { clearHits, spend, type Spent } from '../http/rate-limit.server'

/**
 * Failures are counted per address and per address + email, never per email
 * alone: a stranger failing on an owner's email from their own address must
 * not lock the owner out. Without an address (a local run) the email stands in.
 */
const pairOf = (email: string, clientAddress: string | null) => `${clientAddress ?? 'local'}|${email}`

/**
 * Takes a sign-in attempt as a failure before the password is checked, so
 * parallel guesses cannot all pass the limit while the hash is computed;
 * refused once failedSignInsPerAddressAndEmail or failedSignInsPerAddress is used up.
 */
export function reserveSignIn(env: Env, email: string, clientAddress: string | null): Promise<Spent> {
  return spend(env, {
    failedSignInsPerAddressAndEmail: pairOf(email, clientAddress),
    failedSignInsPerAddress: clientAddress,
  })
}

/** The password was right: the attempt was no failure, and this email's failures from this address are forgotten (the address keeps its own count). */
export async function signInSucceeded(
  env: Env,
  email: string,
  clientAddress: string | null,
  attempt: Extract<Spent, { ok: true }>,
): Promise<void> {
  await attempt.undo()
  await clearHits(env, 'failedSignInsPerAddressAndEmail', pairOf(email, clientAddress))
}
