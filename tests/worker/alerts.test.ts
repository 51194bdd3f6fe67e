import { env, runDurableObjectAlarm, runInDurableObject, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { AlertKind } from '~/domain/alerts'
import {
  billObject,
  cartOf,
  delivered,
  fromAddress,
  getPage,
  hiddenFields,
  newTransactionId,
  ORIGIN,
  postForm,
  postJson,
  seedMember,
  seedOwner,
  sendTicket,
  tacoTable,
} from './fixtures'
import { subscribe } from '../../stand-ins/push/browser'
import { call } from './staff'

/** A new phone, subscribed at the push service stand-in for this server's key. */
const newPhone = () => subscribe(env.PUSH_STANDIN!, env.VAPID_PUBLIC_KEY!)

/** The alerts a person's list shows, newest first: what kind, and whether read. */
async function alertsOf(cookie: string): Promise<{ kind: AlertKind; read: boolean }[]> {
  const page = await getPage('/admin/alerts', cookie)
  expect(page.status).toBe(200)
  return [...(await page.text()).matchAll(/data-testid="alert" data-kind="([a-z-]+)" data-read="(true|false)"/g)].map(
    ([, kind, read]) => ({ kind: kind as AlertKind, read: read === 'true' }),
  )
}
const kindsOf = async (cookie: string) => (await alertsOf(cookie)).map((alert) => alert.kind)

/** The unread count on a staff screen's bell. */
async function bellOf(cookie: string): Promise<number> {
  const html = await (await getPage('/admin/alerts', cookie)).text()
  return Number(/data-testid="alert-bell" data-unread="(\d+)"/.exec(html)?.[1] ?? 'NaN')
}

/** A restaurant with its team and a table whose menu sells tacos and aguas; its waiter Memo has ordered there. */
async function restaurantAtWork() {
  const { table, taco, agua } = await tacoTable()
  const [owner, manager, memo, lupe, kitchen] = await Promise.all([
    seedMember(table.restaurantId, 'owner', 'Dueña'),
    seedMember(table.restaurantId, 'manager', 'Gerente'),
    seedMember(table.restaurantId, 'waiter', 'Memo'),
    seedMember(table.restaurantId, 'waiter', 'Lupe'),
    seedMember(table.restaurantId, 'kitchen', 'Cocina'),
  ])
  const stranger = await seedMember(await seedOwner(), 'owner', 'Otra dueña')
  // Memo takes the first order for the table: from then on he follows it.
  expect((await sendTicket(table, memo, [{ item: agua, quantity: 1 }])).status).toBe(302)
  await delivered(table.sessionId)
  return { table, taco, agua, owner, manager, memo, lupe, kitchen, stranger }
}

/** A diner's cart ordered from the cart page as a browser sends it. */
async function dinerOrders(sessionId: string, agua: string) {
  const cookie = cartOf(sessionId, [{ menuItemId: agua, optionIds: [], quantity: 2 }])
  const orderId = new Map(hiddenFields(await (await getPage(`/customer/cart/${sessionId}`, cookie)).text())).get(
    'orderId',
  )!
  const sent = await postForm(
    `/customer/cart/${sessionId}`,
    { intent: 'order', orderId, 'items[0].menuItemId': agua, 'items[0].quantity': '2' },
    cookie,
  )
  expect(sent.status).toBe(302)
  await delivered(sessionId)
  return orderId
}

/** A diner's card payment as the phone sends it; `paymentToken` plays the card. */
const payByCard = (tableId: string, body: Record<string, unknown>) =>
  postJson('/api/payments', {
    tableId,
    tipAmount: 0,
    paymentMethod: 'card',
    transactionId: newTransactionId(),
    ...body,
  })

/** The diner's "Llamar al mesero" form, from `address`. */
const callWaiter = (sessionId: string, reason: string, headers = fromAddress()) =>
  postForm(`/customer/table/${sessionId}`, { intent: 'call', reason }, undefined, headers)

describe('alerts', () => {
  it('each kind reaches the table’s followers, once, and nobody else', async () => {
    const team = await restaurantAtWork()
    const { table } = team
    // A waiter's own order alerts nobody; a diner's order alerts the followers.
    const orderId = await dinerOrders(table.sessionId, team.agua)
    // The $105 bill split three ways: a share paid by card, a card declined, then the rest paid.
    const share = { amount: 35, paymentType: 'split', splitCount: 3 }
    const part = await payByCard(table.tableId, share)
    expect(part.status).toBe(201)
    const refused = await payByCard(table.tableId, { ...share, paymentToken: 'pm_card_chargeDeclined' })
    expect(refused.status).toBe(402)
    // The kitchen has the diners' order ready.
    const kitchenTap = await postForm(
      '/admin/kitchen',
      { intent: 'move', ticketId: orderId, to: 'ready' },
      team.kitchen.cookie,
    )
    expect(kitchenTap.status).toBe(303)
    expect((await callWaiter(table.sessionId, 'bill')).status).toBe(302)
    const rest = await payByCard(table.tableId, { amount: 70, paymentType: 'full' })
    expect(rest.status).toBe(201)
    await delivered(table.sessionId)

    const everything: AlertKind[] = ['payment', 'call', 'ready', 'payment-failed', 'partial-payment', 'order']
    expect(await kindsOf(team.owner.cookie)).toEqual(everything)
    expect(await kindsOf(team.manager.cookie)).toEqual(everything)
    expect(await kindsOf(team.memo.cookie)).toEqual(everything)
    // Lupe never ordered for the table nor chose it; the kitchen has its board; another restaurant hears nothing.
    expect(await kindsOf(team.lupe.cookie)).toEqual([])
    expect(await kindsOf(team.stranger.cookie)).toEqual([])
    expect((await getPage('/admin/alerts', team.kitchen.cookie)).status).toBe(403)
    expect(await bellOf(team.owner.cookie)).toBe(6)
  })

  it('a card waiting on the diner’s bank (3-D Secure) tells the followers; the diner confirming it pays', async () => {
    const team = await restaurantAtWork()
    const { table } = team
    const all = { amount: 35, paymentType: 'full', transactionId: newTransactionId() }
    const asked = await payByCard(table.tableId, { ...all, paymentToken: 'pm_card_authenticationRequired' })
    expect(asked.status).toBe(402)
    expect(((await asked.json()) as { code: string }).code).toBe('REQUIRES_ACTION')
    await delivered(table.sessionId)
    expect(await kindsOf(team.owner.cookie)).toEqual(['payment-action'])
    // Back from the bank, the phone sends the same payment again: it is paid, and that is one more alert.
    expect((await payByCard(table.tableId, all)).status).toBe(201)
    await delivered(table.sessionId)
    expect(await kindsOf(team.owner.cookie)).toEqual(['payment', 'payment-action'])
    expect(await kindsOf(team.memo.cookie)).toEqual(['payment', 'payment-action'])
    expect(await kindsOf(team.lupe.cookie)).toEqual([])
    expect(await kindsOf(team.stranger.cookie)).toEqual([])
  })

  it('who follows a table is each person’s choice: Lupe follows it, the manager leaves it', async () => {
    const team = await restaurantAtWork()
    const { table } = team
    const follow = (cookie: string, following: 'on' | 'off') =>
      postForm(`/admin/tables/${table.tableId}`, { intent: 'follow', following }, cookie)
    expect((await follow(team.lupe.cookie, 'on')).status).toBe(302)
    expect((await follow(team.manager.cookie, 'off')).status).toBe(302)
    const page = await (await getPage(`/admin/tables/${table.tableId}`, team.lupe.cookie)).text()
    expect(page).toContain('data-testid="follow-table" data-following="true"')

    await dinerOrders(table.sessionId, team.agua)
    expect(await kindsOf(team.lupe.cookie)).toEqual(['order'])
    expect(await kindsOf(team.manager.cookie)).toEqual([])
    expect(await kindsOf(team.owner.cookie)).toEqual(['order'])
  })

  it('a staff member who records a payment is not alerted of it; the others are', async () => {
    const team = await restaurantAtWork()
    const { table, memo } = team
    const recorded = await postForm(
      `/admin/tables/${table.tableId}`,
      {
        intent: 'record-payment',
        sessionId: table.sessionId,
        transactionId: newTransactionId(),
        mode: 'full',
        amount: '35.00',
        method: 'terminal',
        cardFunding: 'credit',
      },
      memo.cookie,
    )
    expect(recorded.status).toBe(302)
    await delivered(table.sessionId)
    expect(await kindsOf(memo.cookie)).toEqual([])
    expect(await kindsOf(team.owner.cookie)).toEqual(['payment'])
  })

  it('reaches the followers’ phones with the page closed, and no one else’s', async () => {
    const team = await restaurantAtWork()
    const [ownerPhone, lupePhone] = await Promise.all([newPhone(), newPhone()])
    for (const [phone, cookie] of [
      [ownerPhone, team.owner.cookie],
      [lupePhone, team.lupe.cookie],
    ] as const)
      expect((await call('POST', '/api/push/subscriptions', phone.json, cookie)).status).toBe(201)
    const orderId = await dinerOrders(team.table.sessionId, team.agua)
    await expect
      .poll(async () => (await ownerPhone.received()).messages.map((message) => message.data))
      .toEqual([
        {
          title: 'Mesa 12',
          body: 'Mesa 12: nuevo pedido de los comensales',
          url: `/admin/tables/${team.table.tableId}`,
          tag: `order:${orderId}`,
        },
      ])
    expect((await lupePhone.received()).messages).toEqual([])
  })

  it('reading: one alert, or all; the bell counts what is unread', async () => {
    const team = await restaurantAtWork()
    await dinerOrders(team.table.sessionId, team.agua)
    await dinerOrders(team.table.sessionId, team.agua)
    expect(await bellOf(team.owner.cookie)).toBe(2)
    const [first] = [
      ...(await (await getPage('/admin/alerts', team.owner.cookie)).text()).matchAll(/name="alertId" value="([^"]+)"/g),
    ]
    const opened = await postForm(
      '/admin/alerts',
      { intent: 'open', alertId: first![1]!, tableId: team.table.tableId },
      team.owner.cookie,
    )
    expect(opened.headers.get('Location')).toBe(`/admin/tables/${team.table.tableId}`)
    expect((await alertsOf(team.owner.cookie)).map((alert) => alert.read)).toEqual([true, false])
    // Reading is the person's own: the manager's are still unread.
    expect(await bellOf(team.manager.cookie)).toBe(2)
    await postForm('/admin/alerts', { intent: 'read-all' }, team.owner.cookie)
    expect(await bellOf(team.owner.cookie)).toBe(0)
  })
})

