import { describe, expect, it } from 'vitest'
import { STANDIN_KEYS } from '../../scripts/local-vars'
import { countPayments, getPage, openPaymentForm } from './fixtures'
import { authenticate, paymentIntentsOn, stripeTable } from './stripe-fixtures'

const stepOf = (sessionId: string, query = 'full=true&tipPercentage=0') =>
  `/customer/payment-method/${sessionId}?${query}`

describe('the payment step of a bill paid through Stripe', () => {
  it('hands Stripe.js the platform’s key, the restaurant’s account and the language, offers no simulated methods, and says without JavaScript that cards need it', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 21_000 }])
    const html = await (await getPage(stepOf(table.sessionId))).text()
    expect(html).toContain('data-testid="stripe-payment"')
    expect(html).toContain(STANDIN_KEYS.publishableKey)
    expect(html).toContain(table.accountId!)
    expect(html).toContain('es-419')
    expect(html).toMatch(/<noscript>.*necesita JavaScript.*paga con tu mesero/s)
    expect(html).not.toContain('type="radio"')
    // Stripe.js is added by the page once it runs, never by the server's HTML.
    expect(html).not.toContain('js.stripe.com')
    expect(await (await getPage(stepOf(table.sessionId, 'full=true&tipPercentage=0&lng=en'))).text()).toMatch(
      /<noscript>.*needs JavaScript.*pay your server/s,
    )
  })

  it.each([
    ['the labelled demo', { account: 'inactive', unconnected: 'demo' }],
    ['nothing', { account: null, unconnected: 'off' }],
  ] as const)(
    'keeps the step as it was while the restaurant’s account cannot charge and it offers %s',
    async (_offer, restaurant) => {
      const table = await stripeTable([{ name: 'Mole', priceCents: 21_000 }], restaurant)
      const html = await (await getPage(stepOf(table.sessionId))).text()
      expect(html).not.toContain('data-testid="stripe-payment"')
      expect(html).toContain('type="radio"')
    },
  )

  it('answers the bank’s question with the PaymentIntent’s client secret, and the same form sent again after the diner confirmed finishes the payment', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 21_000 }])
    const form = await openPaymentForm(stepOf(table.sessionId))
    const fields: [string, string][] = [...form.fields, ['paymentToken', 'pm_card_authenticationRequired']]
    const asked = await form.submit(fields)
    expect(asked.status).toBe(402)
    const [intent] = await paymentIntentsOn(table.accountId!)
    expect(intent?.status).toBe('requires_action')
    expect(await asked.text()).toContain(intent!.client_secret!)

    await authenticate(intent!.id)
    const finished = await form.submit(fields)
    expect(finished.status).toBe(302)
    expect(finished.headers.get('Location')).toBe(
      `/customer/payment-confirmation/${table.sessionId}?tx=${form.field('transactionId')}`,
    )
    expect(await countPayments(table.sessionId)).toBe(1)
  })

  it('refuses a charge under MX$10.00 with a way to pay the rest of the bill, with the same tip choice: on the step before any card is typed, and when the form is sent anyway', async () => {
    const table = await stripeTable([
      { name: 'Café', priceCents: 800 },
      { name: 'Pan dulce', priceCents: 1500 },
    ])
    const step = stepOf(table.sessionId, `items=${table.itemIds[0]}&tipPercentage=10`)
    const shown = await (await getPage(step)).text()
    expect(shown).toContain('Los pagos con tarjeta son desde $10.00')
    expect(shown).toContain('data-testid="pay-rest"')
    expect(shown).not.toContain('data-testid="stripe-payment"')
    const form = await openPaymentForm(step)
    const refused = await form.submit([...form.fields, ['paymentToken', 'pm_card_visa']])
    expect(refused.status).toBe(422)
    const html = await refused.text()
    expect(html).toContain('Los pagos con tarjeta son desde $10.00')
    expect(html).toContain('data-testid="pay-rest"')
    expect(html).toContain(`href="/customer/payment-method/${table.sessionId}?full=true&amp;tipPercentage=10"`)
    expect(await paymentIntentsOn(table.accountId!)).toEqual([])
  })
  it('says a rest of the bill under MX$10.00 is paid to the server, with no card form and nothing to choose instead', async () => {
    const table = await stripeTable([{ name: 'Café', priceCents: 800 }])
    const html = await (await getPage(stepOf(table.sessionId))).text()
    expect(html).toContain('lo que falta de la cuenta es menos. Por favor paga con tu mesero.')
    expect(html).not.toContain('data-testid="pay-rest"')
    expect(html).not.toContain('data-testid="stripe-payment"')
  })
})
