import { describe, expect, it, vi } from 'vitest'
import { delivered, getPage, newTransactionId, postForm } from './fixtures'
import { call, signedInOwner } from './staff'
import { figure } from './html'

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
  it('shows each table’s state in words, by number, what needs someone ringed and listed first; never a session token', async () => {
    const owner = await signedInOwner()
    const pay = (table: Table, mode: 'full' | 'amount', amount: string) =>
      postForm(
        `/admin/tables/${table.id}`,
        {
          intent: 'record-payment',
          sessionId: table.sessionId,
          transactionId: newTransactionId(),
          mode,
          amount,
          method: 'terminal',
          cardFunding: 'credit',
        },
        owner.cookie,
      )
    /** The kitchen moves the table's one ticket to `step`, as its board's form does. */
    async function kitchen(table: Table, to: string) {
      await delivered(table.sessionId)
      const tickets = (await (await getPage('/api/kitchen/tickets', owner.cookie)).json()) as {
        tickets: { id: string; sessionId: string }[]
      }
      const ticket = tickets.tickets.find((each) => each.sessionId === table.sessionId)!
      expect((await postForm('/admin/kitchen', { intent: 'move', ticketId: ticket.id, to }, owner.cookie)).status).toBe(
        303,
      )
    }

    const free = await newTable(owner.cookie, '1')
    const waiting = await newTable(owner.cookie, '2', { name: 'Enchiladas', price: 140 })
    const paid = await newTable(owner.cookie, '3', { name: 'Pozole', price: 120 })
    expect((await pay(paid, 'full', '120.00')).status).toBe(302)
    const ready = await newTable(owner.cookie, '4', { name: 'Tacos', price: 90 })
    await kitchen(ready, 'ready')
    const eating = await newTable(owner.cookie, '5', { name: 'Sopa', price: 60 })
    await kitchen(eating, 'served')
    const paying = await newTable(owner.cookie, '6', { name: 'Parrillada', price: 400 })
    expect((await pay(paying, 'amount', '150.00')).status).toBe(302)
    const calling = await newTable(owner.cookie, '7')
    expect((await postForm(`/customer/table/${calling.sessionId}`, { intent: 'call', reason: 'bill' })).status).toBe(
      302,
    )
    // A party sits down and reads the menu before anyone orders.
    const choosing = await newTable(owner.cookie, '8')
    expect((await getPage(`/customer/menu/${choosing.sessionId}`)).status).toBe(200)
    // The cards read D1, which the bills' objects bring up to date after they answer (and the menu's page notes its reader after it).
    const all = [free, waiting, paid, ready, eating, paying, calling, choosing]
    for (const table of all) await delivered(table.sessionId)

    const floor = await vi.waitFor(async () => {
      const shown = await cards(owner.cookie)
      // By number, whatever each is doing: a card stays under the thumb.
      expect(shown.cards.map((card) => /^Mesa \d+ [^$]*?(?= \$| Viendo| Sin cuenta)/.exec(card)?.[0])).toEqual([
        'Mesa 1 Libre',
        'Mesa 2 Esperando comida',
        'Mesa 3 Pagada · por cerrar',
        'Mesa 4 Orden lista · llevarla',
        'Mesa 5 Comiendo',
        'Mesa 6 Pagando',
        'Mesa 7 Llamando al mesero',
        'Mesa 8 Ordenando',
      ])
      return shown
    })
    // What needs someone now is ringed on its card and listed above the floor, the call first.
    expect([...floor.html.matchAll(/data-testid="table-card" data-attention="true"/g)]).toHaveLength(3)
    expect(figure(floor.html, 'floor-waiting')).toBe(
      'Te necesitan: Mesa 7 Llamando al mesero Mesa 4 Orden lista · llevarla Mesa 3 Pagada · por cerrar',
    )
    expect(floor.cards[5]).toMatch(/\$250\.00 por pagar/)
    expect(floor.cards[7]).toMatch(/Viendo el menú · nada pedido aún/)
    expect(floor.cards[1]).toMatch(/\$140\.00 por pagar .*Desde las /)
    // A card is one tap to its table.
    expect(floor.html).toContain(`href="/admin/tables/${paying.id}"`)
    for (const table of all) expect(floor.html).not.toContain(table.sessionId)

    // Answered, the call leaves the table as it was: nothing ordered, free.
    const page = await (await getPage(`/admin/tables/${calling.id}`, owner.cookie)).text()
    const callId = /name="callId" value="([^"]+)"/.exec(page)![1]!
    await postForm(
      `/admin/tables/${calling.id}`,
      { intent: 'answer-call', sessionId: calling.sessionId, callId },
      owner.cookie,
    )
    expect((await cards(owner.cookie)).cards[6]).toMatch(/^Mesa 7 Libre/)
  })
})
