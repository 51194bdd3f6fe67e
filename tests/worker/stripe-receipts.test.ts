import { describe, expect, it } from 'vitest'
import { confirmationOf, getPage, openPaymentForm, pageText as textOf } from './fixtures'
import { stripeTable } from './stripe-fixtures'

describe('the receipt of a card payment through Stripe', () => {
  it('names the card as Stripe gives it (brand and last four digits), asked once and kept, and Stripe’s reference', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 21_000 }])
    const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`)
    const paid = await form.submit([...form.fields, ['paymentToken', 'pm_card_mx']])
    expect(paid.status).toBe(302)
    const { receiptUrl } = await confirmationOf(paid, form.cookie)
    const page = await textOf(await getPage(receiptUrl))
    expect(page).toMatch(/<dt[^>]*>Forma de pago<\/dt><dd[^>]*>Visa terminada en 8001<\/dd>/)
    expect(page).toMatch(/<dt[^>]*>Referencia<\/dt><dd[^>]*>pi_[A-Za-z0-9]+<\/dd>/)
    // Kept: read again, the receipt says the same.
    expect(await textOf(await getPage(receiptUrl))).toContain('Visa terminada en 8001')
  })
})
