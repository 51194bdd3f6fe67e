import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  delivered,
  getPage,
  newTransactionId,
  orderPageOf,
  ORIGIN,
  postForm,
  postJson,
  readSession,
  seedMember,
  seedOwner,
  seedTable,
  type SeededMember,
  postRefund,
} from './fixtures'

/*
 * Every staff action is signed by the member signed in: their id and their
 * name as it was then, never a name typed into a form. Each write here goes
 * through the form a person submits (or the API a client calls), as that
 * member.
 */

type Table = { tableId: string; sessionId: string }

/** A restaurant with an empty table, its waiter, its manager and its owner, each signed in as themselves. */
async function restaurant() {
  const restaurantId = await seedOwner()
  const table = await seedTable([], { owner: restaurantId })
  const [waiter, manager, owner] = await Promise.all([
    seedMember(restaurantId, 'waiter', 'Ramón Mesero'),
    seedMember(restaurantId, 'manager', 'Sofía Gerente'),
    seedMember(restaurantId, 'owner'),
  ])
  return { restaurantId, table, waiter, manager, owner }
}

/** The table page's forms, as a browser without JavaScript posts them (the close form to its dialog's address). */
const tablePost = (table: Table, member: SeededMember, fields: Record<string, string>) =>
  (fields.intent === 'refund' ? postRefund : postForm)(
    `/admin/tables/${table.tableId}${fields.intent === 'close' ? '?close=1' : ''}`,
    { sessionId: table.sessionId, ...fields },
    member.cookie,
  )

/** An open item ordered from the table's order page: typed into the member's ticket, which is then sent. */
async function orderPost(table: Table, member: SeededMember, name: string, price: string, quantity: string) {
  const at = orderPageOf(table, member)
  await at.post({ intent: 'open-item', name, price, quantity })
  return at.post(await at.sendForm())
}

const lineNamed = async (table: Table, name: string) =>
  (await readSession(table.sessionId)).items.find((item) => item.name === name)!

/** Rows of the ledger, once the bill's object has delivered everything. */
async function ledger(sessionId: string, sql: string) {
  await delivered(sessionId)
  return (await env.DB.prepare(sql).bind(sessionId).all()).results
}

/** The page's text as a person reads it (React's markers between pieces of text gone). */
const pageText = async (path: string, member: SeededMember) =>
  (await (await getPage(path, member.cookie)).text()).replaceAll('<!-- -->', '')

/** A waiter's round: three tacos and an agua ordered, two tacos paid in cash with a $10.00 tip. */
async function waitersRound(table: Table, waiter: SeededMember) {
  expect((await orderPost(table, waiter, 'Tacos', '40', '3')).status).toBe(302)
  expect((await orderPost(table, waiter, 'Agua', '35', '1')).status).toBe(302)
  const tacos = await lineNamed(table, 'Tacos')
  const paid = await tablePost(table, waiter, {
    intent: 'record-payment',
    transactionId: newTransactionId(),
    mode: 'items',
    [`units.${tacos.id}`]: '2',
    tip: '10',
    method: 'cash',
    cashReceived: '100',
  })
  expect(paid.status).toBe(302)
  return { tacos, agua: await lineNamed(table, 'Agua') }
}

