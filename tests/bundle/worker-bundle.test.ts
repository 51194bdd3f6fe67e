import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTE_CACHE_MARK } from '../../vite/cache-route-matching'

/**
 * The Worker exactly as `wrangler deploy` would upload it, built from the
 * current `build/` (npm test builds first). A string that a library holds
 * once per copy tells how many copies of it the Worker carries.
 */
let bundle = ''
const outdir = mkdtempSync(join(tmpdir(), 'mesa-worker-'))

beforeAll(() => {
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outdir], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: 'pipe',
  })
  bundle = readFileSync(join(outdir, 'app.js'), 'utf8')
}, 120_000)

afterAll(() => rmSync(outdir, { recursive: true, force: true }))

const copiesOf = (text: string) => bundle.split(text).length - 1

describe('the deployed Worker bundle', () => {
  it('serves the route matching that keeps its ranked routes, and no unpatched router beside it', () => {
    expect(copiesOf(ROUTE_CACHE_MARK)).toBeGreaterThan(0)
    expect(copiesOf('No route matches URL')).toBe(1)
  })

  it('holds each library once: zod, Remix’s server runtime, drizzle', () => {
    expect(copiesOf('"$ZodString"')).toBe(1)
    expect(copiesOf('You defined an action for route')).toBe(1)
    expect(copiesOf('Failed query')).toBe(1)
  })

  it('builds zod’s parsers without `new Function`, in the Worker and in the pages’ scripts, whose CSP refuses it', () => {
    // app/domain/schemas/zod.ts sets it; package.json keeps that module's side effect in the bundles.
    const setting = 'jitless:!0'
    expect(copiesOf(setting)).toBe(1)
    const assets = join('build', 'client', 'assets')
    expect(
      readdirSync(assets).filter(
        (file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes(setting),
      ),
    ).toHaveLength(1)
  })

  it('is minified', () => {
    // Unminified, this Worker is tens of thousands of lines; minified, a few hundred.
    expect(bundle.split('\n').length).toBeLessThan(2_000)
  })
})
