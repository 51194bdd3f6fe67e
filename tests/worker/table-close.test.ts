import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { countLines, countPayments, getPage, newTransactionId, postForm } from './fixtures'
import { call, signedInOwner } from './staff'

type Table = { id: string; sessionId: string }

/** An owner's new table with a diner's order on it, half paid. */
async function tableWithDiners() {
  const owner = await signedInOwner()
  const table = (await (
    await call('POST', '/api/tables', { tableNumber: '4', tableName: 'Patio' }, owner.cookie)
  ).json()) as Table
  const order = await call(
    'POST',
    '/api/items',
    {
      tableId: table.id,
      items: [
        { name: 'Tacos al pastor', price: 120, quantity: 2, customerName: 'Marisol' },
        { name: 'Agua de jamaica', price: 35, customerName: 'Beto' },
      ],
    },
    owner.cookie,
  )
  expect(order.status).toBe(201)
  const transactionId = newTransactionId()
  const payment = await call('POST', '/api/payments', {
    tableId: table.id,
    amount: 77.5,
    tipAmount: 18,
    tipPercentage: 15,
    paymentMethod: 'apple',
    paymentType: 'split',
    splitCount: 2,
    customerName: 'Marisol',
    transactionId,
  })
  expect(payment.status).toBe(201)
  return { owner, table, transactionId }
}

const currentSession = async (tableId: string) =>
  (await env.DB.prepare('SELECT session_id FROM tables WHERE id = ?').bind(tableId).first<{ session_id: string }>())
    ?.session_id

describe('table details for staff', () => {
  it('shows the open bill: items, who ordered them, what is paid, payments with method, share and tip', async () => {
    const { owner, table } = await tableWithDiners()
    const response = await getPage(`/admin/tables/${table.id}`, owner.cookie)
    expect(response.status).toBe(200)
    const html = await response.text()
    for (const text of [
      'Mesa 4 - Patio',
      'Tacos al pastor',
      'Pidió Marisol',
      'Pidió Beto',
      'Apple Pay',
      'Parte igual 1 de 2 de la cuenta',
      // When the party sat down, in the dashboard card's words: its first order, not when the bill opened.
      'data-testid="seated-at">Desde las ',
      'propina $18.00',
      '$155.00',
      '$77.50',
      '$120.00',
      '$35.00',
    ]) {
      expect(html, text).toContain(text)
    }
    expect(html).toContain('Todavía no se ha cerrado ninguna cuenta en esta mesa.')
  })

  it('is for the owner only: another owner gets 404, no session goes to the sign-in page', async () => {
    const { table } = await tableWithDiners()
    const intruder = await signedInOwner()
    expect((await getPage(`/admin/tables/${table.id}`, intruder.cookie)).status).toBe(404)
    const anonymous = await getPage(`/admin/tables/${table.id}`)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toMatch(/^\/admin\/login\?redirectTo=/)
  })
})

