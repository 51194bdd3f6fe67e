import { describe, expect, it } from 'vitest'
import { countPayments, openPaymentForm } from './fixtures'
import { stripeTable } from './stripe-fixtures'

describe('a card the bank declined, then another', () => {
  it('the same payment step sent again with another card pays, once', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 21_000 }])
    const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`, 'card')
    const fields = form.fields.filter(([name]) => name !== 'customerName')
    const declined = await form.submit([...fields, ['customerName', ''], ['paymentToken', 'pm_card_chargeDeclined']])
    expect(declined.status).toBe(402)
    const again = await openPaymentForm(
      `/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`,
      'card',
      {
        Cookie: form.cookie,
      },
    )
    const paid = await again.submit([...again.fields, ['customerName', ''], ['paymentToken', 'pm_card_visa']])
    expect(paid.status).toBe(302)
    // Tapped again (a slow network's second tap), the same payment leads to the same confirmation and is not taken twice.
    const tappedAgain = await again.submit([...again.fields, ['customerName', ''], ['paymentToken', 'pm_card_visa']])
    expect(tappedAgain.headers.get('Location')).toBe(paid.headers.get('Location'))
    expect(await countPayments(table.sessionId)).toBe(1)
  })
})
