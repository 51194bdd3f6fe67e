import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demoMenu } from '../../app/server/demo/demo-data.server'
import {
  BASE_URL,
  chromiumForFile,
  DESKTOP,
  hydrated,
  openDisplayMenu,
  phonePage,
  screenshot,
  signUpAndSignIn,
  TABLES,
  themeCookie,
} from './browser'

const browser = chromiumForFile()

/** The name of the chip marked as the section being read. */
const currentChip = (page: Page) => page.locator('[data-testid="category-chips"] a[aria-current="true"]').textContent()

/** Where the chips' row sits on the screen. */
const chipsTop = async (page: Page) => (await page.getByTestId('category-chips').boundingBox())!.y

/** Scrolls the page so the section's heading sits a little under the chips. */
const scrollToSection = (page: Page, name: string) =>
  page.evaluate((name) => {
    const heading = [...document.querySelectorAll('section h2')].find((each) => each.textContent === name)!
    const below = document.querySelector('[data-testid="category-chips"]')!.getBoundingClientRect().bottom
    window.scrollBy(0, heading.getBoundingClientRect().top - below - 40)
  }, name)

/** A restaurant with 24 dishes in three categories, built through the API the builders use: its table's session. */
async function longMenu() {
  const owner = await browser().newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL } })
  const post = async (path: string, data: unknown) => {
    const response = await owner.request.post(path, { data })
    expect(response.ok(), `${path} ${response.status()}`).toBe(true)
    return ((await response.json()) as { id: string }).id
  }
  await signUpAndSignIn(owner.request, 'Fonda Larga')
  const menu = await post('/api/menus', { name: 'Carta', type: 'regular' })
  const dishes: Record<string, { name: string; description?: string }[]> = {
    Entradas: Array.from({ length: 8 }, (_, index) => ({
      name: `Sope ${index + 1}`,
      description: 'Con frijol y queso',
    })),
    Tacos: [
      { name: 'Tacos al pastor', description: 'Tres tacos por orden, con piña' },
      ...Array.from({ length: 7 }, (_, index) => ({ name: `Taco de guisado ${index + 1}` })),
    ],
    Bebidas: [
      { name: 'Agua de jamaica' },
      { name: 'Café de olla', description: 'Con canela y piloncillo' },
      ...Array.from({ length: 6 }, (_, index) => ({ name: `Refresco ${index + 1}` })),
    ],
  }
  for (const [category, items] of Object.entries(dishes)) {
    const categoryId = await post('/api/categories', { name: category, menuId: menu })
    for (const item of items) await post('/api/menu-items', { ...item, price: 4500, categoryId })
  }
  const response = await owner.request.post('/api/tables', { data: { tableNumber: '9' } })
  expect(response.ok()).toBe(true)
  const { sessionId } = (await response.json()) as { sessionId: string }
  await owner.close()
  return sessionId
}