describe('closing a table’s bill', () => {
  it('a write that names only the table lands on its new bill after a close, and on nothing once the table is archived', async () => {
    // The order and payment by tableId alone taught the Worker where the open bill is; closing makes that stale.
    const { owner, table } = await tableWithDiners()
    const next = (await (
      await call(
        'POST',
        `/api/tables/${table.id}/close`,
        { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
        owner.cookie,
      )
    ).json()) as Table
    const order = await call(
      'POST',
      '/api/items',
      { tableId: table.id, items: [{ name: 'Flan', price: 60, customerName: 'Sofía' }] },
      owner.cookie,
    )
    expect(order.status).toBe(201)
    const payment = await call('POST', '/api/payments', {
      tableId: table.id,
      amount: 60,
      paymentMethod: 'card',
      paymentType: 'full',
      customerName: 'Sofía',
      transactionId: newTransactionId(),
    })
    expect(payment.status).toBe(201)
    expect(await payment.json()).toMatchObject({ payment: { sessionId: next.sessionId, baseAmount: 60 } })
    expect([await countLines(next.sessionId), await countPayments(next.sessionId)]).toEqual([1, 1])
    expect([await countLines(table.sessionId), await countPayments(table.sessionId)]).toEqual([2, 1])

    expect((await call('DELETE', `/api/tables/${table.id}`, undefined, owner.cookie)).status).toBe(200)
    const orphan = await call('POST', '/api/items', { tableId: table.id, items: [{ name: 'Café', price: 30 }] })
    expect(orphan.status).toBe(410)
    expect(await orphan.json()).toMatchObject({ code: 'TABLE_ARCHIVED' })
    expect([await countLines(next.sessionId), await countPayments(next.sessionId)]).toEqual([1, 1])
  })

  it('starts a fresh bill under a new session id; the old code leads to it and the old bill stays in the history', async () => {
    const { owner, table, transactionId } = await tableWithDiners()
    const closed = await call(
      'POST',
      `/api/tables/${table.id}/close`,
      { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      owner.cookie,
    )
    expect(closed.status).toBe(200)
    const next = (await closed.json()) as Table
    expect(next.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(next.sessionId).not.toBe(table.sessionId)

    // The next party sees an empty bill, by the new id and by the printed (old) one.
    for (const id of [next.sessionId, table.sessionId]) {
      expect(await (await call('GET', `/api/tables/session/${id}`)).json()).toMatchObject({
        sessionId: next.sessionId,
        items: [],
        totalAmount: 0,
        remainingAmount: 0,
      })
    }
    const scanned = await getPage(`/customer/table/${table.sessionId}`)
    expect(scanned.status).toBe(302)
    expect(scanned.headers.get('Location')).toBe(`/customer/table/${next.sessionId}`)

    // A diner still on the old bill cannot write onto the next party's one.
    const late = await call('POST', '/api/items', {
      tableId: table.id,
      sessionId: table.sessionId,
      name: 'Flan',
      price: 55,
    })
    expect(late.status).toBe(409)
    expect(await late.json()).toMatchObject({ code: 'CLOSED' })
    expect(await countLines(next.sessionId)).toBe(0)

    // The old bill is kept, with its payment, and its receipt still opens.
    expect(await countLines(table.sessionId)).toBe(2)
    expect(await countPayments(table.sessionId)).toBe(1)
    const receipt = await getPage(`/customer/payment-confirmation/${table.sessionId}?tx=${transactionId}`)
    expect(receipt.status).toBe(200)
    expect(await receipt.text()).toContain(transactionId)
    const details = await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()
    expect(details).toContain('1 pago · $77.50 · propinas $18.00')
    expect(details).toContain('La cuenta está vacía.')
  })

  it('closes only the bill it names: a second click does not close the next party’s bill', async () => {
    const { owner, table } = await tableWithDiners()
    const first = await postForm(
      `/admin/tables/${table.id}?close=1`,
      { intent: 'close', sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      owner.cookie,
    )
    expect(first.status).toBe(302)
    expect(first.headers.get('Location')).toBe(`/admin/tables/${table.id}`)
    const next = await currentSession(table.id)
    expect(next).not.toBe(table.sessionId)

    const again = await call(
      'POST',
      `/api/tables/${table.id}/close`,
      { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      owner.cookie,
    )
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({
      message: 'Esa cuenta ya estaba cerrada; esta es la cuenta actual.',
      code: 'CLOSED',
    })
    const twice = await postForm(
      `/admin/tables/${table.id}?close=1`,
      { intent: 'close', sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      owner.cookie,
    )
    expect(twice.status).toBe(302)
    expect(await currentSession(table.id)).toBe(next)
  })

  it('refuses without a session (401), another owner (404), a foreign origin (403) and a bad body (400), changing nothing', async () => {
    const { owner, table } = await tableWithDiners()
    const intruder = await signedInOwner()
    expect(
      (
        await call('POST', `/api/tables/${table.id}/close`, {
          sessionId: table.sessionId,
          unpaidReason: 'Se fueron sin pagar',
        })
      ).status,
    ).toBe(401)
    expect(
      (
        await call(
          'POST',
          `/api/tables/${table.id}/close`,
          { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
          intruder.cookie,
        )
      ).status,
    ).toBe(404)
    expect(
      (await postForm(`/admin/tables/${table.id}`, { intent: 'close', sessionId: table.sessionId }, intruder.cookie))
        .status,
    ).toBe(404)
    expect(
      (
        await call(
          'POST',
          `/api/tables/${table.id}/close`,
          { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
          owner.cookie,
          { Origin: 'https://evil.example' },
        )
      ).status,
    ).toBe(403)
    const bad = await call('POST', `/api/tables/${table.id}/close`, { sessionId: 'not a session' }, owner.cookie)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ message: 'sessionId is not valid' })
    expect(await currentSession(table.id)).toBe(table.sessionId)
    expect(await countLines(table.sessionId)).toBe(2)
  })
})
