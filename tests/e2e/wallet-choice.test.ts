/**
 * The payment step's plain form (the suite's server pays through the
 * simulated provider): once the page runs, only the wallets the phone
 * offers are listed, each with its own mark, and the phone's own is chosen,
 * else the card. Without JavaScript the server chooses the same way from
 * what the phone says it is, so the first "Pagar" pays.
 */
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  ANDROID_CHROME,
  BASE_URL,
  chromiumForFile,
  DESKTOP,
  hydrated,
  IPHONE_SAFARI,
  phonePage,
  PHONE,
  screenshot,
  TABLES,
  themeCookie,
} from './browser'

const browser = chromiumForFile()
const sessionId = () => TABLES.wallets!
const stepPath = (language: 'es' | 'en', session = sessionId()) =>
  `/customer/payment-method/${session}?full=true&tipPercentage=15&lng=${language}`

/** A page of a phone whose Safari can pay with Apple Pay (`canPay`) or says it cannot. */
async function iphonePage(canPay: boolean, options: BrowserContextOptions = {}) {
  const opened = await phonePage(browser(), { ...PHONE, userAgent: IPHONE_SAFARI, ...options })
  await opened.page.addInitScript((able) => {
    Object.defineProperty(window, 'ApplePaySession', { value: { canMakePayments: () => able } })
  }, canPay)
  return opened
}

const listed = (page: Page) =>
  page
    .locator('input[name="paymentMethod"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
const chosen = (page: Page) => page.locator('input[name="paymentMethod"]:checked').getAttribute('value')

/** The step once the page runs and has chosen a method. */
async function openStep(page: Page, language: 'es' | 'en' = 'es') {
  await page.goto(stepPath(language))
  await hydrated(page, 'payment-methods')
  await expect.poll(() => page.locator('input[name="paymentMethod"]:checked').count()).toBe(1)
}

describe('the wallets a phone offers, on the payment step', () => {
  it('an iPhone whose Safari can pay with Apple Pay gets Apple Pay, with its mark, chosen; the card beside it', async () => {
    for (const [language, theme] of [
      ['es', 'light'],
      ['en', 'dark'],
    ] as const) {
      const { page, errors } = await iphonePage(true)
      await page.context().addCookies([themeCookie(theme, BASE_URL)])
      await openStep(page, language)
      await expect.poll(() => listed(page)).toEqual(['apple', 'card'])
      await expect.poll(() => chosen(page)).toBe('apple')
      await expect
        .poll(() => page.getByTestId('method-apple').locator('[data-mark="apple-pay"]').isVisible())
        .toBe(true)
      await expect.poll(() => page.getByTestId('method-apple').textContent()).toContain('Apple Pay')
      await expect.poll(() => page.getByTestId('pay-submit').isEnabled()).toBe(true)
      await screenshot(page, `payment-wallets-iphone-${language}-${theme}`)
      expect(errors).toEqual([])
    }
  })

  it('an iPhone that cannot pay with Apple Pay, and a desktop browser, get the card alone, chosen', async () => {
    const looks: [string, Promise<{ page: Page; errors: string[] }>][] = [
      ['iphone', iphonePage(false)],
      ['desktop', phonePage(browser(), DESKTOP)],
    ]
    for (const [name, opening] of looks) {
      const { page, errors } = await opening
      if (name === 'desktop') await page.context().addCookies([themeCookie('dark', BASE_URL)])
      await openStep(page, name === 'desktop' ? 'en' : 'es')
      await expect.poll(() => listed(page)).toEqual(['card'])
      await expect.poll(() => chosen(page)).toBe('card')
      await expect.poll(() => page.locator('[data-mark]').count()).toBe(0)
      if (name === 'desktop') await screenshot(page, 'payment-wallets-desktop-en-dark')
      expect(errors).toEqual([])
    }
  })

  it('an Android phone gets Google Pay, with its mark, chosen, and one tap pays with it', async () => {
    const { page, errors } = await phonePage(browser(), { userAgent: ANDROID_CHROME })
    await openStep(page)
    await expect.poll(() => listed(page)).toEqual(['google', 'card'])
    await expect.poll(() => chosen(page)).toBe('google')
    await expect
      .poll(() => page.getByTestId('method-google').locator('[data-mark="google-pay"]').isVisible())
      .toBe(true)
    await screenshot(page, 'payment-wallets-android-es-light')
    const shown = await page.getByTestId('payment-total').textContent()
    await page.getByTestId('pay-submit').click()
    await page.waitForURL(/\/customer\/payment-confirmation\//)
    // Shown is charged: the confirmation's amount is the total the step showed.
    await expect.poll(() => page.getByTestId('confirmation-amount').textContent()).toBe(shown)
    const bill = (await (await fetch(`${BASE_URL}/api/tables/session/${sessionId()}`)).json()) as { id: string }
    const payments = (await (await fetch(`${BASE_URL}/api/payments/table/${bill.id}`)).json()) as {
      paymentMethod: string
    }[]
    expect(payments.map((payment) => payment.paymentMethod)).toEqual(['google'])
    expect(errors).toEqual([])
  })

  it('without JavaScript chooses the same way: Google Pay on Android (never Apple Pay), Apple Pay on an iPhone, the card elsewhere; the first tap pays', async () => {
    const session = TABLES.walletsNoJs!
    for (const [device, options, methods] of [
      ['iphone', { ...PHONE, userAgent: IPHONE_SAFARI }, ['apple', 'card']],
      ['desktop', DESKTOP, ['card']],
      ['android', { ...PHONE, userAgent: ANDROID_CHROME }, ['google', 'card']],
    ] as const) {
      const { page } = await phonePage(browser(), { ...options, javaScriptEnabled: false })
      await page.goto(stepPath('es', session))
      expect(await listed(page), device).toEqual(methods)
      expect(await chosen(page), device).toBe(methods[0])
      if (device !== 'android') continue
      await screenshot(page, 'payment-wallets-android-no-js')
      await page.getByTestId('pay-submit').click()
      await page.waitForURL(/\/customer\/payment-confirmation\//)
      const bill = (await (await fetch(`${BASE_URL}/api/tables/session/${session}`)).json()) as { id: string }
      const payments = (await (await fetch(`${BASE_URL}/api/payments/table/${bill.id}`)).json()) as {
        paymentMethod: string
      }[]
      expect(payments.map((payment) => payment.paymentMethod)).toEqual(['google'])
    }
  })
})
