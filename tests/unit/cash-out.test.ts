import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LEDGER_METHODS } from '~/domain/bill'
import {
  cashOut,
  groupOf,
  METHOD_GROUPS,
  type ClosedBill,
  type LedgerAdjustment,
  type LedgerPayment,
  type LedgerRefund,
} from '~/domain/cash-out'
import { cashOutCsv, cashOutFileName } from '~/domain/cash-out-csv'
import { csvText } from '~/domain/csv'
import { businessDay, businessDayOf, choosePeriod } from '~/domain/cash-out-period'
import { resources } from '~/locales'
import { makeT } from '~/locales/translate'

const MX = 'America/Mexico_City'
/** An instant on Mexico City's clock, six hours behind UTC. */
const mx = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour + 6, minute)

/** Who took a payment: a member (their id and name as it was then), a name typed before staff signed, or a diner (null). */
type Taker = { id: string; name: string } | string | null
const takenBy = (by: Taker) =>
  typeof by === 'string' || by === null
    ? { recordedById: null, recordedBy: by }
    : { recordedById: by.id, recordedBy: by.name }
const pay = (
  method: LedgerPayment['method'],
  amountCents: number,
  tipCents = 0,
  by: Taker = null,
  taxCents = 0,
): LedgerPayment => ({ method, amountCents, taxCents, tipCents, ...takenBy(by) })
const refund = (
  method: LedgerRefund['method'],
  amountCents: number,
  tipCents = 0,
  by: Taker = null,
  taxCents = 0,
): LedgerRefund => ({ method, amountCents, taxCents, tipCents, ...takenBy(by) })

/** A night at a fonda: diners paying through Mesa, Ana taking cash, Luis the terminal; a refund of each kind, a void, a comp and a table that left. */
const night = {
  payments: [
    pay('card', 50000, 7500, null, 8000),
    pay('apple', 20000, 3000),
    pay('google', 10000, 0),
    pay('cash', 30000, 4500, 'Ana'),
    pay('cash', 12000, 1000, 'Ana'),
    pay('terminal', 25000, 2500, 'Luis'),
  ],
  refunds: [refund('cash', 5000, 500, 'Ana'), refund('card', 10000, 1500, null, 1600)],
  adjustments: [
    { kind: 'void', amountCents: 4500 },
    { kind: 'void', amountCents: 3000 },
    { kind: 'comp', amountCents: 6000 },
  ] satisfies LedgerAdjustment[],
  closedBills: [
    { unpaidCents: 0, unpaidReason: null },
    { unpaidCents: 18000, unpaidReason: 'Se fueron sin pagar' },
    { unpaidCents: 2000, unpaidReason: '  ' },
    { unpaidCents: 7000, unpaidReason: 'Se fueron sin pagar' },
  ] satisfies ClosedBill[],
}

describe('payments that moved no money', () => {
  it('are counted apart, in no sale, tip, drawer or per-person figure; nor are their refunds', () => {
    const demo = { ...pay('card', 23200, 2000), movedMoney: false }
    const demoRefund = { ...refund('card', 3200, 0), movedMoney: false }
    const withDemo = cashOut({
      ...night,
      payments: [...night.payments, demo],
      refunds: [...night.refunds, demoRefund],
    })
    const without = cashOut(night)
    expect(withDemo.demo).toEqual({ count: 1, billCents: 20000, tipCents: 2000 })
    expect(without.demo).toEqual({ count: 0, billCents: 0, tipCents: 0 })
    const { demo: _demo, ...real } = withDemo
    const { demo: _none, ...realWithout } = without
    expect(real).toEqual(realWithout)
  })
})

