import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  countPayments,
  delivered,
  modifierGroupStatements,
  newTransactionId,
  postJson,
  readSession,
  seedTable,
  staffOrder,
} from './fixtures'

const pay = (body: Record<string, unknown>) =>
  postJson('/api/payments', { tipAmount: 0, paymentMethod: 'card', transactionId: newTransactionId(), ...body })

describe('the TableSession object under concurrent payers', () => {
  it('30 concurrent payers of one single-quantity item: exactly one succeeds and the bill shows it paid once', async () => {
    const table = await seedTable([{ priceCents: 4500 }, { priceCents: 9900 }])
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        pay({
          tableId: table.tableId,
          amount: 45,
          paymentType: 'item',
          itemIds: [table.itemIds[0]],
          customerName: `Diner ${i}`,
        }),
      ),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(29)
    expect(await countPayments(table.sessionId)).toBe(1)
    const bill = await readSession(table.sessionId)
    expect(bill.paidAmount).toBe(45)
    expect(bill.remainingAmount).toBe(99)
    expect(bill.items[0]).toMatchObject({ paidQuantity: 1, isPaid: true })
  })

  it('20 concurrent payments of a third on a 3-share bill, each priced as its screen showed it: exactly three succeed and nothing is left', async () => {
    const table = await seedTable([{ priceCents: 6000 }, { priceCents: 4000 }])
    // Two diners were shown a first share of $33.33 and ten were shown the last one, $33.34.
    const shown = [...Array<number>(10).fill(33.33), ...Array<number>(10).fill(33.34)]
    const responses = await Promise.all(
      shown.map((amount) => pay({ tableId: table.tableId, amount, paymentType: 'split', splitCount: 3 })),
    )
    const succeeded = responses.filter((response) => response.status === 201)
    expect(succeeded).toHaveLength(3)
    expect(responses.filter((response) => response.status === 409)).toHaveLength(17)
    const charged = await Promise.all(
      succeeded.map(
        async (response) => (await response.json<{ payment: { baseAmount: number } }>()).payment.baseAmount,
      ),
    )
    // Every share charged exactly what it asked for; none was rounded to fit.
    expect(charged.sort()).toEqual([33.33, 33.33, 33.34])
    const bill = await readSession(table.sessionId)
    expect(bill).toMatchObject({ totalAmount: 100, paidAmount: 100, remainingAmount: 0 })
    await delivered(table.sessionId)
    const sum = await env.DB.prepare('SELECT sum(amount_cents) AS cents FROM payments WHERE session_id = ?')
      .bind(table.sessionId)
      .first<{ cents: number }>()
    expect(sum?.cents).toBe(10000)
  })

  it('a transactionId replayed under concurrency records one payment', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const body = {
      tableId: table.tableId,
      amount: 25,
      paymentType: 'split',
      splitCount: 4,
      transactionId: newTransactionId(),
    }
    const responses = await Promise.all(Array.from({ length: 15 }, () => pay(body)))
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1)
    expect(responses.filter((response) => response.status === 200)).toHaveLength(14)
    const ids = new Set(
      await Promise.all(
        responses.map(async (response) => (await response.json<{ payment: { id: string } }>()).payment.id),
      ),
    )
    expect(ids.size).toBe(1)
    expect(await countPayments(table.sessionId)).toBe(1)
    expect((await readSession(table.sessionId)).paidAmount).toBe(25)
  })

  it('concurrent full payments and item payments never pay more than the bill', async () => {
    const table = await seedTable([{ priceCents: 5000 }, { priceCents: 5000 }, { priceCents: 5000 }])
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => pay({ tableId: table.tableId, amount: 150, paymentType: 'full' })),
      ...table.itemIds.map((itemId) =>
        pay({ tableId: table.tableId, amount: 50, paymentType: 'item', itemIds: [itemId] }),
      ),
    ])
    expect(responses.every((response) => response.status === 201 || response.status === 409)).toBe(true)
    const bill = await readSession(table.sessionId)
    expect(bill.paidAmount).toBe(150)
    expect(bill.remainingAmount).toBe(0)
  })

  it('a cart added while others pay lands whole and is left to pay', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const [payment, order] = await Promise.all([
      pay({ tableId: table.tableId, amount: 100, paymentType: 'full' }),
      staffOrder(table, {
        items: [
          { name: 'Flan', price: 65 },
          { name: 'Café', price: 35 },
        ],
      }),
    ])
    expect(order.status).toBe(201)
    const bill = await readSession(table.sessionId)
    expect(bill.items).toHaveLength(3)
    // Whichever ran first, money adds up: either the full payment closed the first bill and the
    // order is still owed, or the order came first and the stale full payment was refused.
    if (payment.status === 201) expect(bill).toMatchObject({ paidAmount: 100, remainingAmount: 100 })
    else expect(bill).toMatchObject({ paidAmount: 0, remainingAmount: 200 })
  })
})

