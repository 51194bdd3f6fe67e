/**
 * `npm run bench` (issue 8): builds nothing itself (the npm script builds
 * first), starts the app under `wrangler dev` on a free local port with a
 * generated dataset, measures, stops it, prints a table and writes
 * bench/results.json with each figure's value, target and pass/fail.
 * Talks to 127.0.0.1 only; every load is bounded in count and time. Reads
 * the server's D1 (to see what the tables' outboxes delivered) with
 * `wrangler d1 execute --local` on its persist dir, each read bounded too.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { launch as launchChrome } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Page, Response } from 'playwright-core'
import { CHROMIUM_FLAGS, launchChromium } from './chromium'
import { ownerSql, tableSql } from './dataset-sql'
import { startLocalServer, type LocalServer } from './local-server'
import { pesosToCents } from '../app/domain/money'

const LOAD_SECONDS = 10
const CONNECTIONS = 20
// Lighthouse's simulated figures move from run to run with what the machine is doing; its docs advise the median of several runs.
const LIGHTHOUSE_RUNS = 3
/**
 * The steady-state payments case: this many tables, each bill this many
 * lines. `BENCH_STEADY=20x5 npx tsx scripts/bench.ts` (after a build) runs
 * that case alone at 20 tables × 5 lines, on its own server, as a quick check
 * of the case; it prints its figure and leaves bench/results.json alone, so a
 * smoke run never replaces a full run's figures.
 */
const STEADY = steadyScale(process.env.BENCH_STEADY)
/*
 * Budgets a machine can show, as ratios measured in the same run. Locally
 * workerd runs the Worker and every Durable Object on one thread, so no code
 * makes one table faster than a request that does nothing (/healthz), nor
 * many tables faster than one: what the ratios say is how much a payment
 * costs against that ceiling, and whether tables cost each other.
 */
/** One table's payments/s against the runtime ceiling of the same run. */
const ONE_TABLE_SHARE = 0.4
/** Many tables in steady state against one table of the same run. */
const STEADY_SHARE = 0.85
/** How long the bench waits for the steady-state payments to reach D1 through the tables' outboxes before calling delivery failed. */
const DELIVERY_SECONDS = 60
function steadyScale(value: string | undefined) {
  if (value === undefined) return { tables: 200, lines: 50, alone: false }
  const match = /^([1-9]\d*)x([1-9]\d*)$/.exec(value)
  // A misspelt scale must not start the full run.
  if (!match) throw new Error(`BENCH_STEADY is tables x lines, e.g. 20x5, not ${JSON.stringify(value)}`)
  return { tables: Number(match[1]), lines: Number(match[2]), alone: true }
}

// Centavos that differ from line to line, so a cent lost or counted twice, or one line's payment taken for another's, shows in a table's total.
const steadyCents = (line: number) => 4501 + line * 37

type Figure = {
  name: string
  value: number | string
  unit: string
  target: string
  pass: boolean | null
  note?: string
}
const figures: Figure[] = []
const record = (figure: Figure) => {
  figures.push(figure)
  const verdict = figure.pass === null ? '    ' : figure.pass ? 'pass' : 'MISS'
  console.log(
    `${verdict}  ${figure.name.padEnd(58)} ${String(figure.value).padStart(10)} ${figure.unit.padEnd(8)} target ${figure.target}${figure.note ? `  (${figure.note})` : ''}`,
  )
}