describe('calling the waiter', () => {
  it('one call waits at a time; the diner sees it received, then who is coming; answered, it is read for everyone', async () => {
    const team = await restaurantAtWork()
    const { table } = team
    const [one, two] = await Promise.all([callWaiter(table.sessionId, 'help'), callWaiter(table.sessionId, 'bill')])
    expect([one.status, two.status]).toEqual([302, 302])
    expect(await kindsOf(team.owner.cookie)).toEqual(['call'])
    const bill = async () =>
      (await (await getPage(`/customer/table/${table.sessionId}`)).text()).replace(/<!-- -->/g, '')
    expect(await bill()).toMatch(
      /data-testid="call-status" data-answered="false">Llamaste al mesero a las [^<]+\((Ayuda|Traer la cuenta)\)/,
    )

    // Lupe sees the call on the table's page and answers it there.
    const page = await (await getPage(`/admin/tables/${table.tableId}`, team.lupe.cookie)).text()
    expect(page).toContain('data-testid="call-waiting"')
    const callId = new Map(hiddenFields(page)).get('callId')!
    const answered = await postForm(
      `/admin/tables/${table.tableId}`,
      { intent: 'answer-call', sessionId: table.sessionId, callId },
      team.lupe.cookie,
    )
    expect(answered.status).toBe(302)
    expect(await bill()).toMatch(/data-testid="call-status" data-answered="true">Lupe viene en camino/)
    expect(await alertsOf(team.owner.cookie)).toEqual([{ kind: 'call', read: true }])
    expect(await alertsOf(team.memo.cookie)).toEqual([{ kind: 'call', read: true }])

    // Answered, the table may call again.
    expect((await callWaiter(table.sessionId, 'order')).status).toBe(302)
    expect(await kindsOf(team.owner.cookie)).toEqual(['call', 'call'])
  })

  it('a line a waiter took says so on the diner’s bill: who took it, not “Invitado”', async () => {
    const team = await restaurantAtWork()
    const bill = (await (await getPage(`/customer/table/${team.table.sessionId}`)).text()).replace(/<!-- -->/g, '')
    expect(bill).toContain('Pidió Memo (mesero)')
    expect(bill).not.toContain('Pidió Invitado')
  })

  it('an answered call ends with the bill: once it is paid, the diner is offered a new call, not told someone is coming', async () => {
    const team = await restaurantAtWork()
    const { table } = team
    expect((await callWaiter(table.sessionId, 'bill')).status).toBe(302)
    const page = await (await getPage(`/admin/tables/${table.tableId}`, team.lupe.cookie)).text()
    const callId = new Map(hiddenFields(page)).get('callId')!
    await postForm(
      `/admin/tables/${table.tableId}`,
      { intent: 'answer-call', sessionId: table.sessionId, callId },
      team.lupe.cookie,
    )
    const bill = async () =>
      (await (await getPage(`/customer/table/${table.sessionId}`)).text()).replace(/<!-- -->/g, '')
    expect(await bill()).toContain('Lupe viene en camino')
    const left = /data-testid="left-to-pay"[^>]*>\$([\d.,]+)</.exec(await bill())![1]!
    expect(
      (await payByCard(table.tableId, { amount: Number(left.replace(',', '')), paymentType: 'full' })).status,
    ).toBe(201)
    const paid = await bill()
    expect(paid).not.toContain('data-testid="call-status"')
    expect(paid).toContain('data-testid="call-waiter"')
  })

  it('a phone calling table after table is stopped; the refused call adds nothing', async () => {
    const team = await restaurantAtWork()
    const address = fromAddress()
    const tables = await Promise.all(Array.from({ length: 11 }, () => tacoTable()))
    const answers = []
    for (const { table } of tables) answers.push(await callWaiter(table.sessionId, 'help', address))
    expect(answers.slice(0, 10).every((answer) => answer.status === 302)).toBe(true)
    const refused = answers[10]!
    const toast = atob(
      decodeURIComponent(/mesa_toast=([^;]*)/.exec(refused.headers.get('Set-Cookie') ?? '')?.[1] ?? ''),
    )
    expect(toast).toContain('customer.call.failed')
    const last = tables[10]!.table
    expect(await (await getPage(`/customer/table/${last.sessionId}`)).text()).toContain('data-testid="call-waiter"')
    // Another address still calls.
    expect((await callWaiter(team.table.sessionId, 'help')).status).toBe(302)
    expect(await kindsOf(team.owner.cookie)).toEqual(['call'])
  })

  it('refuses a call with no reason, adding nothing', async () => {
    const team = await restaurantAtWork()
    const refused = await callWaiter(team.table.sessionId, 'dance')
    expect(refused.headers.get('Location')).toBe(`/customer/table/${team.table.sessionId}?sheet=call`)
    expect(await kindsOf(team.owner.cookie)).toEqual([])
  })
})

