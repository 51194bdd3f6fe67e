import { runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  billObject,
  delivered,
  getPage,
  newTransactionId,
  payAs,
  postForm,
  seedMember,
  seedOwner,
  seedTable,
} from './fixtures'
import { figure, textOfHtml } from './html'

/** A table with $155.00 on it (2 tacos and an agua) and its team. */
async function restaurant() {
  const restaurantId = await seedOwner()
  const table = await seedTable(
    [
      { name: 'Tacos al pastor', priceCents: 12_000, quantity: 2 },
      { name: 'Agua de jamaica', priceCents: 3_500 },
    ],
    { owner: restaurantId },
  )
  const [beto, ana, manager] = await Promise.all([
    seedMember(restaurantId, 'waiter', 'Beto Mesero'),
    seedMember(restaurantId, 'waiter', 'Ana Mesera'),
    seedMember(restaurantId, 'manager', 'Sofía Gerente'),
  ])
  return { restaurantId, table, beto, ana, manager }
}

const page = (table: { tableId: string }) => `/admin/tables/${table.tableId}`

/** The whole bill recorded by the waiter: on the terminal, or in cash with a $20.00 tip from $200.00. */
async function recordWhole(table: { tableId: string; sessionId: string }, cookie: string, method: 'cash' | 'terminal') {
  const fields: Record<string, string> = {
    intent: 'record-payment',
    sessionId: table.sessionId,
    transactionId: newTransactionId(),
    mode: 'full',
    amount: '155.00',
    method,
  }
  if (method === 'cash') Object.assign(fields, { tip: '20', cashReceived: '200' })
  else fields.cardFunding = 'debit'
  const paid = await postForm(page(table), fields, cookie)
  expect(paid.status).toBe(302)
  const html = await (await getPage(page(table), cookie)).text()
  return /name="intent" value="void-payment"\/><input type="hidden" name="sessionId" value="[^"]+"\/><input type="hidden" name="paymentId" value="([^"]+)"/.exec(
    html,
  )?.[1]
}

describe('a waiter undoes their own mis-tap', () => {
  it('for 5 minutes the waiter who recorded a payment voids it with a reason: the bill is owed again, the history says so, the cash-out leaves it out', async () => {
    const { table, beto, ana, manager } = await restaurant()
    // Beto tapped "Terminal" for a cash payment: the page offers him, and only him, to void it, and says the terminal is not reversed.
    const paymentId = await recordWhole(table, beto.cookie, 'terminal')
    expect(paymentId).toBeDefined()
    const his = await (await getPage(page(table), beto.cookie)).text()
    expect(figure(his, 'void-terminal')).toBe(
      'Anularlo aquí no lo revierte en la terminal: cancélalo también en la terminal.',
    )
    expect(await (await getPage(page(table), ana.cookie)).text()).not.toContain('value="void-payment"')

    const fields = { intent: 'void-payment', sessionId: table.sessionId, paymentId: paymentId!, reason: 'Era efectivo' }
    // Another waiter, or a manager, may not void it: a manager refunds.
    for (const other of [ana, manager]) {
      const refused = await postForm(page(table), fields, other.cookie)
      expect(refused.status).toBe(403)
      expect(textOfHtml(await refused.text())).toContain('Solo quien registró el pago puede anularlo.')
    }
    // No reason, nothing done.
    expect((await postForm(page(table), { ...fields, reason: '' }, beto.cookie)).status).toBe(400)
    expect(figure(await (await getPage(page(table), beto.cookie)).text(), 'bill-remaining')).toBe('$0.00')

    const voided = await postForm(page(table), fields, beto.cookie)
    expect(voided.status).toBe(302)
    const after = await (await getPage(page(table), beto.cookie)).text()
    expect(figure(after, 'bill-remaining')).toBe('$155.00')
    // The lines the payment of the whole bill had marked paid are owed again: none reads "Pagado".
    expect(after).not.toContain('data-testid="line-paid"')
    expect(textOfHtml(after)).toMatch(/Pago anulado \$155\.00 .*Era efectivo/)
    // Voided once: a second void of it is refused.
    expect((await postForm(page(table), fields, beto.cookie)).status).toBe(409)

    // Then the cash he meant: the cash-out counts one cash payment, no terminal one, no refund, and the void apart.
    await recordWhole(table, beto.cookie, 'cash')
    await delivered(table.sessionId)
    const cashOut = await (await getPage('/admin/cash-out', manager.cookie)).text()
    expect(figure(cashOut, 'voided-payments')).toBe('$155.00')
    expect(figure(cashOut, 'net-sales')).toBe('$155.00')
    expect(figure(cashOut, 'expected-cash')).toBe('$175.00')
    const csv = (await (await getPage('/admin/cash-out.csv', manager.cookie)).text()).split('\r\n')
    expect(csv).toContain('Cobros,Terminal,0,0.00,0.00,0.00')
    expect(csv).toContain('Cobros,Efectivo,1,155.00,20.00,175.00')
    expect(csv).toContain('Devoluciones,Total devuelto,0,0.00,0.00,0.00')
    expect(csv).toContain('Cuentas,Pagos anulados por error de captura,1,,,155.00')
  })

  it('after 5 minutes the waiter can no longer void it: the form is gone and the void is refused', async () => {
    const { table, beto } = await restaurant()
    const paymentId = await recordWhole(table, beto.cookie, 'cash')
    // Six minutes pass on the bill's clock.
    await runInDurableObject(billObject(table.sessionId), (_instance, state) =>
      state.storage.sql.exec('UPDATE payments SET created_at = created_at - ?', 6 * 60_000),
    )
    expect(await (await getPage(page(table), beto.cookie)).text()).not.toContain('value="void-payment"')
    const refused = await postForm(
      page(table),
      { intent: 'void-payment', sessionId: table.sessionId, paymentId: paymentId!, reason: 'Tarde' },
      beto.cookie,
    )
    expect(refused.status).toBe(409)
    expect(textOfHtml(await refused.text())).toContain('Ya pasaron los 5 minutos para anular este pago')
    expect(figure(await (await getPage(page(table), beto.cookie)).text(), 'bill-remaining')).toBe('$0.00')
  })

  it('voiding the payment of the rest after a diner paid their items leaves the diner’s units paid and the rest owed again', async () => {
    const { table, beto } = await restaurant()
    // Ana pays her two tacos ($120.00); Beto records the rest, the agua ($35.00), in cash, then voids it.
    await payAs(table.sessionId, `items=${table.itemIds[0]}:2&tipAmount=0`, 'Ana')
    const paid = await postForm(
      page(table),
      {
        intent: 'record-payment',
        sessionId: table.sessionId,
        transactionId: newTransactionId(),
        mode: 'full',
        amount: '35.00',
        method: 'cash',
      },
      beto.cookie,
    )
    expect(paid.status).toBe(302)
    const before = await (await getPage(page(table), beto.cookie)).text()
    expect(before.match(/data-testid="line-paid"/g)).toHaveLength(2)
    // Ana's payment names her; the cash Beto took names no diner.
    expect([...before.matchAll(/data-testid="payment-payer">([^<]*)</g)].map(([, payer]) => payer)).toEqual([
      'Cobrado en la mesa',
      'Ana',
    ])
    const paymentId = /name="paymentId" value="([^"]+)"/.exec(before.slice(before.indexOf('value="void-payment"')))?.[1]
    expect(
      (
        await postForm(
          page(table),
          { intent: 'void-payment', sessionId: table.sessionId, paymentId: paymentId!, reason: 'Era con tarjeta' },
          beto.cookie,
        )
      ).status,
    ).toBe(302)
    const after = await (await getPage(page(table), beto.cookie)).text()
    expect(figure(after, 'bill-remaining')).toBe('$35.00')
    const lines = [...after.matchAll(/<li[^>]*>[\s\S]*?<\/li>/g)].map(([line]) => textOfHtml(line))
    expect(lines.find((line) => line.includes('Tacos al pastor'))).toMatch(/Pagado/)
    expect(after.match(/data-testid="line-paid"/g)).toHaveLength(1)
  })

  it('the kitchen has no void at all', async () => {
    const { table, beto, restaurantId } = await restaurant()
    const paymentId = await recordWhole(table, beto.cookie, 'cash')
    const kitchen = await seedMember(restaurantId, 'kitchen', 'Chef')
    const refused = await postForm(
      page(table),
      { intent: 'void-payment', sessionId: table.sessionId, paymentId: paymentId!, reason: 'x' },
      kitchen.cookie,
    )
    expect(refused.status).toBe(403)
    expect(figure(await (await getPage(page(table), beto.cookie)).text(), 'bill-remaining')).toBe('$0.00')
  })
})
