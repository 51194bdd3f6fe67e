import { describe, expect, it } from 'vitest'
import { delivered, getPage, newTransactionId, postForm } from './fixtures'
import { call, signedInOwner } from './staff'

type Table = { id: string; sessionId: string; tableNumber: string }

async function newTable(cookie: string, tableNumber: string, order?: { name: string; price: number }) {
  const table = (await (await call('POST', '/api/tables', { tableNumber }, cookie)).json()) as Table
  if (order) expect((await call('POST', '/api/items', { tableId: table.id, items: [order] }, cookie)).status).toBe(201)
  return table
}

/** The dashboard's cards as a person reads them: each one's text, in the order shown (the page's data for hydration left out). */
async function cards(cookie: string) {
  const html = (await (await getPage('/admin/dashboard', cookie)).text()).split('<script')[0]!
  return {
    html,
    cards: [...html.matchAll(/data-testid="table-card"[^>]*>(.*?)<\/li>/gs)].map(([, card]) =>
      card!
        .replace(/<!-- -->/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  }
}

describe('the floor at a glance', () => {
  it('shows each table’s state in words, the bills to close first, then the open ones, then the free; never a session token', async () => {
    const owner = await signedInOwner()
    const free = await newTable(owner.cookie, '1')
    const open = await newTable(owner.cookie, '2', { name: 'Enchiladas', price: 140 })
    const paid = await newTable(owner.cookie, '3', { name: 'Pozole', price: 120 })
    const taken = await postForm(
      `/admin/tables/${paid.id}`,
      {
        intent: 'record-payment',
        sessionId: paid.sessionId,
        transactionId: newTransactionId(),
        mode: 'full',
        amount: '120.00',
        method: 'terminal',
      },
      owner.cookie,
    )
    expect(taken.status).toBe(302)
    // The cards read D1's ledger, which the bills' objects bring up to date after they answer.
    for (const table of [open, paid]) await delivered(table.sessionId)

    const floor = await cards(owner.cookie)
    expect(floor.cards).toHaveLength(3)
    expect(floor.cards[0]).toMatch(/^Mesa 3 Pagada · por cerrar .*\$0\.00 por pagar/)
    expect(floor.cards[1]).toMatch(/^Mesa 2 Cuenta abierta .*\$140\.00 por pagar .*Desde las /)
    expect(floor.cards[2]).toMatch(/^Mesa 1 Libre .*Sin cuenta abierta/)
    for (const table of [free, open, paid]) expect(floor.html).not.toContain(table.sessionId)
  })
})
