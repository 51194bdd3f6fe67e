import type { BrowserContextOptions, Page, Response } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  BASE_URL,
  chromiumForFile,
  DESKTOP,
  hydrated,
  openDisplayMenu,
  phonePage,
  screenshot,
  signUpAndSignIn,
  themeCookie,
} from './browser'

const browser = chromiumForFile()

/** The theme cookie as /set-theme writes it (the JSON string, base64). */
const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className)
/** The <html> tag of a document as the server sent it, before any script ran. */
const servedHtmlTag = async (response: Response | null) => /<html[^>]*>/.exec((await response?.text()) ?? '')?.[0]
const themeSaved = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/set-theme'))

/** The owner's signed-in cookies, and what the screens show: a table with a bill partly paid, a menu with a customisable item. */
let signedIn: BrowserContextOptions['storageState']
let table: { id: string; sessionId: string }
let menuId: string
let tacoId: string
let transactionId: string

beforeAll(async () => {
  const { page } = await phonePage(browser(), DESKTOP)
  await signUpAndSignIn(page.request, 'Fonda Nocturna')
  const headers = { Origin: BASE_URL }
  const post = async <T>(path: string, data: unknown) => {
    const response = await page.request.post(path, { headers, data })
    expect(response.ok(), `${path} ${response.status()}`).toBe(true)
    return (await response.json()) as T
  }
  table = await post('/api/tables', { tableNumber: '9', tableName: 'Terraza', capacity: 4 })
  menuId = (await post<{ id: string }>('/api/menus', { name: 'Cena', type: 'dinner' })).id
  const tacos = await post<{ id: string }>('/api/categories', { name: 'Tacos', menuId })
  tacoId = (
    await post<{ id: string }>('/api/menu-items', {
      name: 'Taco al pastor',
      description: 'Con piña y cilantro',
      price: 3250,
      categoryId: tacos.id,
    })
  ).id
  await post('/api/menu-items', { name: 'Quesadilla', price: 4500, categoryId: tacos.id })
  const salsa = await post<{ id: string }>('/api/modifier-groups', {
    name: 'Salsa',
    required: true,
    menuItemId: tacoId,
  })
  await post('/api/modifier-options', { name: 'Verde', isDefault: true, modifierGroupId: salsa.id })
  await post('/api/modifier-options', { name: 'Habanero', priceAdjustment: 500, modifierGroupId: salsa.id })
  await post('/api/items', {
    tableId: table.id,
    items: [
      { name: 'Tacos al pastor', price: 195, quantity: 3, customerName: 'Ana' },
      { name: 'Agua de horchata', price: 45, customerName: 'Luis' },
      { name: 'Flan napolitano', price: 70, customerName: null },
    ],
  })
  transactionId = `dark-${table.id}`
  const { items } = (await (await page.request.get(`/api/tables/session/${table.sessionId}`)).json()) as {
    items: { id: string; name: string }[]
  }
  const water = items.find((item) => item.name === 'Agua de horchata')!
  await post('/api/payments', {
    tableId: table.id,
    amount: 45,
    tipAmount: 5,
    paymentMethod: 'card',
    paymentType: 'item',
    itemIds: [water.id],
    customerName: 'Luis',
    transactionId,
  })
  signedIn = await page.context().storageState()
  await page.context().close()
})

