import { paidOnly } from './paid-sums'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyPlan,
  closedBillOutcome,
  billTotals,
  lineAmountFor,
  lineRemaining,
  linesOwedAgain,
  planPayment,
  type BillLine,
  type PayableLine,
} from '~/domain/bill'
import { quoteSplit } from '~/domain/split'

const line = (id: string, priceCents: number, quantity = 1, paidQuantity = 0): BillLine => ({
  id,
  priceCents,
  quantity,
  paidQuantity,
})

describe('bill totals', () => {
  it('subtracts payments from the lines and never goes below zero', () => {
    expect(billTotals([line('a', 10000), line('b', 5050)], paidOnly(3000))).toEqual({
      total: 15050,
      paid: 3000,
      refunded: 0,
      remaining: 12050,
    })
    expect(billTotals([], paidOnly(0))).toEqual({ total: 0, paid: 0, refunded: 0, remaining: 0 })
  })

  it('counts paid net of refunds: what a refund gave back is left to pay again', () => {
    const lines = [line('a', 10000)]
    expect(billTotals(lines, { paymentsCents: 10000, refundedCents: 10000 })).toEqual({
      total: 10000,
      paid: 0,
      refunded: 10000,
      remaining: 10000,
    })
    expect(billTotals(lines, { paymentsCents: 10000, refundedCents: 2500 })).toEqual({
      total: 10000,
      paid: 7500,
      refunded: 2500,
      remaining: 2500,
    })
  })
})

describe('paying part of a line', () => {
  it('charges units so that they add up to the line total exactly', () => {
    const third = line('a', 10000, 3)
    expect(lineAmountFor(third, 1)).toBe(3333)
    expect(lineAmountFor({ ...third, paidQuantity: 1 }, 1)).toBe(3334)
    expect(lineAmountFor({ ...third, paidQuantity: 2 }, 1)).toBe(3333)
    expect(lineRemaining({ ...third, paidQuantity: 2 })).toBe(3333)
  })

  it('adds up to the line total in any order of partial payments', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc
          .integer({ min: 1, max: 99 })
          .chain((quantity) =>
            fc.tuple(fc.constant(quantity), fc.array(fc.integer({ min: 1, max: quantity }), { maxLength: 20 })),
          ),
        (price, [quantity, steps]) => {
          let current = line('a', price, quantity)
          let paid = 0
          for (const step of [...steps, quantity]) {
            const units = Math.min(step, current.quantity - current.paidQuantity)
            if (units === 0) break
            const amount = lineAmountFor(current, units)
            expect(amount).toBeGreaterThanOrEqual(0)
            paid += amount
            current = { ...current, paidQuantity: current.paidQuantity + units }
          }
          expect(current.paidQuantity).toBe(quantity)
          expect(paid).toBe(price)
        },
      ),
    )
  })
})

