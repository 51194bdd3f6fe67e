import { paidOnly } from './paid-sums'
import { describe, expect, it } from 'vitest'
import {
  parseItemsParam,
  paymentTypeOf,
  quote,
  readSelection,
  readTip,
  selectionParams,
  serviceQualityOf,
  whatChanged,
} from '~/domain/checkout'
import { planPayment } from '~/domain/bill'
import { paymentSummary } from '~/domain/tax'

const params = (query: string) => new URLSearchParams(query)

describe('the selection travels in the URL', () => {
  it('reads items as id:quantity, or plain ids, and drops junk', () => {
    expect(parseItemsParam('a:2,b,c:0,bad id:1,a:3')).toEqual([
      { itemId: 'a', quantity: 2 },
      { itemId: 'b', quantity: null },
      { itemId: 'c', quantity: null },
    ])
  })

  it('reads both parameter spellings and writes its own back', () => {
    expect(readSelection(params('split=true&partySize=2&tableSize=5'))).toEqual({
      mode: 'split',
      peoplePaying: 2,
      tableSize: 5,
    })
    expect(readSelection(params('split=true&partySize=9&tableSize=3'))).toEqual({
      mode: 'split',
      peoplePaying: 3,
      tableSize: 3,
    })
    expect(readSelection(params('amount=100&baseAmount=100&tipAmount=15'))).toEqual({ mode: 'full' })
    expect(readSelection(params(''))).toBeNull()
    const items = readSelection(params('items=a:2,b'))
    expect(items).toEqual({
      mode: 'items',
      items: [
        { itemId: 'a', quantity: 2 },
        { itemId: 'b', quantity: null },
      ],
    })
    expect(selectionParams(items!).toString()).toBe('items=a%3A2%2Cb')
    expect(paymentTypeOf(items!)).toBe('item')
    expect(paymentTypeOf({ mode: 'split', peoplePaying: 1, tableSize: 2 })).toBe('split')
    expect(paymentTypeOf({ mode: 'full' })).toBe('full')
  })
})

describe('quoting a selection against the bill now', () => {
  const lines = [
    { id: 'a', priceCents: 10000, quantity: 3, paidQuantity: 1 },
    { id: 'b', priceCents: 4500, quantity: 1, paidQuantity: 1 },
  ]
  it('prices items with the server’s rules and says when some were paid meanwhile', () => {
    expect(quote(lines, 6667, { mode: 'items', items: [{ itemId: 'a', quantity: 1 }] })).toEqual({
      base: 3334,
      lines: [{ itemId: 'a', units: 1, amount: 3334 }],
      changed: false,
      split: null,
    })
    expect(
      quote(lines, 6667, {
        mode: 'items',
        items: [
          { itemId: 'a', quantity: 5 },
          { itemId: 'b', quantity: 1 },
        ],
      }),
    ).toEqual({
      base: 6667,
      lines: [{ itemId: 'a', units: 2, amount: 6667 }],
      changed: true,
      split: null,
    })
  })

  it('prices a split share of what is left, and the full bill as all of it', () => {
    expect(quote(lines, 10000, { mode: 'split', peoplePaying: 1, tableSize: 3 }).base).toBe(3333)
    expect(quote(lines, 10000, { mode: 'split', peoplePaying: 3, tableSize: 3 }).base).toBe(10000)
    expect(quote(lines, 6667, { mode: 'full' }).base).toBe(6667)
  })
})

describe('the tip from the URL', () => {
  it('adds no tip unless one is chosen, takes a preset or a custom amount, and ignores a custom amount that is not a number', () => {
    expect(readTip(params(''), 64000)).toEqual({ tip: 0, percent: 0, noTipReason: null })
    expect(readTip(params('tipPercentage=20'), 64000)).toEqual({ tip: 12800, percent: 20, noTipReason: null })
    expect(readTip(params('tipPercentage=custom&tipAmount=50.5'), 64000)).toEqual({
      tip: 5050,
      percent: null,
      noTipReason: null,
    })
    expect(readTip(params('tipPercentage=custom&tipAmount=-3'), 64000)).toEqual({
      tip: 0,
      percent: null,
      noTipReason: null,
    })
    expect(readTip(params('tipAmount=abc'), 64000)).toEqual({ tip: 0, percent: 0, noTipReason: null })
  })

  it('keeps a no-tip reason only when there is no tip, as serviceQuality notip_…', () => {
    const none = readTip(params('tipPercentage=custom&tipAmount=0&noTipReason=service'), 1000)
    expect(serviceQualityOf(none)).toBe('notip_service')
    expect(serviceQualityOf(readTip(params('tipPercentage=10&noTipReason=service'), 1000))).toBe('good')
  })
})

