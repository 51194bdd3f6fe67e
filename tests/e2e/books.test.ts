/**
 * A table's night, kept in the books through the staff screens: a waiter
 * adds a round of drinks and a dessert, a diner pays their part on the
 * phone, another hands the waiter cash, the waiter voids a mistaken item and
 * closes the bill; the cash-out shows each figure, and the diner's phone
 * follows every change live.
 */
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  addOpenItem,
  BASE_URL,
  chromiumForFile,
  DESKTOP,
  billOf,
  expectFitsPhone,
  orderMenu,
  hydrated,
  phonePage,
  PHONE,
  screenshot,
  signUpAndSignIn,
  themeCookie,
  tipAndPay,
} from './browser'

const browser = chromiumForFile()

/** The waiter's window: the owner signed in, on `view`. */
async function staffPage(view: BrowserContextOptions, language: 'es' | 'en' = 'es') {
  const opened = await phonePage(browser(), view)
  await signUpAndSignIn(opened.page.request, 'Cantina El Patio')
  if (language === 'en') {
    await opened.page.goto('/admin/dashboard')
    await opened.page.getByRole('button', { name: /^EN/ }).click()
    // Switched once the button offers Spanish back: the next page is then in English.
    await opened.page.getByRole('button', { name: /^ES/ }).waitFor()
  }
  return opened
}

async function newTable(page: Page, number: string) {
  const response = await page.request.post('/api/tables', {
    headers: { Origin: BASE_URL },
    data: { tableNumber: number },
  })
  expect(response.status()).toBe(201)
  return (await response.json()) as { id: string; sessionId: string }
}

const leftToPay = (page: Page) => page.getByTestId('left-to-pay').textContent()

