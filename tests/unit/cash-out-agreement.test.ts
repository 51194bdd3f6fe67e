import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cashOut, type LedgerPayment, type LedgerRefund } from '~/domain/cash-out'
import { cashOutCsv } from '~/domain/cash-out-csv'
import { businessDay } from '~/domain/cash-out-period'
import { decimalPesos } from '~/domain/money'
import { resources } from '~/locales'
import { makeT } from '~/locales/translate'

const es = makeT('es', resources.es)
const period = businessDay('2026-11-22', 'America/Mexico_City')!

/**
 * A random night as it happened: payments by whom and how, some given back
 * in part, some voided whole as mis-taps. The expected figures are summed
 * here from these facts, not by the cash-out.
 */
const night = fc.array(
  fc.record({
    method: fc.constantFrom('card', 'apple', 'google', 'cash', 'terminal'),
    amountCents: fc.integer({ min: 1, max: 500_000 }),
    taxCents: fc.integer({ min: 0, max: 80_000 }),
    tipCents: fc.integer({ min: 0, max: 100_000 }),
    person: fc.constantFrom('Ana', 'Luis', 'Eva'),
    // Of the bill part and the tip given back, per mille of each; 0 when none.
    refund: fc.option(fc.record({ bill: fc.integer({ min: 0, max: 1000 }), tip: fc.integer({ min: 0, max: 1000 }) })),
    voided: fc.boolean(),
  }),
  { maxLength: 25 },
)

describe('every figure of a night agrees', () => {
  it('the summary, each method, each person, the tips, the cash and the CSV: with each other and with the payments and refunds made', () => {
    fc.assert(
      fc.property(night, (made) => {
        const payments: LedgerPayment[] = []
        const refunds: LedgerRefund[] = []
        const truth = { bill: 0, tip: 0, refundedBill: 0, refundedTip: 0, cash: 0, voided: 0 }
        const byPerson = new Map<string | null, { bill: number; tip: number }>()
        for (const each of made) {
          const staffed = each.method === 'cash' || each.method === 'terminal'
          const who = staffed ? each.person : null
          const payment = {
            method: each.method,
            amountCents: each.amountCents,
            taxCents: each.taxCents,
            tipCents: each.tipCents,
            recordedById: who,
            recordedBy: who,
          }
          payments.push(payment)
          if (staffed && each.voided) {
            refunds.push({ ...payment, kind: 'void' })
            truth.voided += each.amountCents + each.taxCents + each.tipCents
            continue
          }
          const person = byPerson.get(who) ?? { bill: 0, tip: 0 }
          byPerson.set(who, person)
          truth.bill += each.amountCents + each.taxCents
          truth.tip += each.tipCents
          person.bill += each.amountCents + each.taxCents
          person.tip += each.tipCents
          if (each.method === 'cash') truth.cash += each.amountCents + each.taxCents + each.tipCents
          if (!each.refund) continue
          const amountCents = Math.floor((each.amountCents * each.refund.bill) / 1000)
          const tipCents = Math.floor((each.tipCents * each.refund.tip) / 1000)
          if (amountCents + tipCents === 0) continue
          refunds.push({ ...payment, amountCents, taxCents: 0, tipCents, kind: 'refund' })
          truth.refundedBill += amountCents
          truth.refundedTip += tipCents
          person.bill -= amountCents
          person.tip -= tipCents
          if (each.method === 'cash') truth.cash -= amountCents + tipCents
        }
        const report = cashOut({ payments, refunds, adjustments: [], closedBills: [] })

        // The one language, from the facts.
        expect(report.summary.gross).toEqual({
          billCents: truth.bill,
          tipCents: truth.tip,
          totalCents: truth.bill + truth.tip,
        })
        expect(report.summary.refunds.billCents).toBe(truth.refundedBill)
        expect(report.summary.refunds.tipCents).toBe(truth.refundedTip)
        expect(report.summary.net.billCents).toBe(truth.bill - truth.refundedBill)
        expect(report.summary.net.tipCents).toBe(truth.tip - truth.refundedTip)
        expect(report.voidedPayments.amountCents).toBe(truth.voided)
        // Every other figure is one of them cut another way.
        const groups = (['mesa', 'cash', 'terminal'] as const).map((group) => report.payments[group])
        expect(groups.reduce((sum, takings) => sum + takings.billCents, 0)).toBe(report.summary.gross.billCents)
        expect(groups.reduce((sum, takings) => sum + takings.tipCents, 0)).toBe(report.summary.gross.tipCents)
        expect(report.byStaff.reduce((sum, row) => sum + row.billCents, 0)).toBe(report.summary.net.billCents)
        expect(report.byStaff.reduce((sum, row) => sum + row.tipCents, 0)).toBe(report.summary.net.tipCents)
        for (const row of report.byStaff)
          expect({ bill: row.billCents, tip: row.tipCents }).toEqual(byPerson.get(row.staffId))
        expect(Object.values(report.tipsByMethod).reduce((sum, cents) => sum + cents, 0)).toBe(
          report.summary.net.tipCents,
        )
        expect(report.netSalesCents).toBe(report.summary.net.billCents)
        expect(report.tipsCents).toBe(report.summary.net.tipCents)
        expect(report.expectedCashCents).toBe(truth.cash)

        // The CSV says the same figures.
        const rows = cashOutCsv(
          report,
          { restaurant: 'Fonda', period, timeZone: 'America/Mexico_City', drawers: [] },
          es,
        )
          .slice(1)
          .split('\r\n')
        const pesos = (cents: number) => decimalPesos(cents)
        expect(rows).toContain(
          `Resumen,Cobrado (antes de devoluciones),,${pesos(truth.bill)},${pesos(truth.tip)},${pesos(truth.bill + truth.tip)}`,
        )
        const net = report.summary.net
        expect(rows).toContain(
          `Resumen,Neto (lo que quedó),,${pesos(net.billCents)},${pesos(net.tipCents)},${pesos(net.totalCents)}`,
        )
        expect(rows).toContain(`Efectivo del periodo,Efectivo neto del periodo (sin fondo),,,,${pesos(truth.cash)}`)
        expect(rows).toContain(
          `Cuentas,Pagos anulados por error de captura,${report.voidedPayments.count},,,${pesos(truth.voided)}`,
        )
      }),
    )
  })
})
