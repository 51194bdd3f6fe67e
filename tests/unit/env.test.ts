import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS, DEFAULT_MAX_OPEN_LINES, parseEnv, SECRET_NAMES } from '~/server/env.server'
import { LOCAL_VARS } from '../../scripts/local-vars'

const resend = { MAIL_PROVIDER: 'resend', MAIL_FROM: 'no-reply@mesa.mx', MAIL_API_KEY: 're_test' }
const vapid = {
  VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'vapid-private-key',
  VAPID_SUBJECT: 'mailto:ops@mesa.mx',
}
/** The key that seals restaurants' own secrets: 32 bytes in base64. */
const sealing = { SECRETS_KEY: btoa('x'.repeat(32)) }
const stripe = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
}

describe('the Worker configuration check', () => {
  it('takes the local stand-ins (simulated payments, the log mailer) in development, with every default limit', () => {
    const result = parseEnv({ ...LOCAL_VARS })
    expect(result).toMatchObject({
      ok: true,
      env: {
        MESA_ENV: 'development',
        PAYMENT_PROVIDER: 'simulated',
        MAIL_PROVIDER: 'log',
        MAX_OPEN_LINES: DEFAULT_MAX_OPEN_LINES,
      },
    })
    expect(result.ok && result.env.RATE_LIMITS).toEqual(DEFAULT_LIMITS)
  })

  it('lets wrangler.toml change one limit and keeps the others', () => {
    const result = parseEnv({ ...LOCAL_VARS, RATE_LIMITS: { ordersPerTable: { limit: 10, windowSeconds: 30 } } })
    expect(result.ok && result.env.RATE_LIMITS).toEqual({
      ...DEFAULT_LIMITS,
      ordersPerTable: { limit: 10, windowSeconds: 30 },
    })
  })

  it.each([
    [{ RATE_LIMITS: { ordersPerTabel: { limit: 10, windowSeconds: 30 } } }, 'RATE_LIMITS'],
    [{ RATE_LIMITS: { ordersPerTable: { limit: 0, windowSeconds: 30 } } }, 'RATE_LIMITS.ordersPerTable.limit'],
    [{ MAX_OPEN_LINES: '-1' }, 'MAX_OPEN_LINES'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ MAIL_PROVIDER: 'resend' }, 'MAIL_API_KEY'],
    [{ ...stripe, STRIPE_PUBLISHABLE_KEY: 'sk_live_x' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ MESA_FEE_BPS: '2.5' }, 'MESA_FEE_BPS'],
    [{ MESA_FEE_BPS: '10001' }, 'MESA_FEE_BPS'],
    [{ STRIPE_API_BASE: 'not an address' }, 'STRIPE_API_BASE'],
  ])('refuses %o, naming %s', (values, name) => {
    const result = parseEnv({ ...LOCAL_VARS, ...values })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problems.some((problem) => problem.startsWith(`${name}:`))).toBe(true)
  })

  it('takes a configuration that does not say where it runs as production', () => {
    expect(parseEnv({})).toMatchObject({
      ok: false,
      problems: [
        expect.stringMatching(/^SECRETS_KEY/),
        expect.stringMatching(/^MAIL_PROVIDER/),
        expect.stringMatching(/^PAYMENT_PROVIDER/),
        expect.stringMatching(/^VAPID_PUBLIC_KEY/),
      ],
    })
  })

  it('refuses production with the log mailer or the simulated provider, saying what to set', () => {
    const result = parseEnv({ MESA_ENV: 'production', PAYMENT_PROVIDER: 'simulated', MAIL_PROVIDER: 'log' })
    expect(result.ok).toBe(false)
    const problems = result.ok ? [] : result.problems
    expect(problems).toContainEqual(expect.stringMatching(/^MAIL_PROVIDER: .*Set MAIL_PROVIDER = "resend"/))
    expect(problems).toContainEqual(expect.stringMatching(/^PAYMENT_PROVIDER: .*may serve only the demo table/))
    // A real mailer alone is not enough: every real table would still be approved without money moving.
    expect(parseEnv({ MESA_ENV: 'production', ...resend, ...vapid, ...sealing })).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^PAYMENT_PROVIDER/)],
    })
  })

  it('refuses Stripe without its keys, saying how to set each one', () => {
    const result = parseEnv({ ...LOCAL_VARS, PAYMENT_PROVIDER: 'stripe' })
    expect(result.ok).toBe(false)
    const problems = result.ok ? [] : result.problems
    expect(problems).toContainEqual(
      expect.stringMatching(/^STRIPE_SECRET_KEY: .*npx wrangler secret put STRIPE_SECRET_KEY/),
    )
    expect(problems).toContainEqual(
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: .*npx wrangler secret put STRIPE_WEBHOOK_SECRET/),
    )
    expect(problems).toContainEqual(expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY: .*wrangler\.toml/))
    // The two keys are secrets: a wrangler.toml that holds one is not deployed.
    expect(SECRET_NAMES).toEqual(expect.arrayContaining(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']))
  })

  it('refuses production without the key that seals restaurants’ Facturapi keys, or with one that is not 32 bytes', () => {
    const result = parseEnv({ MESA_ENV: 'production', ...resend, ...stripe, ...vapid })
    expect(result).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^SECRETS_KEY: .*openssl rand -base64 32/)],
    })
    expect(parseEnv({ MESA_ENV: 'production', ...resend, ...stripe, ...vapid, SECRETS_KEY: 'short' }).ok).toBe(false)
    expect(SECRET_NAMES).toContain('SECRETS_KEY')
  })

  it('takes Stripe in production, with Stripe’s own address over https and no fee unless one is set', () => {
    const result = parseEnv({ MESA_ENV: 'production', ...resend, ...stripe, ...vapid, ...sealing })
    expect(result).toMatchObject({
      ok: true,
      env: { PAYMENT_PROVIDER: 'stripe', STRIPE_API_BASE: 'https://api.stripe.com', MESA_FEE_BPS: 0 },
    })
    expect(
      parseEnv({ MESA_ENV: 'production', ...resend, ...stripe, ...vapid, ...sealing, MESA_FEE_BPS: '150' }),
    ).toMatchObject({
      ok: true,
      env: { MESA_FEE_BPS: 150 },
    })
    expect(
      parseEnv({
        MESA_ENV: 'production',
        ...resend,
        ...stripe,
        ...vapid,
        ...sealing,
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }),
    ).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^STRIPE_API_BASE: .*https/)],
    })
    // The stand-in's plain-http address is for local runs.
    expect(parseEnv({ ...LOCAL_VARS, ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).ok).toBe(true)
  })

  it('refuses production without a VAPID key pair (alerts would only be printed), saying how to make one', () => {
    const result = parseEnv({ MESA_ENV: 'production', ...resend, ...stripe, ...sealing })
    expect(result).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^VAPID_PUBLIC_KEY: .*npx tsx scripts\/vapid-keys\.ts.*VAPID_PRIVATE_KEY/)],
    })
    expect(SECRET_NAMES).toContain('VAPID_PRIVATE_KEY')
    // Local runs may go without: their pushes are printed.
    expect(parseEnv({ ...LOCAL_VARS }).ok).toBe(true)
  })

  it.each([
    [{ VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY }, ['VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']],
    [{ ...vapid, VAPID_PUBLIC_KEY: 'not-a-key' }, ['VAPID_PUBLIC_KEY']],
    [{ ...vapid, VAPID_SUBJECT: 'ops@mesa.mx' }, ['VAPID_SUBJECT']],
  ])('refuses a VAPID configuration in part or out of shape: %o, naming %o', (values, names) => {
    const result = parseEnv({ ...LOCAL_VARS, ...values })
    expect(result.ok).toBe(false)
    const named = result.ok ? [] : result.problems.map((problem) => problem.split(':')[0])
    expect(named).toEqual(names)
  })

  it('npm run deploy stops before building when wrangler.toml would be refused', async () => {
    const { scripts } = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }
    expect(scripts.deploy).toMatch(/^tsx scripts\/check-deploy\.ts && npm run build && .*wrangler deploy$/)
    const run = promisify(execFile)('npx', ['tsx', 'scripts/check-deploy.ts'], {
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    })
    const failure = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('Not deploying: wrangler.toml would not be served.')
    expect(failure?.stderr).toContain('MAIL_PROVIDER "log" only prints mail')
    expect(failure?.stderr).toContain('PAYMENT_PROVIDER "simulated" approves every payment without moving money')
  }, 30_000)
})
