import { describe, expect, it } from 'vitest'
import { chargeDescription, folioText, paymentReference, receiptFigures, type ReceiptPayment } from '~/domain/receipt'

const payment = (change: Partial<ReceiptPayment> = {}): ReceiptPayment => ({
  amountCents: 11_600,
  taxCents: 0,
  tipCents: 1_500,
  taxRateBps: 1600,
  paid: { kind: 'items' },
  method: 'card',
  lines: [{ name: 'Tacos al pastor', quantity: 2, amountCents: 11_600 }],
  cashReceivedCents: null,
  ...change,
})

describe('a receipt’s figures', () => {
  it('items with IVA in the prices: the IVA is broken out of the consumption, the tip apart', () => {
    expect(receiptFigures(payment(), [], 1600)).toMatchObject({
      paid: { kind: 'items', lines: [{ name: 'Tacos al pastor', quantity: 2, amountCents: 11_600 }] },
      subtotalCents: 10_000,
      ivaCents: 1_600,
      ivaRatePercent: 16,
      ivaIncluded: true,
      consumptionCents: 11_600,
      tipCents: 1_500,
      totalCents: 13_100,
      cash: null,
      refundedCents: 0,
      keptCents: 13_100,
    })
  })

  it('IVA on top: the subtotal is the bill part and the IVA what was charged on it', () => {
    const figures = receiptFigures(payment({ amountCents: 10_000, taxCents: 1_600, tipCents: 0 }), [], 1600)
    expect(figures).toMatchObject({ subtotalCents: 10_000, ivaCents: 1_600, ivaIncluded: false, totalCents: 11_600 })
  })

  it('a whole bill lists its lines; a share, the rest or an amount say what they were', () => {
    expect(receiptFigures(payment({ paid: { kind: 'whole' } }), [], 1600).paid).toEqual({
      kind: 'whole',
      lines: [{ name: 'Tacos al pastor', quantity: 2, amountCents: 11_600 }],
    })
    const share = { kind: 'share', first: 3, last: 4, of: 4, ofRest: false } as const
    expect(receiptFigures(payment({ paid: share, lines: [] }), [], 1600).paid).toEqual(share)
    expect(receiptFigures(payment({ paid: { kind: 'rest' }, lines: [] }), [], 1600).paid).toEqual({ kind: 'rest' })
  })

  it('cash with change: what was handed over and the change', () => {
    const figures = receiptFigures(payment({ method: 'cash', cashReceivedCents: 20_000 }), [], 1600)
    expect(figures.cash).toEqual({ receivedCents: 20_000, changeCents: 6_900 })
    expect(receiptFigures(payment({ method: 'cash', cashReceivedCents: 13_100 }), [], 1600).cash).toBeNull()
  })

  it('a partial refund shows with what the payment kept', () => {
    const refund = { amountCents: 5_800, taxCents: 0, tipCents: 500, createdAt: 1 }
    expect(receiptFigures(payment(), [refund], 1600)).toMatchObject({ refundedCents: 6_300, keptCents: 6_800 })
  })

  it('a payment from before the rate was kept uses the restaurant’s; a rate of 0 has no IVA', () => {
    expect(receiptFigures(payment({ taxRateBps: null }), [], 800)).toMatchObject({ ivaRatePercent: 8, ivaCents: 859 })
    expect(receiptFigures(payment({ taxRateBps: 0 }), [], 1600)).toMatchObject({ ivaCents: 0, subtotalCents: 11_600 })
  })

  it('prints the folio with six digits at least', () => {
    expect(folioText(42)).toBe('A-000042')
    expect(folioText(1_234_567)).toBe('A-1234567')
  })
})

describe('a payment’s reference', () => {
  it('is its transaction id: Mesa’s own by its first eight characters in capitals, an integration’s whole', () => {
    expect(paymentReference('mesa_14b0be9c-545c-44c9-9068-9b9aee2f02e3')).toBe('14B0BE9C')
    expect(paymentReference('staff_c9de78f2-360e-48fc-9ae1-e5a7c345a1dc')).toBe('C9DE78F2')
    expect(paymentReference('pos-ticket-4471')).toBe('pos-ticket-4471')
  })

  it('is what the card charge’s description at Stripe carries, after the table', () => {
    expect(chargeDescription('7', 'mesa_14b0be9c-545c-44c9-9068-9b9aee2f02e3')).toBe('Mesa 7 · Ref. 14B0BE9C')
    expect(chargeDescription('', 'mesa_14b0be9c-545c-44c9-9068-9b9aee2f02e3')).toBe('Ref. 14B0BE9C')
  })
})
