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
  // Two passes a width, crossed so that every pair of language, theme and width is swept: Spanish light and English dark on
  // the phone, English light and Spanish dark on the desktop. An axe failure hangs on the markup, the words or the colours,
  // and each of those is seen with each of the others.
  const passes =
    size === DESKTOP
      ? ([
          ['en', 'light'],
          ['es', 'dark'],
        ] as const)
      : ([
          ['es', 'light'],
          ['en', 'dark'],
        ] as const)
  for (const [language, theme] of passes) {
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
  expect(checked).toBe(passes.length * (dinerScreens.length + staffScreens.length))
}
