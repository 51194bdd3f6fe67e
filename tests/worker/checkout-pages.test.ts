import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { countPayments, ORIGIN, postForm, readSession, seedTable } from './fixtures'

const tx = () => `mesa_${crypto.randomUUID()}`

describe('the payment-method step re-prices everything on the server', () => {
  it('pays the full bill and redirects to the confirmation of that payment', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const transactionId = tx()
    const response = await postForm(`/customer/payment-method/${table.sessionId}`, { paymentMethod: 'google', transactionId, query: 'full=true&tipPercentage=10' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/customer/payment-confirmation/${table.sessionId}?tx=${transactionId}`)
    expect(await readSession(table.sessionId)).toMatchObject({ paidAmount: 100, remainingAmount: 0 })
  })

  it('refuses a missing payment method, and records nothing', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const response = await postForm(`/customer/payment-method/${table.sessionId}`, { transactionId: tx(), query: 'full=true' })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Por favor selecciona un método de pago para continuar.')
    expect(await countPayments(table.sessionId)).toBe(0)
  })

  it('refuses a missing amount (no selection) and tampered item ids, and records nothing', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const other = await seedTable([{ priceCents: 100 }])
    for (const query of ['', 'tipPercentage=15', `items=${other.itemIds[0]}:1`, 'items=../../etc']) {
      const response = await postForm(`/customer/payment-method/${table.sessionId}`, { paymentMethod: 'card', transactionId: tx(), query })
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('El monto a pagar no es válido. Por favor, intenta de nuevo.')
    }
    expect(await countPayments(table.sessionId)).toBe(0)
  })

  it('leaves out an item someone else paid first and charges only what is still owed', async () => {
    const table = await seedTable([{ priceCents: 4500 }, { priceCents: 9000 }])
    const first = await postForm(`/customer/payment-method/${table.sessionId}`, { paymentMethod: 'card', transactionId: tx(), query: `items=${table.itemIds[0]}` })
    expect(first.status).toBe(302)
    const second = await postForm(`/customer/payment-method/${table.sessionId}`, {
      paymentMethod: 'card',
      transactionId: tx(),
      query: `items=${table.itemIds[0]},${table.itemIds[1]}&tipPercentage=0`,
    })
    // The taken item drops out of the quote; the payment goes through for what is still owed.
    expect(second.status).toBe(302)
    expect(await readSession(table.sessionId)).toMatchObject({ paidAmount: 135, remainingAmount: 0 })
    expect(await countPayments(table.sessionId)).toBe(2)
  })

  it('answers 404 (Table Not Found) for an unknown session', async () => {
    const response = await postForm('/customer/payment-method/no-such-session', { paymentMethod: 'card', transactionId: tx(), query: 'full=true' })
    expect(response.status).toBe(404)
    const page = await SELF.fetch(`${ORIGIN}/customer/tip/no-such-session?full=true`)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('Mesa no encontrada')
  })

  it('the tip step without an amount shows the spec’s error and returns to the bill after 2 s', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const page = await SELF.fetch(`${ORIGIN}/customer/tip/${table.sessionId}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Error al cargar el monto')
    expect(html).toContain(`content="2;url=/customer/table/${table.sessionId}"`)
  })
})
