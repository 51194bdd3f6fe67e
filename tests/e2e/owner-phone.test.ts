/**
 * A new owner's first screens on a 390 px phone, in both languages and
 * themes: the landing page leads to sign-up and claims only what exists, in
 * the page's language; the dashboard's tabs fit one row, the rest under
 * "Más"; the person's own things sit under their name; the setup list
 * points at one next step.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  BASE_URL,
  chromiumForFile,
  expectFitsPhone,
  hydrated,
  phonePage,
  PHONE,
  screenshot,
  signUpAndSignIn,
  themeCookie,
} from './browser'

const browser = chromiumForFile()

/** The tops of the tabs' row's items, rounded: one value when they sit on one row. */
const rowTops = (page: Page) =>
  page
    .locator('nav[aria-label] > a, nav[aria-label] > details > summary')
    .evaluateAll((items) => [...new Set(items.map((item) => Math.round(item.getBoundingClientRect().top)))])

describe('the owner’s first phone screens', () => {
  for (const [language, theme] of [
    ['es', 'light'],
    ['en', 'dark'],
  ] as const) {
    it(`the landing page, then the dashboard, in one row and one next step (${language}, ${theme})`, async () => {
      const { page, errors } = await phonePage(browser(), {
        ...PHONE,
        locale: language === 'es' ? 'es-MX' : 'en-US',
        colorScheme: theme,
      })
      await page.context().addCookies([themeCookie(theme, BASE_URL)])
      await page.goto(`/?lng=${language}`)
      await hydrated(page, 'hero-signup')
      await expect.poll(() => page.getByTestId('hero-signup').getAttribute('href')).toBe('/admin/signup')
      const staffCards = await page.getByTestId('staff-features').textContent()
      expect(staffCards).not.toMatch(/Próximamente|Coming soon|Desempeño del personal|Staff performance/)
      const footer = await page.locator('footer').textContent()
      if (language === 'es') {
        expect(footer).toContain('Iniciar sesión')
        expect(footer).toContain('Hecho con cariño en Monterrey, México')
        expect(footer).not.toMatch(/Login|Made in/)
      }
      await expectFitsPhone(page)
      await screenshot(page, `landing-phone-${language}-${theme}`, { fold: true })

      await signUpAndSignIn(page.request, language === 'es' ? 'Fonda Primera' : 'First Fonda')
      await page.goto('/admin/dashboard')
      await hydrated(page, 'account-menu')
      // Mesas, Cocina and "Más": one row, nothing wider than the phone.
      await expect.poll(() => rowTops(page)).toHaveLength(1)
      await expectFitsPhone(page)
      // One step stands out: the first not done.
      await expect.poll(() => page.locator('[data-next="true"]').count()).toBe(1)
      await expect.poll(() => page.locator('[data-next="true"]').getAttribute('data-testid')).toBe('setup-step-details')
      await screenshot(page, `dashboard-first-phone-${language}-${theme}`, { fold: true })

      // The person's own things are under their name, not above the page.
      const pin = page.getByRole('link', { name: language === 'es' ? 'Mi PIN' : 'My PIN' })
      await expect.poll(() => pin.isVisible()).toBe(false)
      await page.getByTestId('account-menu').locator('summary').click()
      await expect.poll(() => pin.isVisible()).toBe(true)
      await expect.poll(() => page.getByTestId('logout').isVisible()).toBe(true)
      await page.getByTestId('account-menu').locator('summary').click()

      // The rest of the tabs under "Más"; the one chosen names the menu, which closes on the way.
      await page.getByTestId('more-tabs').locator('summary').click()
      await page
        .getByTestId('more-tabs')
        .getByRole('link', { name: language === 'es' ? 'Equipo' : 'Team' })
        .click()
      await page.waitForURL(/\/admin\/dashboard\/team$/)
      await expect
        .poll(() => page.getByTestId('more-tabs').locator('summary').textContent())
        .toContain(language === 'es' ? 'Equipo' : 'Team')
      await expect.poll(() => page.getByTestId('more-tabs').getAttribute('open')).toBeNull()
      expect(errors).toEqual([])
    })
  }
})
