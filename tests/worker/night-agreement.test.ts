import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DAY_MS } from '~/domain/analytics'
import { businessDay, businessDayOf } from '~/domain/cash-out-period'
import { decimalPesos, nearestCents } from '~/domain/money'
import { getPage, seedMember, seedOwner, seedTable } from './fixtures'
import { figure } from './html'

const MX = 'America/Mexico_City'
type Method = 'card' | 'apple' | 'google' | 'cash' | 'terminal'

/**
 * A random night as it happened, two days ago: payments on a few bills, by
 * whom and how, some given back in part, some voided whole as mis-taps.
 */
const night = fc.array(
  fc.record({
    bill: fc.integer({ min: 0, max: 3 }),
    method: fc.constantFrom<Method>('card', 'apple', 'google', 'cash', 'terminal'),
    amountCents: fc.integer({ min: 100, max: 200_000 }),
    taxCents: fc.integer({ min: 0, max: 30_000 }),
    tipCents: fc.integer({ min: 0, max: 40_000 }),
    refund: fc.option(fc.record({ bill: fc.integer({ min: 0, max: 1000 }), tip: fc.integer({ min: 0, max: 1000 }) })),
    voided: fc.boolean(),
  }),
  { minLength: 1, maxLength: 12 },
)

/** "$1,234.50" → 123450; "-$5.00" → -500. */
const cents = (text: string) => {
  const match = /(-?)\$([\d,]+)\.(\d\d)/.exec(text)
  if (!match) throw new Error(`no money in “${text}”`)
  return (match[1] ? -1 : 1) * (Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]))
}
const moneyCells = (text: string) => [...text.matchAll(/-?\$[\d,]+\.\d\d/g)].map(([money]) => cents(money))

