import { describe, expect, it } from 'vitest'
import { cashOut } from '~/domain/cash-out'
import { refundFiscalEffect } from '~/domain/fiscal'
import { PAYMENT_VOID_WINDOW_MS, voidableBy, voidRefusal } from '~/domain/refunds'

describe('a payment voided by who recorded it', () => {
  const payment = { recordedById: 'beto', paymentMethod: 'cash' as const, createdAt: 1_000_000 }
  const open = { open: true, givenBack: false }

  it('is theirs alone, for a cash or terminal payment, for 5 minutes, on an open bill, before anything went back', () => {
    expect(voidRefusal(payment, { userId: 'beto' }, payment.createdAt + PAYMENT_VOID_WINDOW_MS, open)).toBeNull()
    expect(voidRefusal(payment, { userId: 'ana' }, payment.createdAt, open)?.code).toBe('VOID_NOT_YOURS')
    expect(voidRefusal({ ...payment, recordedById: null }, { userId: null }, payment.createdAt, open)?.code).toBe(
      'VOID_NOT_YOURS',
    )
    expect(voidRefusal({ ...payment, paymentMethod: 'card' }, { userId: 'beto' }, payment.createdAt, open)?.code).toBe(
      'VOID_NOT_YOURS',
    )
    expect(voidRefusal(payment, { userId: 'beto' }, payment.createdAt + PAYMENT_VOID_WINDOW_MS + 1, open)?.code).toBe(
      'VOID_EXPIRED',
    )
    expect(voidRefusal(payment, { userId: 'beto' }, payment.createdAt, { open: false, givenBack: false })?.code).toBe(
      'VOID_EXPIRED',
    )
    expect(voidRefusal(payment, { userId: 'beto' }, payment.createdAt, { open: true, givenBack: true })?.code).toBe(
      'VOID_EXPIRED',
    )
  })

  it('lists the member’s own voidable payments with when each stops being so', () => {
    const listed = { id: 'p', recordedById: 'beto', method: 'terminal' as const, createdAt: 0, refundedCents: 0 }
    expect(voidableBy([listed, { ...listed, id: 'q', recordedById: 'ana' }], 'beto', 60_000)).toEqual({
      p: PAYMENT_VOID_WINDOW_MS,
    })
  })

  it('is out of the cash-out’s payments, tips, people and cash, and not a refund', () => {
    const taken = {
      method: 'terminal' as const,
      amountCents: 15_500,
      taxCents: 0,
      tipCents: 0,
      recordedById: 'beto',
      recordedBy: 'Beto',
    }
    const cash = { ...taken, method: 'cash' as const, tipCents: 2_000 }
    const report = cashOut({
      payments: [taken, cash],
      refunds: [{ ...taken, kind: 'void' }],
      adjustments: [],
      closedBills: [],
    })
    expect(report.payments.terminal).toEqual({ count: 0, billCents: 0, tipCents: 0 })
    expect(report.payments.total).toEqual({ count: 1, billCents: 15_500, tipCents: 2_000 })
    expect(report.refunds.total.count).toBe(0)
    expect(report.voidedPayments).toEqual({ count: 1, amountCents: 15_500 })
    expect(report.byStaff).toEqual([
      { staffId: 'beto', staff: 'Beto', payments: 1, tables: 0, billCents: 15_500, tipCents: 2_000 },
    ])
    expect(report.expectedCashCents).toBe(17_500)
    expect(report.netSalesCents).toBe(15_500)
  })
})

describe('what a refund changes on paper', () => {
  it('a nota de crédito when the diner’s factura is issued or asked for; otherwise the receipt made again', () => {
    expect(refundFiscalEffect({ factura: { status: 'issued', legalName: 'ACME' } })).toBe('egreso')
    expect(refundFiscalEffect({ factura: { status: 'pending', legalName: 'ACME' } })).toBe('egreso')
    expect(refundFiscalEffect({ factura: { status: 'rejected', legalName: 'ACME' } })).toBe('receipt')
    expect(refundFiscalEffect(null)).toBe('receipt')
  })
})
