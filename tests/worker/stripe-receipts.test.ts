import { describe, expect, it } from 'vitest'
import { confirmationOf, getPage, openPaymentForm, pageText as textOf, staffCookieOf } from './fixtures'
import { deliver, eventsOn, paymentIntentsOn, standInSwitch, stripeTable } from './stripe-fixtures'

describe('the receipt of a card payment through Stripe', () => {
  it('names the card as Stripe gives it (brand and last four digits), asked once and kept, and the payment’s one reference', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 21_000 }])
    const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`)
    const paid = await form.submit([...form.fields, ['paymentToken', 'pm_card_mx']])
    expect(paid.status).toBe(302)
    const { confirmation, receiptUrl } = await confirmationOf(paid, form.cookie)
    const page = await textOf(await getPage(receiptUrl))
    expect(page).toMatch(/<dt[^>]*>Forma de pago<\/dt><dd[^>]*>Visa terminada en 8001<\/dd>/)
    // One reference for the payment: the diner's confirmation, the receipt (beside its folio), the staff's bill and the
    // charge's description in the restaurant's Stripe Dashboard all say the same.
    const reference = /<dt[^>]*>Referencia<\/dt><dd[^>]*>([^<]+)<\/dd>/.exec(confirmation)?.[1]
    expect(reference).toMatch(/^[0-9A-F]{8}$/)
    expect(page).toMatch(new RegExp(`<dt[^>]*>Referencia</dt><dd[^>]*>${reference}</dd>`))
    expect(page).toContain('Folio A-000001')
    const [intent] = await paymentIntentsOn(table.accountId!)
    expect(intent!.description).toMatch(new RegExp(`^Mesa \\S+ · Ref\\. ${reference}$`))
    const staff = await textOf(
      await getPage(`/admin/tables/${table.tableId}`, await staffCookieOf(table.restaurantId, 'waiter')),
    )
    expect(staff).toContain(`Ref. ${reference} · Folio A-000001`)
    // Kept: read again, the receipt says the same.
    expect(await textOf(await getPage(receiptUrl))).toContain('Visa terminada en 8001')
  })

  it('says when the diner’s bank disputes the payment, and how the dispute ended', async () => {
    const table = await stripeTable([{ name: 'Tacos', priceCents: 12_000 }])
    const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`)
    const paid = await form.submit([...form.fields, ['paymentToken', 'pm_card_visa']])
    const { receiptUrl } = await confirmationOf(paid, form.cookie)
    const disputeRow = async () =>
      /<dt[^>]*>(Contracargo[^<]*)<\/dt>/.exec(await textOf(await getPage(receiptUrl)))?.[1] ?? null
    expect(await disputeRow()).toBeNull()

    const [intent] = await paymentIntentsOn(table.accountId!)
    const opened = (await standInSwitch(`/_standin/payment_intents/${intent!.id}/dispute`, {
      reason: 'fraudulent',
    })) as { id: string }
    expect((await deliver((await eventsOn(table.accountId!, 'charge.dispute.created')).at(-1)!)).status).toBe(200)
    expect(await disputeRow()).toBe('Contracargo de $120.00: en revisión del banco')

    await standInSwitch(`/_standin/disputes/${opened.id}/close`, { status: 'lost' })
    expect((await deliver((await eventsOn(table.accountId!, 'charge.dispute.closed')).at(-1)!)).status).toBe(200)
    expect(await disputeRow()).toBe('Contracargo de $120.00: el banco devolvió el dinero')
  })
})
