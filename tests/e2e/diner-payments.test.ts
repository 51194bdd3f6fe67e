import { describe, expect, it } from 'vitest'
import { formatMoney } from '~/domain/money'
import { tipForPercent } from '~/domain/tip'
import {
  BASE_URL,
  billOf,
  chromiumForFile,
  hydrated,
  IPHONE_SAFARI,
  openDisplayMenu,
  phonePage,
  screenshot,
  TABLES,
} from './browser'

const browser = chromiumForFile()

describe('a diner pays at the table', () => {
  it('pays the full bill with a 15 % tip', async () => {
    const sessionId = TABLES.fullJs!
    const { page, errors } = await phonePage(browser())
    await page.goto(`/customer/table/${sessionId}`)
    await expect.poll(() => page.getByTestId('left-to-pay').textContent()).toBe('$210.00')
    await screenshot(page, 'bill-phone')

    // The spec's sheet still offers both ways from the bill; the split button opens its split half directly.
    await page.getByRole('link', { name: 'Pagar o dividir la cuenta' }).click()
    const sheet = page.getByRole('dialog')
    await sheet.waitFor()
    await expect
      .poll(() => sheet.getByRole('link').allTextContents())
      .toEqual(['✕', expect.stringContaining('Dividir la cuenta'), expect.stringContaining('Pagar la cuenta completa')])
    await screenshot(page, 'pay-sheet-phone')
    await page.goBack()
    await page.getByTestId('split-button').click()
    await sheet.waitFor()
    await expect
      .poll(() => sheet.getByRole('link').allTextContents())
      .toEqual([
        '✕',
        expect.stringContaining('Pagar mis artículos'),
        expect.stringContaining('Dividir en partes iguales'),
      ])
    await page.goBack()

    // Paying it all is four taps: the bill's pay button, the tip, the method, pay.
    await page.getByTestId('pay-button').click()
    await page.waitForURL(/\/customer\/tip\//)
    // A client-side navigation changes the address before the new screen renders.
    await page.getByTestId('tip-option-20').waitFor()
    // The tip is voluntary: no tip is chosen for the diner, and "no tip" is one of the four equal choices, each one tap that moves on.
    await expect
      .poll(() => page.getByTestId(/^tip-option-/).allTextContents())
      .toEqual([
        'Sin propina$0.00Total $210.00',
        '10%Bien$21.00Total $231.00',
        '15%Muy bien$31.50Total $241.50',
        '20%Excelente$42.00Total $252.00',
      ])
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await screenshot(page, 'tip-phone')

    await page.getByTestId('tip-option-15').click()
    await page.waitForURL(/\/customer\/payment-method\//)
    await hydrated(page, 'pay-submit')
    // This browser offers no wallet: the card is listed alone, already chosen, so one tap pays.
    await expect.poll(() => page.locator('input[name="paymentMethod"]:checked').getAttribute('value')).toBe('card')
    await expect.poll(() => page.locator('input[name="paymentMethod"]').count()).toBe(1)
    await screenshot(page, 'payment-method-phone')
    await page.getByTestId('pay-submit').click()

    await page.waitForURL(/\/customer\/payment-confirmation\//)
    await expect.poll(() => page.getByTestId('confirmation-amount').textContent()).toBe('$241.50')
    await screenshot(page, 'confirmation-phone')
    await expect.poll(() => billOf(sessionId)).toMatchObject({ remainingAmount: 0, paidAmount: 210 })

    // The confirmation stays while the diner reads it, rates or opens the receipt; back on the bill, it shows paid.
    await page.getByRole('link', { name: 'Volver a la cuenta' }).click()
    await page.waitForURL(/\/customer\/table\//)
    await expect.poll(() => page.getByTestId('left-to-pay').textContent()).toBe('$0.00')
    await expect.poll(() => page.getByTestId('paid-message').textContent()).toBe('100% del total pagado')
    expect(errors).toEqual([])
  })

  it('pays the full bill with JavaScript disabled', async () => {
    const sessionId = TABLES.fullNoJs!
    const { page } = await phonePage(browser(), { javaScriptEnabled: false, userAgent: IPHONE_SAFARI })
    await page.goto(`/customer/table/${sessionId}`)
    await expect.poll(() => page.getByTestId('left-to-pay').textContent()).toBe('$295.00')
    await page.getByTestId('pay-button').click()
    await page.waitForURL(/\/customer\/tip\//)
    await page.getByTestId('tip-option-15').click()
    await page.waitForURL(/\/customer\/payment-method\//)
    // Without a script to ask the phone, the server goes by what it says it is: an iPhone, so Apple Pay, with its mark, chosen.
    const methods = page.locator('input[name="paymentMethod"]')
    await expect
      .poll(() => methods.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
      .toEqual(['apple', 'card'])
    await expect.poll(() => page.locator('input[name="paymentMethod"]:checked').getAttribute('value')).toBe('apple')
    await expect.poll(() => page.getByTestId('method-apple').locator('[data-mark="apple-pay"]').isVisible()).toBe(true)
    await screenshot(page, 'payment-methods-nojs-phone')

    // The first tap pays.
    await page.getByTestId('pay-submit').click()
    await page.waitForURL(/\/customer\/payment-confirmation\//)
    await expect.poll(() => page.getByTestId('confirmation-amount').textContent()).toBe('$339.25')
    await screenshot(page, 'confirmation-nojs-phone')
    await expect.poll(() => billOf(sessionId)).toMatchObject({ remainingAmount: 0, paidAmount: 295 })
  })
})

/** Another diner at the table orders the first dish of its restaurant's menu, as their phone's cart does. */
async function someoneOrders(sessionId: string) {
  const bill = (await (await fetch(`${BASE_URL}/api/tables/session/${sessionId}`)).json()) as {
    id: string
    userId: string
  }
  const menu = (await (await fetch(`${BASE_URL}/api/categories/with-items/${bill.userId}`)).json()) as {
    menuItems: { id: string; name: string; price: number; modifierGroups: unknown[] }[]
  }[]
  const dish = menu.flatMap((category) => category.menuItems).find((item) => item.modifierGroups.length === 0)
  if (!dish) throw new Error('the menu has no dish without options')
  const response = await fetch(`${BASE_URL}/api/items`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      tableId: bill.id,
      items: [{ menuItemId: dish.id, name: dish.name, price: dish.price / 100, quantity: 1 }],
    }),
  })
  expect(response.status).toBe(201)
  return dish.price
}

describe('someone orders while a diner looks at the pay button', () => {
  it('the payment is refused with what changed and the new amount; reviewing pays the new amount (JavaScript on)', async () => {
    const sessionId = TABLES.raceJs!
    const { page, errors } = await phonePage(browser())
    await page.goto(`/customer/payment-method/${sessionId}?full=true&tipPercentage=15`)
    await hydrated(page, 'pay-submit')
    await expect.poll(() => page.getByTestId('pay-submit').textContent()).toBe('Pagar $536.67')
    await page.getByText('Tarjeta de crédito o débito').click()

    const dishCents = await someoneOrders(sessionId)
    await page.getByTestId('pay-submit').click()
    const notice = page.getByTestId('payment-error')
    await notice.waitFor()
    const newTotal = 46667 + dishCents + tipForPercent(46667 + dishCents, 15)
    await expect.poll(() => notice.textContent()).toContain('Alguien pidió algo más')
    await expect.poll(() => notice.textContent()).toContain(`Ahora el total es ${formatMoney(newTotal)}.`)
    await expect.poll(() => page.getByRole('alert').count()).toBe(1)
    await expect.poll(() => page.getByTestId('pay-submit').count()).toBe(0)
    await screenshot(page, 'payment-bill-changed-phone')
    await expect.poll(() => billOf(sessionId)).toMatchObject({ paidAmount: 0 })

    await page.getByTestId('review-again').click()
    await hydrated(page, 'pay-submit')
    await expect.poll(() => page.getByTestId('pay-submit').textContent()).toBe(`Pagar ${formatMoney(newTotal)}`)
    await page.getByText('Tarjeta de crédito o débito').click()
    await page.getByTestId('pay-submit').click()
    await page.waitForURL(/\/customer\/payment-confirmation\//)
    await expect.poll(() => page.getByTestId('confirmation-amount').textContent()).toBe(formatMoney(newTotal))
    await expect.poll(() => billOf(sessionId)).toMatchObject({ remainingAmount: 0 })
    expect(errors).toEqual([])
  })

  it('an equal share is refused the same way with JavaScript off, and nothing is charged', async () => {
    const sessionId = TABLES.raceNoJs!
    const { page } = await phonePage(browser(), { javaScriptEnabled: false, userAgent: IPHONE_SAFARI })
    await page.goto(`/customer/payment-method/${sessionId}?split=true&partySize=1&tableSize=4&tipPercentage=0`)
    await expect.poll(() => page.getByTestId('pay-submit').textContent()).toBe('Pagar $165.00')
    await expect.poll(() => page.getByLabel('Apple Pay').isChecked()).toBe(true)
    await someoneOrders(sessionId)
    await page.getByTestId('pay-submit').click()
    await page.getByTestId('payment-error').waitFor()
    await expect.poll(() => page.getByTestId('payment-error').textContent()).toContain('Alguien pidió algo más')
    await screenshot(page, 'payment-bill-changed-nojs-phone')
    await expect.poll(() => billOf(sessionId)).toMatchObject({ paidAmount: 0 })
    await page.getByTestId('review-again').click()
    await page.getByTestId('pay-submit').waitFor()
    await expect.poll(() => page.getByTestId('pay-submit').textContent()).not.toBe('Pagar $165.00')
  })
})

describe('the demo table and unknown tables', () => {
  it('adds three sample diners to demo7 with the spec’s toast', async () => {
    const before = await billOf('demo7')
    const { page, errors } = await phonePage(browser())
    await page.goto('/customer/table/demo7')
    await page.getByRole('button', { name: 'Agregar comensales de ejemplo' }).click()
    await page.getByTestId('toast').waitFor()
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Demo creada')
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toContain('Se han añadido 3 comensales con pedidos a la mesa.')
    await screenshot(page, 'demo-diners-phone')
    const after = await billOf('demo7')
    expect(after.items.length - before.items.length).toBe(6)
    expect(new Set(after.items.slice(-6).map((item) => item.customerName))).toEqual(
      new Set(['Carla', 'Diego', 'Sofía']),
    )
    expect(errors).toEqual([])
  })

  it('shows Table Not Found with a 404 for an unknown table, and the short links reach the bill', async () => {
    const { page } = await phonePage(browser())
    const response = await page.goto('/customer/table/no-such-table')
    expect(response?.status()).toBe(404)
    await expect.poll(() => page.getByTestId('table-not-found').textContent()).toContain('Mesa no encontrada')
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
    await openDisplayMenu(page)
    await page.getByRole('button', { name: /Idioma: English/ }).click()
    await page.getByText('Left to pay').waitFor()
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en')
    await page.goto('/customer/table/no-such-table')
    await expect.poll(() => page.getByTestId('table-not-found').textContent()).toContain('Table Not Found')
    await screenshot(page, 'table-not-found-phone-en')
  })
})
