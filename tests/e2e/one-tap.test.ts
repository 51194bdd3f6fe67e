/**
 * A plain dish in one tap: the waiter's ticket of three dishes (one with a
 * choice to make) from the table's page in seven taps or fewer, quick taps
 * that all land, and the undo; the diner's cart the same way, with
 * JavaScript and without.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  BASE_URL,
  billOf,
  chromiumForFile,
  expectFitsPhone,
  hydrated,
  orderMenu,
  phonePage,
  screenshot,
  signUpAndSignIn,
} from './browser'

const browser = chromiumForFile()

/** A restaurant with a table and the order menu, and a second plain drink; the owner's page on `options`. */
async function restaurant(options = {}) {
  const owner = await phonePage(browser(), options)
  await signUpAndSignIn(owner.page.request, 'Fonda Un Toque')
  const created = await owner.page.request.post('/api/tables', {
    headers: { Origin: BASE_URL },
    data: { tableNumber: '3' },
  })
  const table = (await created.json()) as { id: string; sessionId: string }
  const menu = await orderMenu(owner.page)
  const beer = await owner.page.request.post('/api/menu-items', {
    headers: { Origin: BASE_URL },
    data: { name: 'Cerveza clara', price: 6000, categoryId: menu.drinks },
  })
  return { ...owner, table, ...menu, beer: ((await beer.json()) as { id: string }).id }
}

/** How many of each line the ticket holds, as its panel shows them. */
const ticketLines = (page: Page) =>
  page
    .getByTestId('ticket-line')
    .evaluateAll((lines) =>
      lines.map(
        (line) =>
          `${line.querySelector('[data-testid="ticket-line-quantity"] [aria-hidden]')?.textContent}× ${line.querySelector('.font-semibold')?.textContent}`,
      ),
    )

/** What the dish rows' badges read. */
const shownCounts = (page: Page) => page.getByTestId('dish-count').locator('[aria-hidden]').allTextContents()

