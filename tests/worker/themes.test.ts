import { describe, expect, it } from 'vitest'
import { getPage, postForm, seedTable } from './fixtures'
import { call, signedInOwner } from './staff'

/** The theme cookie /set-theme sets, as a Cookie header. */
async function chooseTheme(theme: string, redirectTo: string, cookie?: string) {
  const response = await postForm('/set-theme', { theme, redirectTo }, cookie)
  return { response, cookie: (response.headers.get('Set-Cookie') ?? '').split(';')[0]! }
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0]
const themeColours = (html: string) => [...html.matchAll(/<meta name="theme-color"[^>]*>/g)].map(([tag]) => tag)

describe('the theme on the diner’s and staff screens', () => {
  it('a diner page and a staff page are drawn dark from the cookie, in the server’s HTML, with the phone’s bar dark too', async () => {
    const { sessionId } = await seedTable([{ name: 'Tacos', priceCents: 12000 }])
    const owner = await signedInOwner()
    const bill = `/customer/table/${sessionId}`

    const { cookie: lightCookie } = await chooseTheme('light', bill)
    const light = await (await getPage(bill, lightCookie)).text()
    expect(htmlTag(light)).toBe('<html lang="es-MX">')
    expect(themeColours(light)).toEqual(['<meta name="theme-color" content="#047857"/>'])

    const { response, cookie } = await chooseTheme('dark', bill)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(bill)
    expect(cookie).toMatch(/^theme=/)

    const diner = await (await getPage(bill, cookie)).text()
    expect(htmlTag(diner)).toBe('<html lang="es-MX" class="dark">')
    expect(themeColours(diner)).toEqual(['<meta name="theme-color" content="#0c0a09"/>'])
    // The diner's header offers the way back to light.
    expect(diner).toContain('aria-label="Usar tema claro"')

    const staff = await getPage('/admin/dashboard', `${owner.cookie}; ${cookie}`)
    expect(staff.status).toBe(200)
    const dashboard = await staff.text()
    expect(htmlTag(dashboard)).toBe('<html lang="es-MX" class="dark">')
    expect(dashboard).toContain('aria-label="Usar tema claro"')
  })

  it('until a person chooses, the page follows the device: the class that defers to it, and the device’s scheme asked for as a hint', async () => {
    const { sessionId } = await seedTable([{ name: 'Tacos', priceCents: 12000 }])
    const first = await getPage(`/customer/table/${sessionId}`)
    const html = await first.text()
    expect(htmlTag(html)).toBe('<html lang="es-MX" class="theme-system">')
    expect(themeColours(html)).toHaveLength(2)
    // Later requests say the device's scheme; the page varies with it.
    expect(first.headers.get('Accept-CH')).toBe('Sec-CH-Prefers-Color-Scheme')
    expect(first.headers.get('Vary')).toContain('Sec-CH-Prefers-Color-Scheme')
    // Told the device is dark, the server knows it too (its data says so for what the page draws with JavaScript).
    const hinted = await (
      await getPage(`/customer/table/${sessionId}`, undefined, { 'Sec-CH-Prefers-Color-Scheme': 'dark' })
    ).text()
    expect(htmlTag(hinted)).toBe('<html lang="es-MX" class="theme-system">')
    const deviceDark = (page: string) => /"deviceDark",(true|false)/.exec(page.replaceAll('\\', ''))?.[1]
    expect(deviceDark(hinted)).toBe('true')
    expect(deviceDark(html)).toBe('false')
  })

  it('“system” follows the device: the class that defers to it, and a bar colour for each of its schemes', async () => {
    const { sessionId } = await seedTable([{ name: 'Tacos', priceCents: 12000 }])
    const { cookie } = await chooseTheme('system', `/customer/menu/${sessionId}`)
    const html = await (await getPage(`/customer/table/${sessionId}?lng=en`, cookie)).text()
    expect(htmlTag(html)).toBe('<html lang="en" class="theme-system">')
    expect(themeColours(html)).toEqual([
      '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#047857"/>',
      '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0c0a09"/>',
    ])
  })

  it('the staff settings hold the three-way switch with the chosen theme pressed', async () => {
    const owner = await signedInOwner()
    const { cookie } = await chooseTheme('dark', '/admin/dashboard/settings')
    const html = await (await getPage('/admin/dashboard/settings', `${owner.cookie}; ${cookie}`)).text()
    expect(html).toContain('Apariencia')
    expect(html).toMatch(/<button[^>]*value="dark"[^>]*aria-pressed="true"[^>]*aria-label="Oscuro"/)
    expect(html).toMatch(/<button[^>]*value="light"[^>]*aria-pressed="false"[^>]*aria-label="Claro"/)
  })

  it('a QR print page stays light whatever the theme, as it will print', async () => {
    const owner = await signedInOwner()
    const created = await call('POST', '/api/tables', { tableNumber: '4' }, owner.cookie)
    const table = (await created.json()) as { id: string }
    const { cookie } = await chooseTheme('dark', '/admin/dashboard')
    const print = await (await getPage(`/admin/tables/${table.id}/print`, `${owner.cookie}; ${cookie}`)).text()
    expect(htmlTag(print)).toBe('<html lang="es-MX">')
    const all = await (await getPage('/admin/tables/print', `${owner.cookie}; ${cookie}`)).text()
    expect(htmlTag(all)).toBe('<html lang="es-MX">')
    // The dashboard around them is dark.
    expect(htmlTag(await (await getPage('/admin/dashboard', `${owner.cookie}; ${cookie}`)).text())).toBe(
      '<html lang="es-MX" class="dark">',
    )
  })

  it('an unknown theme changes nothing, and the way back never leaves the site', async () => {
    const unknown = await chooseTheme('sepia', '/customer/table/x')
    expect(unknown.response.status).toBe(302)
    expect(unknown.response.headers.get('Set-Cookie')).toBeNull()
    const away = await chooseTheme('dark', 'https://evil.example/')
    expect(away.response.headers.get('Location')).toBe('/')
  })
})
