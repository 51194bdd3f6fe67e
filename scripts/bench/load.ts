import autocannon from 'autocannon'
import { pesosToCents } from '../../app/domain/money'

/* Bounded loads on 127.0.0.1: a page read for LOAD_SECONDS, payments posted once each, a bill's paid total read back. */

export const LOAD_SECONDS = 10
export const CONNECTIONS = 20

export async function load(url: string, connections = CONNECTIONS) {
  const result = await autocannon({ url, connections, duration: LOAD_SECONDS })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

/**
 * Posts each of `bodies` once to /api/payments over `connections` keep-alive
 * connections (autocannon, whose client costs this two-core machine far less
 * CPU than fetch); counts successes and failures and answers each body's
 * status (none when it got no answer). `inTurn` gives each connection its own
 * run of bodies.length / connections consecutive bodies, sent one after the
 * other: a diner paying their own table's lines one by one.
 */
export async function payAll(base: string, bodies: unknown[], connections: number, { inTurn = false } = {}) {
  const run = bodies.length / connections
  if (inTurn && !Number.isInteger(run))
    throw new Error(`${bodies.length} bodies do not split into ${connections} equal runs`)
  const statuses: (number | undefined)[] = Array.from({ length: bodies.length })
  // The first answer of each refusing status, so a miss says who refused (the app's JSON or the dev server's text).
  const refusals = new Map<number, string>()
  let next = 0
  // autocannon keeps a connection's context while it goes through its list of requests (cleared when the list starts over), and
  // `amount` gives each connection bodies.length / connections requests: in turn, each connection goes through its run's list once.
  const steps = inTurn ? Array.from({ length: run }, (_, step) => step) : [0]
  const started = performance.now()
  // autocannon resolves on its next one-second tick after the last answer: the time taken ends with that answer, not the tick.
  let lastAnswer = started
  const result = await autocannon({
    url: `${base}/api/payments`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    connections,
    amount: bodies.length,
    requests: steps.map((step) => ({
      setupRequest: (request, context) => {
        const slot = context as { index: number; run: number }
        if (inTurn && step === 0) slot.run = next++
        slot.index = inTurn ? slot.run * run + step : next++
        return { ...request, body: JSON.stringify(bodies[slot.index]) }
      },
      onResponse: (status, body, context) => {
        lastAnswer = performance.now()
        statuses[(context as { index: number }).index] = status
        if (status >= 300 && !refusals.has(status)) refusals.set(status, body.slice(0, 80))
      },
    })),
  })
  return {
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    statuses,
    refusals,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A request that got no answer at all was still waited for: then the whole run counts.
    seconds: ((statuses.includes(undefined) ? performance.now() : lastAnswer) - started) / 1000,
  }
}

/** A bill's paid total in cents, read back through the API as a diner's phone reads it. */
export async function paidCents(base: string, sessionId: string) {
  // Right after a load the dev server's proxy may still refuse a request or two: asked again, a second apart, before calling it wrong.
  for (let attempt = 1; ; attempt++) {
    const answer = await fetch(`${base}/api/tables/session/${sessionId}`, { signal: AbortSignal.timeout(30_000) })
    const bill = answer.ok ? ((await answer.json()) as { paidAmount: number }) : null
    if (bill || attempt === 3) return bill ? (pesosToCents(bill.paidAmount) ?? Number.NaN) : Number.NaN
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

/**
 * Runs `task` on each of `items`, at most `width` at a time; answers in the
 * items' order. A burst of 200 bill reads at once has left a few answers held
 * in wrangler dev until later requests arrived (they were rendered, not sent);
 * 20 at a time never has in our runs.
 */
export async function atMost<T, R>(width: number, items: T[], task: (item: T, index: number) => Promise<R>) {
  const answers: R[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++
        answers[index] = await task(items[index] as T, index)
      }
    }),
  )
  return answers
}