describe('a plain dish in one tap', () => {
  it('the waiter sends a three-dish ticket, one with a choice, in seven taps or fewer from the table’s page', async () => {
    const { page, table, taco, agua, beer } = await restaurant()
    await page.goto(`/admin/tables/${table.id}`)
    await hydrated(page, 'staff-order')
    let taps = 0
    const tap = async (testId: string, within?: Page | ReturnType<Page['getByRole']>) => {
      taps++
      await (within ?? page).getByTestId(testId).click()
    }
    await tap('staff-order')
    await hydrated(page, 'dish-search')
    await tap(`add-${agua}`)
    await tap(`add-${beer}`)
    // The taco asks for its salsa: its row opens the sheet, Verde already chosen; the diner wants habanero.
    await tap(`dish-${taco}`)
    const sheet = page.getByRole('dialog')
    taps++
    await sheet.getByRole('radio', { name: 'Habanero' }).check()
    await tap('add-with-options', sheet)
    await expect.poll(() => ticketLines(page)).toEqual(['1× Agua de jamaica', '1× Cerveza clara', '1× Taco al pastor'])
    await expectFitsPhone(page)
    await screenshot(page, 'one-tap-ticket-phone')
    await tap('send-ticket')
    await page.waitForURL(new RegExp(`/admin/tables/${table.id}$`))
    expect(taps).toBeLessThanOrEqual(7)
    const bill = await billOf(table.sessionId)
    expect(bill.items.map((item) => `${item.quantity}× ${item.name}`).sort()).toEqual([
      '1× Agua de jamaica',
      '1× Cerveza clara',
      '1× Taco al pastor',
    ])
    expect(bill.totalAmount).toBe(35 + 60 + 40)
  })

  it('quick taps on the waiter’s rows all land, in any order, and the undo takes off one at a time; a search is cleared by a tap', async () => {
    const { page, table, agua, beer } = await restaurant({ colorScheme: 'dark' })
    await page.goto(`/admin/tables/${table.id}/order`)
    await hydrated(page, 'dish-search')
    // Five taps as fast as a thumb: each change waits for the one before, none is lost.
    for (const dish of [agua, beer, agua, agua, beer]) await page.getByTestId(`add-${dish}`).click()
    await expect.poll(() => ticketLines(page)).toEqual(['3× Agua de jamaica', '2× Cerveza clara'])
    await expect.poll(() => shownCounts(page)).toEqual(['3', '2'])
    const aguaRow = page.getByTestId('dish-row').filter({ hasText: 'Agua de jamaica' })
    await aguaRow.getByTestId('dish-undo').click()
    await aguaRow.getByTestId('dish-undo').click()
    await expect.poll(() => ticketLines(page)).toEqual(['1× Agua de jamaica', '2× Cerveza clara'])

    await page.getByTestId('dish-search').fill('cerveza')
    await expect.poll(() => page.getByTestId(`add-${agua}`).count()).toBe(0)
    await page.getByTestId(`add-${beer}`).click()
    await expect.poll(() => page.getByTestId('dish-search').inputValue()).toBe('')
    await expect.poll(() => page.getByTestId(`add-${agua}`).count()).toBe(1)
    await expect.poll(() => ticketLines(page)).toEqual(['1× Agua de jamaica', '3× Cerveza clara'])
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'one-tap-ticket-tablet-dark')
  })

  it('works without JavaScript for the waiter: a row is a form, the page comes back with the dish counted', async () => {
    const owner = await phonePage(browser(), { javaScriptEnabled: false })
    await signUpAndSignIn(owner.page.request, 'Fonda Sin Scripts')
    const created = await owner.page.request.post('/api/tables', {
      headers: { Origin: BASE_URL },
      data: { tableNumber: '4' },
    })
    const table = (await created.json()) as { id: string }
    const { agua } = await orderMenu(owner.page)
    await owner.page.goto(`/admin/tables/${table.id}/order`)
    await owner.page.getByTestId(`add-${agua}`).click()
    await owner.page.getByTestId(`add-${agua}`).click()
    await expect.poll(() => ticketLines(owner.page)).toEqual(['2× Agua de jamaica'])
    await expect.poll(() => shownCounts(owner.page)).toEqual(['2'])
    await owner.page.getByTestId('dish-undo').click()
    await expect.poll(() => ticketLines(owner.page)).toEqual(['1× Agua de jamaica'])
  })

  for (const javaScriptEnabled of [true, false])
    it(`the diner adds a drink in one tap and takes it off again, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async () => {
      const { table } = await restaurant()
      const diner = await phonePage(browser(), {
        javaScriptEnabled,
        ...(javaScriptEnabled ? { locale: 'en-US', colorScheme: 'dark' as const } : {}),
      })
      await diner.page.goto(`/customer/menu/${table.sessionId}`)
      if (javaScriptEnabled) await hydrated(diner.page, 'add-dish')
      const row = diner.page.getByTestId('menu-item').filter({ hasText: /Agua de jamaica|Jamaica/ })
      await row.getByTestId('add-dish').click()
      await row.getByTestId('add-dish').click()
      await expect.poll(() => shownCounts(diner.page)).toEqual(['2'])
      await expect.poll(() => diner.page.getByTestId('cart-badge').textContent()).toBe('2')
      // The taco asks for its salsa: no one-tap add, its sheet instead.
      const taco = diner.page.getByTestId('menu-item').filter({ hasText: /Taco/ })
      await expect.poll(() => taco.getByTestId('add-dish').count()).toBe(0)
      await expectFitsPhone(diner.page)
      await screenshot(diner.page, `one-tap-menu-${javaScriptEnabled ? 'en-dark' : 'es-no-js'}`)
      await row.getByTestId('dish-undo').click()
      await expect.poll(() => shownCounts(diner.page)).toEqual(['1'])
      await row.getByTestId('dish-undo').click()
      await expect.poll(() => row.getByTestId('dish-count').count()).toBe(0)
      await expect.poll(() => diner.page.getByTestId('cart-badge').count()).toBe(0)
    })
})
