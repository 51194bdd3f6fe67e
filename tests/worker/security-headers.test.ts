import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getPage, ORIGIN, seedTable } from './fixtures'
import { call, signedInOwner } from './staff'

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1] ?? null

/** The nonce every inline script of a page carries; one value, or the page is not runnable under its CSP. */
const scriptNonces = (html: string) =>
  new Set([...html.matchAll(/<script[^>]*\snonce="([^"]*)"/g)].map(([, nonce]) => nonce))

describe('security headers', () => {
  it('a diner page: a CSP whose fresh nonce every inline script carries, no framing, no sniffing, no referrer leak', async () => {
    const table = await seedTable([{ priceCents: 1000 }])
    const first = await getPage(`/customer/tip/${table.sessionId}?full=true`)
    const second = await getPage(`/customer/tip/${table.sessionId}?full=true`)
    const policy = first.headers.get('Content-Security-Policy') ?? ''
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("base-uri 'self'")
    expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'(;|$)/)
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(first.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(first.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    expect(first.headers.get('X-Frame-Options')).toBe('DENY')
    expect(first.headers.get('Permissions-Policy')).toContain('camera=()')
    expect(scriptNonces(await first.text())).toEqual(new Set([nonceOf(first)]))
    expect(nonceOf(second)).not.toBe(nonceOf(first))
    // Plain http (local runs) gets no HSTS; https does.
    expect(first.headers.get('Strict-Transport-Security')).toBeNull()
    expect(
      (await SELF.fetch(`https://mesa.test/customer/tip/${table.sessionId}?full=true`)).headers.get(
        'Strict-Transport-Security',
      ),
    ).toContain('max-age=')
  })

  it('lets Stripe in on the diner’s screens alone (they reach the payment step without a new document): its API, its frames and the wallets’ payment permission, scripts still by nonce', async () => {
    const table = await seedTable([{ priceCents: 1000 }])
    for (const path of [
      `/customer/table/${table.sessionId}`,
      `/customer/tip/${table.sessionId}?full=true`,
      `/customer/payment-method/${table.sessionId}?full=true`,
    ]) {
      const page = await getPage(path)
      const policy = page.headers.get('Content-Security-Policy') ?? ''
      expect(policy).toContain("connect-src 'self' https://api.stripe.com;")
      expect(policy).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;')
      expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic';/)
      expect(scriptNonces(await page.text())).toEqual(new Set([nonceOf(page)]))
      expect(page.headers.get('Permissions-Policy')).toContain('payment=(self "https://js.stripe.com")')
    }
    for (const path of ['/', '/admin/login']) {
      const page = await getPage(path)
      expect(page.headers.get('Content-Security-Policy')).not.toContain('stripe')
      expect(page.headers.get('Content-Security-Policy')).toContain("frame-src 'none'")
      expect(page.headers.get('Permissions-Policy')).toContain('payment=(self)')
    }
  })

  it('a kept bill page is served under the new response’s nonce, never the one it was rendered with', async () => {
    const table = await seedTable([{ priceCents: 1000 }])
    const path = `/customer/table/${table.sessionId}`
    await getPage(path)
    await getPage(path)
    const hit = await getPage(path)
    expect(hit.headers.get('X-Bill-Cache')).toBe('hit')
    expect(scriptNonces(await hit.text())).toEqual(new Set([nonceOf(hit)]))
  })

  it('staff pages and anything asked with a session are never kept by a shared cache; print pages cannot be framed', async () => {
    expect((await getPage('/admin/login')).headers.get('Cache-Control')).toBe('private, no-store')
    const owner = await signedInOwner()
    const table = (await (await call('POST', '/api/tables', { tableNumber: '3' }, owner.cookie)).json()) as {
      id: string
    }
    const print = await getPage(`/admin/tables/${table.id}/print`, owner.cookie)
    expect(print.status).toBe(200)
    expect(print.headers.get('Cache-Control')).toBe('private, no-store')
    expect(print.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'")
    expect((await getPage('/', owner.cookie)).headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('API answers carry the same headers, without a page policy', async () => {
    const table = await seedTable([{ priceCents: 1000 }])
    const response = await SELF.fetch(`${ORIGIN}/api/tables/session/${table.sessionId}`)
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('X-Frame-Options')).toBe('DENY')
    expect(response.headers.get('Content-Security-Policy')).toBeNull()
  })
})
