import { env, runInDurableObject, SELF } from 'cloudflare:test'
import { SESSION_ENDED } from '~/domain/live'
import { describe, expect, it } from 'vitest'
import { mailedResetToken, newTransactionId, ORIGIN, postJson, seedTable, staffCookieOf, staffOrder } from './fixtures'
import { connect } from './sockets'
import { call, PASSWORD, signedInOwner } from './staff'

describe('live bill sockets', () => {
  it('tells every diner at the table that a payment started, then that it went through with the new totals, and nobody at another table', async () => {
    const table = await seedTable([
      { name: 'Tacos', priceCents: 12000, quantity: 2 },
      { name: 'Agua', priceCents: 3500 },
    ])
    const other = await seedTable([{ priceCents: 9900 }])
    const [first, second, elsewhere] = [
      await connect(`/api/tables/session/${table.sessionId}/live`),
      await connect(`/api/tables/session/${table.sessionId}/live`),
      await connect(`/api/tables/session/${other.sessionId}/live`),
    ]
    expect(first.response.status).toBe(101)
    const paid = await postJson('/api/payments', {
      tableId: table.tableId,
      amount: 35,
      tipAmount: 5,
      paymentMethod: 'card',
      paymentType: 'item',
      itemIds: [table.itemIds[1]],
      customerName: 'Ana',
      transactionId: newTransactionId(),
    })
    expect(paid.status).toBe(201)
    for (const [started, done] of await Promise.all([first.until(2), second.until(2)])) {
      expect(started).toMatchObject({
        type: 'bill',
        change: 'hold',
        tableId: table.tableId,
        totals: { total: 15500, paid: 0, remaining: 15500 },
        amountCents: 4000,
      })
      expect(done).toMatchObject({
        type: 'bill',
        change: 'payment',
        tableId: table.tableId,
        sessionId: table.sessionId,
        tableNumber: '12',
        totals: { total: 15500, paid: 3500, remaining: 12000 },
        amountCents: 4000,
      })
    }
    // What happens next at the other table is the first thing its diners hear: nothing of this payment came before it.
    await staffOrder(other, { name: 'Flan', price: 65 })
    expect((await elsewhere.until(1)).map((event) => [event.tableId, event.change])).toEqual([[other.tableId, 'items']])
    for (const socket of [first, second, elsewhere]) socket.close()
  })

  it('tells them about a new order and about the bill being closed', async () => {
    const owner = await signedInOwner()
    const table = (await (await call('POST', '/api/tables', { tableNumber: '8' }, owner.cookie)).json()) as {
      id: string
      sessionId: string
    }
    const diner = await connect(`/api/tables/session/${table.sessionId}/live`)
    const ordered = diner.next()
    await call('POST', '/api/items', { tableId: table.id, name: 'Flan', price: 65, quantity: 2 }, owner.cookie)
    expect(await ordered).toMatchObject({
      change: 'items',
      amountCents: 6500,
      totals: { total: 6500, paid: 0, remaining: 6500 },
    })
    const closing = diner.next()
    await call(
      'POST',
      `/api/tables/${table.id}/close`,
      { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      owner.cookie,
    )
    expect(await closing).toMatchObject({ change: 'closed', sessionId: table.sessionId })
    diner.close()
  })

  it('keeps who is connected on the sockets themselves, so it survives the object hibernating', async () => {
    const table = await seedTable([{ priceCents: 5000 }])
    const diner = await connect(`/api/tables/session/${table.sessionId}/live`)
    const stub = env.TABLE_SESSION.get(env.TABLE_SESSION.idFromName(table.sessionId))
    const attachments = await runInDurableObject(stub, (_instance, state) =>
      state.getWebSockets().map((socket) => socket.deserializeAttachment() as { role: string; sessionId: string }),
    )
    expect(attachments).toMatchObject([{ role: 'diner', sessionId: table.sessionId }])
    diner.close()
  })

  it('refuses a plain request and an unknown bill', async () => {
    const table = await seedTable()
    const plain = await SELF.fetch(`${ORIGIN}/api/tables/session/${table.sessionId}/live`)
    expect(plain.status).toBe(426)
    expect(await plain.json()).toHaveProperty('message')
    expect((await connect(`/api/tables/session/${crypto.randomUUID()}/live`)).response.status).toBe(404)
  })
})

describe('the restaurant’s live channel', () => {
  it('needs the staff session and our own origin, and carries only the owner’s tables', async () => {
    expect((await connect('/api/live/restaurant', { Origin: ORIGIN })).response.status).toBe(401)
    const owner = await signedInOwner()
    expect(
      (await connect('/api/live/restaurant', { Origin: 'https://evil.example', Cookie: owner.cookie })).response.status,
    ).toBe(403)
    const staff = await connect('/api/live/restaurant', { Origin: ORIGIN, Cookie: owner.cookie })
    expect(staff.response.status).toBe(101)

    const mine = (await (await call('POST', '/api/tables', { tableNumber: '7' }, owner.cookie)).json()) as {
      id: string
      sessionId: string
    }
    const theirs = await seedTable([{ priceCents: 1000 }])
    // Their own screen hears of their order: a channel that also carried it to this owner has done so by then.
    const theirStaff = await connect('/api/live/restaurant', {
      Origin: ORIGIN,
      Cookie: await staffCookieOf(theirs.restaurantId),
    })
    await staffOrder(theirs, { name: 'Ajeno', price: 10 })
    expect(await theirStaff.next()).toMatchObject({ change: 'items', tableId: theirs.tableId })
    await call('POST', '/api/items', { tableId: mine.id, name: 'Pozole', price: 145 }, owner.cookie)
    await postJson('/api/payments', {
      tableId: mine.id,
      amount: 145,
      tipAmount: 0,
      paymentMethod: 'google',
      paymentType: 'full',
      transactionId: newTransactionId(),
    })
    // A last order comes after everything this screen may hear of the two before it.
    await call('POST', '/api/items', { tableId: mine.id, name: 'Café', price: 30 }, owner.cookie)
    const heard = await staff.until(3)
    expect(heard[0]).toMatchObject({ change: 'items', tableId: mine.id, tableNumber: '7', amountCents: 14500 })
    expect(heard.map((event) => [event.tableId, event.change])).toEqual([
      [mine.id, 'items'],
      [mine.id, 'payment'],
      [mine.id, 'items'],
    ])
    for (const socket of [staff, theirStaff]) socket.close()
  })

  it('tells the staff of each payment of a burst only once D1’s ledger has it', async () => {
    const table = await seedTable(Array.from({ length: 8 }, () => ({ priceCents: 1000 })))
    // What D1's ledger held as each event came, asked at once.
    const ledgerAsHeard: Promise<number>[] = []
    const staff = await connect(
      '/api/live/restaurant',
      { Origin: ORIGIN, Cookie: await staffCookieOf(table.restaurantId) },
      () =>
        ledgerAsHeard.push(
          env.DB.prepare('SELECT count(*) AS n FROM payments WHERE session_id = ?')
            .bind(table.sessionId)
            .first<{ n: number }>()
            .then((row) => row?.n ?? 0),
        ),
    )
    const pay = (itemId: string) =>
      postJson('/api/payments', {
        tableId: table.tableId,
        amount: 10,
        tipAmount: 0,
        paymentMethod: 'card',
        paymentType: 'item',
        itemIds: [itemId],
        transactionId: newTransactionId(),
      })
    // One first, so the burst comes while D1 is being written and its deliveries wait for the next batch.
    const [first, ...rest] = table.itemIds
    const answers = [await pay(first!), ...(await Promise.all(rest.map(pay)))]
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201))
    expect((await staff.until(8)).map((event) => event.change)).toEqual(Array(8).fill('payment'))
    const counts = await Promise.all(ledgerAsHeard)
    counts.forEach((count, index) => expect(count).toBeGreaterThanOrEqual(index + 1))
    staff.close()
  })

  it('closes a staff screen when the session that opened it signs out, and only that one', async () => {
    const owner = await signedInOwner()
    const login = await call('POST', '/api/auth/login', { email: owner.account.ownerEmail, password: PASSWORD })
    const otherCookie = (login.headers.get('Set-Cookie') ?? '').split(';')[0]!
    const signingOut = await connect('/api/live/restaurant', { Origin: ORIGIN, Cookie: owner.cookie })
    const staying = await connect('/api/live/restaurant', { Origin: ORIGIN, Cookie: otherCookie })
    expect((await call('POST', '/api/logout', undefined, owner.cookie)).status).toBe(302)
    expect(await signingOut.closed).toBe(SESSION_ENDED)
    const table = (await (await call('POST', '/api/tables', { tableNumber: '3' }, otherCookie)).json()) as {
      id: string
    }
    const arriving = staying.next()
    await call('POST', '/api/items', { tableId: table.id, name: 'Café', price: 30 }, otherCookie)
    expect(await arriving).toMatchObject({ change: 'items', tableId: table.id })
    staying.close()
  })

  it('closes every staff screen of the owner when the password is reset (it ends every session)', async () => {
    const owner = await signedInOwner()
    const login = await call('POST', '/api/auth/login', { email: owner.account.ownerEmail, password: PASSWORD })
    const sockets = [
      await connect('/api/live/restaurant', { Origin: ORIGIN, Cookie: owner.cookie }),
      await connect('/api/live/restaurant', {
        Origin: ORIGIN,
        Cookie: (login.headers.get('Set-Cookie') ?? '').split(';')[0]!,
      }),
    ]
    const token = await mailedResetToken(() =>
      call('POST', '/api/auth/forgot-password', { email: owner.account.ownerEmail }),
    )
    expect((await call('POST', '/api/auth/reset-password', { token, password: 'nuevo-password-2026' })).status).toBe(
      200,
    )
    expect(await Promise.all(sockets.map((socket) => socket.closed))).toEqual([SESSION_ENDED, SESSION_ENDED])
  })
})
