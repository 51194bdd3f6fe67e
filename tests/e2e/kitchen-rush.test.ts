/**
 * A Friday rush on the pass: thirty open tickets on a 1024 × 768 tablet,
 * laid across the screen in the order they came, with the all-day counts
 * of what is still to make; the filter by step; a served ticket leaves the
 * open view and no longer counts; the kitchen, sent somewhere it may not
 * go, is led back to its board.
 */
import { describe, expect, it } from 'vitest'
import {
  BASE_URL,
  chromiumForFile,
  DESKTOP,
  hydrated,
  invite,
  join,
  linkFor,
  phonePage,
  screenshot,
  TABLET,
  signUpAndSignIn,
  themeCookie,
} from './browser'

const browser = chromiumForFile()

const TICKETS = 30

describe('the kitchen in a rush', () => {
  it('holds thirty open tickets across a tablet, counts what is left to make, and lets a served ticket go', async () => {
    const owner = await phonePage(browser(), DESKTOP)
    await signUpAndSignIn(owner.page.request, 'Cantina del Pase')
    const headers = { Origin: BASE_URL }
    const tables: { id: string; sessionId: string }[] = []
    for (const number of ['1', '2', '3', '4', '5', '6']) {
      const created = await owner.page.request.post('/api/tables', { headers, data: { tableNumber: number } })
      tables.push((await created.json()) as { id: string; sessionId: string })
    }
    const kitchenEmail = `pase-${crypto.randomUUID().slice(0, 8)}@example.com`
    await owner.page.goto('/admin/dashboard/team')
    await invite(owner.page, kitchenEmail, 'kitchen')

    // Thirty orders, in turn, around the six tables: tacos on every one, an agua on every other.
    for (let order = 0; order < TICKETS; order++) {
      const table = tables[order % tables.length]!
      const items = [
        { name: 'Tacos al pastor', price: 35, quantity: 1 + (order % 3), category: 'Tacos' },
        ...(order % 2 === 0 ? [{ name: 'Agua de jamaica', price: 35, quantity: 1, category: 'Bebidas' }] : []),
      ]
      const sent = await owner.page.request.post('/api/items', {
        headers,
        data: { tableId: table.id, sessionId: table.sessionId, items },
      })
      expect(sent.status(), `order ${order}`).toBe(201)
    }

    const kitchen = await phonePage(browser(), TABLET)
    await join(kitchen.page, await linkFor(kitchenEmail), 'Cocina Sur', /\/admin\/kitchen$/)
    await hydrated(kitchen.page, 'board-tickets')
    const cards = kitchen.page.getByTestId('ticket')
    await expect.poll(() => cards.count()).toBe(TICKETS)
    // In the order they came: table 1 first, then 2, 3…
    await expect
      .poll(() => cards.locator('h3').allTextContents())
      .toEqual(Array.from({ length: TICKETS }, (_, order) => `Mesa ${(order % tables.length) + 1}`))
    // Tacos: ten tickets each of 1, 2 and 3; aguas on fifteen.
    await expect
      .poll(() => kitchen.page.getByTestId('all-day-count').allTextContents())
      .toEqual(['60× Tacos al pastor', '15× Agua de jamaica'])
    await expect.poll(() => kitchen.page.getByTestId('board-filter-new').textContent()).toBe(`Nuevo${TICKETS}`)
    await screenshot(kitchen.page, 'kitchen-rush-tablet', { fold: true })

    // The first ticket is started, then bumped through to served: it stays where it was until it is served.
    const first = cards.first()
    const id = await first.getAttribute('data-ticket')
    await first.getByTestId('ticket-move').click()
    await expect.poll(() => kitchen.page.locator(`[data-ticket="${id}"]`).getAttribute('data-step')).toBe('preparing')
    await expect.poll(() => cards.first().getAttribute('data-ticket')).toBe(id)
    await kitchen.page.locator(`[data-ticket="${id}"]`).getByTestId('ticket-move').click()
    await expect.poll(() => kitchen.page.locator(`[data-ticket="${id}"]`).getAttribute('data-step')).toBe('ready')
    // Made: its tacos (1) and agua no longer count.
    await expect
      .poll(() => kitchen.page.getByTestId('all-day-count').allTextContents())
      .toEqual(['59× Tacos al pastor', '14× Agua de jamaica'])
    await kitchen.page.locator(`[data-ticket="${id}"]`).getByTestId('ticket-move').click()
    await expect.poll(() => cards.count()).toBe(TICKETS - 1)
    await expect.poll(() => kitchen.page.locator(`[data-ticket="${id}"]`).count()).toBe(0)

    // Asked for, the served ticket is there a while to undo, its minutes stopped.
    await kitchen.page.getByTestId('board-filter-served').click()
    await expect.poll(() => cards.count()).toBe(1)
    await expect.poll(() => cards.first().getByTestId('ticket-elapsed').textContent()).toMatch(/^En \d+ min$/)
    await kitchen.page.getByTestId('board-filter-open').click()
    await expect.poll(() => cards.count()).toBe(TICKETS - 1)

    // In English and dark, the same board.
    await kitchen.page.context().addCookies([themeCookie('dark')])
    await kitchen.page.goto('/admin/kitchen?lng=en')
    await expect.poll(() => kitchen.page.getByTestId('board-filter-open').textContent()).toBe(`Open${TICKETS - 1}`)
    await screenshot(kitchen.page, 'kitchen-rush-tablet-en-dark', { fold: true })

    // Sent to the floor's screens, the kitchen is led back to its board, in words that say so.
    const refused = await kitchen.page.goto('/admin/dashboard?lng=es')
    expect(refused?.status()).toBe(403)
    const back = kitchen.page.getByRole('link', { name: 'Volver a la cocina' })
    await expect.poll(() => back.getAttribute('href')).toBe('/admin/kitchen')
    expect(kitchen.errors).toEqual([])
  })
})
