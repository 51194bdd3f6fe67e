/**
 * A Friday night on the floor: a diner orders from the phone and calls the
 * waiter; the kitchen's tablet chimes with the ticket and moves it to Listo;
 * the waiter's phone hears of the order, the ready ticket and the call, and
 * answers it; the diner's bill shows "Listo" and who is coming; the waiter
 * takes a second order on the phone through the ticket; the diner pays
 * their part and the waiter takes cash for the rest, the change shown.
 */
import { describe, expect, it } from 'vitest'
import {
  BASE_URL,
  chromiumForFile,
  DESKTOP,
  expectFitsPhone,
  hydrated,
  invite,
  join,
  linkFor,
  orderMenu,
  phonePage,
  PHONE,
  screenshot,
  TABLET,
  signUpAndSignIn,
  tipAndPay,
} from './browser'

const browser = chromiumForFile()

describe('the floor on a Friday night', () => {
  it('every order, call and payment reaches the kitchen and the waiter’s phone, and the diner sees its progress', async () => {
    // The owner sets up: a table, a menu, a waiter and a kitchen.
    const owner = await phonePage(browser(), DESKTOP)
    await signUpAndSignIn(owner.page.request, 'Cantina La Esquina')
    const created = await owner.page.request.post('/api/tables', {
      headers: { Origin: BASE_URL },
      data: { tableNumber: '5' },
    })
    const table = (await created.json()) as { id: string; sessionId: string }
    const { taco, agua } = await orderMenu(owner.page)
    const waiterEmail = `mesera-${crypto.randomUUID().slice(0, 8)}@example.com`
    const kitchenEmail = `cocina-${crypto.randomUUID().slice(0, 8)}@example.com`
    await owner.page.goto('/admin/dashboard/team')
    await invite(owner.page, waiterEmail, 'waiter')
    await invite(owner.page, kitchenEmail, 'kitchen')

    const kitchen = await phonePage(browser(), TABLET)
    await join(kitchen.page, await linkFor(kitchenEmail), 'Cocina Norte', /\/admin\/kitchen$/)
    await hydrated(kitchen.page, 'kitchen-sound')
    // A browser that waits for a tap before it plays sound says so; the first tap lets it sound.
    const sound = kitchen.page.getByTestId('kitchen-sound')
    if ((await sound.getAttribute('data-state')) === 'blocked') await sound.click()
    await expect.poll(() => kitchen.page.getByTestId('kitchen-sound').getAttribute('data-state')).toBe('on')

    const waiter = await phonePage(browser(), PHONE)
    await join(waiter.page, await linkFor(waiterEmail), 'Rosa')
    // Rosa takes table 5 tonight.
    await waiter.page.goto(`/admin/tables/${table.id}`)
    await waiter.page.getByTestId('follow-table').click()
    await expect.poll(() => waiter.page.getByTestId('follow-table').getAttribute('data-following')).toBe('true')
    await waiter.page.goto('/admin/alerts')
    await hydrated(waiter.page, 'alert-bell')
    // A phone plays sound once touched: Rosa has it in her hand.
    await waiter.page.getByRole('heading', { name: 'Avisos' }).click()

    // The owner watches the floor: the party that sits down and opens the menu shows at once.
    await owner.page.goto('/admin/dashboard')
    await hydrated(owner.page, 'table-card')
    const card = owner.page.getByTestId('table-card').filter({ hasText: 'Mesa 5' })
    await expect.poll(() => card.getByTestId('floor-state').textContent()).toBe('Libre')

    // The diner orders a taco with habanero from the phone, and calls for the bill.
    const diner = await phonePage(browser(), PHONE)
    await diner.page.goto(`/customer/menu/${table.sessionId}`)
    await hydrated(diner.page, 'menu-items')
    await expect.poll(() => card.getByTestId('floor-state').textContent()).toBe('Ordenando')
    await diner.page
      .getByTestId('menu-item')
      .filter({ hasText: 'Taco al pastor' })
      .getByTestId('choose-options')
      .click()
    await diner.page.getByRole('dialog').getByLabel('Habanero').check()
    await diner.page.getByTestId('add-with-options').click()
    await expect.poll(() => diner.page.getByTestId('cart-badge').textContent()).toBe('1')
    await diner.page.getByTestId('menu-place-order').click()
    await diner.page.waitForURL(/\/customer\/cart\//)
    await hydrated(diner.page, 'place-order')
    await diner.page.getByTestId('place-order').click()
    await diner.page.waitForURL(/\/customer\/table\//)
    await expect.poll(() => diner.page.getByTestId('order-step').textContent()).toBe('Recibido')

    // The kitchen's tablet chimes with the ticket, live.
    const ticket = kitchen.page.getByTestId('ticket')
    await expect.poll(() => ticket.count()).toBe(1)
    await expect.poll(() => ticket.textContent()).toMatch(/Mesa 5.*Comensales.*1× Taco al pastor.*Salsa: Habanero/)
    await expect.poll(() => kitchen.page.getByTestId('kitchen-board').getAttribute('data-chimes')).toBe('1')
    await screenshot(kitchen.page, 'kitchen-new-tablet')
    await ticket.getByTestId('ticket-move').click()
    await expect.poll(() => ticket.getAttribute('data-step')).toBe('preparing')
    await expect.poll(() => diner.page.getByTestId('order-step').textContent()).toBe('En preparación')

    await diner.page.getByTestId('call-waiter').click()
    await diner.page.getByRole('dialog').getByRole('button', { name: 'Traer la cuenta' }).click()
    await expect.poll(() => diner.page.getByTestId('call-status').getAttribute('data-answered')).toBe('false')

    await ticket.getByTestId('ticket-move').click()
    await expect.poll(() => ticket.getAttribute('data-step')).toBe('ready')
    await screenshot(kitchen.page, 'kitchen-ready-tablet')
    await expect.poll(() => diner.page.getByTestId('order-step').textContent()).toBe('Listo')

    // Rosa's phone heard all of it, live: the order, the call, the ready ticket.
    await expect.poll(() => waiter.page.getByTestId('alert-bell').getAttribute('data-unread')).toBe('3')
    expect(Number(await waiter.page.getByTestId('alert-bell').getAttribute('data-chimes'))).toBeGreaterThan(0)
    await waiter.page.reload()
    await expect
      .poll(() => waiter.page.getByTestId('alert').evaluateAll((alerts) => alerts.map((a) => a.dataset.kind)))
      .toEqual(['ready', 'call', 'order'])
    await expectFitsPhone(waiter.page)
    await screenshot(waiter.page, 'alerts-phone')
    await waiter.page.getByTestId('answer-call').click()
    await expect.poll(() => waiter.page.getByTestId('toast').textContent()).toContain('vas en camino')
    await expect.poll(() => diner.page.getByTestId('call-status').textContent()).toContain('Rosa viene en camino')
    await screenshot(diner.page, 'bill-order-ready-phone')

    // A second round, taken by Rosa on her phone through the ticket: two aguas.
    await waiter.page.goto(`/admin/tables/${table.id}/order`)
    await hydrated(waiter.page, 'dish-search')
    await waiter.page.getByTestId(`dish-${agua}`).click()
    await waiter.page.getByRole('dialog').getByTestId('add-with-options').click()
    await waiter.page.getByRole('button', { name: 'Agregar uno de Agua de jamaica' }).click()
    await expectFitsPhone(waiter.page)
    await waiter.page.getByTestId('send-ticket').click()
    await waiter.page.waitForURL(new RegExp(`/admin/tables/${table.id}$`))
    await expect
      .poll(() => kitchen.page.locator('[data-testid="ticket"][data-step="new"]').textContent())
      .toMatch(/Mesa 5.*Envió Rosa.*2× Agua de jamaica/)
    await expect.poll(() => kitchen.page.getByTestId('kitchen-board').getAttribute('data-chimes')).toBe('2')
    expect(taco).toBeTruthy()

    // The diner pays their taco ($40) by card; Rosa takes $100 cash for the $70 of aguas left, the change large.
    await diner.page.goto(`/customer/pay-items/${table.sessionId}`)
    await hydrated(diner.page, 'pay-items-confirm')
    await diner.page.getByRole('checkbox', { name: /Taco al pastor/ }).check()
    await diner.page.getByTestId('pay-items-confirm').click()
    // The review of what was chosen is on the tip step.
    await diner.page.waitForURL(/\/customer\/tip\//)
    await tipAndPay(diner.page, 10)

    await waiter.page.goto(`/admin/tables/${table.id}`)
    await hydrated(waiter.page, 'quick-charge')
    await expect.poll(() => waiter.page.getByTestId('bill-remaining').textContent()).toBe('$70.00')
    await waiter.page.getByTestId('charge-cash-10000').click()
    await expect.poll(() => waiter.page.getByTestId('change-amount').textContent()).toBe('$30.00')
    await expect.poll(() => waiter.page.getByTestId('bill-remaining').textContent()).toBe('$0.00')
    await expectFitsPhone(waiter.page)
    await screenshot(waiter.page, 'floor-change-phone')
    // The payments rang Rosa's bell too: the diner's card paid part; her own cash is hers to know.
    await waiter.page.goto('/admin/alerts')
    await expect
      .poll(() => waiter.page.getByTestId('alert').evaluateAll((alerts) => alerts.map((a) => a.dataset.kind)))
      .toEqual(['partial-payment', 'ready', 'call', 'order'])

    // The board, the alerts and the bill in English and in the dark are in the sweeps (a11y-phone and a11y-desktop), with their screenshots.
    for (const { errors } of [owner, kitchen, waiter, diner]) expect(errors).toEqual([])
  })
})
