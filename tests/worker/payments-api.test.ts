import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  countPayments,
  delivered,
  getJson,
  newTransactionId,
  postForm,
  postJson,
  readSession,
  seedMember,
  seedTable,
  setRestaurant,
  staffOrder,
} from './fixtures'

const pay = (body: Record<string, unknown>) =>
  postJson('/api/payments', {
    tipAmount: 0,
    paymentMethod: 'card',
    customerName: 'Ana',
    transactionId: newTransactionId(),
    mealType: 'dinner',
    ...body,
  })

describe('POST /api/payments', () => {
  it('a full payment pays what is left, marks every line paid and records the tip apart', async () => {
    const table = await seedTable([{ priceCents: 16500, quantity: 3 }, { priceCents: 4500 }])
    const response = await pay({
      tableId: table.tableId,
      amount: 210,
      tipAmount: 31.5,
      tipPercentage: 15,
      paymentType: 'full',
      serviceQuality: 'good',
    })
    expect(response.status).toBe(201)
    const { payment } = await response.json<{ payment: Record<string, unknown> }>()
    expect(payment).toMatchObject({
      amount: 241.5,
      baseAmount: 210,
      tipAmount: 31.5,
      tipPercentage: 15,
      paymentType: 'full',
      paymentMethod: 'card',
      customerName: 'Ana',
    })

    const bill = await readSession(table.sessionId)
    expect(bill).toMatchObject({ totalAmount: 210, paidAmount: 210, remainingAmount: 0 })
    expect(
      bill.items.every((item) => item.isPaid && item.paidQuantity === item.quantity && item.paidBy === 'Ana'),
    ).toBe(true)
    await delivered(table.sessionId)
    const row = await env.DB.prepare(
      'SELECT amount_cents, tip_cents, provider, provider_reference FROM payments WHERE session_id = ?',
    )
      .bind(table.sessionId)
      .first()
    expect(row).toMatchObject({ amount_cents: 21000, tip_cents: 3150, provider: 'simulated' })
    expect(row?.provider_reference).toMatch(/^sim_/)
  })

  it('an item payment pays part of a line; the rest stays to pay', async () => {
    const table = await seedTable([{ priceCents: 10000, quantity: 3 }, { priceCents: 4500 }])
    const response = await pay({
      tableId: table.tableId,
      amount: 33.33,
      paymentType: 'item',
      itemIds: [table.itemIds[0]],
      itemQuantities: { [table.itemIds[0]!]: 1 },
    })
    expect(response.status).toBe(201)
    const { payment } = await response.json<{ payment: { items: unknown[] } }>()
    expect(payment.items).toEqual([{ itemId: table.itemIds[0], quantity: 1, amount: 33.33 }])
    const bill = await readSession(table.sessionId)
    expect(bill.items[0]).toMatchObject({ paidQuantity: 1, isPaid: false, paidBy: 'Ana' })
    expect(bill.items[1]).toMatchObject({ paidQuantity: 0, isPaid: false })
    expect(bill).toMatchObject({ paidAmount: 33.33, remainingAmount: 111.67 })
  })

  it('plain item ids pay the whole line, and the payment that pays the last line closes the bill', async () => {
    const table = await seedTable([{ priceCents: 10000, quantity: 2 }, { priceCents: 4500 }])
    expect(
      (await pay({ tableId: table.tableId, amount: 100, paymentType: 'item', itemIds: [table.itemIds[0]] })).status,
    ).toBe(201)
    expect(
      (
        await pay({
          tableId: table.tableId,
          amount: 45,
          paymentType: 'item',
          itemIds: [table.itemIds[1]],
          customerName: 'Luis',
        })
      ).status,
    ).toBe(201)
    const bill = await readSession(table.sessionId)
    expect(bill.remainingAmount).toBe(0)
    expect(bill.items.map((item) => [item.isPaid, item.paidBy])).toEqual([
      [true, 'Ana'],
      [true, 'Luis'],
    ])
  })

  it('equal split: three thirds of $100.00 close the table at exactly zero', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const amounts: number[] = []
    for (const amount of [33.33, 33.33, 33.34]) {
      const response = await pay({ tableId: table.tableId, amount, paymentType: 'split', splitCount: 3 })
      expect(response.status).toBe(201)
      amounts.push((await response.json<{ payment: { baseAmount: number } }>()).payment.baseAmount)
    }
    expect(amounts).toEqual([33.33, 33.33, 33.34])
    const bill = await readSession(table.sessionId)
    expect(bill).toMatchObject({ paidAmount: 100, remainingAmount: 0 })
    expect(bill.items[0]!.isPaid).toBe(true)
    const refused = await pay({ tableId: table.tableId, amount: 33.33, paymentType: 'split', splitCount: 3 })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ code: 'ALREADY_PAID', message: 'This bill is already paid.' })
  })

  it('adds IVA on top when the restaurant’s prices exclude it, and only the bill part pays the bill', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    await setRestaurant(table.restaurantId, { tax_included_in_price: 0 })
    const response = await pay({ tableId: table.tableId, amount: 100, tipAmount: 10, paymentType: 'full' })
    expect(response.status).toBe(201)
    const { payment } = await response.json<{ payment: Record<string, number> }>()
    expect(payment).toMatchObject({ baseAmount: 100, taxAmount: 16, tipAmount: 10, amount: 126 })
    expect(await readSession(table.sessionId)).toMatchObject({ paidAmount: 100, remainingAmount: 0 })
  })

  it('shares priced before an order landed are refused, charging nothing; the share of the new bill then pays', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    expect((await pay({ tableId: table.tableId, amount: 25, paymentType: 'split', splitCount: 4 })).status).toBe(201)
    expect((await staffOrder(table, { items: [{ name: 'Flan', price: 40 }] })).status).toBe(201)
    for (let diner = 0; diner < 3; diner++) {
      const late = await pay({ tableId: table.tableId, amount: 25, paymentType: 'split', splitCount: 4 })
      expect(late.status).toBe(409)
      expect(await late.json()).toMatchObject({ code: 'BILL_CHANGED' })
    }
    expect(await countPayments(table.sessionId)).toBe(1)
    // $115.00 left among the three still to pay: $38.33, $38.33, $38.34.
    for (const amount of [38.33, 38.33, 38.34])
      expect((await pay({ tableId: table.tableId, amount, paymentType: 'split', splitCount: 4 })).status).toBe(201)
    expect(await readSession(table.sessionId)).toMatchObject({ totalAmount: 140, paidAmount: 140, remainingAmount: 0 })
  })

  it('a shown charge (total) is held to: a payment that would charge anything else is refused', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    await setRestaurant(table.restaurantId, { tax_included_in_price: 0 })
    const shownBeforeTaxChange = await pay({
      tableId: table.tableId,
      amount: 100,
      tipAmount: 10,
      total: 110,
      paymentType: 'full',
    })
    expect(shownBeforeTaxChange.status).toBe(409)
    expect(await shownBeforeTaxChange.json()).toMatchObject({ code: 'BILL_CHANGED' })
    expect(
      (await pay({ tableId: table.tableId, amount: 100, tipAmount: 10, total: 126, paymentType: 'full' })).status,
    ).toBe(201)
  })

  it('a tip never counts toward what the bill has left to pay', async () => {
    const table = await seedTable([{ priceCents: 20000 }])
    await pay({ tableId: table.tableId, amount: 100, tipAmount: 50, paymentType: 'split', splitCount: 2 })
    expect(await readSession(table.sessionId)).toMatchObject({ paidAmount: 100, remainingAmount: 100 })
  })

  it('refuses to pay an item someone already paid, and records nothing', async () => {
    const table = await seedTable([{ priceCents: 4500 }, { priceCents: 5000 }])
    expect(
      (await pay({ tableId: table.tableId, amount: 45, paymentType: 'item', itemIds: [table.itemIds[0]] })).status,
    ).toBe(201)
    const again = await pay({
      tableId: table.tableId,
      amount: 45,
      paymentType: 'item',
      itemIds: [table.itemIds[0]],
      customerName: 'Luis',
    })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ code: 'ITEM_TAKEN', message: 'An item was already paid by someone else.' })
    expect(await countPayments(table.sessionId)).toBe(1)
  })

  it('refuses a quantity above what is left of a line', async () => {
    const table = await seedTable([{ priceCents: 9000, quantity: 3, paidQuantity: 2 }])
    const response = await pay({
      tableId: table.tableId,
      amount: 60,
      paymentType: 'item',
      itemIds: [table.itemIds[0]],
      itemQuantities: { [table.itemIds[0]!]: 2 },
    })
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ code: 'ITEM_TAKEN', message: 'Only 1 of an item is left to pay.' })
    // Only the payment of the two units paid before.
    expect(await countPayments(table.sessionId)).toBe(1)
  })

  it('refuses an amount that does not match the items (tampered prices)', async () => {
    const table = await seedTable([{ priceCents: 4500 }])
    const response = await pay({ tableId: table.tableId, amount: 1, paymentType: 'item', itemIds: [table.itemIds[0]] })
    expect(response.status).toBe(409)
    expect(await countPayments(table.sessionId)).toBe(0)
    expect((await readSession(table.sessionId)).items[0]!.paidQuantity).toBe(0)
  })

  it('refuses an item that is not on this bill (tampered ids)', async () => {
    const table = await seedTable([{ priceCents: 4500 }])
    const other = await seedTable([{ priceCents: 4500 }])
    const response = await pay({ tableId: table.tableId, amount: 45, paymentType: 'item', itemIds: [other.itemIds[0]] })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ code: 'UNKNOWN_ITEM', message: 'An item is not on this bill.' })
    expect(await countPayments(table.sessionId)).toBe(0)
  })

  it('refuses an amount above what remains, and a full payment of a stale total', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const split = await pay({ tableId: table.tableId, amount: 150, paymentType: 'split', splitCount: 2 })
    expect(split.status).toBe(409)
    expect(await split.json()).toEqual({
      code: 'TOO_MUCH',
      message: 'The amount is more than what is left to pay ($100.00).',
    })
    const full = await pay({ tableId: table.tableId, amount: 90, paymentType: 'full' })
    expect(full.status).toBe(409)
    expect(await full.json()).toEqual({
      code: 'BILL_CHANGED',
      message: 'The bill changed: $100.00 is left to pay. Review it and try again.',
    })
    expect(await countPayments(table.sessionId)).toBe(0)
  })

  it.each([
    [{ amount: 0 }, 'amount must be greater than 0'],
    [{ amount: -5 }, 'amount must be greater than 0'],
    [{ amount: undefined }, 'amount must be a number'],
    [{ amount: 10.001 }, 'amount must be an amount with at most 2 decimals'],
    [{ amount: 12345.678 }, 'amount must be an amount with at most 2 decimals'],
    [{ total: 1 }, 'total cannot be less than amount and tipAmount together'],
    [{ paymentMethod: 'cash' }, 'paymentMethod must be card, apple or google'],
    [{ paymentType: 'tab' }, 'paymentType must be full, item or split'],
    [{ tipAmount: -1 }, 'tipAmount must be at least 0'],
    [{ tipAmount: 101 }, 'tipAmount cannot be more than the amount paid'],
    [{ transactionId: 'short' }, 'transactionId must be at least 8 characters'],
    [{ transactionId: undefined }, 'transactionId is required'],
    [{ paymentType: 'item' }, 'itemIds is required for an item payment'],
    [{ splitCount: 0 }, 'splitCount must be at least 1'],
    [{ mealType: 'lunch' }, 'mealType must be dinner'],
  ])('refuses %j with “%s” and records nothing', async (override, message) => {
    const table = await seedTable([{ priceCents: 10000 }])
    const response = await pay({ tableId: table.tableId, amount: 100, paymentType: 'full', ...override })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message })
    expect(await countPayments(table.sessionId)).toBe(0)
  })

  it('answers 404 for an unknown table', async () => {
    const response = await pay({ tableId: crypto.randomUUID(), amount: 10, paymentType: 'full' })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Table not found.' })
  })

  it('a replay of a transactionId answers the first result and records nothing new', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const body = {
      tableId: table.tableId,
      amount: 50,
      tipAmount: 5,
      paymentType: 'split',
      splitCount: 2,
      transactionId: newTransactionId(),
    }
    const first = await pay(body)
    expect(first.status).toBe(201)
    const second = await pay(body)
    expect(second.status).toBe(200)
    const [a, b] = [
      await first.json<{ payment: { id: string } }>(),
      await second.json<{ payment: { id: string }; replayed: boolean }>(),
    ]
    expect(b.payment.id).toBe(a.payment.id)
    expect(b.replayed).toBe(true)
    expect(await countPayments(table.sessionId)).toBe(1)
    expect((await readSession(table.sessionId)).paidAmount).toBe(50)
  })

  it('answers a GET, a body not sent as JSON and a body that is not JSON as every endpoint does, with or without a query string', async () => {
    for (const path of ['/api/payments', '/api/payments?via=remix']) {
      const get = await getJson(path)
      expect(get.status, path).toBe(405)
      expect(await get.json(), path).toEqual({ message: 'Method not allowed; use POST.', code: 'METHOD_NOT_ALLOWED' })
      const form = await postJson(path, {}, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
      expect(form.status, path).toBe(415)
      const broken = await postJson(path, '{"tableId":')
      expect(broken.status, path).toBe(400)
      expect(await broken.json(), path).toMatchObject({ code: 'INVALID_REQUEST' })
    }
    const table = await seedTable([{ priceCents: 10000 }])
    const paid = await postJson('/api/payments?via=remix', {
      tableId: table.tableId,
      amount: 100,
      tipAmount: 0,
      paymentMethod: 'card',
      paymentType: 'full',
      transactionId: newTransactionId(),
    })
    expect(paid.status).toBe(201)
    expect((await readSession(table.sessionId)).paidAmount).toBe(100)
  })

  it('refuses a transactionId reused for a different payment', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const transactionId = newTransactionId()
    expect(
      (await pay({ tableId: table.tableId, amount: 50, paymentType: 'split', splitCount: 2, transactionId })).status,
    ).toBe(201)
    const reuse = await pay({ tableId: table.tableId, amount: 40, paymentType: 'split', splitCount: 2, transactionId })
    expect(reuse.status).toBe(409)
    expect(await reuse.json()).toEqual({
      code: 'REUSED_TRANSACTION',
      message: 'This transactionId was already used for a different payment.',
    })
    expect((await readSession(table.sessionId)).paidAmount).toBe(50)
  })
})

