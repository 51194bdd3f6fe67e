import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumForFile, hydrated, phonePage, TABLES } from './browser'

const browser = chromiumForFile()

/** Presses Tab until the focused element is `target` (at most 40 times), as a keyboard user would. */
async function tabTo(page: Page, target: string) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab')
    if (
      await page
        .locator(target)
        .evaluate((element) => element === document.activeElement)
        .catch(() => false)
    )
      return
  }
  throw new Error(`Tab never reached ${target}`)
}

/** The focused element shows a visible outline (or ring). */
const focusVisible = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement
    if (!element) return false
    const style = getComputedStyle(element)
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
  })

describe('keyboard only', () => {
  it('pays the whole bill with the keyboard alone: focus visible, kept inside the open sheet, the confirmation announced', async () => {
    const { page, errors } = await phonePage(browser(), { hasTouch: false, isMobile: false })
    await page.goto(`/customer/table/${TABLES.keyboard}`)
    await hydrated(page, 'pay-button')

    await tabTo(page, 'a:has-text("Pagar o dividir la cuenta")')
    await expect.poll(() => focusVisible(page)).toBe(true)
    await page.keyboard.press('Enter')
    const sheet = page.getByRole('dialog')
    await sheet.waitFor()
    // Focus never reaches the page behind the open sheet (it is inert); past the sheet's last control it may only leave for the browser's own UI.
    for (let presses = 0; presses < 12; presses++) {
      await page.keyboard.press('Tab')
      expect(
        await sheet.evaluate(
          (dialog) => dialog.contains(document.activeElement) || document.activeElement === document.body,
        ),
      ).toBe(true)
    }
    await tabTo(page, 'a:has-text("Pagar la cuenta completa")')
    await expect.poll(() => focusVisible(page)).toBe(true)
    await page.keyboard.press('Enter')

    await page.waitForURL(/\/customer\/tip\//)
    await hydrated(page, 'tip-option-15')
    await tabTo(page, '[data-testid="tip-option-15"]')
    await page.keyboard.press('Enter')

    await page.waitForURL(/\/customer\/payment-method\//)
    await hydrated(page, 'pay-submit')
    await tabTo(page, 'input[name="paymentMethod"][value="card"]')
    await expect.poll(() => focusVisible(page)).toBe(true)
    await page.keyboard.press('Space')
    await tabTo(page, '[data-testid="pay-submit"]')
    await page.keyboard.press('Enter')

    await page.waitForURL(/\/customer\/payment-confirmation\//)
    // The success is inside a polite live region, so a screen reader reads it out.
    const announced = page.locator('[role="status"][aria-live="polite"]', {
      has: page.getByTestId('confirmation-amount'),
    })
    await expect.poll(() => announced.textContent()).toContain('¡Pago exitoso!')
    await expect.poll(() => page.getByTestId('confirmation-amount').textContent()).toBe('$218.50')
    expect(errors).toEqual([])
  })
})
