import { describe, expect, it } from 'vitest'
import { paidWhat, paidWhatLabel, paidWhatOfBill, whoPaidUnits, type PaymentShape } from '~/domain/payment-words'
import { resources } from '~/locales'
import { makeT } from '~/locales/translate'

const full: PaymentShape = { paymentType: 'full', splitCount: null, splitShares: null }
const items: PaymentShape = { paymentType: 'item', splitCount: null, splitShares: null }
const amount: PaymentShape = { paymentType: 'split', splitCount: null, splitShares: null }
const share = (of: number, shares = 1): PaymentShape => ({ paymentType: 'split', splitCount: of, splitShares: shares })
const es = makeT('es', resources.es)
const en = makeT('en', resources.en)

describe('what a payment paid, named by what happened', () => {
  it('the whole bill only when it was the first payment; after others, the rest', () => {
    expect(paidWhat(full, [])).toEqual({ kind: 'whole' })
    expect(paidWhatOfBill([share(2), full]).map((paid) => paidWhatLabel(paid, es))).toEqual([
      'Parte igual 1 de 2 de la cuenta',
      'El resto',
    ])
    expect(paidWhatOfBill([items, full]).map((paid) => paidWhatLabel(paid, en))).toEqual(['Their items', 'The rest'])
  })

  it('numbers equal shares in the order they were paid, several at once as a range; a new split numbers again; a share is of the bill until money was paid otherwise', () => {
    // Items paid first: the split that follows is of what was left.
    expect(paidWhatLabel(paidWhat(share(2), [items]), es)).toBe('Parte igual 1 de 2 de lo que faltaba')
    expect(paidWhatOfBill([share(2), share(2)]).map((paid) => paidWhatLabel(paid, es))).toEqual([
      'Parte igual 1 de 2 de la cuenta',
      'Parte igual 2 de 2 de la cuenta',
    ])
    expect(paidWhatOfBill([share(4), share(4, 2), amount, share(4), share(3)])).toEqual([
      { kind: 'share', first: 1, last: 1, of: 4, ofRest: false },
      { kind: 'share', first: 2, last: 3, of: 4, ofRest: false },
      { kind: 'amount' },
      { kind: 'share', first: 4, last: 4, of: 4, ofRest: true },
      { kind: 'share', first: 1, last: 1, of: 3, ofRest: true },
    ])
    expect(paidWhatLabel({ kind: 'share', first: 2, last: 3, of: 4, ofRest: true }, es)).toBe(
      'Partes iguales 2 a 3 de 4 de lo que faltaba',
    )
    expect(paidWhatLabel({ kind: 'share', first: 2, last: 3, of: 4, ofRest: false }, en)).toBe(
      'Equal shares 2 to 3 of 4 of the bill',
    )
    expect(paidWhatLabel({ kind: 'amount' }, es)).toBe('Un importe')
    expect(paidWhatLabel({ kind: 'items' }, es)).toBe('Sus artículos')
    expect(paidWhatLabel({ kind: 'whole' }, es)).toBe('Cuenta completa')
  })
})

describe('who paid which units of a line', () => {
  const ana = { payer: 'Ana', paidLines: [{ itemId: 'tacos', quantity: 2 }] }
  const luis = {
    payer: 'Luis',
    paidLines: [
      { itemId: 'tacos', quantity: 1 },
      { itemId: 'agua', quantity: 1 },
    ],
  }

  it('names each payer of its items with their units', () => {
    expect(whoPaidUnits({ id: 'tacos', paidQuantity: 3, paidBy: 'Ana, Luis' }, [ana, luis])).toEqual([
      { payer: 'Ana', units: 2 },
      { payer: 'Luis', units: 1 },
    ])
  })

  it('units the rest paid go to its payer; units equal shares settled go to nobody', () => {
    expect(whoPaidUnits({ id: 'tacos', paidQuantity: 4, paidBy: 'Ana, Eva' }, [ana])).toEqual([
      { payer: 'Ana', units: 2 },
      { payer: 'Eva', units: 2 },
    ])
    expect(whoPaidUnits({ id: 'tacos', paidQuantity: 4, paidBy: 'Ana' }, [ana])).toEqual([
      { payer: 'Ana', units: 2 },
      { payer: null, units: 2 },
    ])
    expect(whoPaidUnits({ id: 'flan', paidQuantity: 1, paidBy: null }, [ana, luis])).toEqual([
      { payer: null, units: 1 },
    ])
  })
})
