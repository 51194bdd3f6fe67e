/**
 * The payment step of a bill paid through Stripe: Stripe's Express Checkout
 * Element and Payment Element, with the Worker charging through the Stripe
 * stand-in. This file starts its own server (the suite's runs the simulated
 * provider), with Stripe's settings and a restaurant whose account takes
 * charges. Stripe.js itself comes from Stripe's host, which the tests cannot
 * reach: `https://js.stripe.com/**` is answered with a stub of the calls the
 * page makes, whose API calls (`https://api.stripe.com/**`) are answered
 * here as Stripe.js would have them answered (a ConfirmationToken made on
 * the restaurant's account, the bank's 3-D Secure answer).
 */
import type { BrowserContextOptions, Page, Route } from 'playwright-core'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ownerSql, tableSql } from '../../scripts/dataset-sql'
import { startLocalServer, type LocalServer } from '../../scripts/local-server'
import { STANDIN_KEYS, stripeStandInVars } from '../../scripts/local-vars'
import { serve, type ServedStandIn } from '../../stand-ins/stripe/server'
import type { PaymentMethod } from '~/domain/bill'
import {
  ANDROID_CHROME,
  chromiumForFile,
  DESKTOP,
  hydrated,
  IPHONE_SAFARI,
  openDisplayMenu,
  phonePage,
  PHONE,
  screenshot,
  themeCookie,
} from './browser'

const browser = chromiumForFile()

/** What the stub records of the page's calls to Stripe.js. */
interface StubCalls {
  stripe: { publishableKey: string; options: Record<string, unknown> }[]
  elements: Record<string, unknown>[]
  created: { type: string; options: Record<string, unknown> }[]
  updates: Record<string, unknown>[]
  nextActions: string[]
  walletFailed: boolean
}

/** The wallets the stub's Express Checkout Element says this device offers, as Stripe.js names them. */
type StubWallet = 'applePay' | 'googlePay'

/**
 * Stands in for Stripe.js: `Stripe()`, deferred-intent `elements()`, the two
 * elements (mounted as frames of Stripe's host, as the real ones are, and
 * taken away by `destroy`), `submit`, `createConfirmationToken` and
 * `handleNextAction`. Its Express Checkout Element draws the buttons of the
 * `wallets` this device offers that its options do not refuse (`'never'`),
 * and tells them in its `ready` event as Stripe.js does
 * (`availablePaymentMethods`: every button it can draw, true or false, or
 * undefined when it draws none). Its API calls go to api.stripe.com like
 * Stripe.js's, so the page's CSP is tried on frames and connections as well
 * as on the script.
 */
const stubScript = (wallets: StubWallet[]) => `(() => {
  const offered = ${JSON.stringify(wallets)}
  const available = (drawn) => drawn.length === 0 ? undefined : Object.fromEntries(['link', 'applePay', 'googlePay', 'paypal', 'amazonPay', 'klarna'].map((name) => [name, drawn.includes(name)]))
  const seen = { stripe: [], elements: [], created: [], updates: [], nextActions: [], walletFailed: false }
  Object.defineProperty(window, '__stripeStub', { value: seen })
  const api = (path, body) => fetch('https://api.stripe.com/v1/' + path, { method: 'POST', body: JSON.stringify(body) }).then((answer) => answer.json())
  window.Stripe = (publishableKey, options) => {
    seen.stripe.push({ publishableKey, options })
    return {
      elements(options) {
        seen.elements.push(options)
        return {
          create(type, options) {
            seen.created.push({ type, options })
            const handlers = {}
            const drawn = type === 'expressCheckout' ? offered.filter((wallet) => options.paymentMethods?.[wallet] !== 'never') : []
            const frame = document.createElement('iframe')
            const element = {
              on(event, handler) { handlers[event] = handler; return element },
              mount(box) {
                frame.src = 'https://js.stripe.com/stub/' + type + '.html' + (type === 'expressCheckout' ? '?wallets=' + drawn.join(',') : '')
                frame.title = type === 'payment' ? 'Secure payment input frame' : 'Secure express checkout frame'
                frame.style.cssText = 'display:block;width:100%;border:0;height:' + (type === 'payment' ? 172 : Math.max(0, drawn.length * 56 - 8)) + 'px'
                frame.addEventListener('load', () => handlers.ready && handlers.ready(type === 'expressCheckout' ? { elementType: type, availablePaymentMethods: available(drawn) } : { elementType: type }))
                box.appendChild(frame)
              },
              destroy() { frame.remove() },
            }
            if (type === 'expressCheckout') {
              seen.payWith = (expressPaymentType) => handlers.confirm({ expressPaymentType, paymentFailed: () => { seen.walletFailed = true } })
            }
            return element
          },
          update(options) { seen.updates.push(options); return Promise.resolve() },
          submit() { return Promise.resolve({}) },
        }
      },
      createConfirmationToken() {
        return api('confirmation_tokens', {}).then(({ id }) => ({ confirmationToken: { id } }))
      },
      handleNextAction({ clientSecret }) {
        seen.nextActions.push(clientSecret)
        return api('next_action', { clientSecret }).then((answer) => (answer.error ? { error: answer.error } : { paymentIntent: { status: 'requires_capture' } }))
      },
    }
  }
})()`

