import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  BASE_URL,
  chromiumForFile,
  DESKTOP,
  hydrated,
  invite,
  PHONE,
  phonePage,
  screenshot,
  serverD1,
  themeCookie,
  tipAndPay,
  watchCsp,
} from './browser'

const browser = chromiumForFile()

/** Whether the checklist shows `step` done, once the page has taken what the server says. */
const stepDone = (page: Page, step: string) =>
  page.getByTestId(`setup-step-${step}`).getAttribute('data-done', { timeout: 10_000 })

/** Back to the Mesas tab, where the checklist is. */
async function backToChecklist(page: Page) {
  await page.getByRole('link', { name: 'Mesas', exact: true }).click()
  await page.waitForURL(/\/admin\/dashboard$/)
  await page.getByTestId('setup-checklist').waitFor()
}

/** The owner's dashboard in another browser (size, language, theme) with the same session, screenshotted. */
async function shoot(page: Page, name: string, options: BrowserContextOptions, theme: 'light' | 'dark') {
  const session = (await page.context().cookies()).filter((cookie) => cookie.name === 'mesa_session')
  const context = await browser().newContext({ ...options, baseURL: BASE_URL })
  await watchCsp(context)
  await context.addCookies([...session, themeCookie(theme)])
  const other = await context.newPage()
  await other.goto('/admin/dashboard')
  await hydrated(other, 'setup-checklist')
  await screenshot(other, name)
  await context.close()
}