describe('payments that wait on a busy bill', () => {
  it('one burst mixing new payments, a taken item, a replay and a reused transactionId answers each as if alone', async () => {
    const table = await seedTable(Array.from({ length: 12 }, () => ({ priceCents: 1000 })))
    const replayed = {
      tableId: table.tableId,
      amount: 10,
      paymentType: 'item',
      itemIds: [table.itemIds[11]],
      customerName: 'Eva',
      transactionId: newTransactionId(),
    }
    const responses = await Promise.all([
      ...table.itemIds.slice(0, 10).map((itemId, index) =>
        pay({
          tableId: table.tableId,
          amount: 10,
          paymentType: 'item',
          itemIds: [itemId],
          customerName: `Diner ${index}`,
        }),
      ),
      pay({
        tableId: table.tableId,
        amount: 10,
        paymentType: 'item',
        itemIds: [table.itemIds[3]],
        customerName: 'Late',
      }),
      pay(replayed),
      pay(replayed),
      pay({ ...replayed, customerName: 'Someone else' }),
    ])
    // Diner 3 and Late race for the same item, and the burst arrives in no set order: one of them pays it.
    const forItem3 = [responses[3]!, responses[10]!]
    expect(forItem3.map((response) => response.status).sort()).toEqual([201, 409])
    const item3Paid = responses[3]!.status === 201 ? 'Diner 3' : 'Late'
    expect(
      responses
        .slice(0, 10)
        .filter((_, index) => index !== 3)
        .map((response) => response.status),
    ).toEqual(Array(9).fill(201))
    expect(
      responses
        .slice(11, 13)
        .map((response) => response.status)
        .sort(),
    ).toEqual([200, 201])
    expect(responses[13]?.status).toBe(409)
    expect(await responses[13]?.json()).toMatchObject({ code: 'REUSED_TRANSACTION' })
    expect(await countPayments(table.sessionId)).toBe(11)
    const bill = await readSession(table.sessionId)
    expect(bill).toMatchObject({ totalAmount: 120, paidAmount: 110, remainingAmount: 10 })
    expect(bill.items.map((item: { paidBy: string | null }) => item.paidBy)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => (index === 3 ? item3Paid : `Diner ${index}`)),
      null,
      'Eva',
    ])
  })

  it('a payment after an order is checked against the bill with the order on it', async () => {
    // The bill's object keeps the lines it last wrote between payments; an order must not leave them stale.
    const table = await seedTable([{ priceCents: 5000 }])
    expect((await pay({ tableId: table.tableId, amount: 20, paymentType: 'split' })).status).toBe(201)
    expect((await staffOrder(table, { items: [{ name: 'Flan', price: 65 }] })).status).toBe(201)
    expect((await pay({ tableId: table.tableId, amount: 30, paymentType: 'full' })).status).toBe(409)
    const full = await pay({ tableId: table.tableId, amount: 95, paymentType: 'full' })
    expect(full.status).toBe(201)
    expect(await readSession(table.sessionId)).toMatchObject({ totalAmount: 115, paidAmount: 115, remainingAmount: 0 })
  })
})