describe('the theme on the diner’s and staff screens', () => {
  it('the theme chosen on the landing page is in force on a diner screen and a staff screen, from the server’s first byte', async () => {
    const { page, errors } = await phonePage(browser(), { storageState: signedIn })
    await page.goto('/')
    await hydrated(page, 'get-demo')
    // On a phone the site's switch sits in its footer.
    const saved = themeSaved(page)
    await page.getByRole('button', { name: 'Oscuro', exact: true }).click()
    await expect.poll(() => htmlClass(page)).toBe('dark')
    await saved

    for (const path of [`/customer/table/${table.sessionId}`, '/admin/dashboard']) {
      expect(await servedHtmlTag(await page.goto(path)), path).toBe('<html lang="es-MX" class="dark">')
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
        .toBe('oklch(0.147 0.004 49.25)')
    }
    expect(errors).toEqual([])
  })

  it('“system” on the landing page draws the diner’s bill as the device is set', async () => {
    const { page } = await phonePage(browser(), { colorScheme: 'dark' })
    await page.goto('/')
    await hydrated(page, 'get-demo')
    const saved = themeSaved(page)
    await page.getByRole('button', { name: 'Sistema', exact: true }).click()
    await expect.poll(() => htmlClass(page)).toBe('theme-system')
    await saved
    await page.goto(`/customer/table/${table.sessionId}`)
    await expect.poll(() => htmlClass(page)).toBe('theme-system')
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe('oklch(0.147 0.004 49.25)')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe('oklch(0.985 0.001 106.423)')
  })

  it('until a person chooses, the page follows the phone: a dark phone gets a dark page from the server’s first paint, with or without JavaScript', async () => {
    const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    const chosenDark = await phonePage(browser(), { javaScriptEnabled: false })
    await chosenDark.page.context().addCookies([themeCookie('dark')])
    await chosenDark.page.goto(`/customer/table/${table.sessionId}`)
    const dark = await background(chosenDark.page)
    for (const javaScriptEnabled of [true, false]) {
      const { page } = await phonePage(browser(), { colorScheme: 'dark', javaScriptEnabled })
      const served = await page.goto(`/customer/table/${table.sessionId}`)
      // The stylesheet reads the phone's setting before anything is painted: no script decides it.
      expect(await servedHtmlTag(served)).toBe('<html lang="es-MX" class="theme-system">')
      await expect.poll(() => background(page)).toBe(dark)
      await page.context().close()
    }
    const { page } = await phonePage(browser(), { colorScheme: 'light' })
    await page.goto(`/customer/table/${table.sessionId}`)
    await expect.poll(() => background(page)).not.toBe(dark)
  })

  it('the diner’s switch works without JavaScript: a form that comes back to the same page, now dark, and back to light', async () => {
    const { page } = await phonePage(browser(), { javaScriptEnabled: false })
    const bill = `/customer/pay-items/${table.sessionId}?lng=en`
    await page.goto(bill)
    // Nobody chose yet: the page follows the device (light here).
    await expect.poll(() => htmlClass(page)).toBe('theme-system')
    // A light page offers dark only.
    await openDisplayMenu(page)
    await expect.poll(() => page.getByRole('button', { name: 'Switch to light theme' }).isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await page.waitForURL((url) => url.pathname + url.search === bill)
    await expect.poll(() => htmlClass(page)).toBe('dark')
    // The dark page offers the way back; its other button is not shown.
    await openDisplayMenu(page)
    await expect.poll(() => page.getByRole('button', { name: 'Switch to dark theme' }).isVisible()).toBe(false)
    await screenshot(page, 'dark-pay-items-nojs-phone-en')
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    await page.waitForURL((url) => url.pathname + url.search === bill)
    await expect.poll(() => htmlClass(page)).toBe('')
  })

  it('with JavaScript the diner’s switch turns the page at once, keeps its place and focus, and adds no step to Back', async () => {
    const { page, errors } = await phonePage(browser())
    await page.goto(`/customer/menu/${table.sessionId}`)
    await page.goto(`/customer/table/${table.sessionId}`)
    await hydrated(page, 'left-to-pay')
    await page.mouse.wheel(0, 300)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    const scrolled = await page.evaluate(() => window.scrollY)
    let requests = 0
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/set-theme')) requests += 1
    })
    await openDisplayMenu(page)
    await page.getByRole('button', { name: 'Usar tema oscuro' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => htmlClass(page)).toBe('dark')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Usar tema claro')
    await page.waitForLoadState('networkidle')
    expect(requests).toBe(1)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled)
    expect(await servedHtmlTag(await page.reload())).toBe('<html lang="es-MX" class="dark">')
    await page.goBack()
    await page.waitForURL(/\/customer\/menu\//)
    expect(errors).toEqual([])
  })

  it('the staff’s switches: the header’s toggle and the three-way choice in settings', async () => {
    const { page, errors } = await phonePage(browser(), { ...DESKTOP, storageState: signedIn })
    await page.goto('/admin/dashboard/settings')
    await hydrated(page, 'theme-switch')
    let saved = themeSaved(page)
    // The header's toggle is the person's own, under their name.
    await page.getByTestId('account-menu').locator('summary').click()
    await page.getByRole('button', { name: 'Usar tema oscuro' }).click()
    await expect.poll(() => htmlClass(page)).toBe('dark')
    await expect
      .poll(() => page.getByRole('button', { name: 'Oscuro', exact: true }).getAttribute('aria-pressed'))
      .toBe('true')
    await saved
    saved = themeSaved(page)
    await page.getByRole('button', { name: 'Claro', exact: true }).click()
    await expect.poll(() => htmlClass(page)).toBe('')
    await saved
    expect(await servedHtmlTag(await page.reload())).toBe('<html lang="es-MX">')
    expect(errors).toEqual([])
  })

  it('every diner and staff screen looks right in dark: all at 390 px in Spanish, some in English and on a desktop', async () => {
    const sid = table.sessionId
    const diner = await phonePage(browser())
    const staff = await phonePage(browser(), { storageState: signedIn })
    for (const context of [diner.page.context(), staff.page.context()]) await context.addCookies([themeCookie('dark')])
    const look = async (page: Page, path: string, name: string, ready: string) => {
      await page.goto(path)
      await hydrated(page, ready)
      await expect.poll(() => htmlClass(page)).toBe('dark')
      await screenshot(page, `dark-${name}`)
    }

    await look(diner.page, `/customer/table/${sid}`, 'bill-phone', 'left-to-pay')
    await look(diner.page, `/customer/table/${sid}?sheet=pay`, 'bill-sheet-phone', 'left-to-pay')
    await look(diner.page, `/customer/menu/${sid}?item=${tacoId}`, 'menu-item-sheet-phone', 'menu-items')
    await diner.page.goto(`/customer/menu/${sid}`)
    await hydrated(diner.page, 'menu-items')
    await diner.page.getByTestId('menu-item').filter({ hasText: 'Quesadilla' }).getByTestId('add-dish').click()
    await diner.page.getByTestId('toast').waitFor()
    await screenshot(diner.page, 'dark-menu-toast-phone', { fold: true })
    await look(diner.page, `/customer/cart/${sid}`, 'cart-phone', 'cart-lines')
    await look(diner.page, `/customer/pay-items/${sid}`, 'pay-items-phone', 'toast-region')
    await look(diner.page, `/customer/split-equal/${sid}`, 'split-equal-phone', 'toast-region')
    await look(diner.page, `/customer/tip/${sid}?full=true`, 'tip-phone', 'tip-option-15')
    await look(
      diner.page,
      `/customer/payment-method/${sid}?full=true&tipPercentage=15`,
      'payment-method-phone',
      'pay-submit',
    )
    await look(
      diner.page,
      `/customer/payment-confirmation/${sid}?tx=${transactionId}`,
      'confirmation-phone',
      'toast-region',
    )
    await look(diner.page, '/customer/table/no-such-table', 'table-not-found-phone', 'toast-region')

    await look(staff.page, '/admin/dashboard', 'dashboard-phone', 'restaurant-name')
    // On a phone every tab is in sight and the restaurant's name is whole.
    expect(
      await staff.page
        .getByRole('navigation')
        .first()
        .evaluate((nav) =>
          [...nav.querySelectorAll('a')].every((tab) => tab.getBoundingClientRect().right <= window.innerWidth),
        ),
    ).toBe(true)
    expect(
      await staff.page.getByTestId('restaurant-name').evaluate((name) => name.scrollWidth <= name.clientWidth),
    ).toBe(true)
    await look(staff.page, `/admin/dashboard?qr=${table.id}`, 'dashboard-qr-phone', 'qr-code')
    await look(staff.page, `/admin/tables/${table.id}`, 'table-phone', 'toast-region')
    await look(staff.page, `/admin/menu-builder/${menuId}`, 'menu-builder-phone', 'toast-region')
    await look(
      staff.page,
      `/admin/menu-builder/${menuId}?tab=items&dialog=item`,
      'menu-builder-dialog-phone',
      'toast-region',
    )
    await look(
      staff.page,
      `/admin/menu-builder/${menuId}?tab=modifiers`,
      'menu-builder-modifiers-phone',
      'toast-region',
    )
    await look(staff.page, '/admin/cash-out', 'cash-out-phone', 'toast-region')
    await look(staff.page, '/admin/dashboard/settings', 'settings-phone', 'theme-switch')

    // A form's errors: the staff's sign-in, sent empty.
    const visitor = await phonePage(browser())
    await visitor.page.context().addCookies([themeCookie('dark')])
    await visitor.page.goto('/admin/login')
    await hydrated(visitor.page, 'toast-region')
    await visitor.page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await visitor.page.locator('[aria-invalid="true"]').first().waitFor()
    await screenshot(visitor.page, 'dark-login-errors-phone')

    for (const [path, name, ready] of [
      [`/customer/table/${sid}?lng=en`, 'bill-phone-en', 'left-to-pay'],
      [`/customer/tip/${sid}?full=true&lng=en`, 'tip-phone-en', 'tip-option-15'],
      [`/customer/payment-method/${sid}?full=true&tipPercentage=15&lng=en`, 'payment-method-phone-en', 'pay-submit'],
    ] as const) {
      await look(diner.page, path, name, ready)
    }

    const desktopDiner = await phonePage(browser(), DESKTOP)
    const desktopStaff = await phonePage(browser(), { ...DESKTOP, storageState: signedIn })
    for (const context of [desktopDiner.page.context(), desktopStaff.page.context()])
      await context.addCookies([themeCookie('dark')])
    await look(desktopDiner.page, `/customer/table/${sid}`, 'bill-desktop', 'left-to-pay')
    await look(
      desktopDiner.page,
      `/customer/menu/${sid}?item=${tacoId}&lng=en`,
      'menu-item-sheet-desktop-en',
      'menu-items',
    )
    await look(desktopStaff.page, '/admin/dashboard', 'dashboard-desktop', 'restaurant-name')
    await look(desktopStaff.page, `/admin/tables/${table.id}?lng=en`, 'table-desktop-en', 'toast-region')
    await look(desktopStaff.page, `/admin/menu-builder/${menuId}`, 'menu-builder-desktop', 'toast-region')
    await look(desktopStaff.page, '/admin/cash-out', 'cash-out-desktop', 'toast-region')

    for (const opened of [diner, staff, visitor, desktopDiner, desktopStaff]) expect(opened.errors).toEqual([])
  }, 240_000)
})
