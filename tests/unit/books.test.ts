import { paidOnly } from './paid-sums'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { billTotals, lineAmountFor, lineRemaining, planPayment, applyPlan } from '~/domain/bill'
import { planAdjustment, type AdjustableLine } from '~/domain/adjustments'
import type { CommittedBill, Hold } from '~/domain/holds'
import {
  planRefund,
  refundable,
  splitOutsideRefund,
  type RefundAmounts,
  type RefundablePayment,
} from '~/domain/refunds'

const line = (id: string, priceCents: number, quantity = 1, paidQuantity = 0): AdjustableLine => ({
  id,
  priceCents,
  quantity,
  paidQuantity,
  paidBy: null,
  comped: false,
})
const bill = (lines: AdjustableLine[], paidCents = 0): CommittedBill<AdjustableLine> => ({
  lines,
  paid: paidOnly(paidCents),
  splitPaid: [],
})

describe('voids and comps', () => {
  it('a void takes unpaid units off the line and what they cost off the bill', () => {
    const result = planAdjustment(
      bill([line('tacos', 9000, 3), line('agua', 3500)]),
      [],
      { kind: 'void', lineId: 'tacos', units: 1 },
      'new',
    )
    expect(result.ok && result.plan).toEqual({ amountCents: 3000, lines: [line('tacos', 6000, 2), line('agua', 3500)] })
  })

  it('a void of every unit takes the line off the bill', () => {
    const result = planAdjustment(
      bill([line('tacos', 9000, 3), line('agua', 3500)]),
      [],
      { kind: 'void', lineId: 'agua', units: 1 },
      'new',
    )
    expect(result.ok && result.plan.lines).toEqual([line('tacos', 9000, 3)])
  })

  it('a comp of some units moves them to a free line beside it, kept visible and settled', () => {
    const result = planAdjustment(
      bill([line('tacos', 9000, 3, 1)]),
      [],
      { kind: 'comp', lineId: 'tacos', units: 2 },
      'free',
    )
    expect(result.ok && result.plan).toEqual({
      amountCents: 6000,
      lines: [
        { ...line('tacos', 3000, 1, 1), paidQuantity: 1 },
        { ...line('free', 0, 2, 2), comped: true },
      ],
    })
  })

  it('a comp of a whole line makes it free', () => {
    const result = planAdjustment(
      bill([line('tacos', 9000, 3), line('agua', 3500)]),
      [],
      { kind: 'comp', lineId: 'tacos', units: 3 },
      'new',
    )
    expect(result.ok && result.plan.lines[0]).toEqual({ ...line('tacos', 0, 3, 3), comped: true })
  })

  it('never touches a paid unit or one a diner is paying right now', () => {
    const paid = bill([line('tacos', 9000, 3, 2), line('agua', 3500)], 6000)
    expect(planAdjustment(paid, [], { kind: 'void', lineId: 'tacos', units: 2 }, 'n')).toMatchObject({
      ok: false,
      code: 'ITEM_TAKEN',
    })
    const hold: Hold = {
      id: 'h',
      payer: 'Ana',
      amountCents: 3000,
      units: [{ itemId: 'tacos', quantity: 1 }],
      paidLines: [],
      share: null,
    }
    expect(planAdjustment(paid, [hold], { kind: 'comp', lineId: 'tacos', units: 1 }, 'n')).toMatchObject({
      ok: false,
      code: 'ITEM_TAKEN',
    })
    expect(planAdjustment(paid, [], { kind: 'comp', lineId: 'tacos', units: 1 }, 'n').ok).toBe(true)
  })

  it('refuses units that equal shares already paid for, and settles the bill when nothing is left to pay', () => {
    // $100 of $125 paid in shares: $25 left, so a $35 agua cannot come off, a $25 one can and leaves the bill paid.
    expect(
      planAdjustment(
        bill([line('tacos', 9000), line('agua', 3500)], 10000),
        [],
        { kind: 'void', lineId: 'agua', units: 1 },
        'n',
      ),
    ).toMatchObject({ ok: false, code: 'COVERED' })
    const result = planAdjustment(
      bill([line('tacos', 10000), line('agua', 2500)], 10000),
      [],
      { kind: 'void', lineId: 'agua', units: 1 },
      'n',
    )
    expect(result.ok && result.plan.lines).toEqual([line('tacos', 10000, 1, 1)])
  })

  it('refuses what is not there', () => {
    const open = bill([line('tacos', 9000, 3)])
    expect(planAdjustment(open, [], { kind: 'void', lineId: 'nope', units: 1 }, 'n')).toMatchObject({
      ok: false,
    })
    expect(planAdjustment(open, [], { kind: 'void', lineId: 'tacos', units: 4 }, 'n')).toMatchObject({
      ok: false,
      code: 'ITEM_TAKEN',
    })
    expect(planAdjustment(open, [], { kind: 'void', lineId: 'tacos', units: 0 }, 'n')).toMatchObject({
      ok: false,
      code: 'INVALID_SELECTION',
    })
  })
})