/** What Stripe's buttons for the wallets look like, drawn plainly. */
const WALLET_BUTTONS: Record<StubWallet, string> = { applePay: 'Apple Pay', googlePay: 'G Pay' }

const PAYMENT_FRAME = `<!doctype html><html lang="en"><body style="margin:0;font:16px system-ui;color:#1c1917">
    <div style="display:grid;gap:8px">
      <div style="border:1px solid #d6d3d1;border-radius:12px;padding:12px;color:#57534e">1234 1234 1234 1234</div>
      <div style="display:grid;grid-template-columns:1fr 1fr;gap:8px">
        <div style="border:1px solid #d6d3d1;border-radius:12px;padding:12px;color:#57534e">MM / YY</div>
        <div style="border:1px solid #d6d3d1;border-radius:12px;padding:12px;color:#57534e">CVC</div>
      </div>
      <div style="font-size:12px;color:#57534e">Stripe (stub)</div>
    </div></body></html>`

/** What Stripe's frames show, drawn plainly: the card's fields, the buttons of the wallets drawn. */
const frame = (type: string, wallets: StubWallet[]) =>
  type === 'payment'
    ? PAYMENT_FRAME
    : type === 'expressCheckout'
      ? `<!doctype html><html lang="en"><body style="margin:0;display:grid;gap:8px">${wallets
          .map(
            (wallet) =>
              `<div style="height:48px;border-radius:12px;background:#000;color:#fff;display:grid;place-items:center;font:600 18px system-ui">${WALLET_BUTTONS[wallet]}</div>`,
          )
          .join('')}</body></html>`
      : undefined

let standIn: ServedStandIn
let server: LocalServer
let account: string
const tables: Record<string, { tableId: string; sessionId: string; itemIds: string[] }> = {}

/** The stand-in through the real SDK, as the Worker talks to it. */
const stripeApi = () => {
  const { hostname, port } = new URL(standIn.url)
  return new Stripe(STANDIN_KEYS.secretKey, {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  })
}

