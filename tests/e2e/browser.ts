import { mkdirSync, readFileSync } from 'node:fs'
import type { Role } from '../../app/domain/permissions'
import { createRequire } from 'node:module'
import type { APIRequestContext, Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { launchChromium } from '../../scripts/chromium'
import { queryD1 } from '../../scripts/local-server'

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8787'
export const TABLES = JSON.parse(process.env.E2E_TABLES ?? '{}') as Record<string, string>
/** Short codes (canonical, `K7MQ4XPD`) of the tables in TABLES that have one. */
export const TABLE_CODES = JSON.parse(process.env.E2E_TABLE_CODES ?? '{}') as Record<string, string>
const SCREENSHOTS = 'tests/e2e/screenshots'

/** The cookie the theme switch sets, for a context that should open in `theme` (`dark`, `light`, `system`). */
export const themeCookie = (theme: string, url = BASE_URL) => ({
  name: 'theme',
  value: btoa(JSON.stringify(theme)),
  url,
})

/** One Chromium per test file: launched before its tests, closed after; call the getter inside a test. */
export function chromiumForFile(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('Chromium is not running yet')
    return browser
  }
}

/**
 * A Mexican phone or computer: its Accept-Language is Spanish, which a first
 * visit follows (the tests of English say `locale: 'en-US'`). Chromium's own
 * default would be English.
 */
const MEXICO: BrowserContextOptions = { locale: 'es-MX' }

export const DESKTOP: BrowserContextOptions = {
  ...MEXICO,
  viewport: { width: 1280, height: 900 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
}

/** A kitchen tablet on the pass, in landscape. */
export const TABLET: BrowserContextOptions = { ...DESKTOP, viewport: { width: 1024, height: 768 }, hasTouch: true }

export const PHONE: BrowserContextOptions = {
  ...MEXICO,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
}

/**
 * Phones' browsers as they name themselves, for what a page offers by
 * device (the wallets on the payment step). Chromium's own name is neither
 * an Apple device nor Android.
 */
export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

/**
 * Records every Content-Security-Policy violation a page of this context
 * reports; `checkA11y` (so every screenshot) fails on any.
 */
export async function watchCsp(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = []
    Object.defineProperty(window, '__cspViolations', { value: seen })
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`),
    )
  })
}

/** Pages opened with JavaScript switched off: no script runs there, so there is neither a CSP report nor axe to run. */
const scriptless = new WeakSet<Page>()

/**
 * Without JavaScript a click is a link followed or a form sent, and Enter
 * sends a form: Playwright's action returns once the next page has started to
 * arrive, so what a test counts next may not be there yet (on a busy machine
 * a cart's lines came in after they were counted). On a scriptless page these
 * actions return once the page they led to has loaded, as a person waits for
 * it. Locators share one prototype, so it is wrapped once for every page.
 */
const WRAPPED = Symbol('waits for pages after actions')
function waitForPagesAfterActions(page: Page) {
  const prototype = Object.getPrototypeOf(page.locator('html')) as Locator & { [WRAPPED]?: true }
  if (prototype[WRAPPED]) return
  prototype[WRAPPED] = true
  for (const action of ['click', 'press'] as const) {
    const act = prototype[action] as (this: Locator, ...args: unknown[]) => Promise<void>
    Object.defineProperty(prototype, action, {
      value: async function (this: Locator, ...args: unknown[]) {
        await act.apply(this, args)
        if (scriptless.has(this.page())) await this.page().waitForLoadState('load')
      },
    })
  }
}

/** A phone-size page that fails the test on any uncaught page error. */
export async function phonePage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ ...PHONE, baseURL: BASE_URL, ...options })
  await watchCsp(context)
  const page = await context.newPage()
  if (options.javaScriptEnabled === false) {
    scriptless.add(page)
    waitForPagesAfterActions(page)
  }
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`))
  return { page, errors }
}

// Evaluated through the DevTools protocol, which the page's CSP does not govern (a <script> tag would be refused, as it should).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

/** Runs axe-core in the page; fails on any serious or critical violation, naming the rule and where. */
export async function checkA11y(page: Page) {
  // Contrast and sizes are the stylesheet's: a page just reached by a form's redirect may not have applied it yet.
  await page.waitForLoadState('load')
  // A colour still fading in (a button that just became the chosen one) would be judged halfway.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner or a pulsing placeholder never finishes; only transitions and one-off animations are waited for.
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  // The same screens are checked in the tests with JavaScript.
  if (scriptless.has(page)) return
  const blocked = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
  expect(blocked, `CSP violations on ${new URL(page.url()).pathname}`).toEqual([])
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> }
    }
    return (await axe.run(document, { resultTypes: ['violations'] })).violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target }) => ({ target })),
    }))
  })
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(
    serious.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    ),
    `axe on ${new URL(page.url()).pathname}`,
  ).toEqual([])
}

