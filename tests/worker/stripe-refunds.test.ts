import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { postForm, readSession, staffCookieOf } from './fixtures'
import { cardPayment, pay, platform, stripeTable } from './stripe-fixtures'

/** A diner's card payment of the whole bill through Stripe (test Visa), and the payment's ledger id. */
async function paidByCard(table: { tableId: string; sessionId: string }, amount: number, tipAmount: number) {
  const paid = await pay(cardPayment(table, { amount, tipAmount, paymentType: 'full' }))
  expect(paid.status).toBe(201)
  const { payment } = (await paid.json()) as { payment: { id: string } }
  return payment.id
}

/** The payment as D1's ledger has it, once its bill's outbox delivered it. */
async function ledgerPayment(paymentId: string) {
  await expect
    .poll(async () => env.DB.prepare('SELECT id FROM payments WHERE id = ?').bind(paymentId).first())
    .not.toBeNull()
  return env.DB.prepare('SELECT provider_reference AS reference FROM payments WHERE id = ?')
    .bind(paymentId)
    .first<{ reference: string }>()
}

/** The refund form on the table's page, as staff send it. */
async function refund(
  table: { tableId: string; sessionId: string; restaurantId: string },
  fields: Record<string, string>,
) {
  return postForm(
    `/admin/tables/${table.tableId}`,
    { intent: 'refund', sessionId: table.sessionId, reason: 'Cobro de más', ...fields },
    await staffCookieOf(table.restaurantId),
  )
}

describe('staff refunds of a card payment through Stripe', () => {
  it('give part of it back on the restaurant’s account, with Mesa’s fee in proportion, and the bill owes it again', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 20_000 }])
    const paymentId = await paidByCard(table, 200, 20)
    const row = await ledgerPayment(paymentId)
    await refund(table, { paymentId, amount: '50', tip: '5' })

    const onAccount = { stripeAccount: table.accountId! }
    const intent = await platform.paymentIntents.retrieve(row!.reference, {}, onAccount)
    const charge = await platform.charges.retrieve(intent.latest_charge as string, {}, onAccount)
    // MX$55 of MX$220 back: a quarter of the charge, and of Mesa's 2.5 % fee on the MX$200 bill part (MX$5.00).
    expect(charge.amount_refunded).toBe(5_500)
    const fee = await platform.applicationFees.retrieve(charge.application_fee as string)
    expect(fee).toMatchObject({ amount: 500, amount_refunded: 125 })
    expect((await readSession(table.sessionId)).remainingAmount).toBe(50)
    await expect
      .poll(
        async () =>
          await env.DB.prepare(
            'SELECT amount_cents AS amount, tip_cents AS tip, method, provider, provider_reference AS reference FROM refunds WHERE payment_id = ?',
          )
            .bind(paymentId)
            .first(),
      )
      .toMatchObject({ amount: 5_000, tip: 500, method: 'card', provider: 'stripe' })
  })

  it('never gives back more than was paid, even asked twice at once', async () => {
    const table = await stripeTable([{ name: 'Mole', priceCents: 20_000 }])
    const paymentId = await paidByCard(table, 200, 0)
    const row = await ledgerPayment(paymentId)
    await Promise.all([refund(table, { paymentId, amount: '150' }), refund(table, { paymentId, amount: '150' })])
    const intent = await platform.paymentIntents.retrieve(row!.reference, {}, { stripeAccount: table.accountId! })
    expect(
      (await platform.charges.retrieve(intent.latest_charge as string, {}, { stripeAccount: table.accountId! }))
        .amount_refunded,
    ).toBe(15_000)
    expect((await readSession(table.sessionId)).remainingAmount).toBe(150)
  })
})