describe('the payment summary', () => {
  it('layout A shows IVA apart; included tax adds nothing to the charge', () => {
    expect(
      paymentSummary(11600, 1000, { showTaxSeparately: true, taxIncludedInPrice: true, taxRateBps: 1600 }),
    ).toEqual({
      layout: 'separate',
      subtotal: 10000,
      tax: 1600,
      taxRatePercent: 16,
      tip: 1000,
      total: 12600,
      taxAdded: 0,
    })
  })

  it('layout B shows the consumption and says prices include tax; excluded tax is added', () => {
    expect(
      paymentSummary(10000, 0, { showTaxSeparately: false, taxIncludedInPrice: true, taxRateBps: 1600 }),
    ).toMatchObject({ layout: 'combined', consumption: 10000, total: 10000, pricesIncludeTax: true })
    expect(
      paymentSummary(10000, 500, { showTaxSeparately: false, taxIncludedInPrice: false, taxRateBps: 1600 }),
    ).toMatchObject({ consumption: 10000, tax: 1600, total: 12100, taxAdded: 1600 })
  })
})

describe('items chosen after equal shares', () => {
  it('cost at most what is left on the bill, and that is what the payment may pay', () => {
    // $60 + $40; half of it paid as an equal share, then Luis picks the $60 item: $50 is left, he pays $50.
    const lines = [
      { id: 'a', priceCents: 6000, quantity: 1, paidQuantity: 0 },
      { id: 'b', priceCents: 4000, quantity: 1, paidQuantity: 0 },
    ]
    const picked = quote(lines, 5000, { mode: 'items', items: [{ itemId: 'a', quantity: null }] })
    expect(picked.base).toBe(5000)
    expect(
      planPayment(
        lines,
        paidOnly(5000),
        { type: 'item', amountCents: picked.base, items: [{ itemId: 'a', quantity: null }] },
        [{ tableSize: 2, shares: 1 }],
      ),
    ).toMatchObject({
      ok: true,
      plan: { amountCents: 5000, closesBill: true },
    })
    expect(
      planPayment(
        lines,
        paidOnly(5000),
        { type: 'item', amountCents: 6000, items: [{ itemId: 'a', quantity: null }] },
        [],
      ),
    ).toMatchObject({ ok: false, code: 'BILL_CHANGED' })
  })
})

describe('what changed between showing a payment and paying it', () => {
  const now = (
    base: number,
    remaining: number,
    mode: 'full' | 'items' | 'split' = 'full',
    selectionChanged = false,
  ) => ({ base, remaining, mode, selectionChanged })

  it('names the change the diner can understand', () => {
    expect(whatChanged(16500, now(30250, 121000, 'split'))).toBe('ordered')
    expect(whatChanged(53667, now(40000, 40000))).toBe('paidMeanwhile')
    expect(whatChanged(13500, now(9000, 9000, 'items', true))).toBe('selectionPartlyTaken')
    expect(whatChanged(13500, now(0, 9000, 'items', true))).toBe('selectionTaken')
    expect(whatChanged(13500, now(0, 0, 'items', true))).toBe('billPaid')
    // Same amount, another charge: the restaurant's tax settings moved.
    expect(whatChanged(10000, now(10000, 10000))).toBe('updated')
    // Three diners shown $33.33 at once: the third now pays the last share, $33.34. Nobody ordered.
    expect(whatChanged(3333, { ...now(3334, 3334, 'split'), shares: 3 })).toBe('lastShare')
    expect(whatChanged(3333, { ...now(5000, 10000, 'split'), shares: 3 })).toBe('ordered')
    // Items whose price fell: equal shares paid part of the bill meanwhile.
    expect(whatChanged(6000, now(5000, 5000, 'items'))).toBe('paidMeanwhile')
  })
})