beforeAll(async () => {
  standIn = await serve({ port: 0, secretKey: STANDIN_KEYS.secretKey })
  const stripe = stripeApi()
  const created = await stripe.accounts.create({
    country: 'MX',
    controller: { stripe_dashboard: { type: 'full' } },
    email: 'caja@fonda.mx',
  })
  await fetch(`${standIn.url}/_standin/accounts/${created.id}/activate`, { method: 'POST' })
  account = created.id

  const owner = crypto.randomUUID()
  const statements = [
    ownerSql(owner, 'Fonda Stripe'),
    `UPDATE restaurants SET stripe_account_id = '${account}', stripe_charges_enabled = 1, stripe_details_submitted = 1 WHERE id = '${owner}';`,
  ]
  const bills: Record<string, { name: string; cents: number; quantity: number; diner: string | null }[]> = {
    look: [
      { name: 'Enchiladas suizas', cents: 17500, quantity: 1, diner: 'Luis' },
      { name: 'Agua de horchata', cents: 4500, quantity: 1, diner: null },
    ],
    card: [{ name: 'Tacos al pastor', cents: 16500, quantity: 3, diner: 'Ana' }],
    bank: [{ name: 'Chilaquiles rojos', cents: 14500, quantity: 1, diner: 'Sofía' }],
    wallet: [{ name: 'Pozole rojo', cents: 18000, quantity: 1, diner: 'Diego' }],
    declined: [{ name: 'Mole poblano', cents: 21000, quantity: 1, diner: 'Inés' }],
    small: [
      { name: 'Café de olla', cents: 800, quantity: 1, diner: 'Ana' },
      { name: 'Pan dulce', cents: 1500, quantity: 1, diner: 'Luis' },
    ],
  }
  let number = 300
  for (const [key, lines] of Object.entries(bills)) {
    const table = {
      tableId: crypto.randomUUID(),
      sessionId: crypto.randomUUID(),
      itemIds: lines.map(() => crypto.randomUUID()),
    }
    tables[key] = table
    statements.push(
      ...tableSql({
        owner,
        tableId: table.tableId,
        sessionId: table.sessionId,
        number: String(number++),
        lines: lines.map((line, index) => ({ ...line, id: table.itemIds[index] })),
      }),
    )
  }
  // The Worker charges through the stand-in, as `STRIPE=standin npm start` does (no webhooks: the step's own retry settles the bank's question).
  server = await startLocalServer('mesa-e2e-stripe', statements.join('\n') + '\n', stripeStandInVars(standIn.url))
  // A Worker that refuses these settings answers every page with what is wrong: said once here, not as every test timing out.
  const probe = await fetch(`${server.url}/customer/table/${tables.look!.sessionId}`)
  if (!probe.ok)
    throw new Error(
      `The Worker refused this file's Stripe settings (${probe.status}): ${(await probe.text()).slice(0, 500)}`,
    )
}, 180_000)

afterAll(async () => {
  server?.stop()
  await standIn?.close()
})

/**
 * A page of this file's server whose Stripe.js is the stub. `wallets` are
 * the wallets its Express Checkout Element offers (none, as in a browser
 * without any); `card` is the test card the diner's next ConfirmationToken
 * carries; `bank` is how the bank answers its 3-D Secure question. Records
 * the payment forms posted and every request to Stripe's hosts.
 */
async function stripePage(options: BrowserContextOptions = {}) {
  const opened = await phonePage(browser(), { baseURL: server.url, ...options })
  const { page } = opened
  const state = {
    wallets: [] as StubWallet[],
    card: 'pm_card_visa',
    bank: 'success' as 'success' | 'failure',
    stripeRequests: [] as string[],
    posts: [] as URLSearchParams[],
  }
  await page.route('https://js.stripe.com/**', (route) => {
    const url = new URL(route.request().url())
    state.stripeRequests.push(url.pathname)
    if (url.pathname === '/endive/stripe.js')
      return route.fulfill({ contentType: 'text/javascript', body: stubScript(state.wallets) })
    const type = /^\/stub\/(\w+)\.html$/.exec(url.pathname)?.[1]
    const drawn = (url.searchParams.get('wallets') ?? '').split(',').filter((wallet) => wallet in WALLET_BUTTONS)
    const body = type ? frame(type, drawn as StubWallet[]) : undefined
    return body ? route.fulfill({ contentType: 'text/html', body }) : route.fulfill({ status: 404 })
  })
  await page.route('https://api.stripe.com/**', (route) => answerStripeApi(route, state))
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/customer/payment-method/'))
      state.posts.push(new URLSearchParams(request.postData() ?? ''))
  })
  return { ...opened, state }
}