describe('a waiter’s actions are signed by the waiter', () => {
  it('an order, a cash payment and a void carry the waiter’s id and name in the ledger and on the table’s page', async () => {
    const { table, waiter, owner } = await restaurant()
    const { tacos } = await waitersRound(table, waiter)
    const voided = await tablePost(table, waiter, {
      intent: 'adjust',
      lineId: tacos.id,
      kind: 'void',
      quantity: '1',
      reason: 'Se pidió de más',
    })
    expect(voided.status).toBe(302)

    const signed = { name: waiter.name, id: waiter.userId }
    expect(
      await ledger(
        table.sessionId,
        'SELECT name, added_by AS name_then, added_by_id AS id FROM bill_items WHERE session_id = ? ORDER BY name DESC',
      ),
    ).toEqual([
      { name: 'Tacos', name_then: signed.name, id: signed.id },
      { name: 'Agua', name_then: signed.name, id: signed.id },
    ])
    expect(
      await ledger(
        table.sessionId,
        'SELECT payment_method AS method, tip_cents AS tip, recorded_by AS name, recorded_by_id AS id FROM payments WHERE session_id = ?',
      ),
    ).toEqual([{ method: 'cash', tip: 1000, ...signed }])
    expect(
      await ledger(
        table.sessionId,
        'SELECT kind, reason, staff AS name, staff_id AS id FROM bill_adjustments WHERE session_id = ?',
      ),
    ).toEqual([{ kind: 'void', reason: 'Se pidió de más', ...signed }])

    // Anyone of the restaurant reads who did what on the table's page.
    const page = await pageText(`/admin/tables/${table.tableId}`, owner)
    expect(page).toContain(`Pidió ${waiter.name}`)
    expect(page).toContain(`Registrado por: ${waiter.name}`)
    const history = page.slice(page.indexOf('data-testid="bill-history"'))
    expect(history).toContain(`Se pidió de más · ${waiter.name}`)
  })

  it('a close that settles the rest in cash signs both the payment and the close, and the closed bill’s page says who', async () => {
    const { table, waiter, owner } = await restaurant()
    await waitersRound(table, waiter)
    const closed = await tablePost(table, waiter, {
      intent: 'close',
      settledBy: 'cash',
      settledAmount: '75.00',
      transactionId: newTransactionId(),
    })
    expect(closed.status).toBe(302)
    expect(
      await ledger(
        table.sessionId,
        'SELECT recorded_by AS name, recorded_by_id AS id FROM payments WHERE session_id = ? ORDER BY created_at',
      ),
    ).toEqual([
      { name: waiter.name, id: waiter.userId },
      { name: waiter.name, id: waiter.userId },
    ])
    expect(
      await ledger(
        table.sessionId,
        'SELECT unpaid_cents AS unpaid, closed_by AS name, closed_by_id AS id FROM table_sessions WHERE id = ?',
      ),
    ).toEqual([{ unpaid: 0, name: waiter.name, id: waiter.userId }])
    const page = await pageText(`/admin/tables/${table.tableId}/bills/${table.sessionId}`, owner)
    expect(page).toContain(`Cerrada por ${waiter.name}`)
    expect(page).toContain(`Registrado por: ${waiter.name}`)
  })
})

describe('a manager’s refund and comp are signed by the manager', () => {
  it('on the open bill and on a closed one: the ledger and the history name the manager, the payment still its waiter', async () => {
    const { table, waiter, manager, owner } = await restaurant()
    const { agua } = await waitersRound(table, waiter)
    const [payment] = (await ledger(table.sessionId, 'SELECT id FROM payments WHERE session_id = ?')) as {
      id: string
    }[]
    const comp = await tablePost(table, manager, {
      intent: 'adjust',
      lineId: agua.id,
      kind: 'comp',
      quantity: '1',
      reason: 'Cliente frecuente',
    })
    expect(comp.status).toBe(302)
    const refund = await tablePost(table, manager, {
      intent: 'refund',
      paymentId: payment!.id,
      amount: '20',
      reason: 'Tacos fríos',
    })
    expect(refund.status).toBe(302)
    const signed = { name: manager.name, id: manager.userId }
    expect(
      await ledger(
        table.sessionId,
        'SELECT kind, staff AS name, staff_id AS id FROM bill_adjustments WHERE session_id = ?',
      ),
    ).toEqual([{ kind: 'comp', ...signed }])
    expect(
      await ledger(
        table.sessionId,
        'SELECT amount_cents AS amount, staff AS name, staff_id AS id FROM refunds WHERE session_id = ?',
      ),
    ).toEqual([{ amount: 2000, ...signed }])
    const history = await pageText(`/admin/tables/${table.tableId}`, owner)
    expect(history).toContain(`Cliente frecuente · ${manager.name}`)
    expect(history).toContain(`Tacos fríos · ${manager.name}`)
    expect(history).toContain(`Registrado por: ${waiter.name}`)

    // The bill is closed; a second refund, from the closed bill's page, is the manager's too.
    expect(
      (
        await tablePost(table, manager, {
          intent: 'close',
          settledBy: 'terminal',
          cardFunding: 'debit',
          settledAmount: '60.00',
          transactionId: newTransactionId(),
        })
      ).status,
    ).toBe(302)
    const closedPage = `/admin/tables/${table.tableId}/bills/${table.sessionId}`
    const again = await postRefund(
      closedPage,
      { intent: 'refund', sessionId: table.sessionId, paymentId: payment!.id, amount: '10', reason: 'Otra vez' },
      manager.cookie,
    )
    expect(again.status).toBe(302)
    expect(
      await ledger(
        table.sessionId,
        'SELECT amount_cents AS amount, staff AS name, staff_id AS id FROM refunds WHERE session_id = ? ORDER BY created_at',
      ),
    ).toEqual([
      { amount: 2000, ...signed },
      { amount: 1000, ...signed },
    ])
    expect(await pageText(closedPage, owner)).toContain(`Otra vez · ${manager.name}`)
  })
})

