import { newToken } from '../crypto.server'

/** The TableSession object that owns the bill named by `sessionId`. */
export function tableSessionStub(env: Env, sessionId: string) {
  return env.TABLE_SESSION.get(env.TABLE_SESSION.idFromName(sessionId))
}

/** Session ids of the public demo start with "demo": demo7, then demo-… after each close (docs/architecture.md, Demo resets). */
export const isDemoSession = (sessionId: string) => sessionId.startsWith('demo')

/**
 * An unguessable id for a table's next bill. The public demo table's next bill
 * stays a demo bill, so it is seeded again instead of standing empty.
 */
export function newSessionId(previous?: string): string {
  if (previous && isDemoSession(previous)) return `demo-${newToken()}`
  // A random code could start with "demo" (one in 16.7 million): it would be taken for the demo table.
  for (;;) {
    const id = newToken()
    if (!isDemoSession(id)) return id
  }
}

/**
 * Tells the bills' objects that what their pages show changed outside them
 * (a staff edit), so a page the Worker kept for their last version is not
 * served again.
 */
export async function billsChanged(env: Env, sessionIds: string[]): Promise<void> {
  await Promise.all(sessionIds.map((sessionId) => tableSessionStub(env, sessionId).touch()))
}
