import { env, SELF } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getPage, ORIGIN } from './fixtures'
import { signedInOwner } from './staff'

const RAY = '8f1e2d3c4b5a6978-MEX'

describe('error pages', () => {
  afterEach(() => vi.restoreAllMocks())

  it('a staff page that does not exist says so in the page’s language, with the way back to the dashboard', async () => {
    const owner = await signedInOwner()
    const spanish = await getPage('/admin/tables/no-such-table', owner.cookie)
    expect(spanish.status).toBe(404)
    const html = await spanish.text()
    expect(html).toContain('No encontramos esta página')
    expect(html).toMatch(/<a[^>]*href="\/admin\/dashboard"[^>]*>Volver al panel<\/a>/)
    const english = await getPage('/admin/tables/no-such-table?lng=en', owner.cookie)
    expect(english.status).toBe(404)
    const text = await english.text()
    expect(text).toContain('We couldn&#x27;t find this page')
    expect(text).toContain('Back to the dashboard')
  })

  it('an unexpected failure answers 500 with the request id, the same one it is logged with', async () => {
    const owner = await signedInOwner()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await env.DB.exec('ALTER TABLE payments RENAME TO payments_away')
    try {
      const response = await SELF.fetch(`${ORIGIN}/admin/dashboard/analytics`, {
        headers: { Cookie: owner.cookie, 'cf-ray': RAY },
        redirect: 'manual',
      })
      expect(response.status).toBe(500)
      const html = await response.text()
      expect(html).toContain('Algo salió mal de nuestro lado')
      expect(html).toContain(`Si pides ayuda, menciona este código: ${RAY}`)
      expect(html).toMatch(/<a[^>]*href="\/admin\/dashboard"[^>]*>Volver al panel<\/a>/)
      expect(logged.mock.calls.some(([message]) => String(message).includes(RAY))).toBe(true)
    } finally {
      await env.DB.exec('ALTER TABLE payments_away RENAME TO payments')
    }
  })

  it('a diner’s unknown table is “Table Not Found” in the diner’s frame, with the way home', async () => {
    const response = await getPage('/customer/tip/no-such-table?lng=en')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Table Not Found')
    expect(html).toContain('Powered by')
  })
})
