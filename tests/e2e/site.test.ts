import { describe, expect, it } from 'vitest'
import { BASE_URL, chromiumForFile, DESKTOP, hydrated, phonePage, screenshot } from './browser'

const browser = chromiumForFile()

describe('the public site', () => {
  it('looks right on a phone and a desktop, light and dark, with no flash of the wrong theme', async () => {
    for (const [size, options] of [
      ['phone', {}],
      ['desktop', DESKTOP],
    ] as const) {
      const { page, errors } = await phonePage(browser(), options)
      await page.goto('/')
      await hydrated(page, 'try-demo')
      await expect.poll(() => page.title()).toBe('Mesa · Paga en la mesa, sin app')
      await screenshot(page, `landing-${size}-light`)
      await screenshot(page, `landing-${size}-light-fold`, { fold: true })
      // On a phone the theme switch sits in the footer.
      const saved = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/set-theme'))
      await page.getByRole('button', { name: 'Oscuro' }).click()
      await expect.poll(() => page.evaluate(() => document.documentElement.className)).toBe('dark')
      await saved
      // The server already sends the dark page: the first paint is dark, before any script runs.
      const reloaded = await page.reload()
      expect(await reloaded?.text()).toMatch(/^<!DOCTYPE html><html lang="es-MX" class="dark">/)
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(250, 250, 249)')
      await screenshot(page, `landing-${size}-dark`)
      await screenshot(page, `landing-${size}-dark-fold`, { fold: true })
      expect(errors).toEqual([])
      await page.context().close()
    }
  })

  it('keeps the chosen language across the site and the diner’s screens', async () => {
    const { page, errors } = await phonePage(browser())
    await page.goto('/')
    await hydrated(page, 'try-demo')
    await page.getByRole('button', { name: /Idioma: English/ }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Your diners pay from the table in 10 seconds')
    await expect.poll(() => page.title()).toBe('Mesa · Pay at the table, no app')
    await page.getByRole('link', { name: 'Privacy' }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy')
    await expect.poll(() => page.title()).toBe('Privacy · Mesa')
    await page.goto('/customer/table/demo7')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
    await expect.poll(() => page.getByText('Left to pay').count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
  })

  it('takes a waitlist entry: the spec’s messages for missing fields and a bad email, then the thanks', async () => {
    const { page, errors } = await phonePage(browser())
    await page.goto('/')
    await hydrated(page, 'hero-waitlist')
    await page.getByTestId('hero-waitlist').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Unirme' }).click()
    await expect
      .poll(() => dialog.getByTestId('waitlist-error').textContent())
      .toBe('Por favor completa todos los campos requeridosNecesitamos tu nombre, email y el nombre del restaurante.')
    await dialog.getByLabel('Tu nombre').fill('Lupita Treviño')
    await dialog.getByLabel('Email').fill('lupita@')
    await dialog.getByLabel('Nombre del restaurante').fill('Tacos Lupita')
    await dialog.getByRole('button', { name: 'Unirme' }).click()
    await expect
      .poll(() => dialog.getByTestId('waitlist-error').textContent())
      .toBe('Email inválidoPor favor ingresa un email válido.')
    await screenshot(page, 'waitlist-error-phone')
    await dialog.getByLabel('Email').fill('lupita@example.com')
    await dialog.getByRole('button', { name: 'Unirme' }).click()
    await expect.poll(() => page.getByTestId('waitlist-thanks').count()).toBe(1)
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('¡Te has registrado!')
    const kept = await page.evaluate(
      () => JSON.parse(localStorage.getItem('mesa:waitlist') ?? '[]') as { email: string; restaurantName: string }[],
    )
    expect(kept).toMatchObject([{ email: 'lupita@example.com', restaurantName: 'Tacos Lupita' }])
    await screenshot(page, 'waitlist-thanks-phone')
    expect(errors).toEqual([])
  })

  it('sends the contact form from the footer: thanks, fields empty, the modal closed', async () => {
    const { page, errors } = await phonePage(browser())
    await page.goto('/privacy')
    await hydrated(page, 'open-contact')
    await page.getByTestId('open-contact').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Enviar' }).click()
    await expect.poll(() => dialog.getByText('Este campo es obligatorio').count()).toBe(4)
    await dialog.getByLabel('Nombre', { exact: true }).fill('Jorge Salinas')
    await dialog.getByLabel('Teléfono').fill('81 1234 5678')
    await expect.poll(() => dialog.getByLabel('Teléfono').getAttribute('type')).toBe('tel')
    await dialog.getByLabel('Email').fill('jorge@example.com')
    await dialog.getByLabel('Restaurante').fill('La Nacional')
    await dialog.getByRole('button', { name: 'Enviar' }).click()
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toContain('Gracias! Nos pondremos en contacto contigo pronto.')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/privacy')
    await page.getByTestId('open-contact').click()
    await expect.poll(() => page.getByRole('dialog').getByLabel('Nombre', { exact: true }).inputValue()).toBe('')
    expect(errors).toEqual([])
  })

  it('opens the demo dialog (QR code and link) and follows it to the demo table', async () => {
    const { page, errors } = await phonePage(browser())
    await page.goto('/')
    await hydrated(page, 'try-demo')
    await page.getByTestId('try-demo').click()
    await page.getByTestId('demo-qr').locator('svg').waitFor()
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(`${BASE_URL}/customer/table/demo7`)
    await screenshot(page, 'demo-dialog-phone')
    await page.getByRole('link', { name: 'Abrir en el navegador' }).click()
    await page.getByTestId('open-demo').click()
    await page.waitForURL(/\/customer\/table\/demo7$/)
    await expect.poll(() => page.getByTestId('left-to-pay').count()).toBe(1)
    expect(errors).toEqual([])
  })

  it('answers an unknown address with the 404 page and status 404', async () => {
    const { page } = await phonePage(browser(), DESKTOP)
    const response = await page.goto('/no-existe/esta-pagina')
    expect(response?.status()).toBe(404)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('404: página no encontrada')
    await expect.poll(() => page.getByText('¿Olvidaste agregar la página al router?').count()).toBe(1)
    // The header's, and the footer's, now in Spanish too.
    await expect.poll(() => page.getByRole('link', { name: 'Iniciar sesión' }).count()).toBe(2)
    await screenshot(page, 'not-found-desktop')
    const api = await page.request.get('/api/no-such-thing')
    expect(api.status()).toBe(404)
    expect(await api.json()).toEqual({ message: 'No such API endpoint.', code: 'NOT_FOUND' })
  })
})
