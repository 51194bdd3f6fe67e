import { describe, expect, it } from 'vitest'
import { BASE_URL, checkA11y, chromiumForFile, DESKTOP, hydrated, phonePage, signUpAndSignIn, watchCsp } from './browser'

const browser = chromiumForFile()

/** Dark theme, as the theme cookie holds it (the JSON string "dark"). */
const DARK_COOKIE = { name: 'theme', value: btoa(JSON.stringify('dark')), url: BASE_URL }

/**
 * axe-core on every screen of the product, at phone and desktop width, in
 * Spanish and English, light and dark: any serious or critical violation
 * (colour contrast included) fails (issue 8). The other browser tests check
 * the screens they pass through as well.
 */
describe('accessibility sweep', () => {
  it('finds no serious or critical axe violation on any screen, phone and desktop, Spanish and English, light and dark', async () => {
    const staff = await phonePage(browser(), DESKTOP)
    await signUpAndSignIn(staff.page.request, 'Fonda Accesible')
    const headers = { Origin: BASE_URL }
    const post = async <T>(path: string, data: unknown) => (await (await staff.page.request.post(path, { headers, data })).json()) as T
    const table = await post<{ id: string; sessionId: string }>('/api/tables', { tableNumber: '2', tableName: 'Ventana', capacity: 4 })
    const menu = await post<{ id: string }>('/api/menus', { name: 'Carta', type: 'lunch' })
    const category = await post<{ id: string }>('/api/categories', { name: 'Tacos', menuId: menu.id })
    const item = await post<{ id: string }>('/api/menu-items', { name: 'Taco al pastor', price: 3250, categoryId: category.id })
    const group = await post<{ id: string }>('/api/modifier-groups', { name: 'Salsa', required: true, menuItemId: item.id })
    await post('/api/modifier-options', { name: 'Verde', isDefault: true, modifierGroupId: group.id })
    await post('/api/items', { tableId: table.id, items: [{ name: 'Taco al pastor', price: 65, quantity: 2, customerName: 'Ana' }, { name: 'Agua', price: 35, customerName: 'Luis' }] })
    const transactionId = `a11y-${table.id}`
    await post('/api/payments', { tableId: table.id, amount: 35, tipAmount: 0, paymentMethod: 'card', paymentType: 'full', customerName: 'Luis', transactionId })
    const sid = table.sessionId

    const dinerScreens = [
      `/customer/table/${sid}`,
      `/customer/table/${sid}?sheet=pay`,
      `/customer/pay-items/${sid}`,
      `/customer/split-equal/${sid}`,
      `/customer/tip/${sid}?full=true`,
      `/customer/payment-method/${sid}?full=true&tipPercentage=15`,
      `/customer/payment-confirmation/${sid}?tx=${transactionId}`,
      `/customer/menu/${sid}`,
      `/customer/menu/${sid}?item=${item.id}`,
      `/customer/cart/${sid}`,
      '/customer/table/no-such-table',
      '/customer',
      '/customer?code=ZZZZ-ZZZZ',
      '/',
      '/?dialog=waitlist',
      '/?dialog=demo',
      '/privacy?dialog=contact',
      '/no-such-page',
      '/admin/login',
      '/admin/signup',
      '/admin/forgot-password',
    ]
    const staffScreens = [
      '/admin/dashboard',
      `/admin/dashboard?qr=${table.id}`,
      '/admin/dashboard/menus',
      '/admin/dashboard/analytics',
      '/admin/dashboard/settings?dialog=settings',
      `/admin/tables/${table.id}`,
      `/admin/tables/${table.id}?close=1`,
      '/admin/menu-management',
      `/admin/menu-builder/${menu.id}`,
      `/admin/menu-builder/${menu.id}?tab=items&dialog=item`,
      `/admin/menu-builder/${menu.id}?tab=modifiers&item=${item.id}`,
      `/admin/menu?menu=${menu.id}`,
    ]

    let checked = 0
    for (const size of [{}, DESKTOP]) {
      const visitor = await phonePage(browser(), size)
      const owner = await browser().newContext({ ...size, baseURL: BASE_URL, storageState: await staff.page.context().storageState() })
      await watchCsp(owner)
      const ownerPage = await owner.newPage()
      // Every screen light in both languages, then dark in one (Spanish on the phone, English on the desktop): contrast hangs on the colours, not the words.
      for (const [language, theme] of [['es', 'light'], ['en', 'light'], [size === DESKTOP ? 'en' : 'es', 'dark']] as const) {
        if (theme === 'dark') for (const context of [visitor.page.context(), owner]) await context.addCookies([DARK_COOKIE])
        for (const [page, screens] of [
          [visitor.page, dinerScreens],
          [ownerPage, staffScreens],
        ] as const) {
          for (const screen of screens) {
            await page.goto(`${screen}${screen.includes('?') ? '&' : '?'}lng=${language}`)
            await hydrated(page, 'toast-region')
            expect(await page.evaluate(() => document.documentElement.className), screen).toBe(theme === 'dark' ? 'dark' : '')
            await checkA11y(page)
            checked += 1
          }
        }
      }
      expect(visitor.errors).toEqual([])
      await owner.close()
      await visitor.page.context().close()
    }
    expect(checked).toBe(2 * 3 * (dinerScreens.length + staffScreens.length))
  }, 300_000)
})