describe('what a waiter may not do', () => {
  it('refunds, comps and closes leaving something unpaid answer 403 whatever the fields, and change nothing', async () => {
    const { table, waiter } = await restaurant()
    const { agua } = await waitersRound(table, waiter)
    const [payment] = (await ledger(table.sessionId, 'SELECT id FROM payments WHERE session_id = ?')) as {
      id: string
    }[]
    const before = await readSession(table.sessionId)
    const attempts: Record<string, string>[] = [
      { intent: 'refund', paymentId: payment!.id, amount: '20', reason: 'x' },
      { intent: 'refund', paymentId: payment!.id, tip: '10', reason: 'x', staff: 'Sofía Gerente' },
      { intent: 'refund' },
      { intent: 'adjust', lineId: agua.id, kind: 'comp', quantity: '1', reason: 'x' },
      { intent: 'adjust', lineId: agua.id, kind: 'comp', quantity: '1', reason: 'x', staff: 'Sofía Gerente' },
      { intent: 'close', settledBy: 'unpaid', unpaidReason: 'Se fueron sin pagar' },
      { intent: 'close', unpaidReason: 'Se fueron sin pagar' },
      { intent: 'close', settledBy: 'unpaid', unpaidReason: 'x', settledAmount: '75.00', role: 'manager' },
    ]
    for (const fields of attempts) {
      const refused = await tablePost(table, waiter, fields)
      expect(refused.status, JSON.stringify(fields)).toBe(403)
    }
    const closedPage = await postRefund(
      `/admin/tables/${table.tableId}/bills/${table.sessionId}`,
      { intent: 'refund', sessionId: table.sessionId, paymentId: payment!.id, amount: '20', reason: 'x' },
      waiter.cookie,
    )
    expect(closedPage.status).toBe(403)
    const closeApi = await postJson(
      `/api/tables/${table.tableId}/close`,
      { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      { headers: { Cookie: waiter.cookie, Origin: ORIGIN } },
    )
    expect(closeApi.status).toBe(403)

    expect(await readSession(table.sessionId)).toEqual(before)
    expect(
      await ledger(
        table.sessionId,
        `SELECT (SELECT count(*) FROM refunds WHERE session_id = ?1) AS refunds,
                (SELECT count(*) FROM bill_adjustments WHERE session_id = ?1) AS adjustments,
                (SELECT closed_at FROM table_sessions WHERE id = ?1) AS closed`,
      ),
    ).toEqual([{ refunds: 0, adjustments: 0, closed: null }])
  })

  it('the table’s page offers a waiter no refund, no comp and no leaving unpaid; a manager gets all three', async () => {
    const { table, waiter, manager } = await restaurant()
    await waitersRound(table, waiter)
    const drawn = async (member: SeededMember) => {
      const html = await pageText(`/admin/tables/${table.tableId}?close=1`, member)
      return {
        refund: html.includes('data-testid="refund"'),
        comp: html.includes('value="comp"'),
        unpaid: html.includes('value="unpaid"'),
        unpaidReason: html.includes('data-testid="unpaid-reason"'),
        void: html.includes('data-testid="adjust"'),
        record: html.includes('data-testid="record-payment"'),
        signedAs: html.includes(`queda a tu nombre: ${member.name}`),
      }
    }
    expect(await drawn(waiter)).toEqual({
      refund: false,
      comp: false,
      unpaid: false,
      unpaidReason: false,
      void: true,
      record: true,
      signedAs: true,
    })
    expect(await drawn(manager)).toEqual({
      refund: true,
      comp: true,
      unpaid: true,
      unpaidReason: true,
      void: true,
      record: true,
      signedAs: true,
    })
    const closed = `/admin/tables/${table.tableId}/bills/${table.sessionId}`
    expect(
      (
        await tablePost(table, manager, {
          intent: 'close',
          settledBy: 'unpaid',
          unpaidReason: 'Invita la casa',
        })
      ).status,
    ).toBe(302)
    // A closed bill is the books': its totals and tips are not a waiter's to read (books.view).
    expect((await getPage(closed, waiter.cookie)).status).toBe(403)
    expect(await pageText(closed, manager)).toContain('data-testid="refund"')
    const tablePage = `/admin/tables/${table.tableId}`
    expect(await pageText(tablePage, waiter)).not.toContain('data-testid="previous-bills"')
    expect(await pageText(tablePage, waiter)).not.toContain(closed)
    expect(await pageText(tablePage, manager)).toContain('data-testid="previous-bills"')
    expect(await pageText(tablePage, manager)).toContain(closed)
  })
})

describe('a name sent in a form is not trusted', () => {
  it('a form or an API call that still sends `staff` is signed by who is signed in', async () => {
    const { table, waiter, manager } = await restaurant()
    const at = orderPageOf(table, waiter)
    await at.post({ intent: 'open-item', name: 'Tacos', price: '40', quantity: '2', staff: 'Someone else' })
    expect((await at.post([...(await at.sendForm()), ['staff', 'Someone else']])).status).toBe(302)
    const tacos = await lineNamed(table, 'Tacos')
    const fields = { staff: 'Someone else' }
    expect(
      (
        await tablePost(table, waiter, {
          ...fields,
          intent: 'record-payment',
          transactionId: newTransactionId(),
          mode: 'amount',
          amount: '40',
          method: 'terminal',
          cardFunding: 'credit',
        })
      ).status,
    ).toBe(302)
    expect(
      (
        await tablePost(table, waiter, {
          ...fields,
          intent: 'adjust',
          lineId: tacos.id,
          kind: 'void',
          quantity: '1',
          reason: 'Error',
        })
      ).status,
    ).toBe(302)
    const closed = await postJson(
      `/api/tables/${table.tableId}/close`,
      { sessionId: table.sessionId, staff: 'Someone else' },
      { headers: { Cookie: manager.cookie, Origin: ORIGIN } },
    )
    expect(closed.status).toBe(200)

    const signedBy = await ledger(
      table.sessionId,
      `SELECT 'line' AS record, added_by AS name, added_by_id AS id FROM bill_items WHERE session_id = ?1
       UNION ALL SELECT 'payment', recorded_by, recorded_by_id FROM payments WHERE session_id = ?1
       UNION ALL SELECT 'void', staff, staff_id FROM bill_adjustments WHERE session_id = ?1
       UNION ALL SELECT 'close', closed_by, closed_by_id FROM table_sessions WHERE id = ?1`,
    )
    expect(signedBy).toEqual([
      { record: 'line', name: waiter.name, id: waiter.userId },
      { record: 'payment', name: waiter.name, id: waiter.userId },
      { record: 'void', name: waiter.name, id: waiter.userId },
      { record: 'close', name: manager.name, id: manager.userId },
    ])
  })

  it('a member with no name signs with their email', async () => {
    const { table, restaurantId } = await restaurant()
    const nameless = await seedMember(restaurantId, 'waiter', 'Sin nombre')
    await env.DB.prepare('UPDATE users SET name = NULL WHERE id = ?').bind(nameless.userId).run()
    expect((await orderPost(table, nameless, 'Agua', '35', '1')).status).toBe(302)
    expect(
      await ledger(table.sessionId, 'SELECT added_by AS name, added_by_id AS id FROM bill_items WHERE session_id = ?'),
    ).toEqual([{ name: nameless.email, id: nameless.userId }])
  })
})

describe('the cash-out by person', () => {
  it('shows the tips and payments each member took under their name, apart from a name typed on older records', async () => {
    const { table, waiter, manager, owner } = await restaurant()
    await waitersRound(table, waiter)
    const taken = await tablePost(table, manager, {
      intent: 'record-payment',
      transactionId: newTransactionId(),
      mode: 'amount',
      amount: '35',
      tip: '5',
      method: 'terminal',
      cardFunding: 'credit',
    })
    expect(taken.status).toBe(302)
    await delivered(table.sessionId)
    // A payment recorded when staff typed their name: no id, the name as typed.
    await env.DB.prepare(
      `INSERT INTO payments (id, table_id, session_id, transaction_id, request_hash, amount_cents, tip_cents, payment_method, payment_type, recorded_by, created_at)
       VALUES (?, ?, ?, ?, 'h', 4000, 700, 'cash', 'full', ?, ?)`,
    )
      .bind(crypto.randomUUID(), table.tableId, table.sessionId, crypto.randomUUID(), waiter.name, Date.now())
      .run()

    const html = await pageText('/admin/cash-out', owner)
    const byPerson = html.slice(
      html.indexOf('data-testid="tips-by-staff"'),
      html.indexOf('</dl>', html.indexOf('data-testid="tips-by-staff"')),
    )
    const rows = [...byPerson.matchAll(/<div[^>]*>(.*?)<\/div>/gs)].map((row) =>
      row[1]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    expect(rows).toEqual([
      expect.stringMatching(new RegExp(`^${waiter.name} 1 pago por \\$80\\.00 \\$10\\.00$`)),
      expect.stringMatching(new RegExp(`^${waiter.name} Nombre escrito a mano .* 1 pago por \\$40\\.00 \\$7\\.00$`)),
      expect.stringMatching(new RegExp(`^${manager.name} 1 pago por \\$35\\.00 \\$5\\.00$`)),
    ])
  })
})
