/**
 * Seeds the demo restaurant into D1: `npm run seed` (local) or `npm run seed -- --remote`.
 * Idempotent: running it again changes nothing but the demo owner's password.
 * Locally that password is the README's; on the remote database it is random,
 * printed once here and kept nowhere, so nobody who read the README can sign in
 * as the demo owner of a deployed Mesa.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, DEMO_SESSION_ID } from '../app/server/demo/demo-data.server'
import { ownerPasswordFor, seedSql } from './seed-sql'

const remote = process.argv.includes('--remote')
const persistAt = process.argv.indexOf('--persist-to')
const persist = persistAt > 0 ? ['--persist-to', process.argv[persistAt + 1] ?? ''] : []
const folder = mkdtempSync(join(tmpdir(), 'mesa-seed-'))
const file = join(folder, 'seed.sql')
const ownerPassword = ownerPasswordFor(remote ? 'remote' : 'local')
try {
  writeFileSync(file, await seedSql(ownerPassword))
  execFileSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', remote ? '--remote' : '--local', ...persist, '--file', file],
    {
      stdio: 'inherit',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    },
  )
} finally {
  // The file holds the remote owner's password hash: it does not outlive the seed.
  rmSync(folder, { recursive: true, force: true })
}
console.log(
  remote
    ? `Seeded the demo restaurant: table ${DEMO_SESSION_ID}. Its owner ${DEMO_OWNER_EMAIL} now signs in with this password, shown only this once:\n${ownerPassword}`
    : `Seeded the demo restaurant: table ${DEMO_SESSION_ID}, owner ${DEMO_OWNER_EMAIL} / ${DEMO_OWNER_PASSWORD}`,
)
