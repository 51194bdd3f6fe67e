/**
 * `npm run bench`: builds nothing itself (the npm script builds
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
import { startLocalServer } from './local-server'
import { datasetSql, STEADY, thousandItemBodies } from './bench/dataset'
import { figures, median, record } from './bench/figures'
import { CONNECTIONS, LOAD_SECONDS, load, paidCents, payAll } from './bench/load'
import { paySlowProvider, SLOW_PROVIDER } from './bench/slow-provider'
import { paySteadyState } from './bench/steady'
import { waiterTicketTaps } from './bench/waiter-ticket'

// Lighthouse's simulated figures move from run to run with what the machine is doing; its docs advise the median of several runs.
const LIGHTHOUSE_RUNS = 3
/*
 * Budgets a machine can show, as ratios measured in the same run. Locally
 * workerd runs the Worker and every Durable Object on one thread, so no code
 * makes one table faster than a request that does nothing (/healthz), nor
 * many tables faster than one: what the ratios say is how much a payment
 * costs against that ceiling, and whether tables cost each other.
 */
/** One table's payments/s against the runtime ceiling of the same run. */
const ONE_TABLE_SHARE = 0.4

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
  const oneTable = await payAll(base, thousandItemBodies('bench-item'), 50)
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

    await waiterTicketTaps(browser, base)
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
