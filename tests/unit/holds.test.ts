import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyPlan,
  billTotals,
  cumulative,
  NOTHING_PAID,
  payingMore,
  lineAmountFor,
  lineById,
  planPayment,
  type PayableLine,
  type PaymentIntent,
  type PaymentPlan,
} from '~/domain/bill'
import { commitHold, holdFor, stillPayable, withHolds, type CommittedBill, type Hold } from '~/domain/holds'
import { quoteSplit } from '~/domain/split'

const line = (id: string, priceCents: number, quantity = 1): PayableLine => ({
  id,
  priceCents,
  quantity,
  paidQuantity: 0,
  paidBy: null,
})
const fresh = (lines: PayableLine[]): CommittedBill => ({ lines, paid: NOTHING_PAID, splitPaid: [] })

/** Holds what `intent` asks for, as the table's object does: planned against the bill with every standing hold counted as paid. */
function hold(
  bill: CommittedBill,
  standing: Hold[],
  intent: PaymentIntent,
  payer = 'Ana',
  id = crypto.randomUUID(),
): Hold | null {
  const seen = withHolds(bill, standing)
  const decision = planPayment(seen.lines, seen.paid, intent, seen.splitPaid)
  if (!decision.ok) return null
  const share =
    intent.type === 'split' && intent.splitCount !== null
      ? { tableSize: intent.splitCount, shares: intent.partySize }
      : null
  const made = holdFor(id, payer, seen, decision.plan, share)
  expect(made.units).toEqual(plainly.holdUnits(seen, decision.plan))
  return made
}

/**
 * The rules as first written, one pass over every line each: the rules
 * themselves now look lines up through an index and touch only the lines a
 * payment pays, and must answer exactly as these do.
 */
const plainly = {
  withHolds(bill: CommittedBill, holds: readonly Hold[]): CommittedBill {
    const held = new Map<string, number>()
    for (const each of holds)
      for (const unit of each.units) held.set(unit.itemId, (held.get(unit.itemId) ?? 0) + unit.quantity)
    return {
      lines: bill.lines.map((each) =>
        held.get(each.id) ? { ...each, paidQuantity: each.paidQuantity + held.get(each.id)! } : each,
      ),
      paid: payingMore(
        bill.paid,
        holds.reduce((sum, each) => sum + each.amountCents, 0),
      ),
      splitPaid: [...bill.splitPaid, ...holds.flatMap((each) => (each.share ? [each.share] : []))],
    }
  },
  applyPlan(lines: readonly PayableLine[], plan: PaymentPlan, payer: string): PayableLine[] {
    const updates = new Map(plan.lineUpdates.map((update) => [update.itemId, update.paidQuantity]))
    const named = (existing: string | null, name: string) =>
      !existing ? name : existing.split(', ').includes(name) ? existing : `${existing}, ${name}`
    const after = lines.map((each) => (plan.closesBill ? each.quantity : (updates.get(each.id) ?? each.paidQuantity)))
    // The payer is named on the units it marks paid when it paid what they cost, or on its items.
    const cost = lines.reduce(
      (sum, each, index) => sum + cumulative(each, after[index]!) - cumulative(each, each.paidQuantity),
      0,
    )
    return lines.map((each, index) => {
      if (after[index] === each.paidQuantity) return each
      const paidFor = cost === plan.amountCents || plan.paidLines.some((paid) => paid.itemId === each.id)
      return { ...each, paidQuantity: after[index]!, paidBy: paidFor ? named(each.paidBy, payer) : each.paidBy }
    })
  },
  holdUnits(seen: CommittedBill, plan: PaymentPlan): Hold['units'] {
    const after = plainly.applyPlan(seen.lines as PayableLine[], plan, 'x')
    return seen.lines.flatMap((each, index) => {
      const quantity = after[index]!.paidQuantity - each.paidQuantity
      return quantity > 0 ? [{ itemId: each.id, quantity }] : []
    })
  },
  stillPayable(bill: CommittedBill, others: readonly Hold[], hold: Hold): boolean {
    const seen = plainly.withHolds(bill, others)
    const free = hold.units.every((unit) => {
      const each = seen.lines.find((candidate) => candidate.id === unit.itemId)
      return each !== undefined && each.quantity - each.paidQuantity >= unit.quantity
    })
    return free && hold.amountCents <= billTotals(seen.lines, seen.paid).remaining
  },
}