/** The whole page, or with `fold` only what the first screen shows; every screen a test shows is checked with axe too. */
export async function screenshot(page: Page, name: string, { fold = false } = {}) {
  await checkA11y(page)
  mkdirSync(SCREENSHOTS, { recursive: true })
  // Finished transitions: a class that just changed (a button turning primary) would be caught halfway.
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: !fold, animations: 'disabled' })
}

/** The bill as the API reports it, to check what the screens did. */
export async function billOf(sessionId: string) {
  const response = await fetch(`${BASE_URL}/api/tables/session/${sessionId}`)
  return (await response.json()) as {
    remainingAmount: number
    paidAmount: number
    totalAmount: number
    items: { name: string; isPaid: boolean; customerName: string | null; quantity: number; note: string | null }[]
  }
}

/**
 * Runs SQL on the test server's D1 and answers its rows, through a wrangler of
 * its own (seconds to start): for ledger records no screen writes yet.
 */
export function serverD1<Row>(sql: string): Promise<Row[]> {
  const persist = process.env.E2E_D1_PERSIST
  if (!persist) throw new Error('E2E_D1_PERSIST is not set: run the browser tests through scripts/e2e.ts')
  return queryD1<Row>(persist, sql, 60_000)
}

/** Waits until the element is there and React has taken over the page (root.tsx marks it). */
export async function hydrated(page: Page, testId: string) {
  await page.getByTestId(testId).first().waitFor()
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true')
}

/** A promise the test settles itself. */
export function deferred() {
  let resolve = () => {}
  const promise = new Promise<void>((settle) => (resolve = settle))
  return { promise, resolve }
}

/**
 * Watches `page`'s live sockets through the DevTools protocol; call it before
 * the page opens one. `opened()` resolves once the server has accepted a live
 * socket (its 101 came back: from then on the server's messages reach the
 * page), `closed()` once that socket has closed.
 */
