import { startLocalServer } from '../local-server'
import { datasetSql, thousandItemBodies } from './dataset'
import { record } from './figures'
import { paidCents, payAll } from './load'

/** The provider's network time in the slow-provider case, and how many diners pay at once. */
export const SLOW_PROVIDER = {
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
export async function paySlowProvider() {
  const slow = await startLocalServer('mesa-bench-slow', datasetSql(), {
    SIMULATED_PROVIDER_DELAY_MS: String(SLOW_PROVIDER.delayMs),
  })
  try {
    const paid = await payAll(slow.url, thousandItemBodies('bench-slow'), SLOW_PROVIDER.clients)
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