describe('the cash-out of a night', () => {
  const report = cashOut(night)

  it('groups payments as Mesa (card, Apple Pay, Google Pay), cash and terminal, with the bill part (tax on top in it) and tips apart', () => {
    expect(report.payments.mesa).toEqual({ count: 3, billCents: 50000 + 8000 + 20000 + 10000, tipCents: 10500 })
    expect(report.payments.cash).toEqual({ count: 2, billCents: 42000, tipCents: 5500 })
    expect(report.payments.terminal).toEqual({ count: 1, billCents: 25000, tipCents: 2500 })
    expect(report.payments.total).toEqual({ count: 6, billCents: 155000, tipCents: 18500 })
    expect(METHOD_GROUPS).toEqual(['mesa', 'cash', 'terminal'])
    expect(LEDGER_METHODS.map(groupOf)).toEqual(['mesa', 'mesa', 'mesa', 'cash', 'terminal'])
  })

  it('expects in the drawer the cash taken, tips in, less the cash given back, tips in', () => {
    expect(report.cashInCents).toBe(30000 + 4500 + 12000 + 1000)
    expect(report.cashOutCents).toBe(5500)
    expect(report.expectedCashCents).toBe(47500 - 5500)
  })

  it('nets refunds out of sales and tips, per method and per person who took the payment', () => {
    expect(report.refunds.cash).toEqual({ count: 1, billCents: 5000, tipCents: 500 })
    expect(report.refunds.card).toEqual({ count: 1, billCents: 11600, tipCents: 1500 })
    expect(report.refunds.total).toEqual({ count: 2, billCents: 16600, tipCents: 2000 })
    expect(report.netSalesCents).toBe(155000 - 16600)
    expect(report.tipsByMethod).toEqual({ card: 6000, apple: 3000, google: 0, cash: 5000, terminal: 2500 })
    expect(report.tipsCents).toBe(16500)
    expect(report.byStaff).toEqual([
      { staffId: null, staff: null, payments: 3, tables: 0, billCents: 88000 - 11600, tipCents: 10500 - 1500 },
      { staffId: null, staff: 'Ana', payments: 2, tables: 0, billCents: 42000 - 5000, tipCents: 5000 },
      { staffId: null, staff: 'Luis', payments: 1, tables: 0, billCents: 25000, tipCents: 2500 },
    ])
  })

  it('counts the tables each person took a payment on, a voided payment leaving none', () => {
    const beto = { recordedById: 'beto', recordedBy: 'Beto', method: 'cash' as const, taxCents: 0, tipCents: 0 }
    const night = cashOut({
      payments: [
        { ...beto, amountCents: 10000, sessionId: 'mesa-1' },
        { ...beto, amountCents: 5000, sessionId: 'mesa-1' },
        { ...beto, amountCents: 8000, sessionId: 'mesa-2' },
        { ...beto, amountCents: 3000, sessionId: 'mesa-3' },
      ],
      refunds: [{ ...beto, amountCents: 3000, sessionId: 'mesa-3', kind: 'void' }],
      adjustments: [],
      closedBills: [],
    })
    expect(night.byStaff).toEqual([
      { staffId: 'beto', staff: 'Beto', payments: 3, tables: 2, billCents: 23000, tipCents: 0 },
    ])
  })

  it('counts a member by their id under the name of their latest payment, apart from a name typed before staff signed', () => {
    const ana = { id: 'user-ana', name: 'Ana' }
    const signed = cashOut({
      payments: [
        pay('cash', 10000, 1000, 'Ana'),
        pay('cash', 10000, 2000, ana),
        pay('terminal', 10000, 3000, { ...ana, name: 'Ana López' }),
        pay('cash', 10000, 500, { id: 'user-luis', name: 'Luis' }),
      ],
      refunds: [refund('cash', 1000, 200, ana)],
      adjustments: [],
      closedBills: [],
    })
    expect(signed.byStaff).toEqual([
      {
        staffId: 'user-ana',
        staff: 'Ana López',
        payments: 2,
        tables: 0,
        billCents: 20000 - 1000,
        tipCents: 2000 + 3000 - 200,
      },
      { staffId: null, staff: 'Ana', payments: 1, tables: 0, billCents: 10000, tipCents: 1000 },
      { staffId: 'user-luis', staff: 'Luis', payments: 1, tables: 0, billCents: 10000, tipCents: 500 },
    ])
  })

  it('counts voids, comps and closed bills, and what was left unpaid, per reason', () => {
    expect(report.voids).toEqual({ count: 2, amountCents: 7500 })
    expect(report.comps).toEqual({ count: 1, amountCents: 6000 })
    expect(report.billsClosed).toBe(4)
    expect(report.unpaid).toEqual({
      count: 3,
      amountCents: 27000,
      reasons: [
        { reason: 'Se fueron sin pagar', count: 2, amountCents: 25000 },
        { reason: null, count: 1, amountCents: 2000 },
      ],
    })
  })

  it('counts the period’s disputes: what the banks hold back while open, and what was lost; a won one is neither', () => {
    const { disputes } = cashOut({
      payments: [],
      refunds: [],
      adjustments: [],
      closedBills: [],
      disputes: [
        { amountCents: 12000, status: 'needs_response' },
        { amountCents: 3000, status: 'under_review' },
        { amountCents: 5000, status: 'lost' },
        { amountCents: 7000, status: 'won' },
      ],
    })
    expect(disputes).toEqual({ count: 4, openCents: 15000, lostCents: 5000 })
  })

  it('is all zeros for a day with nothing on the books', () => {
    const empty = cashOut({ payments: [], refunds: [], adjustments: [], closedBills: [] })
    expect(empty.payments.total).toEqual({ count: 0, billCents: 0, tipCents: 0 })
    expect(empty.byStaff).toEqual([])
    expect([
      empty.expectedCashCents,
      empty.netSalesCents,
      empty.tipsCents,
      empty.billsClosed,
      empty.unpaid.count,
    ]).toEqual([0, 0, 0, 0, 0])
  })
})