describe('planning a payment against the bill', () => {
  const bill = [line('tacos', 16500, 3), line('agua', 4500), line('guac', 13500)]

  it('a full payment must pay exactly what is left and closes the bill', () => {
    const plan = planPayment(bill, paidOnly(0), { type: 'full', amountCents: 34500 }, [])
    expect(plan).toEqual({ ok: true, plan: { amountCents: 34500, lineUpdates: [], paidLines: [], closesBill: true } })
    expect(planPayment(bill, paidOnly(0), { type: 'full', amountCents: 30000 }, [])).toMatchObject({
      ok: false,
      code: 'BILL_CHANGED',
    })
  })

  it('an item payment pays the chosen units and says what it costs', () => {
    const result = planPayment(
      bill,
      paidOnly(0),
      { type: 'item', amountCents: 11000, items: [{ itemId: 'tacos', quantity: 2 }] },
      [],
    )
    expect(result).toEqual({
      ok: true,
      plan: {
        amountCents: 11000,
        lineUpdates: [{ itemId: 'tacos', paidQuantity: 2 }],
        paidLines: [{ itemId: 'tacos', quantity: 2, amountCents: 11000 }],
        closesBill: false,
      },
    })
  })

  it('an item with no quantity pays what is left of the line', () => {
    const result = planPayment(
      [line('tacos', 16500, 3, 1)],
      paidOnly(5500),
      { type: 'item', amountCents: 11000, items: [{ itemId: 'tacos', quantity: null }] },
      [],
    )
    expect(result).toMatchObject({ ok: true, plan: { amountCents: 11000, closesBill: true } })
  })

  it('refuses an item already paid, a quantity above what is left, an unknown item and a wrong amount', () => {
    const paid = [line('agua', 4500, 1, 1), line('tacos', 16500, 3, 2)]
    expect(
      planPayment(
        paid,
        paidOnly(15500),
        { type: 'item', amountCents: 4500, items: [{ itemId: 'agua', quantity: 1 }] },
        [],
      ),
    ).toMatchObject({ ok: false, code: 'ITEM_TAKEN' })
    expect(
      planPayment(
        paid,
        paidOnly(15500),
        { type: 'item', amountCents: 11000, items: [{ itemId: 'tacos', quantity: 2 }] },
        [],
      ),
    ).toMatchObject({ ok: false, code: 'ITEM_TAKEN' })
    expect(
      planPayment(
        paid,
        paidOnly(15500),
        { type: 'item', amountCents: 100, items: [{ itemId: 'nope', quantity: 1 }] },
        [],
      ),
    ).toMatchObject({ ok: false, code: 'UNKNOWN_ITEM' })
    expect(
      planPayment(
        paid,
        paidOnly(15500),
        { type: 'item', amountCents: 100, items: [{ itemId: 'tacos', quantity: 1 }] },
        [],
      ),
    ).toMatchObject({ ok: false, code: 'BILL_CHANGED' })
    expect(
      planPayment(
        paid,
        paidOnly(15500),
        {
          type: 'item',
          amountCents: 5500,
          items: [
            { itemId: 'tacos', quantity: 1 },
            { itemId: 'tacos', quantity: 1 },
          ],
        },
        [],
      ),
    ).toMatchObject({ ok: false, code: 'INVALID_SELECTION' })
  })

  it('an equal share is paid exactly as quoted, and the last share pays the exact remainder', () => {
    const hundred = [line('a', 10000)]
    const third = { type: 'split', splitCount: 3, partySize: 1 } as const
    expect(planPayment(hundred, paidOnly(0), { ...third, amountCents: 3333 }, [])).toMatchObject({
      ok: true,
      plan: { amountCents: 3333, closesBill: false },
    })
    // 33.34 left after two thirds: the last share is 33.34, and 33.33 is not rounded up to it.
    expect(
      planPayment(hundred, paidOnly(6666), { ...third, amountCents: 3334 }, [{ tableSize: 3, shares: 2 }]),
    ).toMatchObject({
      ok: true,
      plan: { amountCents: 3334, closesBill: true },
    })
    expect(
      planPayment(hundred, paidOnly(6666), { ...third, amountCents: 3333 }, [{ tableSize: 3, shares: 2 }]),
    ).toMatchObject({
      ok: false,
      code: 'BILL_CHANGED',
    })
    expect(
      planPayment(hundred, paidOnly(6666), { ...third, amountCents: 5000 }, [{ tableSize: 3, shares: 2 }]),
    ).toMatchObject({
      ok: false,
      code: 'TOO_MUCH',
    })
  })

  it('refuses a share priced before an order landed on the bill', () => {
    // $100.00 in 4 shares was shown as $25.00; then $50.00 more was ordered: a share is now $37.50.
    const before = [line('a', 10000)]
    const after = [...before, line('b', 5000)]
    const share = { type: 'split', amountCents: 2500, splitCount: 4, partySize: 1 } as const
    expect(planPayment(before, paidOnly(0), share, [])).toMatchObject({ ok: true })
    expect(planPayment(after, paidOnly(0), share, [])).toMatchObject({ ok: false, code: 'BILL_CHANGED' })
    expect(planPayment(after, paidOnly(0), { ...share, amountCents: 3750 }, [])).toMatchObject({
      ok: true,
      plan: { amountCents: 3750 },
    })
  })

  it('an amount without a table size pays exactly that amount of what is left', () => {
    const hundred = [line('a', 10000)]
    const part = { type: 'split', splitCount: null, partySize: 1 } as const
    expect(planPayment(hundred, paidOnly(0), { ...part, amountCents: 4000 }, [])).toMatchObject({
      ok: true,
      plan: { amountCents: 4000, closesBill: false },
    })
    expect(planPayment(hundred, paidOnly(4000), { ...part, amountCents: 5999 }, [])).toMatchObject({
      ok: true,
      plan: { amountCents: 5999, closesBill: false },
    })
    expect(planPayment(hundred, paidOnly(4000), { ...part, amountCents: 6001 }, [])).toMatchObject({
      ok: false,
      code: 'TOO_MUCH',
    })
  })

  it('refuses any payment on a bill with nothing left, and amounts of zero', () => {
    expect(
      planPayment([line('a', 100)], paidOnly(100), { type: 'split', amountCents: 1, splitCount: 2, partySize: 1 }, []),
    ).toMatchObject({ ok: false, code: 'ALREADY_PAID' })
    expect(
      planPayment([line('a', 100)], paidOnly(0), { type: 'split', amountCents: 0, splitCount: 2, partySize: 1 }, []),
    ).toMatchObject({ ok: false, code: 'INVALID_AMOUNT' })
  })

  it('never lets the payments of a bill add up to more than its total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 200_000 }), { maxLength: 30 }),
        (prices, attempts) => {
          const lines = prices.map((price, index) => line(String(index), price))
          const total = prices.reduce((sum, price) => sum + price, 0)
          let paid = 0
          for (const amount of attempts) {
            const result = planPayment(
              lines,
              paidOnly(paid),
              { type: 'split', amountCents: amount, splitCount: null, partySize: 1 },
              [],
            )
            if (result.ok) paid += result.plan.amountCents
            if (result.ok) expect(result.plan.amountCents).toBe(amount)
            expect(paid).toBeLessThanOrEqual(total)
          }
        },
      ),
    )
  })
})