describe('holds', () => {
  const tacos = line('tacos', 12000, 2)
  const agua = line('agua', 3500)

  it('keep the units they pay from a second diner, who can still pay the rest', () => {
    const bill = fresh([tacos, agua])
    const ana = hold(bill, [], { type: 'item', amountCents: 6000, items: [{ itemId: 'tacos', quantity: 1 }] })!
    expect(ana.units).toEqual([{ itemId: 'tacos', quantity: 1 }])
    // The last taco is free; both are not.
    expect(
      hold(bill, [ana], { type: 'item', amountCents: 12000, items: [{ itemId: 'tacos', quantity: 2 }] }, 'Luis'),
    ).toBeNull()
    expect(
      hold(bill, [ana], { type: 'item', amountCents: 6000, items: [{ itemId: 'tacos', quantity: 1 }] }, 'Luis'),
    ).not.toBeNull()
  })

  it('make the whole rest mean what nobody is paying, and it keeps every unit left', () => {
    const bill = fresh([tacos, agua])
    const ana = hold(bill, [], { type: 'item', amountCents: 3500, items: [{ itemId: 'agua', quantity: null }] })!
    expect(hold(bill, [ana], { type: 'full', amountCents: 15500 }, 'Luis')).toBeNull()
    const luis = hold(bill, [ana], { type: 'full', amountCents: 12000 }, 'Luis')!
    expect(luis.units).toEqual([{ itemId: 'tacos', quantity: 2 }])
    expect(billTotals(withHolds(bill, [ana, luis]).lines, withHolds(bill, [ana, luis]).paid).remaining).toBe(0)
  })

  it('price an equal share of what nobody is paying', () => {
    const bill = fresh([line('pizza', 30000)])
    const first = hold(bill, [], { type: 'split', amountCents: 10000, splitCount: 3, partySize: 1 })!
    const seen = withHolds(bill, [first])
    expect(quoteSplit(billTotals(seen.lines, seen.paid).remaining, 1, 3, seen.splitPaid).share).toBe(10000)
    expect(
      hold(bill, [first], { type: 'split', amountCents: 10000, splitCount: 3, partySize: 1 }, 'Luis'),
    ).not.toBeNull()
  })

  it('list the units they keep in the bill’s order, whatever order the diner chose them in', () => {
    const bill = fresh([line('a', 1000), line('b', 2000, 2), line('c', 3000)])
    const ana = hold(bill, [], {
      type: 'item',
      amountCents: 4000,
      items: [
        { itemId: 'c', quantity: null },
        { itemId: 'b', quantity: 1 },
      ],
    })!
    expect(ana.units).toEqual([
      { itemId: 'b', quantity: 1 },
      { itemId: 'c', quantity: 1 },
    ])
  })

  it('commit as the payment they were shown, whichever order they end in', () => {
    const bill = fresh([line('pan', 10000, 3)])
    const a = hold(bill, [], { type: 'item', amountCents: 3333, items: [{ itemId: 'pan', quantity: 1 }] }, 'Ana')!
    const b = hold(bill, [a], { type: 'item', amountCents: 3334, items: [{ itemId: 'pan', quantity: 1 }] }, 'Luis')!
    const afterB = commitHold(bill, [a], b)!
    expect(afterB.paid.paymentsCents).toBe(3334)
    expect(afterB.lines[0]).toMatchObject({ paidQuantity: 1, paidBy: 'Luis' })
    const afterA = commitHold(afterB, [], a)!
    expect(afterA.paid.paymentsCents).toBe(6667)
    expect(afterA.lines[0]).toMatchObject({ paidQuantity: 2, paidBy: 'Luis, Ana' })
  })

  it('released before their charge came back, commit only if nobody paid their units meanwhile', () => {
    const bill = fresh([tacos])
    const late = hold(bill, [], { type: 'item', amountCents: 12000, items: [{ itemId: 'tacos', quantity: null }] })!
    // Released: Luis takes one taco meanwhile.
    const luis = hold(bill, [], { type: 'item', amountCents: 6000, items: [{ itemId: 'tacos', quantity: 1 }] }, 'Luis')!
    expect(stillPayable(bill, [luis], late)).toBe(false)
    expect(commitHold(bill, [luis], late)).toBeNull()
    expect(commitHold(bill, [], late)?.paid.paymentsCents).toBe(12000)
  })

  it('mark every line paid when the payment leaves nothing to pay', () => {
    const bill = fresh([tacos, agua])
    const all = hold(bill, [], { type: 'full', amountCents: 15500 })!
    expect(commitHold(bill, [], all)?.lines.every((paid) => paid.paidQuantity === paid.quantity)).toBe(true)
  })

  it('never let any interleaving of holds, commits, releases and late charges pay more than the bill or a unit twice', () => {
    const lines = fc.array(
      fc.record({ priceCents: fc.integer({ min: 1, max: 50_000 }), quantity: fc.integer({ min: 1, max: 4 }) }),
      { minLength: 1, maxLength: 4 },
    )
    const step = fc.oneof(
      fc.record({ kind: fc.constant('items' as const), line: fc.nat(), units: fc.integer({ min: 1, max: 4 }) }),
      fc.record({
        kind: fc.constant('share' as const),
        tableSize: fc.integer({ min: 1, max: 5 }),
        people: fc.integer({ min: 1, max: 5 }),
      }),
      fc.record({ kind: fc.constant('full' as const) }),
      fc.record({ kind: fc.constantFrom('commit' as const, 'release' as const, 'late' as const), which: fc.nat() }),
    )
    fc.assert(
      fc.property(lines, fc.array(step, { maxLength: 40 }), (drawn, steps) => {
        let bill = fresh(drawn.map((each, index) => line(`l${index}`, each.priceCents, each.quantity)))
        const total = billTotals(bill.lines, NOTHING_PAID).total
        let standing: Hold[] = []
        const released: Hold[] = []
        const committed: Hold[] = []
        for (const action of steps) {
          const seen = withHolds(bill, standing)
          expect(seen).toEqual(plainly.withHolds(bill, standing))
          for (const late of released)
            expect(stillPayable(bill, standing, late)).toBe(plainly.stillPayable(bill, standing, late))
          const left = billTotals(seen.lines, seen.paid).remaining
          if (action.kind === 'items') {
            const target = seen.lines[action.line % seen.lines.length]!
            const units = Math.min(action.units, target.quantity - target.paidQuantity)
            if (units < 1) continue
            // What the screen shows for these units (see planPayment).
            const amount = Math.min(left, lineAmountFor(target, units))
            const made = hold(bill, standing, {
              type: 'item',
              amountCents: amount,
              items: [{ itemId: target.id, quantity: units }],
            })
            if (made) standing.push(made)
          } else if (action.kind === 'share') {
            if (left <= 0) continue
            const quote = quoteSplit(left, action.people, action.tableSize, seen.splitPaid)
            const made = hold(bill, standing, {
              type: 'split',
              amountCents: quote.share,
              splitCount: quote.tableSize,
              partySize: quote.peoplePaying,
            })
            if (made) standing.push(made)
          } else if (action.kind === 'full') {
            const made = left > 0 ? hold(bill, standing, { type: 'full', amountCents: left }) : null
            if (made) standing.push(made)
          } else if (action.kind === 'commit' && standing.length > 0) {
            const chosen = standing[action.which % standing.length]!
            standing = standing.filter((other) => other !== chosen)
            const after = commitHold(bill, standing, chosen)
            // A standing hold can always be paid: nobody else could take what it keeps.
            expect(after).not.toBeNull()
            const closes = bill.paid.paymentsCents + chosen.amountCents >= billTotals(bill.lines, NOTHING_PAID).total
            const plan = {
              amountCents: chosen.amountCents,
              lineUpdates: chosen.units.map((unit) => ({
                itemId: unit.itemId,
                paidQuantity: lineById(bill.lines, unit.itemId)!.paidQuantity + unit.quantity,
              })),
              paidLines: chosen.paidLines,
              closesBill: closes,
            }
            expect(after!.lines).toEqual(plainly.applyPlan(bill.lines as PayableLine[], plan, chosen.payer))
            bill = after!
            committed.push(chosen)
          } else if (action.kind === 'release' && standing.length > 0) {
            const chosen = standing[action.which % standing.length]!
            standing = standing.filter((other) => other !== chosen)
            released.push(chosen)
          } else if (action.kind === 'late' && released.length > 0) {
            const chosen = released.splice(action.which % released.length, 1)[0]!
            const after = commitHold(bill, standing, chosen)
            if (after) {
              bill = after
              committed.push(chosen)
            }
          }
          const now = withHolds(bill, standing)
          expect(now.paid.paymentsCents).toBeLessThanOrEqual(total)
          expect(bill.paid.paymentsCents).toBe(committed.reduce((sum, paid) => sum + paid.amountCents, 0))
          for (const each of now.lines) expect(each.paidQuantity).toBeLessThanOrEqual(each.quantity)
          for (const each of bill.lines) {
            const paidUnits = committed
              .flatMap((paid) => paid.units)
              .filter((unit) => unit.itemId === each.id)
              .reduce((sum, unit) => sum + unit.quantity, 0)
            // Every unit paid at most once; a payment that paid the rest marks the unpaid ones paid too.
            expect(paidUnits).toBeLessThanOrEqual(each.quantity)
          }
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('finding lines by id', () => {
  const lines = Array.from({ length: 50 }, (_, index) => line(`l${index}`, 100 + index))

  it('finds every line, and none that is not on the bill', () => {
    for (const each of lines) expect(lineById(lines, each.id)).toBe(each)
    expect(lineById(lines, 'nope')).toBeUndefined()
  })

  it('finds the lines of a bill after a payment: the new line where it was, the others as they were', () => {
    const after = applyPlan(
      lines,
      {
        amountCents: 110,
        lineUpdates: [{ itemId: 'l10', paidQuantity: 1 }],
        paidLines: [{ itemId: 'l10', quantity: 1, amountCents: 110 }],
        closesBill: false,
      },
      'Ana',
    )
    expect(lineById(after, 'l10')).toMatchObject({ paidQuantity: 1, paidBy: 'Ana' })
    expect(lineById(after, 'l11')).toBe(lines[11])
    expect(lineById(lines, 'l10')).toBe(lines[10])
  })

  it('still finds the right line in a list changed in place after it was first searched', () => {
    const changing = lines.slice()
    expect(lineById(changing, 'l3')).toBe(lines[3])
    changing.splice(0, 2)
    changing.push(line('late', 900))
    expect(lineById(changing, 'l3')).toBe(lines[3])
    expect(lineById(changing, 'late')).toMatchObject({ priceCents: 900 })
    expect(lineById(changing, 'l0')).toBeUndefined()
  })
})
