import { isCartCookie } from '~/domain/cart'
import { isIdLike } from '~/domain/schemas/fields'
import { tableCodeInPath } from '~/domain/table-code'
import { getLanguage } from '../http/i18n.server'
import { isDemoSession, tableSessionStub } from '../table-session/stub.server'

/**
 * The bill page and GET /api/tables/session/{id}, as this isolate last
 * rendered them, keyed by everything the answer depends on: the URL, the
 * cookies it reads (language, theme, a pending toast), the language the
 * request is answered in (a choice, else the phone's Accept-Language) and the
 * bill's version. The version comes from the bill's TableSession object, which
 * changes it after every write it commits and whenever staff edit the table
 * or the restaurant (billsChanged); it is read before rendering, so a kept
 * answer is never older than the version it is kept under. A hit costs one
 * call to that object (its version) instead of a second call (the bill) and
 * a Remix render.
 */
const BILL_READ = /^\/(?:customer\/table|api\/tables\/session)\/([^/]+)$/
const MAX_ENTRIES = 500
/** A safety net only: every write to a bill goes through its object, and staff edits tell it. */
const MAX_AGE_MS = 60_000

/** A rendered answer (only 200s are kept), or just the mark that this URL rendered once. */
type Kept =
  { version: string; storedAt: number; headers: [string, string][]; body: string; nonce: string } | { version: null }

const kept = new Map<string, Kept>()

function keep(key: string, entry: Kept) {
  kept.delete(key)
  kept.set(key, entry)
  // Maps keep insertion order: the first key is the one used least recently.
  if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value as string)
}

/** Names the bill an answer shows, when it may be another than the URL's. */
export const BILL_SESSION_HEADER = 'X-Bill-Session'

/** Says whether an answer was kept, as CDNs do; the tests and anyone profiling read it. */
const CACHE_HEADER = 'X-Bill-Cache'

/**
 * A kept answer, under this response's nonce: a page carries the nonce it was
 * rendered with in its script tags, and a nonce is never served twice.
 */
const answer = (
  entry: { headers: [string, string][]; body: string; nonce: string },
  status: 'hit' | 'miss',
  nonce: string,
) => {
  const response = new Response(
    entry.nonce === nonce ? entry.body : entry.body.replaceAll(`nonce="${entry.nonce}"`, `nonce="${nonce}"`),
    { headers: entry.headers },
  )
  response.headers.set(CACHE_HEADER, status)
  return response
}

/** The cookies a bill read can depend on: a table's cart goes along to every diner page, but the bill does not show it. */
const cookiesShown = (request: Request) =>
  (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie && !isCartCookie(cookie))
    .join('; ')

/**
 * Answers a bill read from what was kept when the bill has not changed since;
 * otherwise renders it and keeps the answer for next time. Null for any other
 * request. The demo bill is never kept: it resets with the clock.
 */
export async function cachedBillRead(
  request: Request,
  url: URL,
  env: Env,
  nonce: string,
  render: () => Promise<Response>,
): Promise<Response | null> {
  if (request.method !== 'GET') return null
  const sessionId = BILL_READ.exec(url.pathname)?.[1]
  if (!sessionId || !isIdLike(sessionId) || isDemoSession(sessionId)) return null
  // A table's short code names no bill of its own, and each lookup of one is counted (lookupTableCode): never kept.
  if (tableCodeInPath(sessionId)) return null

  // The language as decided, not the raw header: phones that all mean English ('en-US,en;q=0.9', 'en-GB') share one entry.
  const key = [url.href, cookiesShown(request), await getLanguage(request)].join('\n')
  const entry = kept.get(key)
  // A URL seen for the first time is only rendered (the bill comes from its object); its version is asked for from the second read on, when keeping may pay off.
  if (!entry) {
    const response = await render()
    if (isKeepable(response, sessionId)) keep(key, { version: null })
    return response
  }
  const version = await tableSessionStub(env, sessionId).version()
  if (entry.version !== null && entry.version === version && Date.now() - entry.storedAt < MAX_AGE_MS) {
    keep(key, entry)
    return answer(entry, 'hit', nonce)
  }
  const response = await render()
  if (!isKeepable(response, sessionId)) {
    kept.delete(key)
    return response
  }
  const fresh = { version, storedAt: Date.now(), headers: [...response.headers], body: await response.text(), nonce }
  keep(key, fresh)
  return answer(fresh, 'miss', nonce)
}

/**
 * Only a plain success is kept: redirects, errors and anything that sets a
 * cookie (a toast shown once) are rendered every time, and so is an answer
 * about another bill than the one the URL names (a closed bill's id answers
 * the table's current bill, whose changes the closed bill's version never shows).
 */
const isKeepable = (response: Response, sessionId: string) =>
  response.status === 200 &&
  !response.headers.has('Set-Cookie') &&
  (response.headers.get(BILL_SESSION_HEADER) ?? sessionId) === sessionId
