import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { describe, expect, it } from 'vitest'
import { billPart, netOf } from '~/domain/bill'
import * as schema from '~/server/db/schema.server'
import { netSql } from '~/server/db/payment-net.server'
import { restaurantHub } from '~/server/live/live-sockets.server'
import { seedOwner, seedTable } from './fixtures'

const billRows = (sessionId: string) =>
  env.DB.prepare('SELECT count(*) AS n FROM table_sessions WHERE id = ?').bind(sessionId).first<{ n: number }>()

describe('a restaurant’s ledger', () => {
  it('is written by its own hub only: a bill of another restaurant is refused and nothing is written', async () => {
    const other = await seedOwner()
    const table = await seedTable([{ priceCents: 4500 }])
    const sessionId = crypto.randomUUID()
    const delivery = {
      restaurantId: table.restaurantId,
      bill: { sessionId, tableId: table.tableId, openedAt: Date.now() },
      withBillRow: true,
      entries: [],
      events: [],
    }
    const refused: unknown = await restaurantHub(env, other)
      .record(delivery)
      .then(
        () => null,
        (error: unknown) => error,
      )
    expect(String(refused)).toMatch(/delivered to another's hub/)
    expect(await billRows(sessionId)).toEqual({ n: 0 })
    // The same delivery at its own restaurant's hub is written.
    await restaurantHub(env, table.restaurantId).record(delivery)
    expect(await billRows(sessionId)).toEqual({ n: 1 })
  })
})

describe('a payment’s net of refunds', () => {
  it('reads the same in the ledger’s SQL as netOf: only the refunds that stand are taken off', async () => {
    const table = await seedTable()
    const payments = [
      { amountCents: 10_000, taxCents: 1_600, tipCents: 1_500, refunds: [] },
      {
        amountCents: 25_050,
        taxCents: 0,
        tipCents: 3_000,
        refunds: [
          { amountCents: 5_000, taxCents: 0, tipCents: 1_000, failed: false },
          { amountCents: 2_525, taxCents: 0, tipCents: 0, failed: false },
        ],
      },
      {
        amountCents: 8_000,
        taxCents: 1_280,
        tipCents: 0,
        refunds: [
          { amountCents: 8_000, taxCents: 1_280, tipCents: 0, failed: false },
          // The bank sent this one back: it gave nothing.
          { amountCents: 3_000, taxCents: 480, tipCents: 0, failed: true },
        ],
      },
    ].map((payment) => ({ ...payment, id: crypto.randomUUID() }))
    await env.DB.batch(
      payments.flatMap((payment) => [
        env.DB.prepare(
          `INSERT INTO payments (id, table_id, session_id, transaction_id, request_hash, amount_cents, tax_cents, tip_cents, payment_method, payment_type)
           VALUES (?, ?, ?, ?, 'h', ?, ?, ?, 'card', 'full')`,
        ).bind(
          payment.id,
          table.tableId,
          table.sessionId,
          crypto.randomUUID(),
          payment.amountCents,
          payment.taxCents,
          payment.tipCents,
        ),
        ...payment.refunds.map((refund) =>
          env.DB.prepare(
            `INSERT INTO refunds (id, table_id, session_id, payment_id, amount_cents, tax_cents, tip_cents, method, reason, staff, provider, failed_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, 'card', 'Platillo frío', 'Ana', 'stripe', ?)`,
          ).bind(
            crypto.randomUUID(),
            table.tableId,
            table.sessionId,
            payment.id,
            refund.amountCents,
            refund.taxCents,
            refund.tipCents,
            refund.failed ? Date.now() : null,
          ),
        ),
      ]),
    )
    const rows = await drizzle(env.DB)
      .select({
        id: schema.payments.id,
        amountCents: netSql(['amountCents']),
        taxCents: netSql(['taxCents']),
        tipCents: netSql(['tipCents']),
        billPart: netSql(['amountCents', 'taxCents']),
      })
      .from(schema.payments)
      .where(eq(schema.payments.sessionId, table.sessionId))
    expect(rows).toHaveLength(payments.length)
    for (const payment of payments) {
      const net = netOf(
        payment,
        payment.refunds.filter((refund) => !refund.failed),
      )
      expect(rows.find((row) => row.id === payment.id)).toEqual({ id: payment.id, ...net, billPart: billPart(net) })
    }
  })
})
