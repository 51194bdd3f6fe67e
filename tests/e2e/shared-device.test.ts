/**
 * The floor's shared tablet: the owner sets a PIN and makes the tablet the
 * restaurant's; at its lock screen they enter with their PIN, act as
 * themselves, and lock it again for the next person.
 */
import { describe, expect, it } from 'vitest'
import { chromiumForFile, DESKTOP, hydrated, phonePage, screenshot, signUpAndSignIn, themeCookie } from './browser'

const browser = chromiumForFile()

describe('the shared tablet', () => {
  it('locks, opens with a member’s PIN in both languages, and locks again', async () => {
    const tablet = await phonePage(browser(), { ...DESKTOP, viewport: { width: 820, height: 1180 } })
    const page = tablet.page
    await signUpAndSignIn(page.request, 'Cantina de la Tableta')

    await page.goto('/admin/pin')
    await hydrated(page, 'toast-region')
    await page.getByLabel('PIN (4 a 6 dígitos)').fill('2580')
    await page.getByLabel('Repite el PIN').fill('2580')
    await page.getByRole('button', { name: 'Guardar PIN' }).click()
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('PIN guardado')
    await screenshot(page, 'device-pin-tablet')

    await page.goto('/admin/devices')
    await page.getByTestId('make-device').click()
    await page.waitForURL(/\/admin\/device$/)
    await hydrated(page, 'unlock-form')
    await screenshot(page, 'device-lock-tablet')

    // A wrong PIN says so and opens nothing; the right one opens the dashboard as the owner.
    await page.getByLabel('Tu nombre').selectOption({ label: 'Raúl Garza' })
    await page.getByLabel('PIN', { exact: true }).fill('0000')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Ese PIN no es correcto.')
    await page.getByLabel('Tu nombre').selectOption({ label: 'Raúl Garza' })
    await page.getByLabel('PIN', { exact: true }).fill('2580')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.waitForURL(/\/admin\/dashboard$/)
    await expect.poll(() => page.getByTestId('signed-in-as').textContent()).toBe('Raúl Garza · Dueño')

    await page.getByTestId('lock').click()
    await page.waitForURL(/\/admin\/device$/)
    await page.goto('/admin/dashboard')
    await page.waitForURL(/\/admin\/device$/)

    // The lock screen in English, dark, on a phone.
    await page.context().addCookies([themeCookie('dark')])
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/admin/device?lng=en')
    await hydrated(page, 'unlock-form')
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Who are you?')
    await screenshot(page, 'device-lock-phone-en-dark')
    expect(tablet.errors).toEqual([])
  })
})
