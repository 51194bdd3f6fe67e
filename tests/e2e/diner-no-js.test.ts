import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { billOf, chromiumForFile, DESKTOP, openDisplayMenu, phonePage, screenshot, TABLES } from './browser'

const browser = chromiumForFile()

/** What the diner reads and taps, in each language. */
const WORDS = {
  es: {
    menu: 'Menú',
    update: 'Actualizar',
    added: 'Artículo agregado',
    // The menu and the cart in the diner's language; the bill keeps the restaurant's names.
    mains: 'Platos fuertes',
    drinks: 'Bebidas',
    tacos: 'Tacos al pastor',
    horchata: 'Agua de horchata',
    verde: 'Verde',
    habanero: 'Habanero',
    remove: 'Quitar Agua de horchata',
    cartQuantity: 'Cantidad de Tacos al pastor',
    quantity: 'Cantidad de Tacos al pastor',
    name: 'Tu nombre (opcional)',
    order: 'Ordenar',
    placed: 'Orden enviada',
    split: 'Dividir',
    payItems: 'Pagar mis artículos',
    customTip: 'Otra cantidad (MXN)',
    card: 'Tarjeta de crédito o débito',
    leftToPay: 'Por pagar',
    oneLeft: 'Queda 1',
  },
  en: {
    menu: 'Menu',
    update: 'Update',
    added: 'Item added',
    mains: 'Mains',
    drinks: 'Drinks',
    tacos: 'Al pastor tacos',
    horchata: 'Horchata',
    verde: 'Green',
    habanero: 'Habanero (very hot)',
    remove: 'Remove Horchata',
    cartQuantity: 'Quantity of Al pastor tacos',
    quantity: 'Quantity of Tacos al pastor',
    name: 'Your name (optional)',
    order: 'Place Order',
    placed: 'Order placed',
    split: 'Split',
    payItems: 'Pay for your items',
    customTip: 'Another amount (MXN)',
    card: 'Credit or debit card',
    leftToPay: 'Left to pay',
    oneLeft: '1 left',
  },
} as const

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent()
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('a diner with JavaScript off, at 390 px', () => {
  for (const language of ['es', 'en'] as const) {
    it(`orders a taco with a required salsa, changes the cart, pays 2 of 3 tacos with a tip of their own (${language})`, async () => {
      const words = WORDS[language]
      const sessionId = language === 'es' ? TABLES.noJsEs! : TABLES.noJsEn!
      const { page } = await phonePage(browser(), { javaScriptEnabled: false })
      const shot = async (name: string) => {
        await expect.poll(() => fitsWidth(page), { message: `${name} is wider than the phone` }).toBe(true)
        await screenshot(page, `nojs-${name}-${language}-phone`)
      }

      await page.goto(`/customer/table/${sessionId}`)
      if (language === 'en') {
        // The language switch is a plain form too.
        await openDisplayMenu(page)
        await page.getByRole('button', { name: /^EN/ }).click()
        await page.getByText(words.leftToPay).waitFor()
      }
      await expect.poll(() => text(page, 'left-to-pay')).toBe('$210.00')
      await page.getByRole('link', { name: words.menu, exact: true }).click()
      await page.waitForURL(/\/customer\/menu\//)

      // The item sheet: the required salsa comes chosen; Update draws the price of another choice.
      await page.getByRole('link', { name: words.mains }).click()
      const tacos = page.getByTestId('menu-item').filter({ hasText: words.tacos })
      await tacos.getByTestId('choose-options').click()
      const sheet = page.getByRole('dialog')
      await sheet.waitFor()
      await expect.poll(() => sheet.getByLabel(words.verde).isChecked()).toBe(true)
      await expect.poll(() => text(page, 'add-with-options')).toMatch(/ · \$55\.00$/)
      await sheet.getByLabel(words.habanero).check()
      await sheet.getByRole('button', { name: words.update }).click()
      await expect.poll(() => text(page, 'add-with-options')).toMatch(/ · \$60\.00$/)
      await expect.poll(() => sheet.getByLabel(words.habanero).isChecked()).toBe(true)
      await shot('menu-options')
      await page.getByTestId('add-with-options').click()

      // Back on the menu at the item, told what was added, with the cart drawn by the server.
      await page.getByTestId('toast').waitFor()
      await expect.poll(() => text(page, 'toast')).toContain(`${words.added}${words.tacos} (Salsa: ${words.habanero})`)
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
      await expect.poll(() => text(page, 'cart-badge')).toBe('1')
      await page.getByRole('link', { name: words.drinks }).click()
      await page.getByTestId('menu-item').filter({ hasText: words.horchata }).getByTestId('add-dish').click()
      await expect.poll(() => text(page, 'cart-badge')).toBe('2')
      await expect.poll(() => text(page, 'menu-bar')).toContain('$105.00')
      await shot('menu')

      // The cart: a quantity typed and updated, a line taken off, the order placed.
      await page.getByTestId('menu-place-order').click()
      await page.waitForURL(/\/customer\/cart\//)
      await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2)
      await expect.poll(() => text(page, 'cart-subtotal')).toBe('$105.00')
      await page.getByLabel(words.cartQuantity).fill('2')
      await page.getByLabel(words.name).fill('Marta')
      await page.getByRole('button', { name: words.update }).click()
      await expect.poll(() => page.getByLabel(words.cartQuantity).inputValue()).toBe('2')
      await expect.poll(() => page.getByLabel(words.name).inputValue()).toBe('Marta')
      await expect.poll(() => text(page, 'cart-subtotal')).toBe('$165.00')
      await expect.poll(() => text(page, 'cart-total')).toBe('$165.00')
      await expect.poll(() => text(page, 'place-order')).toBe(`${words.order} · $165.00`)
      await shot('cart')
      await page.getByRole('button', { name: words.remove }).click()
      await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1)
      await expect.poll(() => text(page, 'cart-total')).toBe('$120.00')
      await page.getByLabel(words.name).fill('Marta')
      await page.getByTestId('place-order').click()

      await page.waitForURL(/\/customer\/table\//)
      await expect.poll(() => text(page, 'toast')).toContain(words.placed)
      await expect.poll(() => text(page, 'left-to-pay')).toBe('$330.00')
      await expect.poll(() => text(page, 'bill-lines')).toContain('Salsa: Habanero')
      expect((await billOf(sessionId)).items.map((line) => [line.name, line.customerName])).toEqual([
        ['Tacos al pastor', 'Ana'],
        ['Agua de horchata', 'Luis'],
        ['Tacos al pastor', 'Marta'],
      ])
      await shot('bill')

      // Pay-items: 2 of Ana's 3 tacos, the total drawn again on Update.
      await page.getByTestId('split-button').click()
      await page.getByRole('link', { name: new RegExp(words.payItems) }).click()
      await page.waitForURL(/\/customer\/pay-items\//)
      // What this phone ordered comes ticked whole; this diner pays Ana's tacos instead.
      await expect.poll(() => text(page, 'pay-items-total')).toBe('$120.00')
      await page.getByTestId('ordered-here').getByRole('checkbox').uncheck()
      const seeded = page.getByTestId('pay-item').filter({ hasText: '3×' })
      await seeded.getByRole('checkbox', { name: /Tacos al pastor/ }).check()
      await seeded.getByLabel(words.quantity).fill('2')
      await page.getByRole('button', { name: words.update }).click()
      await expect.poll(() => text(page, 'pay-items-total')).toBe('$110.00')
      await expect.poll(() => seeded.getByRole('checkbox', { name: /Tacos al pastor/ }).isChecked()).toBe(true)
      await shot('pay-items')
      await page.getByTestId('pay-items-confirm').click()
      // What was chosen is reviewed on the tip step.
      await page.waitForURL(/\/customer\/tip\//)
      await expect.poll(() => text(page, 'review-lines')).toContain('2×Tacos al pastor')

      // A tip of their own: Enter on the phone's keyboard sends the amount typed, as the button beside it does.
      await page.waitForURL(/\/customer\/tip\//)
      await page.getByLabel(words.customTip).fill('12.35')
      await shot('tip')
      if (language === 'es') await page.getByLabel(words.customTip).press('Enter')
      else await page.getByTestId('tip-custom-continue').click()
      await page.waitForURL(/\/customer\/payment-method\//)
      await expect.poll(() => text(page, 'payment-summary')).toContain('$12.35')
      await expect.poll(() => text(page, 'payment-total')).toBe('$122.35')
      await page.getByLabel(words.card).check()
      await shot('payment-method')
      await page.getByTestId('pay-submit').click()

      await page.waitForURL(/\/customer\/payment-confirmation\//)
      await expect.poll(() => text(page, 'confirmation-amount')).toBe('$122.35')
      await shot('confirmation')
      await expect
        .poll(() => billOf(sessionId))
        .toMatchObject({ totalAmount: 330, paidAmount: 110, remainingAmount: 220 })
      await page.goto(`/customer/table/${sessionId}`)
      await expect.poll(() => text(page, 'left-to-pay')).toBe('$220.00')
      await page.goto(`/customer/pay-items/${sessionId}`)
      await expect
        .poll(() => page.getByTestId('pay-item').filter({ hasText: '3×' }).textContent())
        .toContain(words.oneLeft)
      await page.context().close()
    })
  }
})

describe('a diner with JavaScript off, at desktop width', () => {
  it('sees the item sheet, the cart, pay-items and the tip fit the window', async () => {
    const sessionId = TABLES.menuOrder!
    const { page } = await phonePage(browser(), { ...DESKTOP, javaScriptEnabled: false })
    const shot = async (name: string) => {
      await expect.poll(() => fitsWidth(page)).toBe(true)
      await screenshot(page, `nojs-${name}-desktop`)
    }
    await page.goto(`/customer/menu/${sessionId}`)
    await page.getByRole('link', { name: 'Platos fuertes' }).click()
    await page.getByTestId('menu-item').filter({ hasText: 'Tacos al pastor' }).getByTestId('choose-options').click()
    await page.getByRole('dialog').getByLabel('Queso').check()
    await page.getByRole('button', { name: 'Actualizar' }).click()
    await expect.poll(() => text(page, 'add-with-options')).toBe('Agregar · $67.00')
    await shot('menu-options')
    await page.getByTestId('add-with-options').click()
    await page.getByTestId('menu-place-order').click()
    await page.waitForURL(/\/customer\/cart\//)
    await expect.poll(() => text(page, 'cart-total')).toBe('$67.00')
    await shot('cart')
    await page.goto(`/customer/pay-items/${TABLES.noJsEs}`)
    await shot('pay-items')
    await page.goto(`/customer/tip/${TABLES.noJsEs}?full=true`)
    await shot('tip')
    await page.context().close()
  })
})
