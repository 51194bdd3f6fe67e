import { describe, expect, it } from 'vitest'
import { chromiumForFile, DESKTOP, hydrated, phonePage, screenshot, signUpAndSignIn } from './browser'

const browser = chromiumForFile()

describe('forms and error pages', () => {
  it('the browser checks a staff form with the server’s schema before sending it, and keeps what was typed', async () => {
    const { page, errors } = await phonePage(browser(), DESKTOP)
    await signUpAndSignIn(page.request, 'Fonda Formularios')
    await page.goto('/admin/dashboard?dialog=new')
    await hydrated(page, 'new-table')
    let posts = 0
    page.on('request', (request) => {
      if (request.method() === 'POST') posts++
    })
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Nombre de mesa (opcional)').fill('Patio')
    await dialog.getByLabel('Capacidad').fill('0')
    await dialog.getByRole('button', { name: 'Crear mesa' }).click()
    await expect.poll(() => dialog.getByText('El número de mesa es obligatorio').count()).toBe(1)
    await expect.poll(() => dialog.getByText('La capacidad debe ser un número positivo').count()).toBe(1)
    await expect.poll(() => dialog.getByLabel('Número de mesa').getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => dialog.getByLabel('Nombre de mesa (opcional)').inputValue()).toBe('Patio')
    expect(posts).toBe(0)
    await screenshot(page, 'table-form-errors-desktop')
    expect(errors).toEqual([])
  })

  it('without JavaScript a refused sign-in comes back with the email typed and the error under the field, in either language', async () => {
    for (const [language, message] of [
      ['es', 'Correo electrónico inválido'],
      ['en', 'Invalid email address'],
    ] as const) {
      const { page } = await phonePage(browser(), { javaScriptEnabled: false })
      await page.goto(`/admin/login?lng=${language}`)
      await page.locator('input[name="email"]').fill('rosa@')
      await page.locator('input[name="password"]').fill('secreta-123')
      await page.locator('button[type="submit"]').last().click()
      await page.waitForLoadState()
      const email = page.locator('input[name="email"]')
      await expect.poll(() => email.inputValue()).toBe('rosa@')
      const describedBy = await email.getAttribute('aria-describedby')
      await expect.poll(() => page.locator(`#${describedBy}`).textContent()).toBe(message)
      await expect.poll(() => page.locator('input[name="password"]').inputValue()).toBe('')
      await screenshot(page, `login-error-nojs-${language}-phone`)
      await page.context().close()
    }
  })

  it('a staff page that is not there, and a diner’s unknown table, are said in the page’s language with a way back', async () => {
    for (const [language, viewport] of [
      ['es', {}],
      ['en', DESKTOP],
    ] as const) {
      const { page, errors } = await phonePage(browser(), viewport)
      await signUpAndSignIn(page.request)
      await page.goto(`/admin/tables/no-such-table?lng=${language}`)
      await page.getByTestId('error-page').waitFor()
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(language === 'es' ? 'No encontramos esta página' : "We couldn't find this page")
      await screenshot(page, `staff-404-${language}-${language === 'es' ? 'phone' : 'desktop'}`)
      await page.getByRole('link', { name: language === 'es' ? 'Volver al panel' : 'Back to the dashboard' }).click()
      await page.waitForURL(/\/admin\/dashboard$/)

      await page.goto(`/customer/table/no-such-table?lng=${language}`)
      await page.getByTestId('table-not-found').waitFor()
      await screenshot(page, `diner-404-${language}-${language === 'es' ? 'phone' : 'desktop'}`)
      expect(errors).toEqual([])
      await page.context().close()
    }
  })
})