describe('refunds', () => {
  const itemPayment: RefundablePayment = {
    amountCents: 6000,
    tipCents: 900,
    taxCents: 0,
    paymentType: 'item',
    paidLines: [{ itemId: 'tacos', quantity: 2, amountCents: 6000 }],
  }

  it('give back paid units, priced as paying them again costs, and leave them unpaid', () => {
    const lines = [line('tacos', 9000, 3, 2)]
    const result = planRefund(lines, itemPayment, [], {
      units: [{ itemId: 'tacos', quantity: 1 }],
      amountCents: null,
      tipCents: 0,
    })
    expect(result).toEqual({
      ok: true,
      refund: { amountCents: 3000, taxCents: 0, tipCents: 0, units: [{ itemId: 'tacos', quantity: 1 }] },
      lines: [line('tacos', 9000, 3, 1)],
    })
  })

  it('never give back more than was paid, of the bill part or the tip, counting earlier refunds', () => {
    const earlier: RefundAmounts[] = [
      { amountCents: 3000, taxCents: 0, tipCents: 900, units: [{ itemId: 'tacos', quantity: 1 }] },
    ]
    const lines = [line('tacos', 9000, 3, 1)]
    expect(planRefund(lines, itemPayment, earlier, { units: [], amountCents: 3001, tipCents: 0 })).toMatchObject({
      ok: false,
      code: 'TOO_MUCH',
    })
    expect(planRefund(lines, itemPayment, earlier, { units: [], amountCents: 0, tipCents: 1 })).toMatchObject({
      ok: false,
      code: 'TOO_MUCH',
    })
    expect(
      planRefund(lines, itemPayment, earlier, {
        units: [{ itemId: 'tacos', quantity: 2 }],
        amountCents: null,
        tipCents: 0,
      }),
    ).toMatchObject({ ok: false, code: 'TOO_MUCH' })
    expect(planRefund(lines, itemPayment, earlier, { units: [], amountCents: 0, tipCents: 0 })).toMatchObject({
      ok: false,
      code: 'INVALID_AMOUNT',
    })
    expect(
      planRefund(lines, itemPayment, earlier, {
        units: [{ itemId: 'tacos', quantity: 1 }],
        amountCents: null,
        tipCents: 0,
      }).ok,
    ).toBe(true)
  })

  it('give back units only from a payment of items', () => {
    const full: RefundablePayment = { amountCents: 9000, tipCents: 0, taxCents: 0, paymentType: 'full', paidLines: [] }
    expect(
      planRefund([line('tacos', 9000, 3, 3)], full, [], {
        units: [{ itemId: 'tacos', quantity: 1 }],
        amountCents: null,
        tipCents: 0,
      }),
    ).toMatchObject({ ok: false, code: 'INVALID_SELECTION' })
    expect(planRefund([line('tacos', 9000, 3, 3)], full, [], { units: [], amountCents: 4500, tipCents: 0 }).ok).toBe(
      true,
    )
  })

  it('give back the tax on top in proportion, exactly all of it over partial refunds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        (amount, parts) => {
          const payment: RefundablePayment = {
            amountCents: amount,
            tipCents: 0,
            taxCents: Math.round(amount * 0.16),
            paymentType: 'full',
            paidLines: [],
          }
          const earlier: RefundAmounts[] = []
          const weights = parts.reduce((sum, part) => sum + part, 0)
          let given = 0
          parts.forEach((part, index) => {
            const cents = index === parts.length - 1 ? amount - given : Math.floor((amount * part) / weights)
            given += cents
            if (cents === 0) return
            const result = planRefund([], payment, earlier, { units: [], amountCents: cents, tipCents: 0 })
            if (!result.ok) throw new Error(result.message)
            earlier.push(result.refund)
          })
          expect(earlier.reduce((sum, refund) => sum + refund.taxCents, 0)).toBe(payment.taxCents)
          expect(refundable(payment, earlier).amountCents).toBe(0)
        },
      ),
    )
  })
})

