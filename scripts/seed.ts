/**
 * Seeds the demo restaurant into D1: `npm run seed` (local) or `npm run seed -- --remote`.
 * Idempotent: running it again changes nothing but the demo owner's password hash.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, DEMO_SESSION_ID } from '../app/server/demo-data.server'
import { seedSql } from './seed-sql'

const remote = process.argv.includes('--remote')
const persistAt = process.argv.indexOf('--persist-to')
const persist = persistAt > 0 ? ['--persist-to', process.argv[persistAt + 1] ?? ''] : []
const file = join(mkdtempSync(join(tmpdir(), 'mesa-seed-')), 'seed.sql')
writeFileSync(file, await seedSql())
execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', remote ? '--remote' : '--local', ...persist, '--file', file], {
  stdio: 'inherit',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
})
console.log(`Seeded the demo restaurant: table ${DEMO_SESSION_ID}, owner ${DEMO_OWNER_EMAIL} / ${DEMO_OWNER_PASSWORD}`)