/** What Stripe's API would have answered Stripe.js, played on the stand-in for the restaurant's account. */
async function answerStripeApi(route: Route, state: { card: string; bank: 'success' | 'failure' }) {
  const path = new URL(route.request().url()).pathname
  const cors = { 'Access-Control-Allow-Origin': '*' }
  if (path === '/v1/confirmation_tokens') {
    const token = await stripeApi().testHelpers.confirmationTokens.create(
      { payment_method: state.card },
      { stripeAccount: account },
    )
    return route.fulfill({ json: { id: token.id }, headers: cors })
  }
  if (path === '/v1/next_action') {
    const { clientSecret } = JSON.parse(route.request().postData() ?? '{}') as { clientSecret: string }
    const intent = clientSecret.split('_secret_')[0]
    const answered = await fetch(`${standIn.url}/_standin/payment_intents/${intent}/authenticate`, {
      method: 'POST',
      body: new URLSearchParams({ result: state.bank }),
    })
    const body = (await answered.json()) as { status?: string }
    return route.fulfill({
      json:
        body.status === 'requires_capture' ? {} : { error: { type: 'card_error', message: 'Authentication failed.' } },
      headers: cors,
    })
  }
  return route.fulfill({ status: 404, json: { error: { type: 'invalid_request_error' } }, headers: cors })
}

/** The wallet buttons Stripe's Express Checkout Element draws, as Stripe.js names the wallets. */
const expressButtons = async (page: Page) =>
  new URL((await page.getByTestId('stripe-express').locator('iframe').getAttribute('src')) ?? '').searchParams
    .get('wallets')
    ?.split(',')
    .filter(Boolean) ?? []

const stubCalls = (page: Page) => page.evaluate(() => (window as unknown as { __stripeStub: StubCalls }).__stripeStub)

/** Cents of an amount as the screen shows it ("$1,234.50"). */
const centsOf = (shown: string | null) => Math.round(Number((shown ?? '').replace(/[^0-9.]/g, '')) * 100)

/** The payment step of a table, once Stripe's elements are drawn and the method is chosen. */
async function openStep(page: Page, key: string, query: string) {
  const response = await page.goto(`/customer/payment-method/${tables[key]!.sessionId}?${query}`)
  await hydrated(page, 'stripe-payment')
  await expect.poll(() => page.getByTestId('stripe-payment').getAttribute('aria-busy')).toBe('false')
  return response
}

/**
 * A tap on a button below the fold. On this emulated touch phone a click
 * Playwright sends while its own scroll to the button is still settling
 * reaches no element (no pointer event arrives: a tap that stops a scroll
 * is eaten, as on a real phone); scrolled first, as a diner's thumb does,
 * the tap lands.
 */
async function tapBelowFold(page: Page, testId: string) {
  await page.getByTestId(testId).scrollIntoViewIfNeeded()
  await page.getByTestId(testId).click()
}

async function billOf(key: string) {
  return (await (await fetch(`${server.url}/api/tables/session/${tables[key]!.sessionId}`)).json()) as {
    remainingAmount: number
    paidAmount: number
  }
}