describe('the diner’s menu on one page', () => {
  it('keeps the chips in sight while scrolling, marks the section in view, and searches as the diner types', async () => {
    const sessionId = await longMenu()
    const { page, errors } = await phonePage(browser())
    await page.goto(`/customer/menu/${sessionId}`)
    await hydrated(page, 'menu-items')
    await expect.poll(() => currentChip(page)).toBe('Entradas')

    // Scrolled, the header and its chips stay at the top of the screen, over the dishes.
    await scrollToSection(page, 'Tacos')
    await expect.poll(() => currentChip(page)).toBe('Tacos')
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    expect((await page.locator('header').boundingBox())!.y).toBe(0)
    const top = await chipsTop(page)
    expect(top).toBeGreaterThan(0)
    const onTop = (y: number) =>
      Boolean(document.elementFromPoint(40, y + 20)?.closest('[data-testid="category-chips"]'))
    expect(await page.evaluate(onTop, top)).toBe(true)
    await screenshot(page, 'menu-one-page-scrolled-phone', { fold: true })

    // A chip is a link to its section: the page jumps there, the section's heading just under the chips.
    await page.getByTestId('category-chips').getByRole('link', { name: 'Bebidas' }).click()
    await expect.poll(() => currentChip(page)).toBe('Bebidas')
    expect(page.url()).toMatch(/#category-/)
    const heading = (await page.getByRole('heading', { name: 'Bebidas' }).boundingBox())!
    const chips = (await page.getByTestId('category-chips').boundingBox())!
    expect(heading.y).toBeGreaterThanOrEqual(chips.y + chips.height)
    await expect.poll(() => chipsTop(page)).toBe(top)
    await scrollToSection(page, 'Entradas')
    await expect.poll(() => currentChip(page)).toBe('Entradas')

    // Typed, the menu narrows at once without a page load; nothing found offers the way back.
    const url = page.url()
    const search = page.getByTestId('menu-search')
    await search.fill('jamaica')
    await expect.poll(() => page.getByTestId('menu-item').allTextContents()).toHaveLength(1)
    await expect.poll(() => page.getByTestId('menu-item').textContent()).toContain('Agua de jamaica')
    await search.fill('PINA')
    await expect.poll(() => page.getByTestId('menu-item-name').allTextContents()).toEqual(['Tacos al pastor'])
    await search.fill('canela cafe')
    await expect.poll(() => page.getByTestId('menu-item-name').allTextContents()).toEqual(['Café de olla'])
    expect(page.url()).toBe(url)
    await search.fill('sushi')
    await page.getByTestId('no-results').waitFor()
    await expect
      .poll(() => page.getByTestId('no-results').textContent())
      .toContain('Ningún platillo coincide con «sushi».')
    await screenshot(page, 'menu-search-none-phone')
    await page.getByRole('link', { name: 'Ver todo el menú' }).click()
    await expect.poll(() => page.getByTestId('menu-item').count()).toBe(24)
    await expect.poll(() => search.inputValue()).toBe('')
    expect(errors).toEqual([])
  })

  it('looks right at 390 px and on a computer, in Spanish and English, light and dark, the chips over the dishes', async () => {
    const sessionId = await longMenu()
    for (const theme of ['light', 'dark'] as const)
      for (const language of ['es', 'en'] as const) {
        const phone = await phonePage(browser())
        await phone.page.context().addCookies([themeCookie(theme)])
        const context = await browser().newContext({ ...DESKTOP, baseURL: BASE_URL })
        await context.addCookies([themeCookie(theme)])
        const desktop = await context.newPage()
        for (const [page, device] of [
          [phone.page, 'phone'],
          [desktop, 'desktop'],
        ] as const) {
          await page.goto(`/customer/menu/${sessionId}?lng=${language}`)
          await hydrated(page, 'menu-items')
          await scrollToSection(page, 'Tacos')
          await expect.poll(() => currentChip(page)).toBe('Tacos')
          await screenshot(page, `menu-one-page-${language}-${theme}-${device}`, { fold: true })
        }
        expect(phone.errors).toEqual([])
        await phone.page.context().close()
        await context.close()
      }
  })

  it('an English diner’s menu has no Spanish option names, one order’s price adds up to the bill line, and the bill reads what they ordered in English', async () => {
    const sessionId = TABLES.menuEnglish!
    const { page, errors } = await phonePage(browser())
    await page.goto(`/customer/menu/${sessionId}`)
    await openDisplayMenu(page)
    await page.getByRole('button', { name: /^EN/ }).click()
    await page.getByRole('heading', { name: 'Menu', exact: true }).waitFor()
    await hydrated(page, 'menu-items')
    await expect
      .poll(() => page.getByTestId('category-chips').getByRole('link').allTextContents())
      .toEqual(demoMenu.categories.map((category) => category.nameEn))
    await expect
      .poll(() => page.locator('section h2').allTextContents())
      .toEqual(demoMenu.categories.map((category) => category.nameEn))
    await expect
      .poll(() => page.getByTestId('menu-item-name').allTextContents())
      .toEqual(demoMenu.categories.flatMap((category) => category.items.map((item) => item.nameEn)))
    const tacos = page.getByTestId('menu-item').filter({ hasText: 'Al pastor tacos' })
    await expect.poll(() => tacos.getByTestId('menu-item-price').textContent()).toBe('$55.00 per order')

    await tacos.getByTestId('choose-options').click()
    const sheet = page.getByRole('dialog')
    await sheet.waitFor()
    await expect.poll(() => sheet.locator('legend > span:first-child').allTextContents()).toEqual(['Salsa', 'Extras'])
    for (const option of ['Green', 'Red', 'Habanero (very hot)', 'Cheese', 'Avocado'])
      await expect.poll(() => sheet.getByText(option, { exact: true }).count(), { message: option }).toBe(1)
    await expect.poll(() => sheet.getByLabel('Green', { exact: true }).isChecked()).toBe(true)
    const shown = await page.evaluate(() => document.body.innerText)
    for (const spanish of ['Verde', 'Roja', 'Queso', 'Aguacate', 'Obligatorio', 'Elige'])
      expect(shown, spanish).not.toContain(spanish)
    expect(shown).toContain('Required · Choose one')
    await screenshot(page, 'menu-sheet-demo-en-phone')

    // Three orders: the button, the cart and the bill all say $165.00 for them, the cart $55.00 for one.
    await sheet.getByRole('button', { name: 'One more' }).click()
    await sheet.getByRole('button', { name: 'One more' }).click()
    await expect.poll(() => page.getByTestId('add-with-options').textContent()).toBe('Add 3 · $165.00')
    await page.getByTestId('add-with-options').click()
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('3')
    await page.getByTestId('menu-place-order').click()
    await page.waitForURL(/\/customer\/cart\//)
    await hydrated(page, 'cart-lines')
    await expect.poll(() => page.getByTestId('cart-line-total').textContent()).toBe('$165.00')
    await expect.poll(() => page.getByTestId('cart-line-each').textContent()).toBe('$55.00 each')
    await screenshot(page, 'cart-each-en-phone')
    await page.getByTestId('place-order').click()
    await page.waitForURL(/\/customer\/table\//)
    // The bill and the items to pay read the dish and its choice in English; the kitchen's ticket keeps the Spanish.
    const line = page.locator('li[data-paid]').filter({ hasText: 'Al pastor tacos' })
    await line.waitFor()
    await expect.poll(() => line.textContent()).toMatch(/^3×Al pastor tacosSalsa: Green[^]*\$165\.00$/)
    await expect.poll(() => page.getByTestId('bill-lines').textContent()).not.toContain('Tacos al pastor')
    await screenshot(page, 'bill-ordered-en-phone')
    await page.goto(`/customer/pay-items/${sessionId}`)
    const payLine = page.getByTestId('pay-item').filter({ hasText: 'Al pastor tacos' })
    await expect.poll(() => payLine.textContent()).toContain('Salsa: Green')
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/Tacos al pastor|Verde/)
    expect(errors).toEqual([])
  })
})
