/**
 * Browser tests: builds nothing (run `npm run build` first; `npm run test:e2e` does), starts the built
 * app under `wrangler dev` on a free port with its own fresh local database, seeds the demo and the
 * test tables, runs tests/e2e with vitest, two files at a time (each has its own Chromium, and its own
 * restaurant or tables, so none waits on another's state) but for those that write to D1 from outside the
 * server, which run alone at the end, and stops the server's whole process group. Files named on the
 * command line run one at a time.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO_OWNER_ID } from '../app/server/demo/demo-data.server'
import { TABLE_CODE_LENGTH, tableCodeFromBytes } from '../app/domain/table-code'
import { ownerSql, tableSql, type LineSeed } from './dataset-sql'
import { startLocalServer } from './local-server'

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' }

/** Tables the tests own, each with its own bill, so tests never share state with the demo or each other. */
function fixturesSql(): { sql: string; tables: Record<string, string>; codes: Record<string, string> } {
  const owner = crypto.randomUUID()
  const tables: Record<string, string> = {}
  // Short codes (canonical) of the tables a diner opens by typing their code.
  const codes: Record<string, string> = {
    codeEntry: tableCodeFromBytes(crypto.getRandomValues(new Uint8Array(TABLE_CODE_LENGTH))),
  }
  const statements = [ownerSql(owner, 'Fonda E2E')]
  const noJsLines: LineSeed[] = [
    { name: 'Tacos al pastor', cents: 16500, quantity: 3, diner: 'Ana' },
    { name: 'Agua de horchata', cents: 4500, quantity: 1, diner: 'Luis' },
  ]
  // menuOrder belongs to the demo restaurant, whose seeded menu the diner orders from.
  const bills: Record<string, { owner: string; lines: LineSeed[] }> = {
    fullJs: {
      owner,
      lines: [
        { name: 'Tacos al pastor', cents: 16500, quantity: 3, diner: 'Ana' },
        { name: 'Agua de horchata', cents: 4500, quantity: 1, diner: null },
      ],
    },
    fullNoJs: {
      owner,
      lines: [
        { name: 'Enchiladas suizas', cents: 17500, quantity: 1, diner: 'Luis' },
        { name: 'Cerveza artesanal', cents: 12000, quantity: 2, diner: 'Luis' },
      ],
    },
    payItems: {
      owner,
      lines: [
        { name: 'Tacos al pastor', cents: 16500, quantity: 3, diner: 'Sofía' },
        { name: 'Agua de horchata', cents: 4500, quantity: 1, diner: null },
        { name: 'Enchiladas suizas', cents: 17500, quantity: 1, diner: 'Diego' },
      ],
    },
    split3: {
      owner,
      lines: [
        // Three diners ordered on their phones, so a split starts between three.
        { name: 'Parrillada para compartir', cents: 52000, quantity: 1, diner: 'Ana' },
        { name: 'Cerveza artesanal', cents: 6000, quantity: 1, diner: 'Beto' },
        { name: 'Cerveza artesanal', cents: 6000, quantity: 1, diner: 'Carla' },
      ],
    },
    noJsSteps: {
      owner,
      lines: [
        { name: 'Tacos al pastor', cents: 16500, quantity: 3, diner: 'Ana' },
        { name: 'Agua de horchata', cents: 4500, quantity: 1, diner: 'Luis' },
      ],
    },
    keyboard: {
      owner,
      lines: [
        { name: 'Chilaquiles rojos', cents: 14500, quantity: 1, diner: 'Ana' },
        { name: 'Café de olla', cents: 4500, quantity: 1, diner: 'Ana' },
      ],
    },
    menuOrder: { owner: DEMO_OWNER_ID, lines: [] },
    // An English diner reads the demo menu, then orders from it.
    menuEnglish: { owner: DEMO_OWNER_ID, lines: [] },
    // A diner orders from the demo menu, then pays for exactly that, with JavaScript and without.
    payMineJs: {
      owner: DEMO_OWNER_ID,
      lines: [{ name: 'Enchiladas suizas', cents: 17500, quantity: 1, diner: 'Luis' }],
    },
    payMineNoJs: {
      owner: DEMO_OWNER_ID,
      lines: [{ name: 'Enchiladas suizas', cents: 17500, quantity: 1, diner: 'Luis' }],
    },
    // A diner without JavaScript orders from the demo menu, then pays part of what the table had, once in each language.
    noJsEs: { owner: DEMO_OWNER_ID, lines: noJsLines },
    noJsEn: { owner: DEMO_OWNER_ID, lines: noJsLines },
    // Someone orders from the demo menu while these diners look at their pay button.
    raceJs: { owner: DEMO_OWNER_ID, lines: [{ name: 'Pozole rojo', cents: 46667, quantity: 1, diner: 'Ana' }] },
    raceNoJs: { owner: DEMO_OWNER_ID, lines: [{ name: 'Pozole rojo', cents: 66000, quantity: 1, diner: 'Ana' }] },
    codeEntry: { owner, lines: [{ name: 'Sopa de tortilla', cents: 8900, quantity: 2, diner: 'Inés' }] },
    // The payment step lists the wallets each phone offers; an Android phone pays with Google Pay.
    wallets: { owner, lines: [{ name: 'Pozole rojo', cents: 18000, quantity: 1, diner: 'Diego' }] },
    walletsNoJs: { owner, lines: [{ name: 'Tamales', cents: 9000, quantity: 1, diner: 'Elsa' }] },
  }
  let number = 100
  for (const [key, bill] of Object.entries(bills)) {
    const tableId = crypto.randomUUID()
    const sessionId = crypto.randomUUID()
    tables[key] = sessionId
    statements.push(
      ...tableSql({
        owner: bill.owner,
        tableId,
        sessionId,
        number: String(number++),
        shortCode: codes[key],
        lines: bill.lines,
      }),
    )
  }
  return { sql: statements.join('\n') + '\n', tables, codes }
}