export async function watchLiveSocket(page: Page) {
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('Network.enable')
  const live = new Set<string>()
  const [opened, closed] = [deferred(), deferred()]
  devtools.on('Network.webSocketCreated', ({ requestId, url }) => {
    if (/\/live$|^\/api\/live\//.test(new URL(url).pathname)) live.add(requestId)
  })
  devtools.on('Network.webSocketHandshakeResponseReceived', ({ requestId, response }) => {
    if (live.has(requestId) && response.status === 101) opened.resolve()
  })
  devtools.on('Network.webSocketClosed', ({ requestId }) => {
    if (live.has(requestId)) closed.resolve()
  })
  return { opened: () => opened.promise, closed: () => closed.promise }
}

/** A new owner with a restaurant, signed in through the API in the cookie jar of `request` (a page's or a context's). */
export async function signUpAndSignIn(request: APIRequestContext, restaurantName = 'Taquería El Fogón') {
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`
  const headers = { Origin: BASE_URL }
  const registered = await request.post('/api/auth/register', {
    headers,
    data: {
      restaurantName,
      restaurantType: 'casual',
      restaurantCuisine: 'mexican',
      restaurantAddress: 'Av. Hidalgo 12, Centro',
      restaurantPhone: '8111223344',
      restaurantEmail: 'fogon@example.com',
      ownerName: 'Raúl Garza',
      ownerEmail: email,
      password: 'fogon-e2e-2026',
      acceptTerms: true,
    },
  })
  expect(registered.status()).toBe(201)
  expect(
    (await request.post('/api/auth/login', { headers, data: { email, password: 'fogon-e2e-2026' } })).status(),
  ).toBe(200)
}

/** From the tip screen: the default tip, card, pay, until the confirmation shows. */
/** From the tip step: a tip of `percent` (one tap that moves on), the card, pay. */
export async function tipAndPay(page: Page, percent: 0 | 10 | 15 | 20 = 15) {
  await page.getByTestId(`tip-option-${percent}`).click()
  await page.waitForURL(/\/customer\/payment-method\//)
  await page.getByText('Tarjeta de crédito o débito').click()
  await page.getByTestId('pay-submit').click()
  await page.waitForURL(/\/customer\/payment-confirmation\//)
}

/**
 * A waiter's open item, from the table's order page with JavaScript: typed
 * into the ticket from its sheet, and the ticket sent to the kitchen; back on
 * the table's page once the bill took it.
 */
export async function addOpenItem(page: Page, tableId: string, name: string, price: string, quantity = '1') {
  await page.goto(`/admin/tables/${tableId}/order`)
  await hydrated(page, 'open-item')
  await page.getByTestId('open-item').click()
  const sheet = page.getByRole('dialog')
  await sheet.getByLabel(/^(Nombre|Name)$/).fill(name)
  await sheet.getByLabel(/Precio por unidad|Price per unit/).fill(price)
  await sheet.getByLabel(/^(Cantidad|Quantity)$/).fill(quantity)
  await sheet.getByTestId('open-item-add').click()
  await sheet.waitFor({ state: 'detached' })
  await page.getByTestId('send-ticket').click()
  await page.waitForURL(new RegExp(`/admin/tables/${tableId}$`))
  await expect.poll(() => page.getByTestId('toast').textContent()).toMatch(/Enviado a cocina|Sent to the kitchen/)
}

/**
 * A menu to order from, made through the menu API: tacos al pastor with a
 * required salsa (verde by default, habanero $5 more), an agua de jamaica,
 * and a pozole the kitchen ran out of.
 */
export async function orderMenu(page: Page) {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: { Origin: BASE_URL }, data })
    expect(response.status(), path).toBe(201)
    return ((await response.json()) as { id: string }).id
  }
  const menu = await post('/api/menus', { name: 'Carta', type: 'lunch' })
  const tacos = await post('/api/categories', { name: 'Tacos', menuId: menu })
  const drinks = await post('/api/categories', { name: 'Bebidas', menuId: menu })
  const taco = await post('/api/menu-items', { name: 'Taco al pastor', price: 3500, categoryId: tacos })
  const salsa = await post('/api/modifier-groups', { name: 'Salsa', required: true, menuItemId: taco })
  await post('/api/modifier-options', { name: 'Verde', isDefault: true, modifierGroupId: salsa })
  await post('/api/modifier-options', { name: 'Habanero', priceAdjustment: 500, modifierGroupId: salsa })
  const pozole = await post('/api/menu-items', { name: 'Pozole rojo', price: 9500, categoryId: tacos, soldOut: true })
  const agua = await post('/api/menu-items', { name: 'Agua de jamaica', price: 3500, categoryId: drinks })
  return { taco, agua, pozole, drinks }
}

/** Nothing wider than a 390 px phone (or `phone` px), and every control a thumb can hit: at least 44 px tall. */
export async function expectFitsPhone(page: Page, phone = 390) {
  await page.waitForLoadState('load')
  const { width, wider } = await page.evaluate(
    (edge) => ({
      width: document.documentElement.scrollWidth,
      // What sticks out, to say where the page grew wider.
      wider: [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
        .slice(0, 5)
        .map((element) => `${element.tagName} ${element.dataset.testid ?? element.className}`),
    }),
    phone,
  )
  expect(width, wider.join('\n')).toBeLessThanOrEqual(phone)
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea')]
      .map((element) => {
        // A radio or a check box is hit through its label, which is the target.
        const target = element.matches('[type=radio], [type=checkbox]')
          ? (element.closest('label') ?? element)
          : element
        const box = target.getBoundingClientRect()
        return {
          box,
          what: `${element.tagName} ${element.textContent?.trim() || element.getAttribute('aria-label') || element.getAttribute('name')}`,
        }
      })
      // What is drawn at all: the visually hidden skip link and closed pieces have no box.
      .filter(({ box }) => box.width > 1 && box.height > 1 && box.height < 43.5)
      .map(({ box, what }) => `${what}: ${Math.round(box.height)} px`),
  )
  expect(small).toEqual([])
}

/** The owner's team page: an invitation to `email` with `role`, through its form. */
export async function invite(page: Page, email: string, role: Role) {
  const form = page.locator('form', { has: page.locator('input[name="intent"][value="invite"]') })
  await form.getByLabel('Correo').fill(email)
  await form.getByLabel('Rol').selectOption(role)
  await form.getByRole('button', { name: 'Enviar invitación' }).click()
  await expect.poll(() => page.getByTestId('toast').textContent()).toContain(`Invitación enviada a ${email}`)
}

/**
 * The invitation's link, as its mail carries it: the local mailer prints
 * mail to the server's console, which scripts/e2e.ts keeps in a file
 * (E2E_SERVER_LOG). The newest mail to `email` with a join link, waited
 * for until it is there.
 */
export async function linkFor(email: string) {
  const log = process.env.E2E_SERVER_LOG
  if (!log) throw new Error('E2E_SERVER_LOG is not set: run the browser tests through scripts/e2e.ts')
  const mailed = () => {
    const mails = readFileSync(log, 'utf8')
      .split('[mail] to ')
      .filter((mail) => mail.startsWith(`${email}:`))
    return /\/admin\/join\/[A-Za-z0-9_-]+/.exec(mails.at(-1) ?? '')?.[0] ?? null
  }
  await expect.poll(mailed, { timeout: 15_000 }).not.toBeNull()
  return mailed()!
}

/** A newcomer opens their invitation and joins with a name and a password, landing where their role works. */
export async function join(page: Page, link: string, name: string, lands = /\/admin\/dashboard$/) {
  await page.goto(link)
  await page.getByLabel('Tu nombre').fill(name)
  await page.getByLabel('Elige una contraseña').fill('equipo-e2e-2026')
  await page.getByRole('button', { name: 'Crear mi cuenta y unirme' }).click()
  await page.waitForURL(lands)
}

/** Opens the diner header's language-and-theme menu (a details element, so it opens without JavaScript too). */
export async function openDisplayMenu(page: Page) {
  await page.getByTestId('display-menu').locator('summary').click()
}