/** The bench dataset: one owner; a 12-line bill; a 1,000-line bill; 200 one-line tables; the steady-state tables. */
function datasetSql() {
  const owner = 'bench-owner'
  const statements = [ownerSql(owner, 'Fonda Bench')]
  const table = (id: string, number: string, lines: number, cents: number | ((line: number) => number)) =>
    statements.push(
      ...tableSql({
        owner,
        tableId: id,
        sessionId: `${id}-s`,
        number,
        lines: Array.from({ length: lines }, (_, line) => ({
          id: `${id}-i${line}`,
          name: `Platillo ${line + 1}`,
          cents: typeof cents === 'number' ? cents : cents(line),
          quantity: 1,
          diner: `Comensal ${(line % 4) + 1}`,
        })),
      }),
    )
  table('bill12', '12', 12, 12350)
  table('pay1000', '1000', 1000, 1000)
  for (let index = 0; index < 200; index++) table(`many${index}`, `M${index}`, 1, 25000)
  table('checkout', 'C1', 3, 14500)
  // "Pagar lo mío": the phone ordered the 2× line (its cookie says so, see orderedHere); the others are the table's.
  statements.push(
    ...tableSql({
      owner,
      tableId: 'mine',
      sessionId: 'mine-s',
      number: 'C2',
      lines: [
        { id: 'mine-i0', name: 'Tacos al pastor', cents: 11000, quantity: 2, diner: 'Comensal 1' },
        { id: 'mine-i1', name: 'Enchiladas', cents: 17500, quantity: 1, diner: 'Comensal 2' },
        { id: 'mine-i2', name: 'Agua de horchata', cents: 4500, quantity: 1, diner: 'Comensal 3' },
      ],
    }),
  )
  for (let index = 0; index < STEADY.tables; index++) table(`steady${index}`, `S${index}`, STEADY.lines, steadyCents)
  return statements.join('\n') + '\n'
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

/** The nearest-rank percentile (p in 0–100) of `values`: a value some payment really had. */
function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

async function load(url: string, connections = CONNECTIONS) {
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
async function payAll(base: string, bodies: unknown[], connections: number, { inTurn = false } = {}) {
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
async function paidCents(base: string, sessionId: string) {
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
async function atMost<T, R>(width: number, items: T[], task: (item: T, index: number) => Promise<R>) {
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

/** What D1's ledger holds of the steady-state bills: per bill, its payments and their sum in cents. */
async function steadyLedger(server: LocalServer) {
  const rows = await server.d1<{ session: string; payments: number; cents: number }>(
    "SELECT session_id AS session, count(*) AS payments, sum(amount_cents) AS cents FROM payments WHERE session_id LIKE 'steady%' GROUP BY session_id",
  )
  return new Map(rows.map((row) => [row.session, row]))
}

/**
 * Waits for the tables' outboxes to bring D1 `expected` steady-state
 * payments, asking D1 again until they are all there or DELIVERY_SECONDS
 * have passed (each ask is a wrangler process of a few seconds, so this
 * polls about every five). A failed ask counts as nothing seen yet; the
 * last failure is kept for the report.
 */
async function awaitDelivery(server: LocalServer, expected: number) {
  const deadline = Date.now() + DELIVERY_SECONDS * 1000
  let ledger = new Map<string, { payments: number; cents: number }>()
  let failure: string | undefined
  for (;;) {
    try {
      ledger = await steadyLedger(server)
      failure = undefined
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error)
    }
    const arrived = [...ledger.values()].reduce((sum, bill) => sum + bill.payments, 0)
    if (arrived >= expected || Date.now() >= deadline)
      return { ledger, arrived, complete: arrived >= expected, failure }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

/**
 * Each steady-state payment's outbox lag in D1 (delivered_at − created_at,
 * ms), and how long after the last commit the last delivery came: both
 * stamped by the objects' own clock, so the drain needs no other.
 */
async function outboxLags(server: LocalServer) {
  const rows = await server.d1<{ lag: number; created: number; delivered: number }>(
    "SELECT delivered_at - created_at AS lag, created_at AS created, delivered_at AS delivered FROM payments WHERE session_id LIKE 'steady%' AND delivered_at IS NOT NULL",
  )
  return {
    lags: rows.map((row) => row.lag),
    drainMs: Math.max(...rows.map((row) => row.delivered)) - Math.max(...rows.map((row) => row.created)),
  }
}

/**
 * Many tables in steady state: STEADY.tables tables of STEADY.lines lines,
 * every table's object already awake, one client per table paying its own
 * bill line by line. The 200-table case wakes each object with its one
 * payment; this is the evening once it is under way. Each bill lives in its
 * table's object, so tables must not cost each other: the case must go at
 * least STEADY_SHARE as fast as one table does (`floor`, that case's figure
 * in the same run; none in a smoke run), and
 * each payment must then reach D1's ledger through its table's outbox:
 * every bill's total is checked in both, and the outbox's lag reported.
 */
async function paySteadyState(server: LocalServer, floor: number | null) {
  const base = server.url
  const tables = Array.from({ length: STEADY.tables }, (_, index) => `steady${index}`)
  // A bill read asks the table's object only from the second read of its URL on (the first is just remembered), and X-Bill-Cache
  // on the answer says the object was asked. workerd lets an idle object go after about 10 s, so every table's second read comes
  // last, right before the payments. A read that fails leaves its table counted as not awake; the figure says how many.
  const read = async (table: string) => {
    try {
      const answer = await fetch(`${base}/api/tables/session/${table}-s`, { signal: AbortSignal.timeout(10_000) })
      await answer.arrayBuffer()
      return answer.ok && answer.headers.has('X-Bill-Cache')
    } catch {
      return false
    }
  }
  await atMost(20, tables, read)
  const awake = await atMost(20, tables, read)
  const bodies = tables.flatMap((table, index) =>
    Array.from({ length: STEADY.lines }, (_, line) => ({
      tableId: table,
      amount: steadyCents(line) / 100,
      tipAmount: 0,
      paymentMethod: 'card',
      paymentType: 'item',
      itemIds: [`${table}-i${line}`],
      customerName: 'Bench',
      transactionId: `bench-steady-${index}-${line}`,
    })),
  )
  const paid = await payAll(base, bodies, tables.length, { inTurn: true })
  const created = paid.statuses.filter((status) => status === 201).length
  const errors = bodies.length - created
  // The errors by answer, so a miss says where to look.
  const refusals = new Map<string, number>()
  for (const status of paid.statuses) {
    const said = status === undefined ? undefined : paid.refusals.get(status)
    const key = status === undefined ? 'no answer' : `${status}${said === undefined ? '' : ` ${JSON.stringify(said)}`}`
    if (status !== 201) refusals.set(key, (refusals.get(key) ?? 0) + 1)
  }
  // What each table should hold: exactly the lines whose payment was answered 201, whatever happened to the others.
  const owed = tables.map((_, index) =>
    paid.statuses
      .slice(index * STEADY.lines, (index + 1) * STEADY.lines)
      .reduce<number>((sum, status, line) => sum + (status === 201 ? steadyCents(line) : 0), 0),
  )
  const totals = await atMost(20, tables, (table) => paidCents(base, `${table}-s`).catch(() => null))
  const exact = totals.filter((cents, index) => cents === owed[index]).length
  const unread = totals.filter((cents) => cents === null).length
  const ready = awake.filter(Boolean).length
  // The ledger must come to hold what the objects answered: every payment answered 201, each bill's sum to the cent.
  const delivery = await awaitDelivery(server, created)
  const ledgerExact = tables.filter(
    (table, index) => (delivery.ledger.get(`${table}-s`)?.cents ?? 0) === owed[index],
  ).length
  const rate = Math.round(created / paid.seconds)
  record({
    name: `Payments, ${STEADY.tables} tables × ${STEADY.lines} lines, steady state`,
    value: rate,
    unit: 'pay/s',
    target:
      floor === null
        ? '0 errors, exact in API and D1'
        : `≥ ${STEADY_SHARE * 100} % of one table (${Math.ceil(floor * STEADY_SHARE)}), 0 errors, exact in API and D1`,
    pass:
      (floor === null || rate >= floor * STEADY_SHARE) &&
      errors === 0 &&
      exact === tables.length &&
      ready === tables.length &&
      delivery.complete &&
      ledgerExact === tables.length,
    note:
      `${created} paid, ${errors} errors (not 201${errors ? `: ${[...refusals].map(([status, count]) => `${status} × ${count}`).join(', ')}` : ''}); p50 ${paid.p50} ms, p99 ${paid.p99} ms; ` +
      `paid total exact to the cent on ${exact} of ${tables.length} tables through the API${unread ? ` (${unread} unread)` : ''}, on ${ledgerExact} in D1; ` +
      `${ready} objects awake before timing; ${floor === null ? 'no one-table figure in a smoke run' : `${Math.round((rate / floor) * 100)} % of one table`}`,
  })
  // The lag of every payment D1 has, delivered or not all of them: a stalled outbox shows as fewer arrivals, not as no figure.
  let lags: Awaited<ReturnType<typeof outboxLags>> | null = null
  let lagFailure = delivery.failure
  try {
    if (delivery.arrived > 0) lags = await outboxLags(server)
  } catch (error) {
    lagFailure = error instanceof Error ? error.message : String(error)
  }
  const arrivals = [
    `${delivery.arrived} of ${created} payments in D1${delivery.complete ? '' : ` after ${DELIVERY_SECONDS} s: DELIVERY INCOMPLETE`}`,
    ...(lagFailure ? [`last D1 read failed: ${lagFailure}`] : []),
  ]
  const tail = lags
    ? [`max ${Math.max(...lags.lags)} ms`, `last delivery ${lags.drainMs} ms after the last commit`]
    : []
  for (const p of [50, 99]) {
    record({
      name: `Outbox lag, steady state: p${p} (delivered_at − created_at)`,
      value: lags ? percentile(lags.lags, p) : 'none',
      unit: 'ms',
      target: 'reference; all delivered',
      pass: delivery.complete && lags !== null,
      note: [...arrivals, ...(p === 99 ? tail : [])].join('; '),
    })
  }
}

/** Gzip bytes of every script a page loads in Chromium (each file gzip -9, as a CDN would serve it). */
async function scriptBytes(page: Page, url: string) {
  const scripts = new Map<string, Buffer>()
  const onResponse = async (response: Response) => {
    if (response.request().resourceType() === 'script')
      scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)))
  }
  page.on('response', onResponse)
  await page.goto(url, { waitUntil: 'networkidle' })
  page.off('response', onResponse)
  let gzip = 0
  for (const body of scripts.values()) gzip += gzipSync(body, { level: 9 }).length
  return { files: scripts.size, kb: Math.round((gzip / 1024) * 10) / 10 }
}

/** The provider's network time in the slow-provider case, and how many diners pay at once. */
const SLOW_PROVIDER = {
  delayMs: Number(process.env.BENCH_SLOW_DELAY_MS ?? 300),
  clients: Number(process.env.BENCH_SLOW_CLIENTS ?? 100),
  alone: process.env.BENCH_SLOW_PROVIDER === '1',
}

/**
 * One table whose payment provider takes 300 ms to answer each call (an
 * authorization, then a capture): its object holds what each payment pays
 * and asks the provider outside its turn, so no diner waits behind another
 * diner's charge. On its own server, whose simulated provider is slowed.
 */
async function paySlowProvider() {
  const slow = await startLocalServer('mesa-bench-slow', datasetSql(), {
    SIMULATED_PROVIDER_DELAY_MS: String(SLOW_PROVIDER.delayMs),
  })
  try {
    const bodies = Array.from({ length: 1000 }, (_, line) => ({
      tableId: 'pay1000',
      amount: 10,
      tipAmount: 0,
      paymentMethod: 'card',
      paymentType: 'item',
      itemIds: [`pay1000-i${line}`],
      customerName: 'Bench',
      transactionId: `bench-slow-${line}`,
    }))
    const paid = await payAll(slow.url, bodies, SLOW_PROVIDER.clients)
    const paidTotal = await paidCents(slow.url, 'pay1000-s')
    const exact = paidTotal === paid.ok * 1000
    const rate = Math.round(paid.ok / paid.seconds)
    record({
      name: `Payments on one table, provider answering after ${SLOW_PROVIDER.delayMs} ms (${SLOW_PROVIDER.clients} clients, 1,000 items)`,
      value: rate,
      unit: 'pay/s',
      target: '≥ 150, 0 errors, p99 ≤ 1,200 ms',
      pass: rate >= 150 && paid.failed === 0 && paid.p99 <= 1200 && exact,
      note: `${paid.ok} paid, ${paid.failed} errors; p50 ${paid.p50} ms, p99 ${paid.p99} ms; paid total ${exact ? 'equals' : `${paidTotal} DIFFERS FROM`} successes × price`,
    })
  } finally {
    slow.stop()
  }
}

if (SLOW_PROVIDER.alone) {
  await paySlowProvider()
  console.log('\nThe slow-provider case alone (BENCH_SLOW_PROVIDER=1); bench/results.json left as it was.')
  process.exit(figures.some((figure) => figure.pass === false) ? 1 : 0)
}

if (STEADY.alone) {
  const server = await startLocalServer('mesa-bench-steady', datasetSql())
  try {
    await paySteadyState(server, null)
  } finally {
    server.stop()
  }
  console.log('\nThe steady-state case alone (BENCH_STEADY); bench/results.json left as it was.')
  process.exit(figures.some((figure) => figure.pass === false) ? 1 : 0)
}

const server = await startLocalServer('mesa-bench', datasetSql())
const base = server.url
try {
  // 1–2. The runtime ceiling and the bill, in the same run.
  const ceiling = await load(`${base}/healthz`)
  record({
    name: 'Runtime ceiling: GET /healthz (20 connections, 10 s)',
    value: Math.round(ceiling.rps),
    unit: 'req/s',
    target: 'reference',
    pass: null,
    note: `p50 ${ceiling.p50} ms, p99 ${ceiling.p99} ms`,
  })
  const billPage = await load(`${base}/customer/table/bill12-s`)
  const ratio = billPage.rps / ceiling.rps
  record({
    name: 'Bill page /customer/table/{id} (12 lines)',
    value: Math.round(billPage.rps),
    unit: 'req/s',
    target: '≥ 50 % of ceiling',
    pass: ratio >= 0.5,
    note: `${Math.round(ratio * 100)} % of ceiling; p50 ${billPage.p50} ms, p99 ${billPage.p99} ms; errors ${billPage.errors}`,
  })
  // Each URL new: never answered from a kept render, so this is what a render with its two D1 reads costs.
  let variant = 0
  const rendered = await autocannon({
    url: `${base}/customer/table/bill12-s`,
    connections: CONNECTIONS,
    duration: LOAD_SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/customer/table/bill12-s?v=${variant++}` }) }],
  })
  record({
    name: 'Bill page, rendered every time (no kept answer)',
    value: Math.round(rendered.requests.average),
    unit: 'req/s',
    target: 'reference',
    pass: null,
    note: `${Math.round((rendered.requests.average / ceiling.rps) * 100)} % of ceiling; p50 ${rendered.latency.p50} ms, p99 ${rendered.latency.p99} ms; errors ${rendered.errors + rendered.non2xx}`,
  })
  const billApi = await load(`${base}/api/tables/session/bill12-s`)
  record({
    name: 'GET /api/tables/session/{id}',
    value: Math.round(billApi.rps),
    unit: 'req/s',
    target: 'reference',
    pass: null,
    note: `${Math.round((billApi.rps / ceiling.rps) * 100)} % of ceiling; p50 ${billApi.p50} ms, p99 ${billApi.p99} ms; errors ${billApi.errors}`,
  })

  // 3. Payments: 50 clients on one 1,000-line bill, then 200 tables at once, then many tables in steady state.
  const itemBodies = Array.from({ length: 1000 }, (_, line) => ({
    tableId: 'pay1000',
    amount: 10,
    tipAmount: 0,
    paymentMethod: 'card',
    paymentType: 'item',
    itemIds: [`pay1000-i${line}`],
    customerName: 'Bench',
    transactionId: `bench-item-${line}`,
  }))
  const oneTable = await payAll(base, itemBodies, 50)
  const oneTableRate = Math.round(oneTable.ok / oneTable.seconds)
  const exact = (await paidCents(base, 'pay1000-s')) === oneTable.ok * 1000
  record({
    name: 'Payments on one table (50 clients, 1,000 items)',
    value: oneTableRate,
    unit: 'pay/s',
    target: `≥ ${ONE_TABLE_SHARE * 100} % of ceiling, 0 errors`,
    pass: oneTableRate >= ceiling.rps * ONE_TABLE_SHARE && oneTable.failed === 0 && exact,
    note: `${Math.round((oneTableRate / ceiling.rps) * 100)} % of ceiling; ${oneTable.ok} paid, ${oneTable.failed} errors, paid total ${exact ? 'equals' : 'DIFFERS FROM'} successes × price`,
  })
  const tableBodies = Array.from({ length: 200 }, (_, index) => ({
    tableId: `many${index}`,
    amount: 250,
    tipAmount: 37.5,
    paymentMethod: 'card',
    paymentType: 'full',
    customerName: 'Bench',
    transactionId: `bench-table-${index}`,
  }))
  const manyTables = await payAll(base, tableBodies, 200)
  record({
    name: '200 tables paying at once',
    value: Math.round(manyTables.ok / manyTables.seconds),
    unit: 'pay/s',
    target: '0 errors',
    pass: manyTables.failed === 0,
    note: `${manyTables.ok} paid, ${manyTables.failed} errors`,
  })
  await paySteadyState(server, oneTableRate)
  await paySlowProvider()

  // 4 and 6. In Chromium: the scripts each diner step loads, and a throttled checkout.
  const browser = await launchChromium()
  try {
    const steps: [string, string][] = [
      ['bill', '/customer/table/bill12-s'],
      ['pay-items', '/customer/pay-items/bill12-s'],
      ['split-equal', '/customer/split-equal/bill12-s'],
      ['tip', '/customer/tip/bill12-s?full=true'],
      ['payment-method', '/customer/payment-method/bill12-s?full=true&tipPercentage=15'],
      ['menu', '/customer/menu/demo7'],
      ['cart', '/customer/cart/demo7'],
    ]
    for (const [step, path] of steps) {
      // A fresh context each time: an empty cache, as a diner arriving at that step would have.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        locale: 'es-MX',
      })
      const bytes = await scriptBytes(await context.newPage(), `${base}${path}`)
      await context.close()
      record({
        name: `JavaScript loaded: ${step}`,
        value: bytes.kb,
        unit: 'KB gz',
        target: step === 'bill' ? '≤ 100 KB' : 'reference',
        pass: step === 'bill' ? bytes.kb <= 100 : null,
        note: `${bytes.files} files`,
      })
    }

    // A Mexican phone, so the page is in Spanish, whose labels the checkout taps (Chromium's own default is English).
    const throttled = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'es-MX',
      baseURL: base,
    })
    const checkout = await throttled.newPage()
    const cdp = await throttled.newCDPSession(checkout)
    await cdp.send('Network.enable')
    // Lighthouse's mobile preset: 150 ms round trip, 1.6 Mbps down, 750 Kbps up.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    })
    let taps = 0
    const tap = async (action: () => Promise<void>) => {
      taps++
      await action()
    }
    // From the tip step on, both checkouts are the same: 15 %, card, pay. A phone without a wallet
    // finds the card already chosen; only a choice the diner has to make counts as a tap.
    const tipAndPay = async () => {
      await checkout.waitForURL(/\/customer\/tip\//)
      await tap(() => checkout.getByTestId('tip-option-15').click())
      await checkout.waitForURL(/\/customer\/payment-method\//)
      await checkout.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      const card = checkout.getByRole('radio', { name: /Tarjeta de crédito o débito/ })
      if (!(await card.isChecked())) await tap(() => card.click())
      await tap(() => checkout.getByTestId('pay-submit').click())
      await checkout.waitForURL(/\/customer\/payment-confirmation\//)
      return checkout.getByTestId('confirmation-amount').textContent()
    }
    const started = performance.now()
    await checkout.goto('/customer/table/checkout-s')
    await checkout.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await tap(() => checkout.getByTestId('pay-button').click())
    await tipAndPay()
    const seconds = (performance.now() - started) / 1000
    record({
      name: 'Checkout, throttled (open bill → confirmation), taps',
      value: taps,
      unit: 'taps',
      target: '≤ 4',
      pass: taps <= 4,
    })
    record({
      name: 'Checkout, throttled (open bill → confirmation), time',
      value: Math.round(seconds * 100) / 100,
      unit: 's',
      target: '≤ 5 s',
      pass: seconds <= 5,
    })

    // "Pagar lo mío" on the same throttled phone, which ordered the 2× line (Remix's unsigned cookie: JSON in base64).
    const ordered = Buffer.from(JSON.stringify({ sessionId: 'mine-s', lines: ['mine-i0'] })).toString('base64')
    await throttled.addCookies([{ name: 'mesa_ordered', value: encodeURIComponent(ordered), url: `${base}/customer` }])
    taps = 0
    const mineStarted = performance.now()
    await checkout.goto('/customer/table/mine-s')
    await checkout.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await tap(() => checkout.getByTestId('pay-mine').click())
    await checkout.waitForURL(/\/customer\/pay-items\//)
    await checkout.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await tap(() => checkout.getByTestId('pay-items-confirm').click())
    const mineAmount = await tipAndPay()
    const mineSeconds = (performance.now() - mineStarted) / 1000
    record({
      name: 'Pay my items, throttled (open bill → confirmation), taps',
      value: taps,
      unit: 'taps',
      target: '≤ 5',
      pass: taps <= 5 && mineAmount === '$126.50',
      note: `paid ${mineAmount}: the 2× line whole, with 15 %`,
    })
    record({
      name: 'Pay my items, throttled (open bill → confirmation), time',
      value: Math.round(mineSeconds * 100) / 100,
      unit: 's',
      target: 'reference (≤ 5 s as the full checkout)',
      pass: mineSeconds <= 5,
    })
    await throttled.close()
  } finally {
    await browser.close()
  }

  // 5. Lighthouse, mobile preset (its default: simulated slow 4G and a 4× slower CPU), with Debian's Chromium.
  const chrome = await launchChrome({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  })
  try {
    // Simulated throttling is Lighthouse's default; applied throttling ('devtools') loads the page over the same
    // preset's network and CPU for real. Both are reported: on localhost they disagree (see the issue 8 note).
    for (const method of ['simulate', 'devtools'] as const) {
      for (const [step, path] of [
        ['bill', '/customer/table/bill12-s'],
        ['tip', '/customer/tip/bill12-s?full=true'],
      ]) {
        const runs: { score: number; lcp: number; tbt: number; cls: number }[] = []
        for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
          const result = await lighthouse(`${base}${path}`, {
            port: chrome.port,
            onlyCategories: ['performance'],
            output: 'json',
            logLevel: 'error',
            throttlingMethod: method,
          })
          if (!result) throw new Error(`Lighthouse returned nothing for ${path}`)
          const { audits, categories } = result.lhr
          runs.push({
            score: Math.round((categories.performance?.score ?? 0) * 100),
            lcp: audits['largest-contentful-paint']?.numericValue ?? Infinity,
            tbt: audits['total-blocking-time']?.numericValue ?? Infinity,
            cls: audits['cumulative-layout-shift']?.numericValue ?? Infinity,
          })
        }
        const all = (key: 'score' | 'lcp' | 'tbt' | 'cls') => runs.map((run) => run[key])
        const note = (values: number[], digits: number) =>
          `runs ${values.map((value) => value.toFixed(digits)).join(', ')}`
        const score = median(all('score'))
        const lcp = median(all('lcp')) / 1000
        const cls = median(all('cls'))
        const label = `Lighthouse ${step} (${method === 'simulate' ? 'simulated' : 'applied'} throttling)`
        record({
          name: `${label}: performance`,
          value: score,
          unit: 'score',
          target: '≥ 95',
          pass: score >= 95,
          note: `median of ${LIGHTHOUSE_RUNS}; ${note(all('score'), 0)}`,
        })
        record({
          name: `${label}: LCP`,
          value: Math.round(lcp * 100) / 100,
          unit: 's',
          target: '≤ 1.5 s',
          pass: lcp <= 1.5,
          note: note(
            all('lcp').map((ms) => ms / 1000),
            2,
          ),
        })
        record({
          name: `${label}: TBT`,
          value: Math.round(median(all('tbt'))),
          unit: 'ms',
          target: 'reference',
          pass: null,
        })
        record({
          name: `${label}: CLS`,
          value: Math.round(cls * 1000) / 1000,
          unit: '',
          target: '≤ 0.05',
          pass: cls <= 0.05,
        })
      }
    }
  } finally {
    chrome.kill()
  }
} finally {
  server.stop()
}

mkdirSync('bench', { recursive: true })
writeFileSync('bench/results.json', JSON.stringify({ at: new Date().toISOString(), figures }, null, 2))
console.log(
  `\n${figures.filter((figure) => figure.pass === true).length} pass, ${figures.filter((figure) => figure.pass === false).length} miss; written to bench/results.json`,
)