describe('the cash-out against its records', () => {
  const method = fc.constantFrom(...LEDGER_METHODS)
  const staff = fc.option(fc.constantFrom('Ana', 'Luis', 'Sofía'), { nil: null }).chain((name) =>
    fc.record({
      recordedBy: fc.constant(name),
      recordedById: name === null ? fc.constant(null) : fc.option(fc.constantFrom('user-1', 'user-2'), { nil: null }),
    }),
  )
  const cents = fc.integer({ min: 0, max: 5_000_000 })
  const payment = fc.record({
    method,
    amountCents: fc.integer({ min: 1, max: 5_000_000 }),
    taxCents: cents,
    tipCents: cents,
  })
  const taken = <Row extends object>(row: fc.Arbitrary<Row>) =>
    fc.tuple(row, staff).map(([sums, by]) => ({ ...sums, ...by }))
  const refunded = fc.record({ method, amountCents: cents, taxCents: cents, tipCents: cents })
  const adjustment = fc.record({ kind: fc.constantFrom('void' as const, 'comp' as const), amountCents: cents })
  const closed = fc.record({
    unpaidCents: fc.oneof(fc.constant(0), cents),
    unpaidReason: fc.option(fc.constantFrom('Se fueron', 'Invitación del dueño', ''), { nil: null }),
  })
  const records = fc.record({
    payments: fc.array(taken(payment), { maxLength: 40 }),
    refunds: fc.array(taken(refunded), { maxLength: 15 }),
    adjustments: fc.array(adjustment, { maxLength: 10 }),
    closedBills: fc.array(closed, { maxLength: 10 }),
  })
  const sum = <Row>(rows: Row[], of: (row: Row) => number) => rows.reduce((total, row) => total + of(row), 0)

  it('every total is the sum of the records it names, and the drawer holds cash in less cash out', () => {
    fc.assert(
      fc.property(records, (books) => {
        const report = cashOut(books)
        const { payments, refunds, adjustments, closedBills } = books
        const charged = (row: { amountCents: number; taxCents: number }) => row.amountCents + row.taxCents
        const whole = (row: { amountCents: number; taxCents: number; tipCents: number }) =>
          row.amountCents + row.taxCents + row.tipCents

        for (const group of METHOD_GROUPS) {
          const own = payments.filter((row) => groupOf(row.method) === group)
          expect(report.payments[group]).toEqual({
            count: own.length,
            billCents: sum(own, charged),
            tipCents: sum(own, (row) => row.tipCents),
          })
        }
        expect(report.payments.total).toEqual({
          count: payments.length,
          billCents: sum(payments, charged),
          tipCents: sum(payments, (row) => row.tipCents),
        })
        expect(sum([...METHOD_GROUPS], (group) => report.payments[group].billCents)).toBe(
          report.payments.total.billCents,
        )

        for (const key of LEDGER_METHODS) {
          const own = refunds.filter((row) => row.method === key)
          expect(report.refunds[key]).toEqual({
            count: own.length,
            billCents: sum(own, charged),
            tipCents: sum(own, (row) => row.tipCents),
          })
        }
        expect(report.refunds.total.count).toBe(refunds.length)
        expect(sum([...LEDGER_METHODS], (key) => report.refunds[key].billCents)).toBe(report.refunds.total.billCents)

        const cashIn = sum(
          payments.filter((row) => row.method === 'cash'),
          whole,
        )
        const cashOutCents = sum(
          refunds.filter((row) => row.method === 'cash'),
          whole,
        )
        expect(report.cashInCents).toBe(cashIn)
        expect(report.cashOutCents).toBe(cashOutCents)
        expect(report.expectedCashCents).toBe(cashIn - cashOutCents)

        expect(report.netSalesCents).toBe(sum(payments, charged) - sum(refunds, charged))
        const tips = sum(payments, (row) => row.tipCents) - sum(refunds, (row) => row.tipCents)
        expect(report.tipsCents).toBe(tips)
        expect(sum([...LEDGER_METHODS], (key) => report.tipsByMethod[key])).toBe(tips)
        expect(sum(report.byStaff, (row) => row.tipCents)).toBe(tips)
        expect(sum(report.byStaff, (row) => row.billCents)).toBe(report.netSalesCents)
        expect(sum(report.byStaff, (row) => row.payments)).toBe(payments.length)
        // One row per member, however their name was spelt.
        const members = report.byStaff.flatMap((row) => (row.staffId ? [row.staffId] : []))
        expect(new Set(members).size).toBe(members.length)

        for (const kind of ['void', 'comp'] as const) {
          const own = adjustments.filter((row) => row.kind === kind)
          expect(report[kind === 'void' ? 'voids' : 'comps']).toEqual({
            count: own.length,
            amountCents: sum(own, (row) => row.amountCents),
          })
        }

        const unpaid = closedBills.filter((bill) => bill.unpaidCents > 0)
        expect(report.billsClosed).toBe(closedBills.length)
        expect(report.unpaid.count).toBe(unpaid.length)
        expect(report.unpaid.amountCents).toBe(sum(unpaid, (bill) => bill.unpaidCents))
        expect(sum(report.unpaid.reasons, (row) => row.amountCents)).toBe(report.unpaid.amountCents)
        expect(sum(report.unpaid.reasons, (row) => row.count)).toBe(unpaid.length)
      }),
    )
  })
})

