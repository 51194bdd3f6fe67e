import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { TicketStep } from '~/domain/kitchen'
import type { BoardTicket } from '~/server/kitchen/kitchen-board.server'
import {
  cartOf,
  delivered,
  getPage,
  hiddenFields,
  ORIGIN,
  drawnPage,
  postForm,
  postJson,
  sendTicket,
  seedMember,
  seedOwner,
  tacoTable,
} from './fixtures'

/** The board as the kitchen's API reads it, once the bill's object has given D1 what it committed. */
async function board(sessionId: string, cookie: string): Promise<BoardTicket[]> {
  await delivered(sessionId)
  const response = await getPage('/api/kitchen/tickets', cookie)
  expect(response.status).toBe(200)
  const { tickets } = (await response.json()) as { tickets: BoardTicket[] }
  return tickets.filter((ticket) => ticket.sessionId === sessionId)
}

/** What the diner's bill shows of each order not yet served: its step, as the page says it. */
async function dinerSteps(sessionId: string): Promise<{ step: string; words: string }[]> {
  const html = await (await getPage(`/customer/table/${sessionId}`)).text()
  return [...html.matchAll(/data-testid="order" data-step="(\w+)".*?data-testid="order-step">([^<]+)</gs)].map(
    ([, step = '', words = '']) => ({ step, words }),
  )
}

/** The toast a redirect sets (its cookie is the toast's JSON, base64): what the person reads next, by its key. */
const toastOf = (response: Response) =>
  atob(decodeURIComponent(/mesa_toast=([^;]*)/.exec(response.headers.get('Set-Cookie') ?? '')?.[1] ?? ''))

/** A tap on the board, as its form sends it without JavaScript. */
const tap = (cookie: string, fields: Record<string, string>) =>
  postForm('/admin/kitchen', { intent: 'move', ...fields }, cookie)

/** A diner's cart sent from the cart page as a browser sends it: the page's own order id, the lines. */
async function dinerOrder(sessionId: string, cookie: string, items: Record<string, string>) {
  const orderId = new Map(hiddenFields(await (await getPage(`/customer/cart/${sessionId}`, cookie)).text())).get(
    'orderId',
  )!
  const form = { intent: 'order', orderId, ...items }
  return { orderId, send: () => postForm(`/customer/cart/${sessionId}`, form, cookie) }
}

async function tableWithOrder() {
  const { table, taco, agua, options } = await tacoTable()
  const cart = cartOf(table.sessionId, [
    { menuItemId: taco, optionIds: [options.habanero], quantity: 2, note: 'sin cebolla' },
    { menuItemId: agua, optionIds: [], quantity: 1 },
  ])
  const order = await dinerOrder(table.sessionId, cart, {
    'items[0].menuItemId': taco,
    'items[0].optionIds[0]': options.habanero,
    'items[0].quantity': '2',
    'items[0].note': 'sin cebolla',
    'items[1].menuItemId': agua,
    'items[1].quantity': '1',
  })
  const kitchen = await seedMember(table.restaurantId, 'kitchen', 'Cocinera')
  return { table, order, kitchen, taco, agua }
}