describe('the books after any night', () => {
  it('paid never exceeds the total on a line, and the bill adds up, whatever order payments, voids, comps and refunds come in', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('pay' as const), line: fc.nat(3), units: fc.integer({ min: 1, max: 3 }) }),
      fc.record({
        kind: fc.constantFrom('void' as const, 'comp' as const),
        line: fc.nat(3),
        units: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant('refund' as const), line: fc.nat(3), units: fc.integer({ min: 1, max: 3 }) }),
    )
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 60_000 }), { minLength: 1, maxLength: 4 }),
        fc.array(step, { maxLength: 25 }),
        (prices, steps) => {
          // Totals that do not divide evenly by their units too (staff lines, older bills).
          let lines = prices.map((price, index) => line(`l${index}`, price, 3))
          let paid = 0
          let voided = 0
          const made: { payment: RefundablePayment; refunds: RefundAmounts[] }[] = []
          let next = 0
          for (const move of steps) {
            const target = lines[move.line % Math.max(lines.length, 1)]
            if (!target) break
            if (move.kind === 'pay') {
              const left = target.quantity - target.paidQuantity
              const units = Math.min(move.units, left)
              if (units < 1) continue
              const amount = Math.min(lineAmountFor(target, units), billTotals(lines, paidOnly(paid)).remaining)
              const decision = planPayment(
                lines,
                paidOnly(paid),
                { type: 'item', amountCents: amount, items: [{ itemId: target.id, quantity: units }] },
                [],
              )
              if (!decision.ok) continue
              lines = applyPlan(lines, decision.plan, 'Ana')
              paid += decision.plan.amountCents
              made.push({
                payment: {
                  amountCents: decision.plan.amountCents,
                  tipCents: 0,
                  taxCents: 0,
                  paymentType: 'item',
                  paidLines: decision.plan.paidLines,
                },
                refunds: [],
              })
            } else if (move.kind === 'refund') {
              const entry = made[move.line % Math.max(made.length, 1)]
              if (!entry) continue
              const [paidLine] = entry.payment.paidLines
              const result = planRefund(lines, entry.payment, entry.refunds, {
                units: paidLine ? [{ itemId: paidLine.itemId, quantity: 1 }] : [],
                amountCents: null,
                tipCents: 0,
              })
              if (!result.ok) continue
              entry.refunds.push(result.refund)
              lines = result.lines
              paid -= result.refund.amountCents
            } else {
              const result = planAdjustment(
                bill(lines, paid),
                [],
                { kind: move.kind, lineId: target.id, units: move.units },
                `n${next++}`,
              )
              if (!result.ok) continue
              lines = result.plan.lines
              voided += result.plan.amountCents
            }
            for (const each of lines) expect(each.paidQuantity).toBeLessThanOrEqual(each.quantity)
            const totals = billTotals(lines, paidOnly(paid))
            expect(totals.total + voided).toBe(prices.reduce((sum, price) => sum + price, 0))
            expect(paid).toBe(
              made.reduce(
                (sum, entry) =>
                  sum +
                  entry.payment.amountCents -
                  entry.refunds.reduce((given, refund) => given + refund.amountCents, 0),
                0,
              ),
            )
            expect(paid).toBeLessThanOrEqual(totals.total)
            // No cent is left that no unit pays: paying every unpaid unit always finishes the bill (a payment pays at most what is left).
            expect(totals.remaining).toBeLessThanOrEqual(lines.reduce((sum, each) => sum + lineRemaining(each), 0))
          }
        },
      ),
    )
  })
})

describe('a refund made in the Stripe Dashboard', () => {
  it('is booked across the bill part, the tax on top and the tip in proportion: a charge refunded whole leaves none counted', () => {
    const payment = { amountCents: 21_000, taxCents: 0, tipCents: 3_150 }
    expect(splitOutsideRefund(payment, [], 24_150)).toEqual({ amountCents: 21_000, taxCents: 0, tipCents: 3_150 })
    expect(splitOutsideRefund(payment, [], 2_415)).toEqual({ amountCents: 2_100, taxCents: 0, tipCents: 315 })
    const onTop = { amountCents: 10_000, taxCents: 1_600, tipCents: 1_500 }
    expect(splitOutsideRefund(onTop, [{ amountCents: 5_000, taxCents: 800, tipCents: 0 }], 99_999)).toEqual({
      amountCents: 5_000,
      taxCents: 800,
      tipCents: 1_500,
    })
  })

  it('adds up to what Stripe gave back, never more of a part than is left of it', () => {
    const cents = fc.integer({ min: 0, max: 200_000 })
    fc.assert(
      fc.property(
        cents,
        cents,
        cents,
        cents,
        fc.integer({ min: 1, max: 500_000 }),
        (amount, tax, tip, earlier, refunded) => {
          const payment = { amountCents: amount, taxCents: tax, tipCents: tip }
          const before = [{ amountCents: Math.min(earlier, amount), taxCents: 0, tipCents: 0 }]
          const split = splitOutsideRefund(payment, before, refunded)
          const left = amount - before[0]!.amountCents + tax + tip
          expect(split.amountCents + split.taxCents + split.tipCents).toBe(Math.min(refunded, left))
          expect(split.amountCents).toBeGreaterThanOrEqual(0)
          expect(split.taxCents).toBeGreaterThanOrEqual(0)
          expect(split.tipCents).toBeGreaterThanOrEqual(0)
          expect(split.amountCents).toBeLessThanOrEqual(amount - before[0]!.amountCents)
          expect(split.taxCents).toBeLessThanOrEqual(tax)
          expect(split.tipCents).toBeLessThanOrEqual(tip)
        },
      ),
    )
  })
})