describe('the period of a cash-out', () => {
  it('puts a night’s sales after midnight on the business day that began the evening', () => {
    // 23:30 on the 22nd in Mexico City is 05:30 UTC on the 23rd.
    expect(businessDayOf(Date.UTC(2026, 10, 23, 5, 30), MX)).toBe('2026-11-22')
    // 02:00 on the 23rd is still the 22nd's service; 05:00 starts the 23rd's.
    expect(businessDayOf(Date.UTC(2026, 10, 23, 8, 0), MX)).toBe('2026-11-22')
    expect(businessDayOf(Date.UTC(2026, 10, 23, 10, 59), MX)).toBe('2026-11-22')
    expect(businessDayOf(Date.UTC(2026, 10, 23, 11, 0), MX)).toBe('2026-11-23')
  })

  it('runs a business day from 5:00 to 5:00 the next morning on the restaurant’s clock', () => {
    expect(businessDay('2026-11-22', MX)).toEqual({
      kind: 'day',
      day: '2026-11-22',
      from: '2026-11-22T05:00',
      to: '2026-11-23T05:00',
      fromMs: Date.UTC(2026, 10, 22, 11),
      toMs: Date.UTC(2026, 10, 23, 11),
    })
    // The night Tijuana's clocks fall back is 25 hours long.
    const long = businessDay('2025-11-01', 'America/Tijuana')!
    expect(long.toMs - long.fromMs).toBe(25 * 3_600_000)
  })

  it('defaults to the business day it is now, and takes a day or a shift from the query', () => {
    const now = Date.UTC(2026, 10, 23, 7) // 1:00 on the 23rd in Mexico City
    expect(choosePeriod({}, MX, now)).toMatchObject({ ok: true, period: { kind: 'day', day: '2026-11-22' } })
    expect(choosePeriod({ day: '2026-11-20' }, MX, now)).toMatchObject({
      ok: true,
      period: { kind: 'day', day: '2026-11-20', fromMs: Date.UTC(2026, 10, 20, 11) },
    })
    expect(choosePeriod({ from: '2026-11-22T18:00', to: '2026-11-23T02:00' }, MX, now)).toEqual({
      ok: true,
      period: {
        kind: 'shift',
        day: '2026-11-22',
        from: '2026-11-22T18:00',
        to: '2026-11-23T02:00',
        fromMs: Date.UTC(2026, 10, 23, 0),
        toMs: Date.UTC(2026, 10, 23, 8),
      },
    })
  })

  it('says what is wrong with a period it cannot read, field by field', () => {
    const now = Date.now()
    expect(choosePeriod({ day: 'mañana' }, MX, now)).toEqual({
      ok: false,
      errors: { day: ['admin.cashOut.errors.day'] },
      query: { day: 'mañana' },
    })
    expect(choosePeriod({ day: '' }, MX, now)).toMatchObject({
      ok: false,
      errors: { day: ['admin.cashOut.errors.day'] },
    })
    expect(choosePeriod({ from: '2026-11-22T18:00' }, MX, now)).toMatchObject({
      ok: false,
      errors: { to: ['admin.cashOut.errors.shiftBoth'] },
    })
    expect(choosePeriod({ from: '2026-02-30T18:00', to: 'x' }, MX, now)).toMatchObject({
      ok: false,
      errors: { from: ['admin.cashOut.errors.dateTime'], to: ['admin.cashOut.errors.dateTime'] },
    })
    expect(choosePeriod({ from: '2026-11-23T02:00', to: '2026-11-22T18:00' }, MX, now)).toMatchObject({
      ok: false,
      errors: { to: ['admin.cashOut.errors.order'] },
    })
    expect(choosePeriod({ from: '2026-11-22T18:00', to: '2026-11-22T18:00' }, MX, now)).toMatchObject({
      ok: false,
      errors: { to: ['admin.cashOut.errors.order'] },
    })
    expect(choosePeriod({ from: '2026-10-01T05:00', to: '2026-11-22T05:00' }, MX, now)).toMatchObject({
      ok: false,
      errors: { to: ['admin.cashOut.errors.tooLong'] },
    })
  })
})