describe('the kitchen', () => {
  it('a diner’s order becomes one ticket, sent twice at once or again later', async () => {
    const { table, order, kitchen } = await tableWithOrder()
    const sent = await Promise.all([order.send(), order.send()])
    expect(sent.map((response) => response.status)).toEqual([302, 302])
    expect((await order.send()).status).toBe(302)

    const tickets = await board(table.sessionId, kitchen.cookie)
    expect(tickets).toHaveLength(1)
    expect(tickets[0]).toMatchObject({
      id: order.orderId,
      tableNumber: '12',
      sentBy: null,
      step: 'new',
      moves: [],
      lines: [
        { name: 'Taco al pastor', options: 'Salsa: Habanero', note: 'sin cebolla', quantity: 2, voided: 0 },
        { name: 'Agua fresca', options: null, note: null, quantity: 1, voided: 0 },
      ],
    })
    // The kitchen's tablet draws it; the diner's bill says the kitchen has it.
    const page = await (await getPage('/admin/kitchen', kitchen.cookie)).text()
    expect(page.match(new RegExp(`data-ticket="${order.orderId}"`, 'g'))).toHaveLength(1)
    expect(await dinerSteps(table.sessionId)).toEqual([{ step: 'new', words: 'Recibido' }])
  })

  it('a waiter’s order is a ticket signed by them, each send its own', async () => {
    const { table, agua } = await tacoTable()
    const waiter = await seedMember(table.restaurantId, 'waiter', 'Memo')
    for (const quantity of [1, 2])
      expect((await sendTicket(table, waiter, [{ item: agua, quantity }])).status).toBe(302)
    const tickets = await board(table.sessionId, waiter.cookie)
    expect(tickets.map((ticket) => [ticket.sentBy, ticket.lines[0]?.quantity])).toEqual([
      ['Memo', 1],
      ['Memo', 2],
    ])
  })

  it('moves through its steps in order, each tap once, an undo recorded; the diner’s bill follows', async () => {
    const { table, order, kitchen } = await tableWithOrder()
    await order.send()
    await delivered(table.sessionId)
    const ticketId = order.orderId
    const stepOf = async () => (await board(table.sessionId, kitchen.cookie))[0]!

    // Two tablets tap "Empezar" at once: one move.
    const started = await Promise.all([
      tap(kitchen.cookie, { ticketId, to: 'preparing' }),
      tap(kitchen.cookie, { ticketId, to: 'preparing' }),
    ])
    expect(started.map((response) => [response.status, response.headers.get('Location')])).toEqual([
      [303, '/admin/kitchen'],
      [303, '/admin/kitchen'],
    ])
    expect(await stepOf()).toMatchObject({
      step: 'preparing',
      moves: [{ step: 'preparing', by: 'Cocinera', undo: false }],
    })
    expect(await dinerSteps(table.sessionId)).toEqual([{ step: 'preparing', words: 'En preparación' }])

    await tap(kitchen.cookie, { ticketId, to: 'ready' })
    expect(await dinerSteps(table.sessionId)).toEqual([{ step: 'ready', words: 'Listo' }])

    // A stale screen's "Empezar" cannot send it back.
    const back = await tap(kitchen.cookie, { ticketId, to: 'preparing' })
    expect(toastOf(back)).toContain('admin.kitchen.backwards')
    expect((await stepOf()).step).toBe('ready')

    // Undo goes back one step, once however often it is tapped.
    await Promise.all([
      tap(kitchen.cookie, { ticketId, undoFrom: 'ready' }),
      tap(kitchen.cookie, { ticketId, undoFrom: 'ready' }),
    ])
    const undone = await stepOf()
    expect(undone.step).toBe('preparing')
    expect(undone.moves.map((move) => [move.step, move.undo])).toEqual([
      ['preparing', false],
      ['ready', false],
      ['preparing', true],
    ])

    await tap(kitchen.cookie, { ticketId, to: 'served' })
    expect((await stepOf()).step).toBe('served')
    expect(await dinerSteps(table.sessionId)).toEqual([])
    // Served, it leaves the open tickets; asked for, it stays a while, where an undo can still fetch it back, no longer counting.
    expect(await drawnPage(await getPage('/admin/kitchen', kitchen.cookie))).not.toContain(`data-ticket="${ticketId}"`)
    const served = await (await getPage('/admin/kitchen?step=served', kitchen.cookie)).text()
    expect(served).toContain(`data-ticket="${ticketId}" data-step="served"`)
    expect(served).toMatch(/data-testid="ticket-elapsed">En \d+ min</)
    // A tap on it there comes back to the same view.
    const undo = await postForm(
      '/admin/kitchen?step=served',
      { intent: 'move', ticketId, undoFrom: 'served' },
      kitchen.cookie,
    )
    expect(undo.headers.get('Location')).toBe('/admin/kitchen?step=served')
    expect((await stepOf()).step).toBe('ready')
  })

  it('a void on a line shows on its ticket', async () => {
    const { table, order, kitchen } = await tableWithOrder()
    await order.send()
    await delivered(table.sessionId)
    const waiter = await seedMember(table.restaurantId, 'waiter')
    const [taco] = await board(table.sessionId, kitchen.cookie).then((tickets) => tickets[0]!.lines)
    const voided = await postForm(
      `/admin/tables/${table.tableId}`,
      {
        intent: 'adjust',
        sessionId: table.sessionId,
        lineId: taco!.lineId,
        kind: 'void',
        quantity: '1',
        reason: 'Se arrepintió',
      },
      waiter.cookie,
    )
    expect(voided.status).toBe(302)
    const [ticket] = await board(table.sessionId, kitchen.cookie)
    expect(ticket!.lines[0]).toMatchObject({ name: 'Taco al pastor', quantity: 2, voided: 1 })
  })

  it('the kitchen sees its board only; another restaurant’s staff cannot see or move a ticket', async () => {
    const { table, order, kitchen } = await tableWithOrder()
    await order.send()
    await delivered(table.sessionId)
    expect((await getPage('/admin/kitchen', kitchen.cookie)).status).toBe(200)
    expect((await getPage(`/admin/tables/${table.tableId}`, kitchen.cookie)).status).toBe(403)
    // Signing in leads the kitchen to its board, the floor to its tables.
    expect((await getPage('/admin', kitchen.cookie)).headers.get('Location')).toBe('/admin/kitchen')
    const waiter = await seedMember(table.restaurantId, 'waiter')
    expect((await getPage('/admin', waiter.cookie)).headers.get('Location')).toBe('/admin/dashboard')

    const stranger = await seedMember(await seedOwner(), 'owner')
    const moved = await tap(stranger.cookie, { ticketId: order.orderId, to: 'ready' })
    expect(toastOf(moved)).toContain('admin.kitchen.notFound')
    const api = await postJson(
      `/api/kitchen/tickets/${order.orderId}`,
      { to: 'ready' },
      { headers: { Cookie: stranger.cookie, Origin: ORIGIN } },
    )
    expect(api.status).toBe(404)
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' })
    expect(await board(table.sessionId, stranger.cookie)).toEqual([])
    expect((await board(table.sessionId, kitchen.cookie))[0]!.step).toBe('new')
  })

  it('the API moves a ticket, refuses going back with 409 and a bad body with 400, changing nothing', async () => {
    const { table, order, kitchen } = await tableWithOrder()
    await order.send()
    await delivered(table.sessionId)
    const move = (body: unknown) =>
      postJson(`/api/kitchen/tickets/${order.orderId}`, body, { headers: { Cookie: kitchen.cookie, Origin: ORIGIN } })
    const ready = await move({ to: 'ready' })
    expect(await ready.json()).toEqual({ id: order.orderId, step: 'ready', changed: true })
    const backwards = await move({ to: 'new' })
    expect(backwards.status).toBe(409)
    expect(await backwards.json()).toMatchObject({ code: 'TICKET_BACKWARDS' })
    for (const body of [{ to: 'cooked' }, { to: 'served', undoFrom: 'ready' }, {}]) {
      const bad = await move(body)
      expect(bad.status, JSON.stringify(body)).toBe(400)
      expect(await bad.json()).toMatchObject({ code: 'INVALID_REQUEST' })
    }
    const [ticket] = await board(table.sessionId, kitchen.cookie)
    expect(ticket!.step satisfies TicketStep).toBe('ready')
    expect(ticket!.moves).toHaveLength(1)
    // The ledger keeps the step the object moved it to.
    const row = await env.DB.prepare('SELECT step FROM kitchen_tickets WHERE id = ?').bind(order.orderId).first()
    expect(row).toEqual({ step: 'ready' })
  })
})