describe('a night in the books', () => {
  it('orders, a phone payment, cash to the waiter, a void and a close add up in the cash-out, and the diner’s phone follows each change', async () => {
    const { page: staff, errors } = await staffPage(DESKTOP)
    const table = await newTable(staff, '12')

    await addOpenItem(staff, table.id, 'Michelada', '90', '3')
    await addOpenItem(staff, table.id, 'Flan', '55', '1')

    // The diner's phone, on the bill, live.
    const diner = await phonePage(browser(), PHONE)
    await diner.page.goto(`/customer/table/${table.sessionId}`)
    await hydrated(diner.page, 'left-to-pay')
    await expect.poll(() => leftToPay(diner.page)).toBe('$325.00')

    // The waiter voids the flan, which nobody ordered: the phone shows the new total without reloading.
    await staff.goto(`/admin/tables/${table.id}`)
    await hydrated(staff, 'bill-lines')
    const flan = staff.getByTestId('bill-lines').locator('li', { hasText: 'Flan' })
    await flan.getByText('Anular o cortesía').click()
    await flan.getByLabel('Motivo').fill('Se capturó por error')
    await flan.getByRole('button', { name: 'Aplicar' }).click()
    await expect.poll(() => staff.getByTestId('toast').textContent()).toContain('Artículo anulado')
    await expect.poll(() => leftToPay(diner.page)).toBe('$270.00')

    // The diner pays one michelada on the phone, with a 10 % tip.
    await diner.page.goto(`/customer/pay-items/${table.sessionId}`)
    await hydrated(diner.page, 'pay-items-confirm')
    // A tick takes the whole 3× line; the stepper brings it down to the one this diner had.
    await diner.page.getByRole('checkbox', { name: /Michelada/ }).check()
    await diner.page.getByRole('button', { name: 'Quitar uno de Michelada' }).click()
    await diner.page.getByRole('button', { name: 'Quitar uno de Michelada' }).click()
    await expect.poll(() => diner.page.getByTestId('pay-items-total').textContent()).toBe('$90.00')
    await diner.page.getByTestId('pay-items-confirm').click()
    // The review of what was chosen is on the tip step.
    await diner.page.waitForURL(/\/customer\/tip\//)
    await tipAndPay(diner.page, 10)
    await expect.poll(() => diner.page.getByTestId('confirmation-amount').textContent()).toBe('$99.00')
    await diner.page.goto(`/customer/table/${table.sessionId}`)
    await hydrated(diner.page, 'left-to-pay')
    await expect.poll(() => leftToPay(diner.page)).toBe('$180.00')

    // Another diner hands the waiter $200 in cash for the rest, with a $20 tip: the change is said, and the phone shows the bill paid.
    await staff.goto(`/admin/tables/${table.id}`)
    await hydrated(staff, 'record-payment')
    await staff.getByTestId('record-payment').locator('summary').click()
    await expect.poll(() => staff.getByTestId('record-amount').inputValue()).toBe('180.00')
    await staff.getByTestId('record-payment').getByLabel('Propina', { exact: true }).fill('20')
    await staff.getByTestId('record-cash-received').fill('250')
    await screenshot(staff, 'books-record-payment-desktop')
    await staff.getByTestId('record-submit').click()
    await expect.poll(() => staff.getByTestId('change-amount').textContent()).toBe('$50.00')
    await screenshot(staff, 'books-change-owed-desktop')
    await expect.poll(() => leftToPay(diner.page)).toBe('$0.00')
    await expect.poll(() => staff.getByTestId('bill-payments').textContent()).toContain('Efectivo')
    // Both are signed by who is signed in: the payment and the void carry the owner's name, typed by nobody.
    await expect.poll(() => staff.getByTestId('bill-payments').textContent()).toContain('Registrado por: Raúl Garza')
    await expect
      .poll(() => staff.getByTestId('bill-history').textContent())
      .toContain('Se capturó por error · Raúl Garza')
    await screenshot(staff, 'books-table-desktop')

    // The waiter closes the bill; the cash-out has each figure.
    await staff.getByTestId('close-bill').click()
    await staff.getByRole('dialog').getByRole('button', { name: 'Cerrar cuenta y liberar la mesa' }).click()
    await expect.poll(() => staff.getByTestId('toast').textContent()).toContain('Cuenta cerrada')
    await staff.goto('/admin/cash-out')
    await hydrated(staff, 'expected-cash')
    const report = await staff.locator('main').textContent()
    await expect.poll(() => staff.getByTestId('expected-cash').textContent()).toContain('$200.00')
    for (const figure of ['$90.00', '$9.00', '$180.00', '$20.00', '$55.00']) expect(report, figure).toContain(figure)
    await expect.poll(() => staff.getByTestId('tips-by-staff').textContent()).toContain('Raúl Garza')
    await screenshot(staff, 'books-cash-out-desktop')

    // The next day: the closed bill's page still refunds one of its payments.
    await staff.goto(`/admin/tables/${table.id}`)
    await staff.getByTestId('previous-bill-link').click()
    await staff.waitForURL(/\/bills\//)
    await hydrated(staff, 'bill-payments')
    await expect.poll(() => staff.getByTestId('bill-history').textContent()).toContain('Se capturó por error')
    await screenshot(staff, 'books-closed-bill-desktop')
    expect([...errors, ...diner.errors]).toEqual([])
  })

  it('a refund makes the bill unpaid again everywhere: the dashboard’s card follows it live, as the table’s page does', async () => {
    const { page: staff, errors } = await staffPage(DESKTOP)
    const table = await newTable(staff, '21')
    await addOpenItem(staff, table.id, 'Parrillada', '100', '1')
    await staff.goto(`/admin/tables/${table.id}`)
    await hydrated(staff, 'record-payment')
    await staff.getByTestId('record-payment').locator('summary').click()
    await staff.getByTestId('record-submit').click()
    await expect.poll(() => staff.getByTestId('toast').textContent()).toContain('Pago registrado')

    // The dashboard, open beside the table's page, reads the paid bill.
    const board = await staff.context().newPage()
    await board.goto('/admin/dashboard')
    await hydrated(board, 'table-state')
    const card = board.getByTestId('table-state')
    await expect.poll(() => card.textContent()).toContain('$0.00 por pagar')

    // A part of the payment goes back: both screens say the same, the dashboard without reloading.
    await staff.getByTestId('refund').locator('summary').click()
    await staff.getByTestId('refund').getByText('Puedes devolver hasta $100.00 de consumo').waitFor()
    await staff
      .getByTestId('refund')
      .getByLabel(/Consumo a devolver/)
      .fill('25')
    await staff.getByTestId('refund').getByLabel('Motivo').fill('Tardó mucho')
    await staff.getByTestId('refund').getByRole('button', { name: 'Revisar reembolso' }).click()
    // Nothing goes back until the button with the amount is pressed.
    await expect.poll(() => staff.getByTestId('refund-preview-bill').textContent()).toMatch(/^Consumo: \$25\.00/)
    await screenshot(staff, 'refund-preview-desktop')
    await staff.getByRole('button', { name: 'Reembolsar $25.00' }).click()
    await expect.poll(() => staff.getByTestId('toast').textContent()).toContain('Reembolso registrado')
    await expect.poll(() => staff.getByTestId('bill-paid').textContent()).toBe('$75.00')
    await expect.poll(() => staff.getByTestId('bill-remaining').textContent()).toBe('$25.00')
    await expect.poll(() => card.textContent()).toContain('$25.00 por pagar')
    await expect.poll(() => card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75')
    expect(errors).toEqual([])
  })

  it('a waiter takes an order on a phone: searches a dish, chooses its option and note in its sheet, adds a second, sends the ticket once; with JavaScript and without', async () => {
    const { page, errors } = await staffPage(PHONE)
    const table = await newTable(page, '8')
    const { taco, agua, pozole } = await orderMenu(page)
    const order = `/admin/tables/${table.id}/order`
    await page.goto(order)
    await hydrated(page, 'dish-search')
    await expectFitsPhone(page)
    await screenshot(page, 'order-menu-phone')

    // Search: only the tacos are left; the sold-out pozole shows as such and opens nothing.
    await expect.poll(() => page.getByTestId(`sold-out-${pozole}`).textContent()).toContain('Agotado')
    await page.getByTestId('dish-search').fill('pastor')
    await expect.poll(() => page.getByTestId(`dish-${agua}`).count()).toBe(0)
    await page.getByTestId(`dish-${taco}`).click()
    const sheet = page.getByRole('dialog')
    await sheet.getByLabel(/Habanero/).check()
    await sheet.getByTestId('item-note').fill('Sin cebolla')
    await screenshot(page, 'order-sheet-phone', { fold: true })
    await sheet.getByTestId('add-with-options').click()
    await sheet.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('ticket-line').count()).toBe(1)
    // Added, the search is done with: the next dish is looked for afresh.
    await expect.poll(() => page.getByTestId('dish-search').inputValue()).toBe('')
    expect(new URL(page.url()).search).toBe('')

    await page.getByRole('link', { name: 'Bebidas' }).click()
    // The agua asks nothing: one tap of its row.
    await page.getByTestId(`add-${agua}`).click()
    await expect.poll(() => page.getByTestId('ticket-line').count()).toBe(2)
    // One more agua, from its line.
    await page.getByRole('button', { name: 'Agregar uno de Agua de jamaica' }).click()
    await expect.poll(() => page.getByTestId('ticket-total').textContent()).toBe('$110.00')
    await expect.poll(() => page.getByTestId('ticket-summary').textContent()).toBe('3 artículos$110.00')
    await expectFitsPhone(page)
    // The bar at the bottom leads to the ticket, further down the page.
    await page.getByTestId('ticket-summary').click()
    await expect.poll(() => page.getByTestId('ticket-total').isVisible()).toBe(true)
    await screenshot(page, 'order-ticket-phone', { fold: true })

    // The ticket as it stands, in the other language and theme, and on a desktop.
    const signedIn = await page.context().storageState()
    for (const [view, language, theme, name] of [
      [PHONE, 'en', 'dark', 'order-ticket-phone-en-dark'],
      [DESKTOP, 'es', 'dark', 'order-ticket-desktop-dark'],
      [DESKTOP, 'en', 'light', 'order-ticket-desktop-en'],
    ] as const) {
      const locale = language === 'en' ? 'en-US' : 'es-MX'
      const other = await phonePage(browser(), { ...view, locale, storageState: signedIn })
      await other.page.context().addCookies([themeCookie(theme)])
      await other.page.goto(order)
      await hydrated(other.page, 'ticket')
      await expect
        .poll(() => other.page.getByTestId('send-ticket').textContent())
        .toBe(language === 'es' ? 'Enviar a cocina' : 'Send to kitchen')
      if (view === PHONE) await expectFitsPhone(other.page)
      await screenshot(other.page, name, { fold: view === PHONE })
      // The dish's sheet over it.
      await other.page.getByTestId(`dish-${taco}`).click()
      await other.page.getByRole('dialog').getByTestId('add-with-options').waitFor()
      await screenshot(other.page, `${name}-sheet`, { fold: true })
      expect(other.errors).toEqual([])
      await other.page.context().close()
    }

    await page.getByTestId('send-ticket').click()
    await page.waitForURL(new RegExp(`/admin/tables/${table.id}$`))
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Enviado a cocina')
    const lines = page.getByTestId('bill-lines')
    await expect
      .poll(() => lines.textContent())
      .toMatch(/Taco al pastor.*Salsa: Habanero.*Sin cebolla.*Agua de jamaica/s)
    expect((await billOf(table.sessionId)).items.map(({ name, quantity, note }) => [name, quantity, note])).toEqual([
      ['Taco al pastor', 1, 'Sin cebolla'],
      ['Agua de jamaica', 2, null],
    ])
    expect(errors).toEqual([])

    // Without JavaScript: a dish's sheet is an address, adding posts and comes back with the ticket, and so does sending.
    const plain = await phonePage(browser(), {
      ...PHONE,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    })
    await plain.page.goto(order)
    await expect.poll(() => plain.page.getByTestId('ticket-empty').count()).toBe(1)
    await plain.page.getByTestId(`dish-${agua}`).click()
    await plain.page.getByTestId('add-with-options').click()
    await plain.page.getByTestId('open-item').click()
    await screenshot(plain.page, 'order-open-item-phone-no-js', { fold: true })
    await plain.page.getByLabel('Nombre', { exact: true }).fill('Pastel de cumpleaños')
    await plain.page.getByLabel('Precio por unidad').fill('150')
    await plain.page.getByTestId('open-item-add').click()
    await expect
      .poll(() => plain.page.getByTestId('ticket-line').allTextContents())
      .toEqual([expect.stringContaining('Agua de jamaica'), expect.stringContaining('Pastel de cumpleaños')])
    await expectFitsPhone(plain.page)
    await screenshot(plain.page, 'order-ticket-phone-no-js', { fold: true })
    await plain.page.getByTestId('send-ticket').click()
    await plain.page.waitForURL(new RegExp(`/admin/tables/${table.id}$`))
    expect((await billOf(table.sessionId)).items.map((line) => line.name)).toEqual([
      'Taco al pastor',
      'Agua de jamaica',
      'Agua de jamaica',
      'Pastel de cumpleaños',
    ])
    expect(plain.errors).toEqual([])
  })

  it('the table’s page fits a phone, in Spanish and English', async () => {
    for (const language of ['es', 'en'] as const) {
      const { page, errors } = await staffPage(PHONE, language)
      const table = await newTable(page, '5')
      await addOpenItem(page, table.id, 'Tacos al pastor', '40', '3')
      await page.goto(`/admin/tables/${table.id}`)
      await hydrated(page, 'record-payment')
      await page.getByTestId('record-payment').locator('summary').click()
      await page.getByTestId('adjust').first().locator('summary').click()
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await screenshot(page, `books-table-phone${language === 'en' ? '-en' : ''}`)

      // With JavaScript the form's own schema speaks first: a third decimal is refused under its field, before anything is sent.
      const form = page.getByTestId('record-payment')
      await form.getByLabel(language === 'es' ? 'Una cantidad' : 'An amount').check()
      await page.getByTestId('record-amount').fill('10.005')
      await page.getByTestId('record-submit').click()
      await expect
        .poll(() => form.locator('#record-payment-amount-error').textContent())
        .toBe(language === 'es' ? 'Escribe un monto válido en pesos.' : 'Enter a valid amount in pesos.')
      // The bill's refusal comes back above the button, the amounts as typed.
      await page.getByTestId('record-amount').fill('50')
      await page.getByTestId('record-cash-received').fill('40')
      await page.getByTestId('record-submit').click()
      await expect
        .poll(() => page.getByTestId('record-payment-errors').textContent())
        .toContain(
          language === 'es' ? 'el efectivo recibido no puede ser menor al cobro' : 'cash received cannot be less',
        )
      await expect.poll(() => page.getByTestId('record-amount').inputValue()).toBe('50')
      await expect.poll(() => page.getByTestId('record-cash-received').inputValue()).toBe('40')
      await screenshot(page, `books-refused-phone${language === 'en' ? '-en' : ''}`)

      // Taken: the change large until dismissed, and the form empty again, so a second tap has nothing to send.
      await page.getByTestId('record-cash-received').fill('100')
      await page.getByTestId('record-submit').click()
      await expect.poll(() => page.getByTestId('change-amount').textContent()).toBe('$50.00')
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await screenshot(page, `books-change-phone${language === 'en' ? '-en' : ''}`)
      await page.getByTestId('record-payment').locator('summary').click()
      await expect.poll(() => page.getByTestId('record-cash-received').inputValue()).toBe('')
      await expect.poll(() => page.getByTestId('record-amount').inputValue()).toBe('70.00')
      await page.getByTestId('change-done').click()
      await page.getByTestId('change-owed').waitFor({ state: 'detached' })
      await expect.poll(() => page.getByTestId('bill-remaining').textContent()).toBe('$70.00')

      // The rest in one tap: the diner hands over $100 for the $70 left.
      await screenshot(page, `books-quick-charge-phone${language === 'en' ? '-en' : ''}`)
      await page.getByTestId('charge-cash-10000').click()
      await expect.poll(() => page.getByTestId('change-amount').textContent()).toBe('$30.00')
      await expect.poll(() => page.getByTestId('bill-remaining').textContent()).toBe('$0.00')
      await expect.poll(() => page.getByTestId('quick-charge').count()).toBe(0)
      expect(errors).toEqual([])
    }
  })
})