const fixtures = fixturesSql()
// Its Worker's console kept: the tests read the invitations the local mailer sends there.
const server = await startLocalServer('mesa-e2e', fixtures.sql, {}, { log: true })

/** Runs vitest's e2e project on `files` (all when none), `atOnce` files at a time; answers its exit code. */
function runVitest(files: string[], atOnce: number): Promise<number> {
  const vitest = spawn('npx', ['vitest', 'run', '--project', 'e2e', `--maxWorkers=${atOnce}`, ...files], {
    env: {
      ...env,
      E2E_BASE_URL: server.url,
      E2E_D1_PERSIST: server.persist,
      E2E_SERVER_LOG: server.log ?? '',
      E2E_TABLES: JSON.stringify(fixtures.tables),
      E2E_TABLE_CODES: JSON.stringify(fixtures.codes),
    },
    stdio: 'inherit',
  })
  return new Promise<number>((resolve) => vitest.on('exit', (code) => resolve(code ?? 1)))
}

/**
 * The test files that write to the server's D1 from outside it (serverD1,
 * through a wrangler of their own): SQLite lets one writer in at a time, so
 * a request of another file writing meanwhile would fail as busy. They run
 * after the others, one at a time.
 */
function writersFromOutside(): string[] {
  const dir = 'tests/e2e'
  return readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join(dir, name))
    .filter((path) => /\bserverD1\(/.test(readFileSync(path, 'utf8')))
}

let status = 1
try {
  const asked = process.argv.slice(2)
  if (asked.length > 0) status = await runVitest(asked, 1)
  else {
    const writers = writersFromOutside()
    status = await runVitest(
      writers.flatMap((path) => ['--exclude', path]),
      2,
    )
    // Named none, vitest would run every file again.
    if (writers.length > 0) status = (await runVitest(writers, 1)) || status
  }
} finally {
  server.stop()
}
process.exit(status)
