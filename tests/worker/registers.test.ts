import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  delivered,
  getPage,
  hiddenFields,
  newTransactionId,
  postForm,
  seedMember,
  seedOwner,
  seedTable,
} from './fixtures'
import { figure, textOfHtml } from './html'

const SETTINGS = '/admin/dashboard/settings'
const CASH_OUT = '/admin/cash-out'

/** A restaurant with a $200.00 bill on its table, its owner, a manager and two waiters. */
async function restaurant() {
  const restaurantId = await seedOwner()
  const table = await seedTable([{ name: 'Parrillada', priceCents: 20_000 }], { owner: restaurantId })
  const [owner, manager, beto, ana] = await Promise.all([
    seedMember(restaurantId, 'owner', 'Lupe Dueña'),
    seedMember(restaurantId, 'manager', 'Sofía Gerente'),
    seedMember(restaurantId, 'waiter', 'Beto Mesero'),
    seedMember(restaurantId, 'waiter', 'Ana Mesera'),
  ])
  return { restaurantId, table, owner, manager, beto, ana, page: `/admin/tables/${table.tableId}` }
}

const registersOf = (restaurantId: string) =>
  env.DB.prepare('SELECT id, name, retired_at AS retiredAt FROM registers WHERE restaurant_id = ? ORDER BY created_at')
    .bind(restaurantId)
    .all<{ id: string; name: string; retiredAt: number | null }>()
    .then((rows) => rows.results)

/** The drawer session cards of the cash-out, with the register each is of. */
const cards = (html: string) =>
  [...html.matchAll(/<article[^>]*data-testid="drawer-session"[^>]*>[\s\S]*?<\/article>/g)].map(([card]) => ({
    register: /data-register="([^"]*)"/.exec(card)?.[1] ?? null,
    state: /data-state="([^"]*)"/.exec(card)?.[1],
    html: card,
  }))

/** Money taken at the table, as the page's record form sends it: an amount, in cash unless `fields` say otherwise. */
const record = (page: string, sessionId: string, cookie: string, fields: Record<string, string>) =>
  postForm(
    page,
    {
      intent: 'record-payment',
      sessionId,
      transactionId: newTransactionId(),
      mode: 'amount',
      method: 'cash',
      ...fields,
    },
    cookie,
  )

/** A device's cookie: the member's session and, once it chose one, its register. */
const withRegister = (cookie: string, chosen: Response) => {
  const register = chosen.headers.getSetCookie().find((each) => each.startsWith('mesa_register='))
  return `${cookie}; ${register!.split(';')[0]}`
}

