import { describe, expect, it } from 'vitest'
import {
  BASE_URL,
  checkA11y,
  chromiumForFile,
  DESKTOP,
  hydrated,
  phonePage,
  signUpAndSignIn,
  themeCookie,
  watchCsp,
} from './browser'
import { everyScreen, inLanguage } from './screens'

const browser = chromiumForFile()

/** Dark theme, as the theme cookie holds it (the JSON string "dark"). */
const DARK_COOKIE = themeCookie('dark')

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
    const { public: dinerScreens, staff: staffScreens } = await everyScreen(staff.page)

    let checked = 0
    for (const size of [{}, DESKTOP]) {
      const visitor = await phonePage(browser(), size)
      const owner = await browser().newContext({
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
        if (theme === 'dark')
          for (const context of [visitor.page.context(), owner]) await context.addCookies([DARK_COOKIE])
        for (const [page, screens] of [
          [visitor.page, dinerScreens],
          [ownerPage, staffScreens],
        ] as const) {
          for (const screen of screens) {
            await page.goto(inLanguage(screen, language))
            await hydrated(page, 'toast-region')
            // Light: nobody chose, so the page follows this light browser; dark: chosen.
            expect(await page.evaluate(() => document.documentElement.className), screen).toBe(
              theme === 'dark' ? 'dark' : 'theme-system',
            )
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