describe('equal shares paid as quoted', () => {
  it('are always accepted, and close the bill at exactly its total, whatever the party sizes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 30, maxLength: 30 }),
        (total, tableSize, parties) => {
          const lines = [line('a', total)]
          let paid = 0
          let splitPaid: { tableSize: number; shares: number }[] = []
          for (const party of parties) {
            const { share, peoplePaying } = quoteSplit(total - paid, party, tableSize, splitPaid)
            if (total - paid === 0) break
            const result = planPayment(
              lines,
              paidOnly(paid),
              { type: 'split', amountCents: share, splitCount: tableSize, partySize: peoplePaying },
              splitPaid,
            )
            expect(result.ok).toBe(true)
            if (!result.ok) return
            expect(result.plan.amountCents).toBe(share)
            paid += share
            splitPaid = [...splitPaid, { tableSize, shares: peoplePaying }]
          }
          expect(paid).toBe(total)
        },
      ),
    )
  })
})

describe('payments checked one after another before one commit', () => {
  const payable = (
    id: string,
    priceCents: number,
    quantity = 1,
    paidQuantity = 0,
    paidBy: string | null = null,
  ): PayableLine => ({ id, priceCents, quantity, paidQuantity, paidBy })

  it('records the units and the payer on the lines an item payment pays, each name once', () => {
    const lines = [payable('a', 9000, 3, 1, 'Ana'), payable('b', 4500)]
    const decision = planPayment(
      lines,
      paidOnly(3000),
      { type: 'item', amountCents: 3000, items: [{ itemId: 'a', quantity: 1 }] },
      [],
    )
    if (!decision.ok) throw new Error(decision.message)
    expect(applyPlan(lines, decision.plan, 'Luis')).toEqual([payable('a', 9000, 3, 2, 'Ana, Luis'), payable('b', 4500)])
    expect(applyPlan([payable('a', 9000, 3, 1, 'Luis')], decision.plan, 'Luis')[0]?.paidBy).toBe('Luis')
  })

  it('marks every line paid when a payment leaves nothing to pay, keeping who paid what before', () => {
    const lines = [payable('a', 9000, 3, 2, 'Ana'), payable('b', 4500), payable('c', 1000, 1, 1, 'Eva')]
    // Equal shares already paid $30.00 without paying a line; paying 'b' settles the rest, so 'a' is paid too.
    const decision = planPayment(
      lines,
      paidOnly(1000 + 6000 + 3000),
      { type: 'item', amountCents: 4500, items: [{ itemId: 'b', quantity: null }] },
      [],
    )
    if (!decision.ok) throw new Error(decision.message)
    expect(decision.plan.closesBill).toBe(true)
    expect(applyPlan(lines, decision.plan, 'Luis')).toEqual([
      payable('a', 9000, 3, 3, 'Ana'),
      payable('b', 4500, 1, 1, 'Luis'),
      payable('c', 1000, 1, 1, 'Eva'),
    ])
  })

  it('names a payer only on units they paid for: equal shares name no line; a whole bill or the rest after items names what it paid', () => {
    const lines = [payable('a', 14500), payable('b', 14500)]
    // Two equal shares of $145.00: the second leaves nothing to pay and marks every line paid, by nobody's name.
    const second = planPayment(
      lines,
      paidOnly(14500),
      { type: 'split', amountCents: 14500, splitCount: 2, partySize: 1 },
      [{ tableSize: 2, shares: 1 }],
    )
    if (!second.ok) throw new Error(second.message)
    expect(applyPlan(lines, second.plan, 'Luis')).toEqual([payable('a', 14500, 1, 1), payable('b', 14500, 1, 1)])
    // The whole bill at once: every line is its payer's.
    const whole = planPayment(lines, paidOnly(0), { type: 'full', amountCents: 29000 }, [])
    if (!whole.ok) throw new Error(whole.message)
    expect(applyPlan(lines, whole.plan, 'Eva').map((each) => each.paidBy)).toEqual(['Eva', 'Eva'])
    // Ana paid 'a' by its items; the rest pays exactly 'b': 'b' is Luis's.
    const afterItems = [payable('a', 14500, 1, 1, 'Ana'), payable('b', 14500)]
    const rest = planPayment(afterItems, paidOnly(14500), { type: 'full', amountCents: 14500 }, [])
    if (!rest.ok) throw new Error(rest.message)
    expect(applyPlan(afterItems, rest.plan, 'Luis').map((each) => each.paidBy)).toEqual(['Ana', 'Luis'])
  })

  it('lets a second payment in the same group see what the first took', () => {
    const lines = [payable('a', 1000), payable('b', 1000)]
    const first = planPayment(
      lines,
      paidOnly(0),
      { type: 'item', amountCents: 1000, items: [{ itemId: 'a', quantity: null }] },
      [],
    )
    if (!first.ok) throw new Error(first.message)
    const after = applyPlan(lines, first.plan, 'Ana')
    expect(
      planPayment(
        after,
        paidOnly(1000),
        { type: 'item', amountCents: 1000, items: [{ itemId: 'a', quantity: null }] },
        [],
      ),
    ).toMatchObject({ ok: false, code: 'ITEM_TAKEN' })
    expect(
      planPayment(
        after,
        paidOnly(1000),
        { type: 'item', amountCents: 1000, items: [{ itemId: 'b', quantity: null }] },
        [],
      ),
    ).toMatchObject({ ok: true })
  })
})