describe('cash registers, each with its own drawer', () => {
  it('the owner names registers and takes one out of use; a manager and a waiter may not, and a name twice or empty changes nothing', async () => {
    const { restaurantId, owner, manager, beto } = await restaurant()
    expect(textOfHtml(await (await getPage(SETTINGS, owner.cookie)).text())).toContain(
      'Una sola caja para todo el restaurante.',
    )
    expect((await postForm(SETTINGS, { intent: 'register', name: 'Barra' }, owner.cookie)).status).toBe(302)
    for (const other of [manager, beto])
      expect((await postForm(SETTINGS, { intent: 'register', name: 'Terraza' }, other.cookie)).status).toBe(403)
    const twice = await postForm(SETTINGS, { intent: 'register', name: ' barra ' }, owner.cookie)
    expect(twice.status).toBe(400)
    expect(textOfHtml(await twice.text())).toContain('Ya hay una caja con ese nombre')
    const empty = await postForm(SETTINGS, { intent: 'register', name: '  ' }, owner.cookie)
    expect(empty.status).toBe(400)
    expect(textOfHtml(await empty.text())).toContain('Escribe el nombre de la caja')
    const [barra] = await registersOf(restaurantId)
    expect(await registersOf(restaurantId)).toEqual([{ id: barra!.id, name: 'Barra', retiredAt: null }])

    for (const other of [manager, beto])
      expect((await postForm(SETTINGS, { intent: 'retire-register', register: barra!.id }, other.cookie)).status).toBe(
        403,
      )
    expect((await registersOf(restaurantId))[0]!.retiredAt).toBeNull()
    expect((await postForm(SETTINGS, { intent: 'retire-register', register: barra!.id }, owner.cookie)).status).toBe(
      302,
    )
    expect((await registersOf(restaurantId))[0]!.retiredAt).toEqual(expect.any(Number))
    // Another restaurant's register, or one already retired: nothing to retire.
    expect((await postForm(SETTINGS, { intent: 'retire-register', register: barra!.id }, owner.cookie)).status).toBe(
      404,
    )
  })

  it('each device’s cash goes into the register it chose, and each register’s drawer opens, takes its cash and is counted apart', async () => {
    const { restaurantId, table, owner, manager, beto, ana, page } = await restaurant()
    for (const name of ['Barra', 'Terraza'])
      expect((await postForm(SETTINGS, { intent: 'register', name }, owner.cookie)).status).toBe(302)
    const [barra, terraza] = await registersOf(restaurantId)

    // Beto's phone never chose: its cash goes into the first register, and the page says so.
    const his = await (await getPage(page, beto.cookie)).text()
    expect(figure(his, 'cash-register')).toMatch(/^El efectivo va a la caja Barra/)
    // What the page's forms send: its register's hidden field.
    const cashOf = async (cookie: string, amount: string) => {
      const html = await (await getPage(page, cookie)).text()
      const register = hiddenFields(html).find(([name]) => name === 'register')?.[1]
      return record(page, table.sessionId, cookie, { amount, ...(register ? { register } : {}) })
    }
    expect((await cashOf(beto.cookie, '50')).status).toBe(302)

    // Ana's tablet is the terrace's: she chooses it once, and the page remembers.
    const chosen = await postForm(page, { intent: 'choose-register', register: terraza!.id }, ana.cookie)
    expect(chosen.status).toBe(302)
    const tablet = withRegister(ana.cookie, chosen)
    expect(figure(await (await getPage(page, tablet)).text(), 'cash-register')).toMatch(
      /^El efectivo va a la caja Terraza/,
    )
    expect((await cashOf(tablet, '30')).status).toBe(302)
    // A form that names no register (a page from before the registers) goes into the device's.
    expect((await record(page, table.sessionId, tablet, { amount: '20' })).status).toBe(302)
    // A terminal payment goes into no drawer.
    expect(
      (await record(page, table.sessionId, tablet, { amount: '10', method: 'terminal', cardFunding: 'debit' })).status,
    ).toBe(302)
    await delivered(table.sessionId)
    const recorded = await env.DB.prepare(
      'SELECT amount_cents AS amount, payment_method AS method, register_id AS register FROM payments WHERE session_id = ? ORDER BY created_at',
    )
      .bind(table.sessionId)
      .all()
    expect(recorded.results).toEqual([
      { amount: 5_000, method: 'cash', register: barra!.id },
      { amount: 3_000, method: 'cash', register: terraza!.id },
      { amount: 2_000, method: 'cash', register: terraza!.id },
      { amount: 1_000, method: 'terminal', register: null },
    ])

    // The cash-out shows each register's drawer with its own cash.
    let drawers = cards(await (await getPage(CASH_OUT, manager.cookie)).text())
    expect(drawers.map(({ register, state }) => [register, state])).toEqual([
      ['Barra', 'open'],
      ['Terraza', 'open'],
    ])
    expect(drawers.map(({ html }) => figure(html, 'drawer-cash-in'))).toEqual(['$50.00', '$50.00'])

    // The bar's fondo is the bar's: the terrace still expects only its cash.
    expect(
      (await postForm(CASH_OUT, { intent: 'float', register: barra!.id, floatAmount: '500' }, manager.cookie)).status,
    ).toBe(302)
    drawers = cards(await (await getPage(CASH_OUT, manager.cookie)).text())
    expect(drawers.map(({ html }) => figure(html, 'drawer-expected'))).toEqual(['$550.00', '$50.00'])

    // Counting the bar closes the bar's session alone; the terrace's stays open with its cash.
    const barSession = hiddenFields(drawers[0]!.html).find(([name]) => name === 'session')?.[1]
    expect(
      (
        await postForm(
          CASH_OUT,
          { intent: 'count', register: barra!.id, session: barSession!, countedAmount: '550', nextFloat: '500' },
          manager.cookie,
        )
      ).status,
    ).toBe(302)
    drawers = cards(await (await getPage(CASH_OUT, manager.cookie)).text())
    expect(drawers.map(({ register, state }) => [register, state])).toEqual([
      ['Barra', 'open'],
      ['Barra', 'closed'],
      ['Terraza', 'open'],
    ])
    expect(drawers.map(({ html }) => figure(html, 'drawer-expected'))).toEqual(['$500.00', '$550.00', '$50.00'])
    expect(figure(drawers[1]!.html, 'drawer-difference')).toBe('$0.00')
    expect(drawers[2]!.html).not.toContain('data-testid="drawer-counted"')

    // A void of the terrace's cash comes off the terrace's drawer.
    const voidable =
      /name="intent" value="void-payment"\/><input type="hidden" name="sessionId" value="[^"]+"\/><input type="hidden" name="paymentId" value="([^"]+)"/g
    const mine = [...(await (await getPage(page, tablet)).text()).matchAll(voidable)].map(([, id]) => id!)
    const [twenty] = (
      await env.DB.prepare('SELECT id FROM payments WHERE session_id = ? AND amount_cents = 2000')
        .bind(table.sessionId)
        .all<{ id: string }>()
    ).results
    expect(mine).toContain(twenty!.id)
    expect(
      (
        await postForm(
          page,
          { intent: 'void-payment', sessionId: table.sessionId, paymentId: twenty!.id, reason: 'Doble' },
          tablet,
        )
      ).status,
    ).toBe(302)
    await delivered(table.sessionId)
    drawers = cards(await (await getPage(CASH_OUT, manager.cookie)).text())
    expect(drawers.map(({ html }) => figure(html, 'drawer-cash-in'))).toEqual(['$0.00', '$50.00', '$30.00'])

    // The CSV names each session's register.
    const csv = await (await getPage(`${CASH_OUT}.csv`, manager.cookie)).text()
    expect(csv).toMatch(/Sesiones de caja,Barra · [^,]+ – [^,]+ · Debe haber en caja,,,,550\.00/)
    expect(csv).toMatch(/Sesiones de caja,Terraza · [^,]+ · Debe haber en caja,,,,30\.00/)

    // Closing the bill with the rest in cash puts it in the tablet's register too.
    const closing = hiddenFields(await (await getPage(`${page}?close=1`, tablet)).text())
    const closeField = (name: string) => closing.find(([field]) => field === name)?.[1]
    expect(closeField('register')).toBe(terraza!.id)
    const closed = await postForm(
      `${page}?close=1`,
      {
        intent: 'close',
        sessionId: table.sessionId,
        settledBy: 'cash',
        settledAmount: closeField('settledAmount')!,
        transactionId: closeField('transactionId')!,
        register: closeField('register')!,
      },
      tablet,
    )
    expect(closed.status).toBe(302)
    await delivered(table.sessionId)
    drawers = cards(await (await getPage(CASH_OUT, manager.cookie)).text())
    expect(drawers.map(({ html }) => figure(html, 'drawer-cash-in'))).toEqual(['$0.00', '$50.00', '$140.00'])
  })

  it('a register taken out of use takes no more cash: a form still naming it is refused and records nothing, and its open drawer can still be counted', async () => {
    const { restaurantId, table, owner, manager, ana, page } = await restaurant()
    for (const name of ['Barra', 'Terraza'])
      expect((await postForm(SETTINGS, { intent: 'register', name }, owner.cookie)).status).toBe(302)
    const [barra, terraza] = await registersOf(restaurantId)
    const tablet = withRegister(
      ana.cookie,
      await postForm(page, { intent: 'choose-register', register: terraza!.id }, ana.cookie),
    )
    const pay = (register: string, amount: string) => record(page, table.sessionId, tablet, { register, amount })
    expect((await pay(terraza!.id, '40')).status).toBe(302)
    expect((await postForm(SETTINGS, { intent: 'retire-register', register: terraza!.id }, owner.cookie)).status).toBe(
      302,
    )

    const refused = await pay(terraza!.id, '25')
    expect(refused.status).toBe(400)
    expect(textOfHtml(await refused.text())).toContain('Esa caja ya no recibe efectivo. Elige otra.')
    // Another restaurant's register, or one made up: the same.
    expect((await pay(crypto.randomUUID(), '25')).status).toBe(400)
    expect((await postForm(page, { intent: 'choose-register', register: terraza!.id }, ana.cookie)).status).toBe(400)
    await delivered(table.sessionId)
    const paid = await env.DB.prepare('SELECT count(*) AS n FROM payments WHERE session_id = ?')
      .bind(table.sessionId)
      .first<{ n: number }>()
    expect(paid?.n).toBe(1)

    // The tablet's register gone, its cash goes into the one left, with no choice to make.
    const html = await (await getPage(page, tablet)).text()
    expect(figure(html, 'cash-register')).toBe('El efectivo va a la caja Barra')
    expect(hiddenFields(html).find(([name]) => name === 'register')?.[1]).toBe(barra!.id)

    // The terrace's drawer still holds its $40.00, to be counted.
    const drawers = cards(await (await getPage(CASH_OUT, manager.cookie)).text())
    expect(drawers.map(({ register, state }) => [register, state])).toEqual([
      ['Barra', 'open'],
      ['Terraza', 'open'],
    ])
    const terrace = drawers[1]!
    expect(figure(terrace.html, 'drawer-expected')).toBe('$40.00')
    // Nobody opened it: it is given no fondo, and its count form sends the register and when the page was shown.
    expect(terrace.html).not.toContain('data-testid="drawer-float-form"')
    expect(
      (await postForm(CASH_OUT, [...hiddenFields(terrace.html), ['countedAmount', '40']], manager.cookie)).status,
    ).toBe(302)
    // Nor can it be given one now.
    expect(
      (await postForm(CASH_OUT, { intent: 'float', register: terraza!.id, floatAmount: '100' }, manager.cookie)).status,
    ).toBe(400)
    const closed = cards(await (await getPage(CASH_OUT, manager.cookie)).text()).find(
      (card) => card.register === 'Terraza' && card.state === 'closed',
    )
    expect(figure(closed!.html, 'drawer-difference')).toBe('$0.00')
    // Counted, it opens no next session.
    const open = await env.DB.prepare(
      'SELECT count(*) AS n FROM drawer_sessions WHERE register_id = ? AND closed_at IS NULL',
    )
      .bind(terraza!.id)
      .first<{ n: number }>()
    expect(open?.n).toBe(0)
  })
})
