import { describe, expect, it } from 'vitest'
import { billOf, chromiumForFile, hydrated, phonePage, screenshot, TABLES } from './browser'

const browser = chromiumForFile()

describe('a diner pays at the table', () => {
  it('pays the full bill with the default 15 % tip', async () => {
    const sessionId = TABLES.fullJs!
    const { page, errors } = await phonePage(browser())
    await page.goto(`/customer/table/${sessionId}`)
    await expect.poll(() => page.getByTestId('left-to-pay').textContent()).toBe('$210.00')
    await screenshot(page, 'bill-phone')

    // The spec's sheet still offers both ways from the bill; the split button opens its split half directly.
    await page.getByRole('link', { name: 'Pagar o dividir la cuenta' }).click()
    const sheet = page.getByRole('dialog')
    await sheet.waitFor()
    expect(await sheet.getByRole('link').allTextContents()).toEqual(['✕', expect.stringContaining('Dividir la cuenta'), expect.stringContaining('Pagar la cuenta completa')])
    await screenshot(page, 'pay-sheet-phone')
    await page.goBack()
    await page.getByTestId('split-button').click()
    await sheet.waitFor()
    expect(await sheet.getByRole('link').allTextContents()).toEqual(['✕', expect.stringContaining('Pagar mis artículos'), expect.stringContaining('Dividir en partes iguales')])
    await page.goBack()

    // Paying it all is four taps: the bill's pay button, the tip, the method, pay.
    await page.getByTestId('pay-button').click()
    await page.waitForURL(/\/customer\/tip\//)
    expect(await page.getByTestId('tip-total').textContent()).toBe('$241.50')
    await screenshot(page, 'tip-phone')

    await page.getByTestId('tip-confirm').click()
    await page.waitForURL(/\/customer\/payment-method\//)
    await hydrated(page, 'pay-submit')
    expect(await page.getByTestId('pay-submit').isDisabled()).toBe(true)
    await page.getByText('Tarjeta de crédito o débito').click()
    await screenshot(page, 'payment-method-phone')
    await page.getByTestId('pay-submit').click()

    await page.waitForURL(/\/customer\/payment-confirmation\//)
    expect(await page.getByTestId('confirmation-amount').textContent()).toBe('$241.50')
    await screenshot(page, 'confirmation-phone')
    expect(await billOf(sessionId)).toMatchObject({ remainingAmount: 0, paidAmount: 210 })

    // The confirmation returns to the bill by itself, which now shows it paid.
    await page.waitForURL(/\/customer\/table\//, { timeout: 15_000 })
    expect(await page.getByTestId('left-to-pay').textContent()).toBe('$0.00')
    expect(await page.getByTestId('paid-message').textContent()).toBe('100% del total pagado')
    expect(errors).toEqual([])
  })

  it('pays the full bill with JavaScript disabled', async () => {
    const sessionId = TABLES.fullNoJs!
    const { page } = await phonePage(browser(), { javaScriptEnabled: false })
    await page.goto(`/customer/table/${sessionId}`)
    expect(await page.getByTestId('left-to-pay').textContent()).toBe('$295.00')
    await page.getByTestId('pay-button').click()
    await page.waitForURL(/\/customer\/tip\//)
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await page.waitForURL(/\/customer\/payment-method\//)

    // Without a method the server answers with the spec's message.
    await page.getByTestId('pay-submit').click()
    await page.getByTestId('payment-error').waitFor()
    expect(await page.getByTestId('payment-error').textContent()).toContain('Método de pago requerido')

    await page.getByLabel('Apple Pay').check()
    await page.getByTestId('pay-submit').click()
    await page.waitForURL(/\/customer\/payment-confirmation\//)
    expect(await page.getByTestId('confirmation-amount').textContent()).toBe('$339.25')
    await screenshot(page, 'confirmation-nojs-phone')
    expect(await billOf(sessionId)).toMatchObject({ remainingAmount: 0, paidAmount: 295 })
  })
})

describe('the demo table and unknown tables', () => {
  it('adds three sample diners to demo7 with the spec’s toast', async () => {
    const before = await billOf('demo7')
    const { page, errors } = await phonePage(browser())
    await page.goto('/customer/table/demo7')
    await page.getByRole('button', { name: 'Agregar comensales de ejemplo' }).click()
    await page.getByTestId('toast').waitFor()
    expect(await page.getByTestId('toast').textContent()).toContain('Demo creada')
    expect(await page.getByTestId('toast').textContent()).toContain('Se han añadido 3 comensales con pedidos a la mesa.')
    await screenshot(page, 'demo-diners-phone')
    const after = await billOf('demo7')
    expect(after.items.length - before.items.length).toBe(6)
    expect(new Set(after.items.slice(-6).map((item) => item.customerName))).toEqual(new Set(['Carla', 'Diego', 'Sofía']))
    expect(errors).toEqual([])
  })

  it('shows Table Not Found with a 404 for an unknown table, and the short links reach the bill', async () => {
    const { page } = await phonePage(browser())
    const response = await page.goto('/customer/table/no-such-table')
    expect(response?.status()).toBe(404)
    expect(await page.getByTestId('table-not-found').textContent()).toContain('Mesa no encontrada')
    await screenshot(page, 'table-not-found-phone')
    await page.getByRole('link', { name: 'Volver al inicio' }).click()
    await page.waitForURL((url) => url.pathname === '/')

    for (const entry of ['/table/demo7', '/customer/demo7']) {
      await page.goto(entry)
      expect(new URL(page.url()).pathname).toBe('/customer/table/demo7')
    }
  })

  it('switches the bill to English and keeps the choice on the next page', async () => {
    const { page } = await phonePage(browser())
    await page.goto('/customer/table/demo7')
    await page.getByRole('button', { name: /Idioma: English/ }).click()
    await page.getByText('Left to pay').waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    await page.goto('/customer/table/no-such-table')
    expect(await page.getByTestId('table-not-found').textContent()).toContain('Table Not Found')
    await screenshot(page, 'table-not-found-phone-en')
  })
})