describe('a bill paid through Stripe', () => {
  it('lists the wallets Stripe says this device offers, each with its mark, and chooses the device’s own (else the card), for the total on screen, in Spanish and English, light and dark, at 390 px and on a desktop; Stripe.js loads on this step only, once the page runs', async () => {
    const looks: {
      name: string
      options: BrowserContextOptions
      language: 'es' | 'en'
      theme: 'light' | 'dark'
      wallets: StubWallet[]
      listed: PaymentMethod[]
    }[] = [
      {
        name: 'phone-android-es',
        options: { ...PHONE, userAgent: ANDROID_CHROME },
        language: 'es',
        theme: 'light',
        wallets: ['googlePay'],
        listed: ['google', 'card'],
      },
      {
        name: 'phone-iphone-en-dark',
        options: { ...PHONE, userAgent: IPHONE_SAFARI },
        language: 'en',
        theme: 'dark',
        wallets: ['applePay'],
        listed: ['apple', 'card'],
      },
      // Chrome on an iPhone may be offered both: Apple Pay, the phone's own, comes first and is chosen.
      {
        name: 'phone-iphone-both-es-dark',
        options: { ...PHONE, userAgent: IPHONE_SAFARI },
        language: 'es',
        theme: 'dark',
        wallets: ['googlePay', 'applePay'],
        listed: ['apple', 'google', 'card'],
      },
      { name: 'desktop-es', options: DESKTOP, language: 'es', theme: 'light', wallets: [], listed: ['card'] },
      {
        name: 'desktop-en-dark',
        options: DESKTOP,
        language: 'en',
        theme: 'dark',
        wallets: ['googlePay'],
        listed: ['google', 'card'],
      },
    ]
    for (const [index, look] of looks.entries()) {
      const { page, state, errors } = await stripePage(look.options)
      state.wallets = look.wallets
      await page.context().addCookies([themeCookie(look.theme, server.url)])
      if (index === 0) {
        // As a diner gets there: from the tip step, without a new document, so under the tip step's policy.
        await page.goto(`/customer/tip/${tables.look!.sessionId}?full=true`)
        await hydrated(page, 'tip-option-15')
        expect(state.stripeRequests).toEqual([])
        await page.getByTestId('tip-option-15').click()
        await page.waitForURL(/\/customer\/payment-method\//)
        await hydrated(page, 'stripe-payment')
        await expect.poll(() => page.getByTestId('stripe-payment').getAttribute('aria-busy')).toBe('false')
      } else {
        const response = await openStep(page, 'look', `full=true&tipPercentage=15&lng=${look.language}`)
        // The server's page names no Stripe script: it is added once the page runs.
        expect(await response?.text()).not.toContain('js.stripe.com')
      }
      // Offered both wallets, Stripe's element is drawn again with the chosen one's button alone.
      const redrawn = look.wallets.length > 1 ? ['/stub/expressCheckout.html'] : []
      await expect
        .poll(() => state.stripeRequests)
        .toEqual(['/endive/stripe.js', '/stub/expressCheckout.html', '/stub/payment.html', ...redrawn])

      const total = centsOf(await page.getByTestId('payment-total').textContent())
      expect(total).toBe(25300)
      expect(Number(await page.locator('input[name="total"]').inputValue()) * 100).toBe(total)
      const calls = await stubCalls(page)
      const locale = look.language === 'es' ? 'es-419' : 'en'
      expect(calls.stripe).toEqual([
        { publishableKey: STANDIN_KEYS.publishableKey, options: { stripeAccount: account, locale } },
      ])
      expect(calls.elements).toEqual([
        expect.objectContaining({
          mode: 'payment',
          amount: total,
          currency: 'mxn',
          captureMethod: 'manual',
          locale,
          allowedPaymentMethodTypes: ['card'],
        }),
      ])
      expect(calls.created.map(({ type }) => type)).toEqual([
        'expressCheckout',
        'payment',
        ...redrawn.map(() => 'expressCheckout'),
      ])
      // Of Stripe's express buttons, Apple Pay and Google Pay where the device offers them, nothing else; drawn again, the chosen one alone.
      const others = { link: 'never', paypal: 'never', amazonPay: 'never', klarna: 'never' }
      expect(calls.created.filter(({ type }) => type === 'expressCheckout').map(({ options }) => options)).toEqual([
        expect.objectContaining({ paymentMethods: { applePay: 'always', googlePay: 'always', ...others } }),
        ...redrawn.map(() =>
          expect.objectContaining({ paymentMethods: { applePay: 'always', googlePay: 'never', ...others } }),
        ),
      ])
      const payLabel = look.language === 'es' ? 'Pagar $253.00' : 'Pay $253.00'

      const [first] = look.listed
      if (first === 'card') {
        // No wallet on this device: nothing to choose, the card form and its pay button.
        await expect.poll(() => page.getByRole('radio').count()).toBe(0)
        await expect.poll(() => page.getByTestId('stripe-express').isVisible()).toBe(false)
        await expect.poll(() => page.getByTestId('stripe-card').isVisible()).toBe(true)
        await expect.poll(() => page.getByTestId('pay-submit').textContent()).toBe(payLabel)
        await screenshot(page, `stripe-payment-${look.name}`)
      } else {
        const radios = page.getByRole('radio')
        await expect
          .poll(() => radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
          .toEqual(look.listed)
        await expect.poll(() => page.getByRole('radio', { checked: true }).getAttribute('value')).toBe(first)
        for (const wallet of look.listed.filter((method) => method !== 'card'))
          await expect
            .poll(() => page.getByTestId(`method-${wallet}`).locator(`[data-mark="${wallet}-pay"]`).isVisible())
            .toBe(true)
        const walletName = first === 'apple' ? 'Apple Pay' : 'Google Pay'
        // The wallet's own button (Stripe's) pays, for the total on screen; the card form waits.
        await expect
          .poll(() => page.getByTestId('wallet-total').textContent())
          .toBe(look.language === 'es' ? `Pagas $253.00 con ${walletName}.` : `You pay $253.00 using ${walletName}.`)
        await expect.poll(() => page.getByTestId('stripe-express').isVisible()).toBe(true)
        await expect.poll(() => expressButtons(page)).toEqual([`${first}Pay`])
        await expect.poll(() => page.getByTestId('stripe-card').isVisible()).toBe(false)
        await expect.poll(() => page.getByTestId('pay-submit').count()).toBe(0)
        await screenshot(page, `stripe-payment-${look.name}`)

        const other = look.listed[1]
        if (other !== 'card') {
          await page.getByTestId(`method-${other}`).click()
          await expect.poll(() => expressButtons(page)).toEqual([`${other}Pay`])
          await expect
            .poll(() => page.getByTestId('wallet-total').textContent())
            .toContain(other === 'apple' ? 'Apple Pay' : 'Google Pay')
        }

        await page.getByTestId('method-card').click()
        await expect.poll(() => page.getByTestId('stripe-card').isVisible()).toBe(true)
        await expect.poll(() => page.getByTestId('stripe-express').isVisible()).toBe(false)
        await expect.poll(() => page.getByTestId('wallet-total').count()).toBe(0)
        await expect.poll(() => page.getByTestId('pay-submit').textContent()).toBe(payLabel)
        if (index === 0) await screenshot(page, `stripe-payment-${look.name}-card`)
      }
      expect(errors).toEqual([])
    }
  })

  it('asks Stripe for its dark look (“night”) when the page is dark, and recolours it in place when the diner turns the page light', async () => {
    const { page, errors } = await stripePage()
    await page.context().addCookies([themeCookie('dark', server.url)])
    await openStep(page, 'look', 'full=true&tipPercentage=15')
    const [made] = (await stubCalls(page)).elements
    expect(made).toMatchObject({ appearance: { theme: 'night' } })
    await openDisplayMenu(page)
    await page.getByRole('button', { name: 'Usar tema claro' }).click()
    await expect
      .poll(async () => (await stubCalls(page)).updates)
      .toEqual([{ appearance: expect.objectContaining({ theme: 'stripe' }) }])
    // The same elements, recoloured: nothing the diner typed is lost.
    expect((await stubCalls(page)).elements).toHaveLength(1)
    expect(errors).toEqual([])
  })

  it('pays by card: the step’s own form posts the ConfirmationToken, and the bill is paid', async () => {
    const { page, state, errors } = await stripePage()
    await openStep(page, 'card', 'full=true&tipPercentage=10')
    // Stripe offers no wallet here: none is listed, and the card is the method.
    await expect.poll(() => page.getByTestId('payment-methods').count()).toBe(0)
    await page.getByTestId('pay-submit').click()
    await page.waitForURL(/\/customer\/payment-confirmation\//)
    expect(state.posts).toHaveLength(1)
    expect(state.posts[0]!.get('paymentToken')).toMatch(/^ctoken_/)
    expect(state.posts[0]!.get('paymentMethod')).toBe('card')
    await expect.poll(() => page.getByTestId('confirmation-amount').textContent()).toBe('$181.50')
    await expect.poll(() => billOf('card')).toMatchObject({ remainingAmount: 0, paidAmount: 165 })
    expect(errors).toEqual([])
  })

  it('when the bank asks the diner to confirm, Stripe.js puts the question and the same payment is sent again', async () => {
    const { page, state, errors } = await stripePage({ ...DESKTOP })
    state.card = 'pm_card_authenticationRequired'
    await openStep(page, 'bank', 'full=true&tipPercentage=0&lng=en')
    await page.getByTestId('pay-submit').click()
    await page.waitForURL(/\/customer\/payment-confirmation\//)
    expect((await stubCalls(page)).nextActions).toEqual([expect.stringMatching(/^pi_\w+_secret_/)])
    expect(state.posts).toHaveLength(2)
    const [first, again] = state.posts
    expect(again!.toString()).toBe(first!.toString())
    await expect.poll(() => billOf('bank')).toMatchObject({ remainingAmount: 0, paidAmount: 145 })
    expect(errors).toEqual([])
  })

  it('pays with Google Pay from the Express Checkout Element, recorded as Google Pay', async () => {
    const { page, state, errors } = await stripePage({ ...PHONE, userAgent: ANDROID_CHROME })
    state.wallets = ['googlePay']
    await openStep(page, 'wallet', 'full=true&tipPercentage=0')
    await expect.poll(() => page.getByRole('radio', { checked: true }).getAttribute('value')).toBe('google')
    await page.evaluate(() =>
      (window as unknown as { __stripeStub: { payWith: (type: string) => void } }).__stripeStub.payWith('google_pay'),
    )
    await page.waitForURL(/\/customer\/payment-confirmation\//)
    expect(state.posts.map((post) => post.get('paymentMethod'))).toEqual(['google'])
    const payments = (await (await fetch(`${server.url}/api/payments/table/${tables.wallet!.tableId}`)).json()) as {
      paymentMethod: string
    }[]
    expect(payments.map((payment) => payment.paymentMethod)).toEqual(['google'])
    expect(errors).toEqual([])
  })

  it('says a declined card was declined, charges nothing, and takes another card, with the name the diner typed', async () => {
    const { page, state, errors } = await stripePage()
    state.card = 'pm_card_chargeDeclined'
    await openStep(page, 'declined', 'full=true&tipPercentage=0')
    await page.getByTestId('payer-name').fill('Inés')
    await tapBelowFold(page, 'pay-submit')
    await page.getByTestId('payment-error').waitFor()
    await expect
      .poll(() => page.getByTestId('payment-error').textContent())
      .toContain('El pago fue rechazado. No se te cobró nada.')
    await expect.poll(() => billOf('declined')).toMatchObject({ paidAmount: 0 })
    await expect.poll(() => page.getByTestId('pay-submit').isEnabled()).toBe(true)

    state.card = 'pm_card_visa'
    await tapBelowFold(page, 'pay-submit')
    await page.waitForURL(/\/customer\/payment-confirmation\//)
    await expect.poll(() => billOf('declined')).toMatchObject({ remainingAmount: 0, paidAmount: 210 })
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Gracias, Inés.')
    expect(errors).toEqual([])
  })

  it('says a charge under MX$10.00 cannot go on a card before one is typed, and offers paying the rest of the bill', async () => {
    const { page, errors, state } = await stripePage()
    const [coffee] = tables.small!.itemIds
    await page.goto(`/customer/payment-method/${tables.small!.sessionId}?items=${coffee}&tipPercentage=0`)
    await hydrated(page, 'payment-error')
    await expect
      .poll(() => page.getByTestId('payment-error').textContent())
      .toContain('Los pagos con tarjeta son desde $10.00')
    await expect.poll(() => page.getByTestId('pay-submit').count()).toBe(0)
    expect(state.stripeRequests).toEqual([])
    await screenshot(page, 'stripe-below-minimum-phone')
    await expect.poll(() => billOf('small')).toMatchObject({ paidAmount: 0 })

    await page.getByTestId('pay-rest').click()
    await page.waitForURL((url) => url.searchParams.get('full') === 'true')
    await hydrated(page, 'stripe-payment')
    await expect.poll(() => page.getByTestId('payment-total').textContent()).toBe('$23.00')
    expect(errors).toEqual([])
  })

  it('without JavaScript, says card payment needs it and to pay the server, and offers no pay button', async () => {
    const { page } = await stripePage({ javaScriptEnabled: false })
    await page.goto(`/customer/payment-method/${tables.look!.sessionId}?full=true&tipPercentage=15`)
    await expect.poll(() => page.getByTestId('stripe-needs-js').textContent()).toContain('necesita JavaScript')
    await expect.poll(() => page.getByTestId('stripe-needs-js').isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('pay-submit').isVisible()).toBe(false)
    await expect.poll(() => page.getByRole('radio').count()).toBe(0)
    await screenshot(page, 'stripe-nojs-phone')
  })
})
