import { describe, expect, it } from 'vitest'
import { billTotals, NOTHING_PAID } from '~/domain/bill'
import { billEvent, eventFor, parseLiveMessage, type BillNews } from '~/domain/live'

const TOTALS = billTotals([{ priceCents: 23_200 }], NOTHING_PAID)
const wire = (news: BillNews) => JSON.stringify(billEvent(news, 's1', { tableId: 't1', tableNumber: '7' }, TOTALS))

describe('a live message off the wire', () => {
  it('is taken when it carries what its kind says', () => {
    const call = parseLiveMessage(wire({ change: 'call', amountCents: null, ref: 'c1', reason: 'bill' }))
    expect(call).toMatchObject({ change: 'call', reason: 'bill', sessionId: 's1', tableNumber: '7' })
    expect(parseLiveMessage(wire({ change: 'closed', amountCents: null }))?.change).toBe('closed')
    expect(
      parseLiveMessage(
        wire({
          change: 'items',
          amountCents: 23_200,
          ref: 'o1',
          order: { id: 'o1', step: 'new', sentBy: null, sentById: null },
        }),
      )?.change,
    ).toBe('items')
  })

  it('is refused when its kind is unknown, a field its kind needs is missing or of another type, or it is not ours', () => {
    const valid = JSON.parse(wire({ change: 'rating', amountCents: null, ref: 'p1:1', stars: 2 })) as Record<
      string,
      unknown
    >
    for (const broken of [
      { ...valid, change: 'teleported' },
      { ...valid, stars: '2' },
      { ...valid, ref: undefined },
      { ...valid, sessionId: 7 },
      { ...valid, type: 'chat' },
      { ...valid, change: 'call', reason: null },
    ])
      expect(parseLiveMessage(JSON.stringify(broken)), JSON.stringify(broken)).toBeNull()
    for (const junk of ['pong', '', 'null', '[1]', 42, null]) expect(parseLiveMessage(junk)).toBeNull()
  })
})

describe('a live message on the kitchen’s feed', () => {
  it('is taken without its amount: the kitchen hears orders, never what they cost', () => {
    const order = billEvent(
      {
        change: 'items',
        amountCents: 23_200,
        ref: 'o1',
        order: { id: 'o1', step: 'new', sentBy: null, sentById: null },
      },
      's1',
      { tableId: 't1', tableNumber: '7' },
      TOTALS,
    )
    const heard = eventFor('kitchen', order)
    expect(heard?.amountCents).toBeNull()
    expect(parseLiveMessage(JSON.stringify(heard))).toMatchObject({ change: 'items', amountCents: null })
  })
})
