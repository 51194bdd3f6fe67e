import { describe, expect, it } from 'vitest'
import { billOf, chromiumForFile, hydrated, phonePage, screenshot, TABLES, tipAndPay } from './browser'

const browser = chromiumForFile()

describe('a diner pays part of the bill', () => {
  it("pays two of one diner's three tacos with the quantity stepper", async () => {
    const sessionId = TABLES.payItems!
    const { page, errors } = await phonePage(browser())
    await page.goto(`/customer/pay-items/${sessionId}`)
    await hydrated(page, 'pay-items-confirm')

    // Named diners alphabetically, Guest last.
    await expect
      .poll(() => page.getByTestId('diner-group').locator('h2').allTextContents())
      .toEqual(['Diego', 'Sofía', 'Invitado'])
    await expect.poll(() => page.getByTestId('pay-items-confirm').isDisabled()).toBe(true)

    // A tick chooses the whole line, as its "3×" says; the stepper, already at what is left, lowers it for a deliberate split.
    await page.getByRole('checkbox', { name: /Tacos al pastor/ }).check()
    await expect.poll(() => page.getByTestId('pay-items-total').textContent()).toBe('$165.00')
    await expect
      .poll(() => page.getByRole('button', { name: 'Agregar uno de Tacos al pastor' }).isDisabled())
      .toBe(true)
    await page.getByRole('button', { name: 'Quitar uno de Tacos al pastor' }).click()
    await expect.poll(() => page.getByTestId('pay-items-total').textContent()).toBe('$110.00')
    await expect.poll(() => page.getByTestId('pay-items-confirm').textContent()).toBe('Confirmar (2 artículos)')
    await screenshot(page, 'pay-items-phone')

    await page.getByTestId('pay-items-confirm').click()
    // What was chosen is reviewed on the tip step, one page fewer.
    await page.waitForURL(/\/customer\/tip\//)
    await expect.poll(() => page.getByTestId('review-lines').textContent()).toContain('2×Tacos al pastor')
    await screenshot(page, 'tip-items-phone')
    await tipAndPay(page)
    await expect.poll(() => page.getByTestId('confirmation-amount').textContent()).toBe('$126.50')

    const bill = await billOf(sessionId)
    expect(bill).toMatchObject({ totalAmount: 385, paidAmount: 110, remainingAmount: 275 })
    await page.goto(`/customer/table/${sessionId}`)
    await expect.poll(() => page.getByTestId('bill-lines').textContent()).toContain('2 de 3 pagados')
    expect(errors).toEqual([])
  })

  it('three diners on three phones split the bill equally until exactly zero is left', async () => {
    const sessionId = TABLES.split3!
    const expected = ['$213.33', '$213.33', '$213.34']
    for (const [index, share] of expected.entries()) {
      const { page, errors } = await phonePage(browser())
      await page.goto(`/customer/split-equal/${sessionId}`)
      await hydrated(page, 'split-share')
      // Three diners ordered on their phones: the split starts between three; later diners find it under way.
      await expect.poll(() => page.getByTestId('table-size').locator('input').inputValue()).toBe('3')
      if (index > 0) await expect.poll(() => page.getByTestId('shares-paid').textContent()).toContain(`${index} de 3`)
      await expect.poll(() => page.getByTestId('split-share').textContent()).toBe(share)
      if (index === 0) {
        // One question; paying for others too is folded away.
        await expect.poll(() => page.getByTestId('people-paying').isVisible()).toBe(false)
        await screenshot(page, 'split-equal-phone')
      }

      // Straight to the tip, which says what is paid.
      await page.getByTestId('split-continue').click()
      await page.waitForURL(/\/customer\/tip\//)
      await expect
        .poll(() => page.getByTestId('share-text').textContent())
        .toBe(`Pagas 1 de ${3 - index} partes iguales de lo que falta por pagar.`)
      if (index === 0) await screenshot(page, 'tip-split-phone')
      await tipAndPay(page, 10)
      expect(errors).toEqual([])
      await page.context().close()
    }
    await expect.poll(() => billOf(sessionId)).toMatchObject({ totalAmount: 640, paidAmount: 640, remainingAmount: 0 })
  })
})

describe('without JavaScript', () => {
  it('pays chosen items, then half of the rest, with plain forms', async () => {
    const sessionId = TABLES.noJsSteps!
    const { page } = await phonePage(browser(), { javaScriptEnabled: false })
    await page.goto(`/customer/pay-items/${sessionId}`)
    await page.getByRole('checkbox', { name: /Tacos al pastor/ }).check()
    await page.getByLabel('Cantidad de Tacos al pastor').fill('2')
    await page.getByTestId('pay-items-confirm').click()
    // The review of what was chosen is on the tip step.
    await page.waitForURL(/\/customer\/tip\//)
    await expect.poll(() => page.getByTestId('review-lines').textContent()).toContain('2×Tacos al pastor')
    await tipAndPay(page)
    await expect.poll(() => billOf(sessionId)).toMatchObject({ paidAmount: 110, remainingAmount: 100 })

    await page.goto(`/customer/split-equal/${sessionId}`)
    await page.getByLabel('¿Entre cuántas personas dividen?', { exact: true }).fill('4')
    await page.getByRole('button', { name: 'Actualizar' }).click()
    await expect.poll(() => page.getByTestId('split-share').textContent()).toBe('$25.00')
    await page.getByLabel('¿Entre cuántas personas dividen?', { exact: true }).fill('2')
    await page.getByRole('button', { name: 'Actualizar' }).click()
    await expect.poll(() => page.getByTestId('split-share').textContent()).toBe('$50.00')
    await page.getByTestId('split-continue').click()
    await page.waitForURL(/\/customer\/tip\//)
    await expect.poll(() => page.getByTestId('share-text').textContent()).toContain('Pagas 1 de 2 partes iguales')
    await page.waitForURL(/\/customer\/tip\//)
    await tipAndPay(page)
    await expect.poll(() => billOf(sessionId)).toMatchObject({ paidAmount: 160, remainingAmount: 50 })
  })
})

describe('a diner orders from the menu', () => {
  it('adds items in two categories from their sheets (how many, a note), removes one, places the order and sees it on the bill', async () => {
    const sessionId = TABLES.menuOrder!
    const { page, errors } = await phonePage(browser())
    await page.goto(`/customer/menu/${sessionId}`)
    await hydrated(page, 'cart-button')

    await page.getByTestId('cart-button').click()
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Tu carrito está vacío')

    const item = (name: string) => page.getByTestId('menu-item').filter({ hasText: name })
    const sheet = page.getByRole('dialog')
    await item('Guacamole con totopos').getByRole('link', { name: 'Agregar con nota' }).click()
    await sheet.getByLabel('Nota para la cocina (opcional)').fill('sin cebolla')
    await screenshot(page, 'menu-sheet-phone')
    await page.getByTestId('add-with-options').click()
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Artículo agregado')
    await expect.poll(() => sheet.count()).toBe(0)
    await page.getByRole('link', { name: 'Bebidas' }).click()
    await item('Cerveza artesanal').getByRole('link', { name: 'Agregar con nota' }).click()
    await sheet.getByRole('button', { name: 'Uno más' }).click()
    await expect.poll(() => page.getByTestId('add-with-options').textContent()).toMatch(/^Agregar 2 · /)
    await page.getByTestId('add-with-options').click()
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('2 × Cerveza artesanal')
    await item('Agua de horchata').getByTestId('add-dish').click()
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('4')
    await screenshot(page, 'menu-phone')

    await page.getByTestId('menu-place-order').click()
    await page.waitForURL(/\/customer\/cart\//)
    await page.getByRole('button', { name: 'Quitar Agua de horchata' }).click()
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2)
    await expect.poll(() => page.getByTestId('cart-line-note').textContent()).toBe('Nota: sin cebolla')
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe('$255.00')
    // The restaurant's prices include IVA: the cart adds nothing, and says so, as the payment will charge it.
    await expect.poll(() => page.getByTestId('cart-tax').textContent()).toBe('Incluido en los precios')
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('$255.00')
    await expect.poll(() => page.getByTestId('place-order').textContent()).toBe('Ordenar · $255.00')
    await page.getByLabel('Tu nombre (opcional)').fill('  Marta  ')
    await screenshot(page, 'cart-phone')

    await page.getByTestId('place-order').click()
    await page.waitForURL(/\/customer\/table\//)
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Orden enviada')
    const bill = await billOf(sessionId)
    expect(bill.totalAmount).toBe(255)
    expect(bill.items.map((line) => [line.name, line.customerName, line.quantity, line.note])).toEqual([
      ['Guacamole con totopos', 'Marta', 1, 'sin cebolla'],
      ['Cerveza artesanal', 'Marta', 2, null],
    ])
    await expect.poll(() => page.getByTestId('bill-lines').textContent()).toContain('Cerveza artesanal')
    await expect.poll(() => page.getByTestId('line-note').textContent()).toBe('“sin cebolla”')

    // The cart was emptied by the order.
    await page.goto(`/customer/menu/${sessionId}`)
    await hydrated(page, 'cart-button')
    await expect.poll(() => page.getByTestId('cart-badge').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('fits a desktop window as well as a phone', async () => {
    const { page, errors } = await phonePage(browser(), {
      viewport: { width: 1280, height: 800 },
      isMobile: false,
      hasTouch: false,
      deviceScaleFactor: 1,
    })
    await page.goto(`/customer/menu/${TABLES.menuOrder}`)
    await hydrated(page, 'cart-button')
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
    await screenshot(page, 'menu-desktop')
    await page.goto(`/customer/table/${TABLES.menuOrder}`)
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
    await screenshot(page, 'bill-desktop')
    expect(errors).toEqual([])
  })
})
