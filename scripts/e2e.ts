/**
 * Browser tests: builds nothing (run `npm run build` first; `npm run test:e2e` does), starts the built
 * app under `wrangler dev` on a free port with its own fresh local database, seeds the demo and the
 * test tables, runs tests/e2e with vitest, and stops the server's whole process group.
 */
import { spawn } from 'node:child_process'
import { DEMO_OWNER_ID } from '../app/server/demo-data'
import { startLocalServer } from './local-server'

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' }

/** Tables the tests own, each with its own bill, so tests never share state with the demo or each other. */
function fixturesSql(): { sql: string; tables: Record<string, string> } {
  const owner = crypto.randomUUID()
  const tables: Record<string, string> = {}
  const statements = [
    `INSERT INTO users (id, email, password_hash, password_salt, password_iterations, restaurant_name, created_at) VALUES ('${owner}', 'e2e-${owner}@example.com', 'x', 'x', 1, 'Fonda E2E', ${Date.now()});`,
  ]
  type Line = { name: string; cents: number; quantity: number; diner: string | null }
  // menuOrder belongs to the demo restaurant, whose seeded menu the diner orders from.
  const bills: Record<string, { owner: string; lines: Line[] }> = {
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
        { name: 'Parrillada para compartir', cents: 52000, quantity: 1, diner: null },
        // Prices are line totals: two beers for $120.00.
        { name: 'Cerveza artesanal', cents: 12000, quantity: 2, diner: null },
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
  }
  let number = 100
  for (const [key, bill] of Object.entries(bills)) {
    const tableId = crypto.randomUUID()
    const sessionId = crypto.randomUUID()
    tables[key] = sessionId
    statements.push(
      `INSERT INTO tables (id, user_id, table_number, capacity, is_active, session_id, created_at) VALUES ('${tableId}', '${bill.owner}', '${number++}', 4, 1, '${sessionId}', ${Date.now()});`,
      `INSERT INTO table_sessions (id, table_id, opened_at) VALUES ('${sessionId}', '${tableId}', ${Date.now()});`,
      ...bill.lines.map(
        (line) =>
          `INSERT INTO bill_items (id, table_id, session_id, name, price_cents, quantity, customer_name, created_at) VALUES ('${crypto.randomUUID()}', '${tableId}', '${sessionId}', '${line.name}', ${line.cents}, ${line.quantity}, ${line.diner ? `'${line.diner}'` : 'NULL'}, ${Date.now()});`,
      ),
    )
  }
  return { sql: statements.join('\n') + '\n', tables }
}

const fixtures = fixturesSql()
const server = await startLocalServer('mesa-e2e', fixtures.sql)

let status = 1
try {
  const vitest = spawn('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], {
    env: { ...env, E2E_BASE_URL: server.url, E2E_TABLES: JSON.stringify(fixtures.tables) },
    stdio: 'inherit',
  })
  status = await new Promise<number>((resolve) => vitest.on('exit', (code) => resolve(code ?? 1)))
} finally {
  server.stop()
}
process.exit(status)