describe('the cash-out as CSV', () => {
  const es = makeT('es', resources.es)
  const en = makeT('en', resources.en)
  const period = businessDay('2026-11-22', MX)!

  it('guards text that reads as a formula', () => {
    expect(csvText('Muñoz, Ana')).toBe('"Muñoz, Ana"')
    expect(csvText('Dijo "no"')).toBe('"Dijo ""no"""')
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvText('-5 por queja')).toBe("'-5 por queja")
    expect(csvText('Cortesías')).toBe('Cortesías')
  })

  it('starts with a byte order mark, says whose and which period, and has one row per figure', () => {
    const disputes = [
      { amountCents: 12000, status: 'needs_response' },
      { amountCents: 5000, status: 'lost' },
    ]
    // A session counted at 22:51 ($5.00 short) and the one it opened, still uncounted.
    const session = {
      id: 'a',
      registerId: null,
      opened: true,
      openedAt: mx(22, 17),
      coversFrom: mx(22, 17),
      closedAt: mx(22, 22, 51),
      floatCents: 50000,
      floatBy: 'Ana',
      floatAt: mx(22, 17),
      cashInCents: 27000,
      cashOutCents: 0,
      expectedCents: 77000,
      counts: [{ countedCents: 76500, counts: null, by: 'Ana', at: mx(22, 22, 51), note: null }],
      differenceCents: -500,
    }
    const open = {
      ...session,
      id: 'b',
      openedAt: mx(22, 22, 51),
      coversFrom: mx(22, 22, 51),
      closedAt: null,
      cashInCents: 6500,
      expectedCents: 56500,
      counts: [],
      differenceCents: null,
    }
    const csv = cashOutCsv(
      cashOut({ ...night, disputes }),
      { restaurant: 'Fonda Doña Lupe', period, timeZone: MX, drawers: [session, open] },
      es,
    )
    expect(
      csv.startsWith(
        '\uFEFFRestaurante,Fonda Doña Lupe\r\nDesde,2026-11-22 05:00\r\nHasta,2026-11-23 05:00\r\nZona horaria,America/Mexico_City\r\n\r\n',
      ),
    ).toBe(true)
    const lines = csv.slice(1).split('\r\n')
    for (const line of [
      'Sección,Concepto,Cantidad,Consumo,Propinas,Importe',
      'Cobros,"Mesa (Tarjeta, Apple Pay y Google Pay)",3,880.00,105.00,985.00',
      'Cobros,Efectivo,2,420.00,55.00,475.00',
      'Cobros,Terminal,1,250.00,25.00,275.00',
      'Cobros,Total,6,1550.00,185.00,1735.00',
      'Devoluciones,Tarjeta,1,116.00,15.00,131.00',
      'Devoluciones,Efectivo,1,50.00,5.00,55.00',
      'Devoluciones,Total devuelto,2,166.00,20.00,186.00',
      'Propinas por forma de pago,Tarjeta,,,60.00,60.00',
      'Cobros y propinas por persona,Mesa (comensales),3,764.00,90.00,854.00',
      'Cobros y propinas por persona,Ana,2,370.00,50.00,420.00',
      'Cancelaciones y cortesías,Cancelaciones,2,,,75.00',
      'Cancelaciones y cortesías,Cortesías,1,,,60.00',
      'Cuentas,Cuentas cerradas,4,,,',
      'Cuentas,Cerradas con saldo pendiente,3,,,270.00',
      'Cuentas,Contracargos abiertos,2,,,120.00',
      'Cuentas,Contracargos perdidos,,,,50.00',
      'Saldo pendiente por motivo,Se fueron sin pagar,2,,,250.00',
      'Saldo pendiente por motivo,Sin motivo,1,,,20.00',
      'Efectivo del periodo,Cobrado en efectivo,,,,475.00',
      'Efectivo del periodo,Devuelto en efectivo,,,,55.00',
      'Efectivo del periodo,Efectivo neto del periodo (sin fondo),,,,420.00',
      'Sesiones de caja,2026-11-22 17:00 – 2026-11-22 22:51 · Fondo de caja,,,,500.00',
      'Sesiones de caja,2026-11-22 17:00 – 2026-11-22 22:51 · Debe haber en caja,,,,770.00',
      'Sesiones de caja,2026-11-22 17:00 – 2026-11-22 22:51 · Contado,,,,765.00',
      'Sesiones de caja,2026-11-22 17:00 – 2026-11-22 22:51 · Diferencia,,,,-5.00',
      'Sesiones de caja,2026-11-22 22:51 – abierta · Debe haber en caja,,,,565.00',
      'Resumen,Ventas netas,,,,1384.00',
      'Resumen,Propinas,,,165.00,165.00',
    ]) {
      expect(lines, line).toContain(line)
    }
    expect(csv.endsWith('\r\n')).toBe(true)
  })

  it('speaks the owner’s language and names the file after the period', () => {
    const csv = cashOutCsv(cashOut(night), { restaurant: 'Fonda', period, timeZone: MX, drawers: [] }, en)
    expect(csv).toContain('\r\nPayments,Cash,2,420.00,55.00,475.00\r\n')
    expect(csv).toContain('\r\nPayments and tips by person,Mesa (diners),3,764.00,90.00,854.00\r\n')
    expect(cashOutFileName(period, es)).toBe('corte-de-caja-2026-11-22.csv')
    expect(cashOutFileName({ ...period, kind: 'shift', from: '2026-11-22T18:00', to: '2026-11-23T02:00' }, en)).toBe(
      'cash-out-2026-11-22T18-00_2026-11-23T02-00.csv',
    )
  })
})