describe('how a closed bill ended', () => {
  it('is paid, whatever refunds gave back since, with what they gave back', () => {
    expect(closedBillOutcome({ total: 42500, paid: 37000, refunded: 5500 })).toEqual({
      paid: true,
      refundedCents: 5500,
    })
    expect(closedBillOutcome({ total: 42500, paid: 42500, refunded: 0 })).toEqual({ paid: true, refundedCents: 0 })
  })

  it('is partly paid when money never came for part of it', () => {
    expect(closedBillOutcome({ total: 42500, paid: 30000, refunded: 0 })).toEqual({
      paid: false,
      paidCents: 30000,
      unpaidCents: 12500,
    })
    expect(closedBillOutcome({ total: 42500, paid: 25000, refunded: 5000 })).toEqual({
      paid: false,
      paidCents: 25000,
      unpaidCents: 12500,
    })
  })
})

describe('lines once money given back leaves the bill owed', () => {
  const payable = (id: string, quantity: number, paidQuantity: number, extra: object = {}) => ({
    id,
    priceCents: 10_000 * quantity,
    quantity,
    paidQuantity,
    paidBy: paidQuantity > 0 ? 'Ana, Mesero' : null,
    ...extra,
  })

  it('unmarks the units only the payment of the rest had marked; units item payments kept, and comped lines, stay paid', () => {
    const lines = [
      payable('tacos', 3, 3),
      payable('agua', 1, 1),
      payable('flan', 1, 1, { comped: true, priceCents: 0 }),
    ]
    const owed = linesOwedAgain(lines, new Map([['tacos', 2]]))
    expect(owed.map(({ id, paidQuantity, paidBy }) => ({ id, paidQuantity, paidBy }))).toEqual([
      { id: 'tacos', paidQuantity: 2, paidBy: 'Ana, Mesero' },
      { id: 'agua', paidQuantity: 0, paidBy: null },
      { id: 'flan', paidQuantity: 1, paidBy: 'Ana, Mesero' },
    ])
    // Never marks more paid than the line had.
    expect(linesOwedAgain([payable('agua', 1, 0)], new Map([['agua', 1]]))[0]!.paidQuantity).toBe(0)
  })
})