describe('GET /api/payments/table/{tableId}', () => {
  it('lists the open bill’s payments, newest first, amounts with the tip', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    await pay({ tableId: table.tableId, amount: 40, tipAmount: 4, paymentType: 'split', customerName: 'Ana' })
    await pay({
      tableId: table.tableId,
      amount: 60,
      tipAmount: 0,
      paymentType: 'split',
      customerName: 'Luis',
      paymentMethod: 'apple',
    })
    const response = await getJson(`/api/payments/table/${table.tableId}`)
    expect(response.status).toBe(200)
    const list =
      await response.json<
        { customerName: string; amount: number; tipAmount: number; paymentMethod: string; createdAt: string }[]
      >()
    expect(
      list.map((payment) => [payment.customerName, payment.amount, payment.tipAmount, payment.paymentMethod]),
    ).toEqual([
      ['Luis', 60, 0, 'apple'],
      ['Ana', 44, 4, 'card'],
    ])
    expect(Date.parse(list[0]!.createdAt)).toBeGreaterThan(0)
  })

  it('names each payment’s kind as the staff screens do, and shows nobody the payer’s transaction id', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const member = await seedMember(table.restaurantId, 'waiter')
    // A waiter's cash amount: a `split` on the ledger with no table size, which staff call an amount.
    const recorded = await postForm(
      `/admin/tables/${table.tableId}`,
      {
        intent: 'record-payment',
        sessionId: table.sessionId,
        mode: 'amount',
        amount: '30',
        method: 'cash',
        transactionId: newTransactionId(),
      },
      member.cookie,
    )
    expect(recorded.status).toBe(302)
    await pay({ tableId: table.tableId, amount: 35, paymentType: 'split', splitCount: 2, customerName: 'Ana' })
    const list = await (await getJson(`/api/payments/table/${table.tableId}`)).json<Record<string, unknown>[]>()
    expect(list.map((payment) => [payment.kind, payment.amount])).toEqual([
      ['split', 35],
      ['amount', 30],
    ])
    for (const payment of list) {
      expect(payment).not.toHaveProperty('transactionId')
      expect(payment).not.toHaveProperty('paymentType')
    }
  })

  it('answers an empty list for a table with no payments and 404 for an unknown table', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    expect(await (await getJson(`/api/payments/table/${table.tableId}`)).json()).toEqual([])
    const unknown = await getJson(`/api/payments/table/${crypto.randomUUID()}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'Table not found.', code: 'NOT_FOUND' })
  })
})
