import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS, DEFAULT_MAX_OPEN_LINES, parseEnv } from '~/server/env.server'
import { LOCAL_VARS } from '../../scripts/local-vars'

const resend = { MAIL_PROVIDER: 'resend', MAIL_FROM: 'no-reply@mesa.mx', MAIL_API_KEY: 're_test' }

describe('the Worker configuration check', () => {
  it('takes the local stand-ins (simulated payments, the log mailer) in development, with every default limit', () => {
    const result = parseEnv({ ...LOCAL_VARS })
    expect(result).toMatchObject({ ok: true, env: { MESA_ENV: 'development', PAYMENT_PROVIDER: 'simulated', MAIL_PROVIDER: 'log', MAX_OPEN_LINES: DEFAULT_MAX_OPEN_LINES } })
    expect(result.ok && result.env.RATE_LIMITS).toEqual(DEFAULT_LIMITS)
  })

  it('lets wrangler.toml change one limit and keeps the others', () => {
    const result = parseEnv({ ...LOCAL_VARS, RATE_LIMITS: { ordersPerTable: { limit: 10, windowSeconds: 30 } } })
    expect(result.ok && result.env.RATE_LIMITS).toEqual({ ...DEFAULT_LIMITS, ordersPerTable: { limit: 10, windowSeconds: 30 } })
  })

  it.each([
    [{ RATE_LIMITS: { ordersPerTabel: { limit: 10, windowSeconds: 30 } } }, 'RATE_LIMITS'],
    [{ RATE_LIMITS: { ordersPerTable: { limit: 0, windowSeconds: 30 } } }, 'RATE_LIMITS.ordersPerTable.limit'],
    [{ MAX_OPEN_LINES: '-1' }, 'MAX_OPEN_LINES'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ MAIL_PROVIDER: 'resend' }, 'MAIL_API_KEY'],
  ])('refuses %o, naming %s', (values, name) => {
    const result = parseEnv({ ...LOCAL_VARS, ...values })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problems.some((problem) => problem.startsWith(`${name}:`))).toBe(true)
  })

  it('takes a configuration that does not say where it runs as production', () => {
    expect(parseEnv({})).toMatchObject({ ok: false, problems: [expect.stringMatching(/^MAIL_PROVIDER/), expect.stringMatching(/^PAYMENT_PROVIDER/)] })
  })

  it('refuses production with the log mailer or the simulated provider, saying what to set', () => {
    const result = parseEnv({ MESA_ENV: 'production', PAYMENT_PROVIDER: 'simulated', MAIL_PROVIDER: 'log' })
    expect(result.ok).toBe(false)
    const problems = result.ok ? [] : result.problems
    expect(problems).toContainEqual(expect.stringMatching(/^MAIL_PROVIDER: .*Set MAIL_PROVIDER = "resend"/))
    expect(problems).toContainEqual(expect.stringMatching(/^PAYMENT_PROVIDER: .*may serve only the demo table/))
    // A real mailer alone is not enough: every real table would still be approved without money moving.
    expect(parseEnv({ MESA_ENV: 'production', ...resend })).toMatchObject({ ok: false, problems: [expect.stringMatching(/^PAYMENT_PROVIDER/)] })
  })

  it('npm run deploy stops before building when wrangler.toml would be refused', async () => {
    const { scripts } = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }
    expect(scripts.deploy).toMatch(/^tsx scripts\/check-deploy\.ts && npm run build && .*wrangler deploy$/)
    const run = promisify(execFile)('npx', ['tsx', 'scripts/check-deploy.ts'], { env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } })
    const failure = await run.then(() => null, (error: { code: number; stderr: string }) => error)
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('Not deploying: wrangler.toml would not be served.')
    expect(failure?.stderr).toContain('MAIL_PROVIDER "log" only prints mail')
    expect(failure?.stderr).toContain('PAYMENT_PROVIDER "simulated" approves every payment without moving money')
  }, 30_000)
})