describe('a new owner’s first hour', () => {
  it('signs up, lands signed in on the setup checklist, does each step and watches it turn done, pays on their own table as a diner, and puts the list away', async () => {
    const { page, errors } = await phonePage(browser(), DESKTOP)
    const email = `first-hour-${crypto.randomUUID().slice(0, 8)}@example.com`

    await page.goto('/admin/signup')
    await hydrated(page, 'signup-step')
    await page.getByLabel('Nombre del restaurante').fill('Fonda Primera Hora')
    await page.getByLabel('Tipo de restaurante').selectOption('casual')
    await page.getByLabel('Tipo de cocina').selectOption('mexican')
    await page.getByLabel('Dirección').fill('Av. Constitución 300, Centro')
    await page.getByLabel('Teléfono').fill('8119876543')
    await page.getByLabel('Correo del restaurante').fill('fonda@example.com')
    await page.getByRole('button', { name: 'Siguiente' }).click()
    await expect.poll(() => page.getByTestId('signup-step').textContent()).toBe('Paso 2 de 3')
    await page.getByLabel('Tu nombre').fill('Marisol Garza')
    await page.getByLabel('Tu correo electrónico').fill(email)
    await page.getByLabel('Contraseña').fill('primera-hora-2026')
    await page.getByRole('button', { name: 'Siguiente' }).click()
    await expect.poll(() => page.getByTestId('signup-step').textContent()).toBe('Paso 3 de 3')
    // What is accepted is there to read, in another tab so the wizard keeps what was typed.
    const terms = page.getByTestId('signup-terms')
    await expect
      .poll(() => terms.getByRole('link', { name: 'los términos y condiciones' }).getAttribute('href'))
      .toBe('/terms')
    await expect
      .poll(() => terms.getByRole('link', { name: 'el aviso de privacidad' }).getAttribute('href'))
      .toBe('/privacy')
    const [termsTab] = await Promise.all([
      page.context().waitForEvent('page'),
      terms.getByRole('link', { name: 'los términos y condiciones' }).click(),
    ])
    await termsTab.waitForLoadState()
    await expect.poll(() => termsTab.getByRole('heading', { level: 1 }).textContent()).toBe('Términos y condiciones')
    await termsTab.close()
    await page.getByLabel(/Acepto los términos/).check()
    await page.getByRole('button', { name: 'Completar registro' }).click()

    // Signed in, on the checklist: nothing done yet.
    await page.waitForURL(/\/admin\/dashboard$/)
    await hydrated(page, 'setup-checklist')
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Registro exitoso')
    await expect.poll(() => page.getByTestId('setup-progress').textContent()).toBe('0 de 6 pasos hechos')
    await screenshot(page, 'setup-checklist-new-desktop')

    // Details: the step opens the settings' form; saving it checks the step.
    await page.getByTestId('setup-step-details').getByRole('link').click()
    const settings = page.getByRole('dialog')
    await settings.getByRole('button', { name: 'Guardar', exact: true }).click()
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Datos guardados')
    await backToChecklist(page)
    await expect.poll(() => stepDone(page, 'details')).toBe('true')

    // A menu with a dish: the step leads to the menu editor, which asks for the first menu.
    await page.getByTestId('setup-step-menu').getByRole('link').click()
    await page.waitForURL(/\/admin\/menu-builder$/)
    await hydrated(page, 'empty-state-action')
    await page.getByTestId('empty-state-action').click()
    await page.getByLabel('Nombre', { exact: true }).fill('Carta')
    await page.getByRole('dialog').getByRole('button', { name: 'Crear menú' }).click()
    await page.waitForURL(/\/admin\/menu-builder\/[0-9a-f-]+$/)
    await hydrated(page, 'add-category')
    await page.getByTestId('add-category').click()
    await page.getByLabel('Nombre de la categoría').fill('Antojitos')
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
    await page.getByRole('link', { name: 'Agregar platillo' }).click()
    await page.getByLabel('Nombre del platillo').fill('Gordita de chicharrón')
    await page.getByLabel('Precio (MXN)').fill('45')
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click()
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Platillo creado')
    await page.getByRole('link', { name: 'Volver al panel' }).click()
    await page.waitForURL(/\/admin\/dashboard\/menus$/)
    await backToChecklist(page)
    await expect.poll(() => stepDone(page, 'menu')).toBe('true')

    // A table, from the step's own link.
    await expect.poll(() => stepDone(page, 'tables')).toBe('false')
    await page.getByTestId('setup-step-tables').getByRole('link').click()
    const newTable = page.getByRole('dialog')
    await newTable.getByLabel('Número de mesa').fill('1')
    await newTable.getByRole('button', { name: 'Crear mesa' }).click()
    await expect.poll(() => stepDone(page, 'tables')).toBe('true')

    // The team: an invitation still open counts.
    await page.getByTestId('setup-step-team').getByRole('link').click()
    await page.waitForURL(/\/admin\/dashboard\/team$/)
    await invite(page, `mesero-${crypto.randomUUID().slice(0, 6)}@example.com`, 'waiter')
    await backToChecklist(page)
    await expect.poll(() => stepDone(page, 'team')).toBe('true')
    await expect.poll(() => page.getByTestId('setup-progress').textContent()).toBe('4 de 6 pasos hechos')

    for (const [name, options, theme] of [
      ['setup-checklist-phone-es-light', PHONE, 'light'],
      ['setup-checklist-phone-en-dark', { ...PHONE, locale: 'en-US' }, 'dark'],
      ['setup-checklist-desktop-es-dark', DESKTOP, 'dark'],
      ['setup-checklist-desktop-en-light', { ...DESKTOP, locale: 'en-US' }, 'light'],
    ] as const)
      await shoot(page, name, options, theme)

    // The test payment: the step opens the table's own link (its QR card's) in a new tab, where the owner is a diner.
    const [diner] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('setup-step-testPayment').getByRole('link').click(),
    ])
    await diner.waitForURL(/\/customer\/table\//)
    await diner.getByRole('link', { name: 'Menú', exact: true }).click()
    await hydrated(diner, 'cart-button')
    await diner.getByTestId('menu-item').filter({ hasText: 'Gordita de chicharrón' }).getByTestId('add-dish').click()
    await expect.poll(() => diner.getByTestId('cart-badge').textContent()).toBe('1')
    await diner.getByTestId('menu-place-order').click()
    await diner.waitForURL(/\/customer\/cart\//)
    await diner.getByTestId('place-order').click()
    await diner.waitForURL(/\/customer\/table\//)
    await hydrated(diner, 'pay-button')
    await diner.getByTestId('pay-button').click()
    await diner.waitForURL(/\/customer\/tip\//)
    await tipAndPay(diner, 10)
    await diner.close()
    // The dashboard follows the restaurant live: the payment checks the step where the owner left it.
    await expect.poll(() => stepDone(page, 'testPayment'), { timeout: 15_000 }).toBe('true')

    // Card payments: the suite's server runs the simulated provider, with no Stripe to onboard with; Stripe's word
    // on the account (able to charge, its details in) is written as its account.updated event would write it.
    await serverD1(
      `UPDATE restaurants SET stripe_account_id = 'acct_${crypto.randomUUID().slice(0, 12)}', stripe_charges_enabled = 1, stripe_details_submitted = 1
       WHERE id = (SELECT m.restaurant_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = '${email}')`,
    )
    await page.reload()
    await hydrated(page, 'setup-checklist')
    await expect.poll(() => stepDone(page, 'payments')).toBe('true')
    await expect.poll(() => page.getByTestId('setup-progress').textContent()).toBe('6 de 6 pasos hechos')
    await expect
      .poll(() => page.getByTestId('setup-checklist').textContent())
      .toContain('¡Listo! Tu restaurante ya cobra en la mesa.')
    await screenshot(page, 'setup-checklist-done-desktop')
    await shoot(page, 'setup-checklist-done-phone-en-dark', { ...PHONE, locale: 'en-US' }, 'dark')

    await page.getByRole('button', { name: 'Ocultar la lista' }).click()
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Lista de configuración ocultada')
    await expect.poll(() => page.getByTestId('setup-checklist').count()).toBe(0)
    // The table the owner paid on is still there, with the tables.
    await expect.poll(() => page.getByTestId('table-card').count()).toBe(1)
    expect(errors).toEqual([])
  })

  it('the terms read in both languages, light and dark, on a phone and a computer', async () => {
    for (const [name, options, theme] of [
      ['terms-phone-es-light', PHONE, 'light'],
      ['terms-desktop-en-dark', { ...DESKTOP, locale: 'en-US' }, 'dark'],
    ] as const) {
      const context = await browser().newContext({ ...options, baseURL: BASE_URL })
      await watchCsp(context)
      await context.addCookies([themeCookie(theme)])
      const page = await context.newPage()
      await page.goto('/terms')
      await hydrated(page, 'open-contact')
      await screenshot(page, name)
      await context.close()
    }
  })
})
