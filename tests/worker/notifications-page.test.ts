import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getPage, seedMember, seedOwner } from './fixtures'

/** A page's text without React's markers between adjacent texts. */
const textOf = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '')

describe('the notifications page (/admin/notifications)', () => {
  it('is any member’s: its title, the notice for a browser without JavaScript, and the key browsers subscribe with', async () => {
    const restaurant = await seedOwner()
    const waiter = await seedMember(restaurant, 'waiter')
    const spanish = await getPage('/admin/notifications', waiter.cookie)
    expect(spanish.status).toBe(200)
    const page = await textOf(spanish)
    expect(page).toContain('<title>Notificaciones · Fonda de Prueba</title>')
    expect(page).toContain('<noscript>')
    expect(page).toContain('Las notificaciones necesitan JavaScript.')
    expect(page).toContain(env.VAPID_PUBLIC_KEY)
    const english = await textOf(await getPage('/admin/notifications?lng=en', waiter.cookie))
    expect(english).toContain('<title>Notifications · Fonda de Prueba</title>')
    expect(english).toContain('Notifications need JavaScript.')
    expect((await getPage('/admin/notifications')).headers.get('Location')).toBe(
      '/admin/login?redirectTo=%2Fadmin%2Fnotifications',
    )
  })

  it('installs as the staff app: staff pages link its manifest, the site’s pages the site’s', async () => {
    const restaurant = await seedOwner()
    const waiter = await seedMember(restaurant, 'waiter')
    for (const path of ['/admin/notifications', '/admin/dashboard'])
      expect(await textOf(await getPage(path, waiter.cookie)), path).toContain(
        '<link rel="manifest" href="/staff.webmanifest"/>',
      )
    for (const path of ['/admin/login', '/admin/signup'])
      expect(await textOf(await getPage(path)), path).toContain('<link rel="manifest" href="/staff.webmanifest"/>')
    const site = await textOf(await getPage('/'))
    expect(site).toContain('<link rel="manifest" href="/site.webmanifest"/>')
    expect(site).not.toContain('staff.webmanifest')
  })

  it('lets the staff service worker in: worker-src is our own origin, scripts still only by nonce', async () => {
    const restaurant = await seedOwner()
    const waiter = await seedMember(restaurant, 'waiter')
    const policy = (await getPage('/admin/notifications', waiter.cookie)).headers.get('Content-Security-Policy') ?? ''
    expect(policy).toContain("worker-src 'self';")
    expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic';/)
  })
})
