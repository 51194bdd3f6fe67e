import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { ledgerOf } from '~/server/books/ledger.server'
import { receiptsBehind } from '~/server/invoices/facturapi-receipts.server'
import { delivered, seedTable } from './fixtures'

/**
 * The hub's look for Facturapi receipts that do not follow what their
 * payment keeps, on ledger rows as they stand after each case.
 */
describe('a Facturapi receipt behind its payment', () => {
  async function paidReceipt(receipt: { cents: number; version: number }) {
    const table = await seedTable([{ name: 'Mole', priceCents: 23_200, paidQuantity: 1 }])
    await delivered(table.sessionId)
    const paymentId = (await env.DB.prepare('SELECT id FROM payments WHERE session_id = ?')
      .bind(table.sessionId)
      .first<string>('id'))!
    await env.DB.prepare(
      "UPDATE receipts SET facturapi_receipt_id = 'rcpt', facturapi_status = 'open', facturapi_cents = ?, facturapi_version = ? WHERE payment_id = ?",
    )
      .bind(receipt.cents, receipt.version, paymentId)
      .run()
    const refundOf = (cents: number, failedAt: number | null) =>
      env.DB.prepare(
        `INSERT INTO refunds (id, table_id, session_id, payment_id, method, amount_cents, tax_cents, tip_cents, units, reason, staff, provider, created_at, failed_at)
         VALUES (?, ?, ?, ?, 'card', ?, 0, 0, '[]', 'Frío', 'Ana', 'stripe', ?, ?)`,
      )
        .bind(crypto.randomUUID(), table.tableId, table.sessionId, paymentId, cents, Date.now(), failedAt)
        .run()
    const behind = async () => (await receiptsBehind(ledgerOf(env, table.restaurantId), null)).due
    return { paymentId, refundOf, behind }
  }

  it('made before a refund: behind', async () => {
    const { paymentId, refundOf, behind } = await paidReceipt({ cents: 23_200, version: 0 })
    expect(await behind()).toEqual([])
    await refundOf(5_800, null)
    expect(await behind()).toEqual([paymentId])
  })

  it('made after a refund its bank then sent back (the same refunds counted, another amount kept): behind', async () => {
    // Made for $174.00 once the $58.00 refund stood; the bank sent it back: $232.00 is kept.
    const { paymentId, refundOf, behind } = await paidReceipt({ cents: 17_400, version: 1 })
    await refundOf(5_800, Date.now())
    expect(await behind()).toEqual([paymentId])
  })

  it('for what is kept: not behind', async () => {
    const { refundOf, behind } = await paidReceipt({ cents: 17_400, version: 1 })
    await refundOf(5_800, null)
    expect(await behind()).toEqual([])
  })
})
