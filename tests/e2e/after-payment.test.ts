/**
 * After the payment: the diner gives their own name, opens the receipt
 * (screen, print view and PDF), asks for a factura, and rates the visit two
 * stars, which the restaurant's staff see at once. The receipt and the
 * factura form are looked at on a phone in both languages, light and dark.
 */
import { writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  addOpenItem,
  BASE_URL,
  chromiumForFile,
  DESKTOP,
  expectFitsPhone,
  hydrated,
  phonePage,
  PHONE,
  screenshot,
  signUpAndSignIn,
  themeCookie,
} from './browser'

const browser = chromiumForFile()

describe('after the payment', () => {
  it('a named payer’s receipt, its print view and PDF, a factura asked for, and two stars the staff see at once', async () => {
    const staff = await phonePage(browser(), DESKTOP)
    await signUpAndSignIn(staff.page.request, 'Fonda Doña Lupe')
    const created = await staff.page.request.post('/api/tables', {
      headers: { Origin: BASE_URL },
      data: { tableNumber: '5' },
    })
    const table = (await created.json()) as { id: string; sessionId: string }
    await addOpenItem(staff.page, table.id, 'Mole poblano', '232', '1')

    const diner = await phonePage(browser())
    const { page } = diner
    await page.goto(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=10`)
    await hydrated(page, 'pay-submit')
    await page.getByTestId('payer-name').fill('Marco')
    await page.getByText('Tarjeta de crédito o débito').click()
    await page.getByTestId('pay-submit').click()
    await page.waitForURL(/\/customer\/payment-confirmation\//)
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Gracias, Marco.')

    // Two stars and a word for the kitchen: the staff hear of it at once.
    await page.locator('label', { hasText: '2 estrellas' }).click()
    await expect.poll(() => page.getByRole('radio', { name: '2 estrellas' }).isChecked()).toBe(true)
    await page.getByLabel('Comentario para el restaurante (opcional)').fill('El mole llegó frío')
    await screenshot(page, 'rating-phone')
    await page.getByTestId('rating-submit').click()
    await page.getByText('Gracias por tu calificación', { exact: true }).first().waitFor()
    await staff.page.goto('/admin/alerts')
    await expect
      .poll(() => staff.page.locator('main').textContent())
      .toContain('Mesa 5: un comensal calificó su visita con 2 de 5 estrellas')

    // The receipt: on screen, as it prints, and as a PDF made on the server.
    await page.getByTestId('receipt-link').click()
    await page.waitForURL(/\/customer\/receipt\//)
    const receipt = page.getByTestId('receipt')
    await receipt.waitFor()
    await expect.poll(() => page.getByTestId('receipt-folio').textContent()).toBe('Folio A-000001')
    await expect.poll(() => receipt.textContent()).toContain('Marco')
    await expectFitsPhone(page)
    await screenshot(page, 'receipt-phone')
    await page.emulateMedia({ media: 'print' })
    await screenshot(page, 'receipt-print')
    await page.emulateMedia({ media: 'screen' })
    const pdf = await page.request.get(`${page.url()}/pdf`)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    const bytes = await pdf.body()
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    writeFileSync('tests/e2e/screenshots/receipt.pdf', bytes)

    // The factura: only the régimenes of the RFC typed, the usos of the régimen chosen.
    await page.getByTestId('factura').locator('summary').click()
    await page.getByLabel('RFC').fill('GODE561231GR8')
    const regimes = await page.getByLabel('Régimen fiscal').locator('option').allTextContents()
    expect(regimes).toContain('612 · Personas Físicas con Actividades Empresariales y Profesionales')
    expect(regimes.some((option) => option.startsWith('601'))).toBe(false)
    await page.getByLabel('Razón social').fill('Edgar González Díaz')
    await page.getByLabel('Régimen fiscal').selectOption('612')
    await page.getByLabel('Código postal de tu domicilio fiscal').fill('06700')
    await expect.poll(() => page.getByLabel('Uso del CFDI').inputValue()).toBe('G03')
    await page.getByLabel('Correo para recibirla').fill('edgar@example.mx')
    await expectFitsPhone(page)
    await screenshot(page, 'factura-form-phone')
    // The same form in English and in the dark, before anyone asked.
    const english = await browser().newContext({ ...PHONE, locale: 'en-US', baseURL: BASE_URL })
    await english.addCookies([themeCookie('dark')])
    const englishPage = await english.newPage()
    await englishPage.goto(page.url())
    await englishPage.getByTestId('factura').locator('summary').click()
    await englishPage.getByLabel('RFC').fill('GODE561231GR8')
    await expectFitsPhone(englishPage)
    await screenshot(englishPage, 'factura-form-phone-en-dark')
    await english.close()
    await page.getByTestId('factura-submit').click()
    await page.getByTestId('factura-status').waitFor()
    await expect.poll(() => page.getByTestId('factura-status').textContent()).toContain('Recibimos tu solicitud')
    expect(diner.errors).toEqual([])

    // The request on the staff's list, on a desktop and on a manager's phone, and the owner's fiscal profile.
    await staff.page.goto('/admin/invoices')
    await staff.page.getByText('EDGAR GONZÁLEZ DÍAZ').waitFor()
    await screenshot(staff.page, 'invoices-desktop')
    const staffPhone = await browser().newContext({
      ...PHONE,
      baseURL: BASE_URL,
      storageState: await staff.page.context().storageState(),
    })
    const phone = await staffPhone.newPage()
    await phone.goto('/admin/invoices')
    await phone.getByText('EDGAR GONZÁLEZ DÍAZ').waitFor()
    await expectFitsPhone(phone)
    await screenshot(phone, 'invoices-phone')
    await phone.goto('/admin/dashboard/settings?dialog=fiscal')
    await phone.getByLabel('Clave secreta de Facturapi').waitFor()
    await screenshot(phone, 'fiscal-phone')
    await staffPhone.close()

    // The same receipt on phones in English and in the dark.
    const receiptUrl = page.url()
    for (const [locale, theme] of [
      ['en-US', 'light'],
      ['es-MX', 'dark'],
      ['en-US', 'dark'],
    ] as const) {
      const context = await browser().newContext({ ...PHONE, locale, baseURL: BASE_URL })
      await context.addCookies([themeCookie(theme)])
      const other = await context.newPage()
      await other.goto(receiptUrl)
      await other.getByTestId('receipt').waitFor()
      await expectFitsPhone(other)
      await screenshot(other, `receipt-phone-${locale.slice(0, 2)}-${theme}`)
      await context.close()
    }
  })
})