describe('guards the database itself enforces', () => {
  it('a line’s paid quantity stays between 0 and its quantity', async () => {
    const table = await seedTable([{ priceCents: 100, quantity: 2 }])
    await expect(
      env.DB.prepare('UPDATE bill_items SET paid_quantity = 3 WHERE id = ?').bind(table.itemIds[0]).run(),
    ).rejects.toThrow(/CHECK constraint failed/)
    await expect(
      env.DB.prepare('UPDATE bill_items SET paid_quantity = -1 WHERE id = ?').bind(table.itemIds[0]).run(),
    ).rejects.toThrow(/CHECK constraint failed/)
    await expect(
      env.DB.prepare('UPDATE bill_items SET price_cents = -1 WHERE id = ?').bind(table.itemIds[0]).run(),
    ).rejects.toThrow(/CHECK constraint failed/)
  })

  it('a transactionId is recorded once per bill and amounts are not negative', async () => {
    const table = await seedTable([{ priceCents: 100 }])
    // Straight into D1: its own constraints are what is tested, not the object's.
    const insert = (transactionId: string, amount: number, tip = 0) =>
      env.DB.prepare(
        `INSERT INTO payments (id, table_id, session_id, transaction_id, request_hash, amount_cents, tip_cents, payment_method, payment_type)
         VALUES (?, ?, ?, ?, 'h', ?, ?, 'card', 'full')`,
      )
        .bind(crypto.randomUUID(), table.tableId, table.sessionId, transactionId, amount, tip)
        .run()
    await insert('tx-unique-1', 100)
    await expect(insert('tx-unique-1', 100)).rejects.toThrow(/UNIQUE constraint failed/)
    await expect(insert('tx-unique-2', -100)).rejects.toThrow(/CHECK constraint failed/)
    await expect(insert('tx-unique-3', 100, -1)).rejects.toThrow(/CHECK constraint failed/)
  })

  it('table session ids are unique', async () => {
    const a = await seedTable()
    const b = await seedTable()
    await expect(
      env.DB.prepare('UPDATE tables SET session_id = ? WHERE id = ?').bind(a.sessionId, b.tableId).run(),
    ).rejects.toThrow(/UNIQUE constraint failed/)
  })

  it('deleting a menu deletes its categories and items, and leaves the restaurant its modifier groups', async () => {
    const table = await seedTable()
    const [menuId, categoryId, itemId, groupId] = [
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
    ]
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO menus (id, restaurant_id, name) VALUES (?, ?, 'Carta')`).bind(
        menuId,
        table.restaurantId,
      ),
      env.DB.prepare(`INSERT INTO categories (id, menu_id, name) VALUES (?, ?, 'Tacos')`).bind(categoryId, menuId),
      env.DB.prepare(`INSERT INTO menu_items (id, category_id, name, price_cents) VALUES (?, ?, 'Taco', 3000)`).bind(
        itemId,
        categoryId,
      ),
      ...modifierGroupStatements(table.restaurantId, [itemId], {
        id: groupId,
        name: 'Salsa',
        options: [{ id: crypto.randomUUID(), name: 'Verde' }],
      }),
    ])
    await env.DB.prepare('DELETE FROM menus WHERE id = ?').bind(menuId).run()
    const counts = await env.DB.batch([
      env.DB.prepare('SELECT count(*) AS n FROM categories WHERE id = ?').bind(categoryId),
      env.DB.prepare('SELECT count(*) AS n FROM menu_items WHERE id = ?').bind(itemId),
      env.DB.prepare('SELECT count(*) AS n FROM modifier_groups WHERE id = ?').bind(groupId),
      env.DB.prepare('SELECT count(*) AS n FROM modifier_options WHERE modifier_group_id = ?').bind(groupId),
      env.DB.prepare('SELECT count(*) AS n FROM menu_item_modifier_groups WHERE modifier_group_id = ?').bind(groupId),
    ])
    // A group is the restaurant's, for its other dishes; only the deleted dish stops offering it.
    expect(counts.map((result) => (result.results[0] as { n: number }).n)).toEqual([0, 0, 1, 1, 0])
  })
})
