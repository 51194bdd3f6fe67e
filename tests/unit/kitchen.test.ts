import { describe, expect, it } from 'vitest'
import {
  allDayCounts,
  boardStep,
  minutesSince,
  moveTicket,
  nextStep,
  ticketMinutes,
  unitsToMake,
  type TicketStep,
} from '~/domain/kitchen'
import { eventFor, billEvent } from '~/domain/live'
import { billTotals, NOTHING_PAID } from '~/domain/bill'
import { ticketMoveSchema, ticketRequestSchema } from '~/domain/schemas/kitchen'

const ana = { userId: 'u1', name: 'Ana' }

describe('a kitchen ticket’s steps', () => {
  it('moves on, skipping steps if asked, and records who and when', () => {
    expect(moveTicket('new', { to: 'ready' }, ana, 5)).toEqual({
      ok: true,
      changed: true,
      step: 'ready',
      move: { step: 'ready', at: 5, by: 'Ana', byId: 'u1', undo: false },
    })
    expect(nextStep('new')).toBe('preparing')
    expect(nextStep('served')).toBeNull()
  })

  it('a tap for the step it is at changes nothing; one that would go back is refused', () => {
    expect(moveTicket('preparing', { to: 'preparing' }, ana, 5)).toEqual({
      ok: true,
      changed: false,
      step: 'preparing',
    })
    for (const to of ['new', 'preparing', 'ready'] as TicketStep[])
      expect(moveTicket('served', { to }, ana, 5)).toMatchObject({ ok: false, code: 'TICKET_BACKWARDS' })
  })

  it('an undo goes back one step from the step it names, and only from there', () => {
    expect(moveTicket('served', { undoFrom: 'served' }, ana, 9)).toMatchObject({
      changed: true,
      step: 'ready',
      move: { undo: true },
    })
    // The same undo tapped again finds the ticket already moved back.
    expect(moveTicket('ready', { undoFrom: 'served' }, ana, 9)).toEqual({ ok: true, changed: false, step: 'ready' })
    expect(moveTicket('new', { undoFrom: 'new' }, ana, 9)).toEqual({ ok: true, changed: false, step: 'new' })
  })

  it('a line’s units to make are those ordered less those voided since, never below zero', () => {
    expect(unitsToMake({ quantity: 3, voided: 1 })).toBe(2)
    expect(unitsToMake({ quantity: 2, voided: 2 })).toBe(0)
    expect(unitsToMake({ quantity: 1, voided: 0 })).toBe(1)
  })

  it('counts whole minutes waited, never below zero', () => {
    expect(minutesSince(0, 59_999)).toBe(0)
    expect(minutesSince(0, 600_000)).toBe(10)
    expect(minutesSince(10_000, 0)).toBe(0)
  })
})

describe('the board in a rush', () => {
  const line = (name: string, quantity: number, voided = 0) => ({ name, quantity, voided })

  it('counts all day what is still to make, options aside, voids left out, most first', () => {
    expect(
      allDayCounts([
        { step: 'new', lines: [line('Tacos al pastor', 3), line('Agua de jamaica', 2, 1)] },
        { step: 'preparing', lines: [line('Tacos al pastor', 2), line('Flan', 2, 2)] },
        { step: 'ready', lines: [line('Tacos al pastor', 9)] },
        { step: 'served', lines: [line('Agua de jamaica', 9)] },
        { step: 'new', lines: [line('Agua de jamaica', 1), line('Enchiladas', 1)] },
      ]),
    ).toEqual([
      { name: 'Tacos al pastor', units: 5 },
      { name: 'Agua de jamaica', units: 2 },
      { name: 'Enchiladas', units: 1 },
    ])
  })

  it('stops counting a ticket’s minutes once it is served: it shows how long it took', () => {
    const at = Date.UTC(2026, 10, 30, 20, 0)
    const ticket = { createdAt: at, stepAt: at + 12 * 60_000 }
    expect(ticketMinutes({ ...ticket, step: 'ready' }, at + 40 * 60_000)).toBe(40)
    expect(ticketMinutes({ ...ticket, step: 'served' }, at + 40 * 60_000)).toBe(12)
  })

  it('shows the open tickets unless a step is asked for', () => {
    expect(boardStep('served')).toBe('served')
    expect(boardStep(null)).toBeNull()
    expect(boardStep('cooking')).toBeNull()
  })
})

describe('a ticket tap as sent', () => {
  it('is a move on or an undo, never both, never an unknown step', () => {
    expect(ticketRequestSchema.parse({ to: 'ready' })).toEqual({ to: 'ready' })
    expect(ticketRequestSchema.parse({ undoFrom: 'ready' })).toEqual({ undoFrom: 'ready' })
    expect(ticketRequestSchema.safeParse({ to: 'ready', undoFrom: 'served' }).success).toBe(false)
    expect(ticketRequestSchema.safeParse({ to: 'burnt' }).success).toBe(false)
    expect(ticketRequestSchema.safeParse({}).success).toBe(false)
    expect(ticketMoveSchema.parse({ ticketId: 'order_1', to: 'served' })).toEqual({
      ticketId: 'order_1',
      request: { to: 'served' },
    })
    expect(ticketMoveSchema.safeParse({ ticketId: 'order_1', to: 'ready', undoFrom: 'served' }).success).toBe(false)
  })
})

describe('the kitchen’s live feed', () => {
  const order = { id: 'o1', step: 'new' as const, sentBy: null, sentById: null }
  const news = {
    items: { change: 'items', amountCents: 12_000, ref: 'o1', order },
    ticket: { change: 'ticket', amountCents: null, ref: 'o1@1', order },
    payment: { change: 'payment', amountCents: 12_000, ref: 'p1' },
    closed: { change: 'closed', amountCents: null },
    refunded: { change: 'refunded', amountCents: 12_000 },
    hold: { change: 'hold', amountCents: 12_000 },
  } as const
  const event = (change: keyof typeof news) =>
    billEvent(
      news[change],
      's1',
      { tableId: 't1', tableNumber: '4' },
      billTotals([{ priceCents: 12_000 }], NOTHING_PAID),
    )

  it('hears orders, tickets and voids without their amounts, and nothing of payments or closes', () => {
    expect(eventFor('kitchen', event('items'))).toMatchObject({
      change: 'items',
      amountCents: null,
      totals: { total: 0 },
    })
    expect(eventFor('kitchen', event('ticket'))?.change).toBe('ticket')
    for (const change of ['payment', 'closed', 'refunded', 'hold'] as const)
      expect(eventFor('kitchen', event(change))).toBeNull()
    expect(eventFor('floor', event('payment'))).toMatchObject({ amountCents: 12_000 })
  })
})
