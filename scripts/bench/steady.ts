import { centsToPesos } from '../../app/domain/money'
import type { LocalServer } from '../local-server'
import { STEADY, steadyCents } from './dataset'
import { percentile, record } from './figures'
import { atMost, paidCents, payAll } from './load'

/** Many tables in steady state against one table of the same run. */
const STEADY_SHARE = 0.85
/** How long the bench waits for the steady-state payments to reach D1 through the tables' outboxes before calling delivery failed. */
const DELIVERY_SECONDS = 60

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
export async function paySteadyState(server: LocalServer, floor: number | null) {
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
      amount: centsToPesos(steadyCents(line)),
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