describe('a possible walkout', () => {
  /** Plays the clock: the bill's last activity was `minutes` ago; then the object's alarm goes off. */
  async function quietFor(sessionId: string, minutes: number) {
    await runInDurableObject(billObject(sessionId), (_instance, state) =>
      state.storage.sql.exec('UPDATE activity SET last_at = last_at - ?', minutes * 60_000),
    )
    await runDurableObjectAlarm(billObject(sessionId))
    await delivered(sessionId)
  }

  it('an unpaid bill nobody has open for the restaurant’s minutes is told once; a paid one is not', async () => {
    const team = await restaurantAtWork()
    const { table } = team
    // Not long enough yet: the restaurant's 20 minutes (its default).
    await quietFor(table.sessionId, 10)
    expect(await kindsOf(team.owner.cookie)).toEqual([])
    await quietFor(table.sessionId, 10)
    expect(await kindsOf(team.owner.cookie)).toEqual(['walkout'])
    expect(await kindsOf(team.memo.cookie)).toEqual(['walkout'])
    // Once for the same quiet, however often the alarm goes off.
    await quietFor(table.sessionId, 30)
    expect(await kindsOf(team.owner.cookie)).toEqual(['walkout'])

    // Paid in full, the next quiet says nothing.
    const other = await restaurantAtWork()
    expect((await payByCard(other.table.tableId, { amount: 35, paymentType: 'full' })).status).toBe(201)
    await quietFor(other.table.sessionId, 60)
    expect(await kindsOf(other.owner.cookie)).toEqual(['payment'])
  })

  it('the owner sets the restaurant’s minutes in Configuración; a number out of range changes nothing', async () => {
    const team = await restaurantAtWork()
    const settings = (walkoutMinutes: string) =>
      postForm(
        '/admin/dashboard/settings',
        {
          intent: 'settings',
          restaurantName: 'Fonda del Aviso',
          restaurantType: 'casual',
          restaurantCuisine: 'mexican',
          restaurantAddress: 'Av. Juárez 100, Tijuana',
          restaurantPhone: '6641234567',
          restaurantEmail: 'aviso@example.com',
          taxRatePercent: '16',
          taxIncludedInPrice: 'on',
          walkoutMinutes,
        },
        team.owner.cookie,
      )
    expect((await settings('3')).status).toBe(400)
    expect((await settings('45')).status).toBe(302)
    expect(await (await getPage('/admin/dashboard/settings', team.owner.cookie)).text()).toContain(
      'Posible salida sin pagar: tras 45 minutos sin actividad',
    )
    await quietFor(team.table.sessionId, 30)
    expect(await kindsOf(team.owner.cookie)).toEqual([])
    await quietFor(team.table.sessionId, 15)
    expect(await kindsOf(team.owner.cookie)).toEqual(['walkout'])
  })

  it('a diner’s page still open on the bill is no walkout', async () => {
    const team = await restaurantAtWork()
    const socket = await dinerSocket(team.table.sessionId)
    await quietFor(team.table.sessionId, 60)
    expect(await kindsOf(team.owner.cookie)).toEqual([])
    socket.close()
  })
})

/** A diner's live socket on the bill, as the bill's page opens it. */
async function dinerSocket(sessionId: string): Promise<WebSocket> {
  const response = await SELF.fetch(`${ORIGIN}/api/tables/session/${sessionId}/live`, {
    headers: { Upgrade: 'websocket' },
  })
  const socket = response.webSocket!
  socket.accept()
  return socket
}
