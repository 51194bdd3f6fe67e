import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, DEMO_SESSION_ID } from '~/server/demo/demo-data.server'
import { resendMailer } from '~/server/mail/mailer.server'
import { paymentsSimulated } from '~/server/payments/provider.server'
import { ownerPasswordFor, seedSql } from '../../scripts/seed-sql'
import { getPage, ORIGIN, seedTable } from './fixtures'
import { served } from './served'
import { call } from './staff'

const serve = (path: string, vars: Record<string, unknown>) => served(new Request(`${ORIGIN}${path}`), vars)

describe('a production configuration with the stand-ins', () => {
  it('is refused: every page and endpoint answers 503 saying what to set, nothing else runs', async () => {
    const production = { MESA_ENV: 'production', PAYMENT_PROVIDER: 'simulated', MAIL_PROVIDER: 'log' }
    for (const path of [
      '/',
      `/customer/table/${DEMO_SESSION_ID}`,
      `/api/tables/session/${DEMO_SESSION_ID}`,
      '/admin/login',
    ]) {
      const response = await serve(path, production)
      expect(response.status).toBe(503)
      const text = await response.text()
      expect(text).toContain('MAIL_PROVIDER "log" only prints mail')
      expect(text).toContain('PAYMENT_PROVIDER "simulated" approves every payment without moving money')
    }
    expect((await serve('/healthz', production)).status).toBe(200)
    // The same Worker with the local configuration serves.
    expect((await serve('/', {})).status).toBe(200)
  })
})

describe('a production configuration with Stripe', () => {
  const mail = { MAIL_PROVIDER: 'resend', MAIL_FROM: 'no-reply@mesa.mx', MAIL_API_KEY: 're_valid' }

  it('is refused without its keys, saying what to set', async () => {
    const response = await serve('/', { MESA_ENV: 'production', PAYMENT_PROVIDER: 'stripe', ...mail })
    expect(response.status).toBe(503)
    const text = await response.text()
    expect(text).toContain('run `npx wrangler secret put STRIPE_SECRET_KEY`')
    expect(text).toContain('run `npx wrangler secret put STRIPE_WEBHOOK_SECRET`')
    expect(text).toContain('STRIPE_PUBLISHABLE_KEY (pk_…)')
  })

  it('serves once they are set', async () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_mesa',
      STRIPE_WEBHOOK_SECRET: 'whsec_mesa',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_mesa',
    }
    expect((await serve('/', { MESA_ENV: 'production', PAYMENT_PROVIDER: 'stripe', ...mail, ...keys })).status).toBe(
      200,
    )
  })
})

describe('the simulated provider', () => {
  it('always serves the demo table, and every diner screen it serves says no real money moves', async () => {
    expect(await paymentsSimulated(env, DEMO_SESSION_ID)).toBe(true)
    const table = await seedTable([{ priceCents: 1000 }])
    for (const path of [
      `/customer/table/${table.sessionId}`,
      `/customer/menu/${table.sessionId}`,
      `/customer/pay-items/${table.sessionId}`,
      `/customer/split-equal/${table.sessionId}`,
      `/customer/tip/${table.sessionId}?full=true`,
      `/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`,
    ]) {
      const page = await getPage(path)
      expect(page.status, path).toBe(200)
      expect(await page.text(), path).toContain('Pagos de prueba: aquí no se cobra dinero real.')
    }
  })
})

describe('the Resend mailer', () => {
  /** A stand-in for Resend's POST /emails that checks what Resend checks: the key, a sender of a verified domain, a recipient, a subject, a body. */
  function resendStandIn() {
    const received: unknown[] = []
    const send: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      const headers = new Headers(init?.headers)
      if (url.pathname !== '/emails' || init?.method !== 'POST')
        return Response.json({ name: 'not_found' }, { status: 404 })
      if (headers.get('Authorization') !== 'Bearer re_valid')
        return Response.json({ name: 'validation_error', message: 'API key is invalid' }, { status: 401 })
      if (headers.get('Content-Type') !== 'application/json')
        return Response.json({ name: 'validation_error' }, { status: 422 })
      const body = JSON.parse(String(init?.body)) as { from?: string; to?: string[]; subject?: string; text?: string }
      if (!body.from?.endsWith('@mesa.mx'))
        return Response.json({ name: 'validation_error', message: 'The domain is not verified' }, { status: 403 })
      if (!body.to?.length || !body.subject || !body.text)
        return Response.json({ name: 'missing_required_field' }, { status: 422 })
      received.push(body)
      return Response.json({ id: crypto.randomUUID() })
    }
    return { send, received }
  }

  it('sends the whole message and keeps it in the outbox with its secret hidden', async () => {
    const standIn = resendStandIn()
    const to = `resend-${crypto.randomUUID().slice(0, 8)}@example.com`
    const mailer = resendMailer(
      env,
      { MAIL_API_BASE: 'https://resend.test', MAIL_API_KEY: 're_valid', MAIL_FROM: 'no-reply@mesa.mx' },
      standIn.send,
    )
    await mailer.send({
      to,
      subject: 'Restablece tu contraseña',
      text: 'Abre https://mesa.mx/admin/reset-password/s3cret-token',
      secrets: ['s3cret-token'],
    })
    expect(standIn.received).toEqual([
      {
        from: 'no-reply@mesa.mx',
        to: [to],
        subject: 'Restablece tu contraseña',
        text: 'Abre https://mesa.mx/admin/reset-password/s3cret-token',
      },
    ])
    expect(
      await env.DB.prepare('SELECT body, provider FROM mail_outbox WHERE to_address = ?').bind(to).first(),
    ).toEqual({
      body: 'Abre https://mesa.mx/admin/reset-password/[oculto / hidden]',
      provider: 'resend',
    })
  })

  it('fails loudly when Resend refuses (a wrong key, an unverified sender) and records nothing', async () => {
    const standIn = resendStandIn()
    const to = `resend-${crypto.randomUUID().slice(0, 8)}@example.com`
    const message = { to, subject: 'Hola', text: 'Texto' }
    await expect(
      resendMailer(
        env,
        { MAIL_API_BASE: 'https://resend.test', MAIL_API_KEY: 're_wrong', MAIL_FROM: 'no-reply@mesa.mx' },
        standIn.send,
      ).send(message),
    ).rejects.toThrow(/401/)
    await expect(
      resendMailer(
        env,
        { MAIL_API_BASE: 'https://resend.test', MAIL_API_KEY: 're_valid', MAIL_FROM: 'x@gmail.com' },
        standIn.send,
      ).send(message),
    ).rejects.toThrow(/403/)
    expect(standIn.received).toEqual([])
    expect(await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?').bind(to).first()).toEqual(
      { n: 0 },
    )
  })
})

describe('the demo seed on a database on the internet', () => {
  it('gives the demo owner a fresh random password: the README one does not sign in', async () => {
    const password = ownerPasswordFor('remote')
    expect(password).not.toBe(DEMO_OWNER_PASSWORD)
    expect(ownerPasswordFor('remote')).not.toBe(password)
    const statements = (await seedSql(password)).split('\n').filter(Boolean)
    await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)))
    expect(
      (await call('POST', '/api/auth/login', { email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD })).status,
    ).toBe(401)
    expect((await call('POST', '/api/auth/login', { email: DEMO_OWNER_EMAIL, password })).status).toBe(200)
  })
})
