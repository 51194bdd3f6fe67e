import type { Browser, BrowserContextOptions } from 'playwright-core'
import { expect } from 'vitest'
import { BASE_URL, checkA11y, DESKTOP, hydrated, phonePage, signUpAndSignIn, themeCookie, watchCsp } from './browser'
import { everyScreen, inLanguage } from './screens'

/** Dark theme, as the theme cookie holds it (the JSON string "dark"). */
const DARK_COOKIE = themeCookie('dark')

/**
 * axe-core on every screen of the product at one width (`size`: {} is the
 * phone), in Spanish and English, light and dark: any serious or critical
 * violation (colour contrast included) fails. Each width is its own test
 * file, so the two run side by side.
 */
export async function sweep(browser: Browser, size: BrowserContextOptions, restaurantName: string) {
  const staff = await phonePage(browser, DESKTOP)
  await signUpAndSignIn(staff.page.request, restaurantName)
  const { public: dinerScreens, staff: staffScreens } = await everyScreen(staff.page)

  let checked = 0
  const visitor = await phonePage(browser, size)
  const owner = await browser.newContext({
    ...size,
    baseURL: BASE_URL,
    storageState: await staff.page.context().storageState(),
  })
  await watchCsp(owner)
  const ownerPage = await owner.newPage()
  // Every screen light in both languages, then dark in one (Spanish on the phone, English on the desktop): contrast hangs on the colours, not the words.
  for (const [language, theme] of [
    ['es', 'light'],
    ['en', 'light'],
    [size === DESKTOP ? 'en' : 'es', 'dark'],
  ] as const) {
    if (theme === 'dark') for (const context of [visitor.page.context(), owner]) await context.addCookies([DARK_COOKIE])
    for (const [page, screens] of [
      [visitor.page, dinerScreens],
      [ownerPage, staffScreens],
    ] as const) {
      for (const screen of screens) {
        await page.goto(inLanguage(screen, language))
        await hydrated(page, 'toast-region')
        // Light: nobody chose, so the page follows this light browser; dark: chosen.
        await expect
          .poll(() => page.evaluate(() => document.documentElement.className), { message: screen })
          .toBe(theme === 'dark' ? 'dark' : 'theme-system')
        await checkA11y(page)
        checked += 1
      }
    }
  }
  expect(visitor.errors).toEqual([])
  await owner.close()
  await visitor.page.context().close()
  expect(checked).toBe(3 * (dinerScreens.length + staffScreens.length))
}
