import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { billOf, chromiumForFile, hydrated, phonePage, screenshot, TABLES } from './browser'

const browser = chromiumForFile()

/** This phone orders two aguas de horchata ($45.00 each) from the demo menu, through its cart. */
async function orderTwoAguas(page: Page, sessionId: string, javaScript: boolean) {
  await page.goto(`/customer/menu/${sessionId}`)
  if (javaScript) await hydrated(page, 'cart-button')
  await page.getByRole('link', { name: 'Bebidas' }).click()
  await page.getByTestId('menu-item').filter({ hasText: 'Agua de horchata' }).getByTestId('add-dish').click()
  await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1')
  await page.getByTestId('menu-place-order').click()
  await page.waitForURL(/\/customer\/cart\//)
  await page.getByLabel('Cantidad').fill('2')
  if (!javaScript) await page.getByRole('button', { name: 'Actualizar' }).click()
  await expect.poll(() => page.getByTestId('place-order').textContent()).toBe('Ordenar · $90.00')
  await page.getByTestId('place-order').click()
  await page.waitForURL(/\/customer\/table\//)
}

describe('a diner pays for exactly their own dishes', () => {
  for (const javaScript of [true, false]) {
    it(`from the bill to the confirmation in 5 taps at most, ${javaScript ? 'with' : 'without'} JavaScript: the 2× line this phone ordered is paid whole, nobody else's`, async () => {
      const sessionId = (javaScript ? TABLES.payMineJs : TABLES.payMineNoJs)!
      const { page, errors } = await phonePage(browser(), { javaScriptEnabled: javaScript })
      await orderTwoAguas(page, sessionId, javaScript)
      if (javaScript) await hydrated(page, 'pay-mine')
      await expect.poll(() => page.getByTestId('pay-mine').textContent()).toBe('Pagar lo mío · $90.00')
      if (javaScript) await screenshot(page, 'bill-pay-mine-phone')

      let taps = 0
      const tap = async (testId: string) => {
        taps++
        await page.getByTestId(testId).click()
      }
      await tap('pay-mine')
      await page.waitForURL(/\/customer\/pay-items\//)
      // Listed first, ticked whole already.
      await expect.poll(() => page.getByTestId('ordered-here').getByRole('checkbox').isChecked()).toBe(true)
      await expect.poll(() => page.getByTestId('pay-items-total').textContent()).toBe('$90.00')
      if (javaScript) await screenshot(page, 'pay-items-mine-phone')
      await tap('pay-items-confirm')
      await page.waitForURL(/\/customer\/tip\//)
      await expect.poll(() => page.getByTestId('review-lines').textContent()).toContain('2×Agua de horchata')
      await tap('tip-option-10')
      await page.waitForURL(/\/customer\/payment-method\//)
      taps++
      await page.getByText('Tarjeta de crédito o débito').click()
      await tap('pay-submit')
      await page.waitForURL(/\/customer\/payment-confirmation\//)
      expect(taps).toBeLessThanOrEqual(5)
      await expect.poll(() => page.getByTestId('confirmation-amount').textContent()).toBe('$99.00')
      // Luis's enchiladas are still his to pay.
      await expect.poll(() => billOf(sessionId)).toMatchObject({ paidAmount: 90, remainingAmount: 175 })
      expect(errors).toEqual([])
    })
  }
})
