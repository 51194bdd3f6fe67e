import { describe, expect, it } from 'vitest'
import { BASE_URL, checkA11y, chromiumForFile, DESKTOP, hydrated, phonePage, signUpAndSignIn, watchCsp } from './browser'
import { everyScreen, inLanguage } from './screens'

const browser = chromiumForFile()

/**
 * axe-core on every screen of the product, at phone and desktop width, in
 * Spanish and English: any serious or critical violation fails (issue 8).
 * The other browser tests check the screens they pass through as well.
 */
describe('accessibility sweep', () => {
  it('finds no serious or critical axe violation on any screen, phone and desktop, Spanish and English', async () => {
    const staff = await phonePage(browser(), DESKTOP)
    await signUpAndSignIn(staff.page.request, 'Fonda Accesible')
    const { public: dinerScreens, staff: staffScreens } = await everyScreen(staff.page)

    let checked = 0
    for (const size of [{}, DESKTOP]) {
      const visitor = await phonePage(browser(), size)
      const owner = await browser().newContext({ ...size, baseURL: BASE_URL, storageState: await staff.page.context().storageState() })
      await watchCsp(owner)
      const ownerPage = await owner.newPage()
      for (const language of ['es', 'en']) {
        for (const [page, screens] of [
          [visitor.page, dinerScreens],
          [ownerPage, staffScreens],
        ] as const) {
          for (const screen of screens) {
            await page.goto(inLanguage(screen, language))
            await hydrated(page, 'toast-region')
            await checkA11y(page)
            checked += 1
          }
        }
      }
      expect(visitor.errors).toEqual([])
      await owner.close()
      await visitor.page.context().close()
    }
    expect(checked).toBe(2 * 2 * (dinerScreens.length + staffScreens.length))

    // The public site has a dark theme: its contrast is checked too (the theme cookie holds the JSON string "dark").
    const dark = await phonePage(browser())
    await dark.page.context().addCookies([{ name: 'theme', value: btoa(JSON.stringify('dark')), url: BASE_URL }])
    for (const language of ['es', 'en']) {
      for (const screen of ['/', '/?dialog=waitlist', '/?dialog=demo', '/privacy?dialog=contact', '/no-such-page']) {
        await dark.page.goto(inLanguage(screen, language))
        await hydrated(dark.page, 'toast-region')
        expect(await dark.page.evaluate(() => document.documentElement.className)).toBe('dark')
        await checkA11y(dark.page)
      }
    }
  }, 300_000)
})