describe('a night’s figures agree on every screen and in the export', () => {
  it('the cash-out page, its CSV and the analytics say the same gross, refunds, net, tips, cash and tables served as the payments and refunds made', async () => {
    await fc.assert(
      fc.asyncProperty(night, async (made) => {
        const restaurantId = await seedOwner()
        const table = await seedTable([], { owner: restaurantId })
        const { cookie } = await seedMember(restaurantId, 'owner')
        const day = businessDayOf(Date.now() - 2 * DAY_MS, MX)
        const at = (minute: number) => businessDay(day, MX)!.fromMs + 14 * 3_600_000 + minute * 60_000
        const statements: D1PreparedStatement[] = []
        const bills = [0, 1, 2, 3].map(() => crypto.randomUUID())
        for (const sessionId of bills)
          statements.push(
            env.DB.prepare('INSERT INTO table_sessions (id, table_id, opened_at) VALUES (?, ?, ?)').bind(
              sessionId,
              table.tableId,
              at(0),
            ),
          )
        // Summed here from the facts, not by the code under test.
        const truth = { bill: 0, tip: 0, refundedBill: 0, refundedTip: 0, cash: 0, voided: 0 }
        const served = new Set<number>()
        for (const [index, each] of made.entries()) {
          const staffed = each.method === 'cash' || each.method === 'terminal'
          const voided = staffed && each.voided
          const paymentId = crypto.randomUUID()
          const charged = each.amountCents + each.taxCents + each.tipCents
          statements.push(
            env.DB.prepare(
              `INSERT INTO payments (id, table_id, session_id, transaction_id, request_hash, amount_cents, tax_cents, tip_cents, payment_method, payment_type, recorded_by, recorded_by_id, created_at)
               VALUES (?, ?, ?, ?, 'h', ?, ?, ?, ?, 'split', ?, ?, ?)`,
            ).bind(
              paymentId,
              table.tableId,
              bills[each.bill],
              crypto.randomUUID(),
              each.amountCents,
              each.taxCents,
              each.tipCents,
              each.method,
              staffed ? 'Ana' : null,
              staffed ? 'user-ana' : null,
              at(1 + index),
            ),
          )
          const giveBack = (amountCents: number, taxCents: number, tipCents: number, kind: 'refund' | 'void') =>
            statements.push(
              env.DB.prepare(
                `INSERT INTO refunds (id, table_id, session_id, payment_id, method, amount_cents, tax_cents, tip_cents, units, reason, staff, kind, provider, created_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, '[]', 'x', 'Ana', ?, 'simulated', ?)`,
              ).bind(
                crypto.randomUUID(),
                table.tableId,
                bills[each.bill],
                paymentId,
                each.method,
                amountCents,
                taxCents,
                tipCents,
                kind,
                at(30 + index),
              ),
            )
          if (voided) {
            giveBack(each.amountCents, each.taxCents, each.tipCents, 'void')
            truth.voided += charged
            continue
          }
          served.add(each.bill)
          truth.bill += each.amountCents + each.taxCents
          truth.tip += each.tipCents
          if (each.method === 'cash') truth.cash += charged
          if (!each.refund) continue
          const amountCents = Math.floor((each.amountCents * each.refund.bill) / 1000)
          const tipCents = Math.floor((each.tipCents * each.refund.tip) / 1000)
          if (amountCents + tipCents === 0) continue
          giveBack(amountCents, 0, tipCents, 'refund')
          truth.refundedBill += amountCents
          truth.refundedTip += tipCents
          if (each.method === 'cash') truth.cash -= amountCents + tipCents
        }
        await env.DB.batch(statements)
        const net = { bill: truth.bill - truth.refundedBill, tip: truth.tip - truth.refundedTip }

        const page = await (await getPage(`/admin/cash-out?day=${day}`, cookie)).text()
        expect(moneyCells(figure(page, 'money-gross'))).toEqual([truth.bill, truth.tip, truth.bill + truth.tip])
        expect(moneyCells(figure(page, 'money-refunds'))).toEqual(
          // Money out reads negative; nothing reads $0.00.
          [truth.refundedBill, truth.refundedTip, truth.refundedBill + truth.refundedTip].map((each) => 0 - each || 0),
        )
        expect(moneyCells(figure(page, 'money-net'))).toEqual([net.bill, net.tip, net.bill + net.tip])
        expect(cents(figure(page, 'net-sales'))).toBe(net.bill)
        expect(cents(figure(page, 'tips'))).toBe(net.tip)
        expect(cents(figure(page, 'expected-cash'))).toBe(truth.cash)
        expect(cents(figure(page, 'voided-payments'))).toBe(truth.voided)
        expect(moneyCells(figure(page, 'payments-total'))).toEqual([truth.bill, truth.tip, truth.bill + truth.tip])

        const csv = (await (await getPage(`/admin/cash-out.csv?day=${day}`, cookie)).text()).split('\r\n')
        expect(csv).toContain(
          `Resumen,Cobrado (antes de devoluciones),,${decimalPesos(truth.bill)},${decimalPesos(truth.tip)},${decimalPesos(truth.bill + truth.tip)}`,
        )
        expect(csv).toContain(
          `Resumen,Neto (lo que quedó),,${decimalPesos(net.bill)},${decimalPesos(net.tip)},${decimalPesos(net.bill + net.tip)}`,
        )
        expect(csv).toContain(
          `Efectivo del periodo,Efectivo neto del periodo (sin fondo),,,,${decimalPesos(truth.cash)}`,
        )

        // The analytics: net sales, and the tables served (a bill whose every payment was voided served nobody).
        const analytics = await (await getPage('/admin/dashboard/analytics', cookie)).text()
        expect(cents(figure(analytics, 'stat-totalSales'))).toBe(net.bill)
        expect(figure(analytics, 'stat-tablesServed')).toMatch(new RegExp(`^Mesas atendidas ${served.size}\\b`))
        // The week's spreadsheet: by hour and by who took the payments, the same net bill part and tips.
        const week = (await (await getPage('/admin/dashboard/analytics.csv?days=7', cookie)).text()).split('\r\n')
        const section = (header: string) =>
          week.slice(week.indexOf(header) + 1, week.indexOf('', week.indexOf(header))).map((line) => line.split(','))
        const sum = (rows: string[][], column: number) =>
          rows.reduce((total, row) => total + nearestCents(Number(row[column])), 0)
        expect(sum(section('Ventas netas por hora,Ventas netas'), 1)).toBe(net.bill)
        const people = section('Persona,Cobros,Mesas,Ventas netas,Propinas,Ticket promedio')
        expect(sum(people, 3)).toBe(net.bill)
        expect(sum(people, 4)).toBe(net.tip)
        // The diners' own payments and Ana's cover the bills served between them.
        expect(Math.max(0, ...people.map((row) => Number(row[2])))).toBeLessThanOrEqual(served.size)
      }),
      { numRuns: 12 },
    )
  })
})
