/**
 * A restaurant run by its team: the owner invites a waiter and a manager;
 * the waiter joins from the link on a phone, takes an order and a cash
 * payment and is offered nothing their role does not allow; the manager
 * takes the rest on the terminal and refunds part; the cash-out names both;
 * the owner removes the waiter, whose open page is signed out at once.
 */
import { describe, expect, it } from 'vitest'
import {
  addOpenItem,
  BASE_URL,
  chromiumForFile,
  DESKTOP,
  hydrated,
  invite,
  join,
  linkFor,
  phonePage,
  PHONE,
  screenshot,
  signUpAndSignIn,
  watchLiveSocket,
} from './browser'

const browser = chromiumForFile()

describe('a restaurant with its team', () => {
  it('each member works as themselves, sees only what their role allows, and a removed waiter is signed out at once', async () => {
    const owner = await phonePage(browser(), DESKTOP)
    await signUpAndSignIn(owner.page.request, 'Fonda del Equipo')
    const created = await owner.page.request.post('/api/tables', {
      headers: { Origin: BASE_URL },
      data: { tableNumber: '8' },
    })
    const table = (await created.json()) as { id: string }

    const waiterEmail = `mesero-${crypto.randomUUID().slice(0, 8)}@example.com`
    const managerEmail = `gerente-${crypto.randomUUID().slice(0, 8)}@example.com`
    await owner.page.goto('/admin/dashboard/team')
    await hydrated(owner.page, 'members')
    await invite(owner.page, waiterEmail, 'waiter')
    await invite(owner.page, managerEmail, 'manager')
    await expect.poll(() => owner.page.getByTestId('invitation').count()).toBe(2)
    await screenshot(owner.page, 'team-owner-desktop')

    // The waiter, on a phone: joins, and the dashboard offers the floor only.
    const waiter = await phonePage(browser(), PHONE)
    await join(waiter.page, await linkFor(waiterEmail), 'Beto Mesero')
    const tabs = await waiter.page.getByRole('navigation').textContent()
    expect(tabs).toContain('Mesas')
    for (const hidden of ['Configuración', 'Analítica', 'Equipo', 'Menús']) expect(tabs).not.toContain(hidden)
    await expect.poll(() => waiter.page.getByTestId('cash-out-link').count()).toBe(0)
    await screenshot(waiter.page, 'team-waiter-dashboard-phone')

    // An order and a cash payment of part of it, signed by the waiter; no refund offered.
    await addOpenItem(waiter.page, table.id, 'Parrillada', '300')
    await hydrated(waiter.page, 'record-payment')
    await waiter.page.getByTestId('record-payment').locator('summary').click()
    await waiter.page.getByTestId('record-payment').getByLabel('Una cantidad').check()
    await waiter.page.getByTestId('record-amount').fill('100')
    await waiter.page.getByTestId('record-cash-received').fill('100')
    await waiter.page.getByTestId('record-submit').click()
    await expect.poll(() => waiter.page.getByTestId('change-amount').textContent()).toBe('$0.00')
    await expect
      .poll(() => waiter.page.getByTestId('bill-payments').textContent())
      .toContain('Registrado por: Beto Mesero')
    await expect.poll(() => waiter.page.getByTestId('refund').count()).toBe(0)
    await screenshot(waiter.page, 'team-waiter-table-phone')

    // The manager: the rest on the terminal, then part of the waiter's cash back.
    const manager = await phonePage(browser(), DESKTOP)
    await join(manager.page, await linkFor(managerEmail), 'Marta Gerente')
    await manager.page.goto(`/admin/tables/${table.id}`)
    await hydrated(manager.page, 'record-payment')
    await manager.page.getByTestId('record-payment').locator('summary').click()
    // The page may take the waiter's payment from the live socket just then and draw the form again: checked until it stays so.
    const choose = (label: string) => {
      const choice = manager.page.getByTestId('record-payment').getByLabel(label)
      return expect
        .poll(
          async () =>
            (await choice.check({ timeout: 2_000 }).then(
              () => true,
              () => false,
            )) && choice.isChecked(),
        )
        .toBe(true)
    }
    await choose('Terminal')
    await choose('Crédito')
    await manager.page.getByTestId('record-submit').click()
    await expect.poll(() => manager.page.getByTestId('toast').textContent()).toContain('Pago registrado')
    const refund = manager.page.getByTestId('refund').first()
    await refund.locator('summary').click()
    await refund.getByLabel(/Consumo a devolver/).fill('25')
    await refund.getByLabel('Motivo').fill('Tardó mucho')
    await refund.getByRole('button', { name: 'Revisar reembolso' }).click()
    await manager.page.getByRole('button', { name: /^Reembolsar \$/ }).click()
    await expect.poll(() => manager.page.getByTestId('toast').textContent()).toContain('Reembolso registrado')
    await screenshot(manager.page, 'team-manager-table-desktop')

    await manager.page.goto('/admin/cash-out')
    await hydrated(manager.page, 'tips-by-staff')
    const byStaff = await manager.page.getByTestId('tips-by-staff').textContent()
    expect(byStaff).toContain('Beto Mesero')
    expect(byStaff).toContain('Marta Gerente')

    // The waiter's dashboard is open, listening; the owner removes them from the team.
    const socket = await watchLiveSocket(waiter.page)
    await waiter.page.goto('/admin/dashboard')
    await socket.opened()
    await owner.page.goto('/admin/dashboard/team')
    await hydrated(owner.page, 'members')
    await owner.page
      .getByTestId('member')
      .filter({ hasText: 'Beto Mesero' })
      .getByRole('link', { name: 'Quitar del equipo' })
      .click()
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Quitar del equipo' }).click()
    await expect.poll(() => owner.page.getByTestId('toast').textContent()).toContain('Beto Mesero')
    await waiter.page.waitForURL(/\/admin\/login/)
    await expect.poll(() => owner.page.getByTestId('members').textContent()).not.toContain('Beto Mesero')

    // The team page in English, on a phone too.
    await owner.page.getByRole('button', { name: /^EN/ }).click()
    await owner.page.waitForLoadState()
    await hydrated(owner.page, 'members')
    await screenshot(owner.page, 'team-owner-desktop-en')
    await owner.page.setViewportSize({ width: 390, height: 844 })
    await screenshot(owner.page, 'team-owner-phone-en')
    expect([...owner.errors, ...waiter.errors, ...manager.errors]).toEqual([])
  })
})
