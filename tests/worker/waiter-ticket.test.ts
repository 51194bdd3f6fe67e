import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  countLines,
  drawnPage,
  formAround,
  getPage,
  hiddenFields,
  menuEditorOf,
  orderPageOf,
  postForm,
  seedMember,
  seedOwner,
  staffCookieOf,
  tacoTable,
  type SeededMember,
} from './fixtures'

/*
 * The waiter's ticket on a table's order page, through the forms a waiter
 * submits without JavaScript (with it, the same forms go through fetchers):
 * dishes and open items join a ticket kept in a cookie of that page, and
 * "Enviar a cocina" puts the whole ticket on the bill as one order.
 */

/** The ledger's lines of a bill, once its object delivered them, with who added each and under which order. */
async function ledgerLines(sessionId: string) {
  await countLines(sessionId)
  return (
    await env.DB.prepare(
      `SELECT name, quantity, price_cents AS cents, description, note, added_by AS addedBy, added_by_id AS addedById, order_id AS orderId
       FROM bill_items WHERE session_id = ? ORDER BY name`,
    )
      .bind(sessionId)
      .all()
  ).results
}

/** The kitchen's switch, as the menu screen's form sends it. */
const setSoldOut = async (restaurantId: string, itemId: string, soldOut: boolean) =>
  postForm(
    await menuEditorOf(itemId),
    { intent: 'item.availability', id: itemId, ...(soldOut ? { soldOut: 'on' } : {}) },
    await staffCookieOf(restaurantId),
  )

/** The toast a redirect leads to, as the page it leads to shows it. */
async function toastAfter(response: Response, member: SeededMember) {
  expect(response.status).toBe(302)
  const toast = response.headers
    .getSetCookie()
    .find((value) => value.startsWith('mesa_toast='))
    ?.split(';')[0]
  const html = await drawnPage(await getPage(response.headers.get('Location')!, `${member.cookie}; ${toast}`))
  const at = html.indexOf('data-testid="toast"')
  expect(at, 'a toast is shown').toBeGreaterThan(-1)
  return html.slice(at, at + 600).replace(/<[^>]+>/g, ' ')
}

async function waitersTable() {
  const made = await tacoTable()
  const waiter = await seedMember(made.table.restaurantId, 'waiter', 'Beto Mesero')
  return { ...made, waiter, at: orderPageOf(made.table, waiter) }
}

describe('the waiter’s ticket', () => {
  it('takes dishes with their options and notes and an open item, changes and removes lines, and sends them as one order signed by the waiter', async () => {
    const { table, taco, agua, groups, options, waiter, at } = await waitersTable()
    const addedTaco = await at.post(
      {
        intent: 'add',
        item: taco,
        [`options.${groups.salsa}`]: options.habanero,
        [`options.${groups.extras}`]: options.queso,
        quantity: '2',
        note: 'Sin cebolla',
      },
      `?q=taco&item=${taco}`,
    )
    // Back to the menu, the sheet closed and the search done with, in place of the page in the history.
    expect(addedTaco.headers.get('Location')).toBe(at.path)
    expect(addedTaco.headers.get('X-Remix-Replace')).toBe('true')
    expect(await toastAfter(addedTaco, waiter)).toContain('Agregado al ticket')
    expect((await at.post({ intent: 'add', item: agua, quantity: '1' })).status).toBe(302)
    const open = await at.post({
      intent: 'open-item',
      name: 'Pastel de cumpleaños',
      price: '150',
      quantity: '1',
      note: 'Con velita',
    })
    expect(await toastAfter(open, waiter)).toContain('1× Pastel de cumpleaños')
    await at.post({ intent: 'open-item', name: 'Flan', price: '55', quantity: '1' })

    // One more agua, the flan off: each a button of its line's form.
    const lineOf = async (name: string) =>
      new Map(
        hiddenFields(
          (await at.page())
            .split('data-testid="ticket-lines"')[1]!
            .split('data-testid="ticket-line"')
            .find((part) => part.includes(`>${name}<`))!
            .split('</form>')[0]!,
        ),
      ).get('line')!
    await at.post({ intent: 'line', line: await lineOf('Agua fresca'), change: 'more' })
    await at.post({ intent: 'line', line: await lineOf('Flan'), change: 'remove' })

    const page = await at.page()
    for (const shown of [
      'Taco al pastor',
      'Salsa: Habanero · Extras: Queso',
      'Nota: Sin cebolla',
      '$99.00',
      '$70.00',
      'Pastel de cumpleaños',
      'Nota: Con velita',
      '$150.00',
      'Se envía a tu nombre: Beto Mesero.',
    ])
      expect(page, shown).toContain(shown)
    expect(page).not.toContain('>Flan<')
    expect(/data-testid="ticket-total">([^<]*)</.exec(page)?.[1]).toBe('$319.00')

    const send = await at.sendForm()
    const orderId = new Map(send).get('orderId')
    expect(orderId).toMatch(/^order_/)
    const sent = await at.post(send)
    expect(sent.headers.get('Location')).toBe(`/admin/tables/${table.tableId}`)
    expect(await toastAfter(sent, waiter)).toMatch(
      /Enviado a cocina.*2× Taco al pastor, 2× Agua fresca, 1× Pastel de cumpleaños/s,
    )
    expect(at.ticketCookie()).toBe('')

    const signed = { addedBy: 'Beto Mesero', addedById: waiter.userId, orderId }
    expect(await ledgerLines(table.sessionId)).toEqual([
      { name: 'Agua fresca', quantity: 2, cents: 7000, description: null, note: null, ...signed },
      { name: 'Pastel de cumpleaños', quantity: 1, cents: 15000, description: null, note: 'Con velita', ...signed },
      {
        name: 'Taco al pastor',
        quantity: 2,
        cents: 9900,
        description: 'Salsa: Habanero · Extras: Queso',
        note: 'Sin cebolla',
        ...signed,
      },
    ])

    const tablePage = await drawnPage(await getPage(`/admin/tables/${table.tableId}`, waiter.cookie))
    for (const shown of ['“Sin cebolla”', '“Con velita”', 'Pidió Beto Mesero'])
      expect(tablePage, shown).toContain(shown)

    // The ticket is empty; the next one is another order.
    expect(await at.page()).toContain('data-testid="ticket-empty"')
    await at.post({ intent: 'add', item: agua, quantity: '1' })
    expect(new Map(await at.sendForm()).get('orderId')).not.toBe(orderId)
  })

  it('adds a dish that asks nothing with one tap of its row, counts it there, undoes it one at a time, and clears the search', async () => {
    const { taco, agua, waiter, at } = await waitersTable()
    const menu = await at.page('?q=agua')
    // The taco has a required salsa: its row opens its sheet, and has no one-tap form.
    expect(await at.page()).not.toContain(`data-testid="add-${taco}"`)
    const tap = formAround(menu, `data-testid="add-${agua}"`)
    const once = await at.post(tap, '?q=agua')
    expect(once.headers.get('Location')).toBe(at.path)
    expect(await toastAfter(once, waiter)).toContain('1× Agua fresca')
    await at.post(tap)
    const twice = await at.page()
    expect(/data-testid="dish-count"><span aria-hidden="true">(\d+)</.exec(twice)?.[1]).toBe('2')
    expect(twice).toContain('2 en el ticket')
    // Its sheet is still there for a note.
    expect(twice).toContain(`data-testid="dish-${agua}"`)

    const undo = formAround(twice, 'data-testid="dish-undo"')
    await at.post(undo)
    expect(/data-testid="ticket-line-quantity"><span aria-hidden="true">(\d+)</.exec(await at.page())?.[1]).toBe('1')
    await at.post(undo)
    const empty = await at.page()
    expect(empty).toContain('data-testid="ticket-empty"')
    expect(empty).not.toContain('data-testid="dish-undo"')
    expect(at.ticketCookie()).toBe('')
  })

  it('sent twice at once, and again after an answer that never arrived, puts its lines on the bill once', async () => {
    const { table, agua, taco, groups, options, at } = await waitersTable()
    await at.post({ intent: 'add', item: taco, [`options.${groups.salsa}`]: options.verde, quantity: '3' })
    await at.post({ intent: 'add', item: agua, quantity: '1' })
    const send = await at.sendForm()
    const [first, second] = await Promise.all([at.postUnanswered(send), at.postUnanswered(send)])
    expect([first.status, second.status]).toEqual([302, 302])
    // The browser resubmits the same form with the cookie it still has.
    expect((await at.post(send)).status).toBe(302)
    expect(await countLines(table.sessionId)).toBe(2)
    expect((await ledgerLines(table.sessionId)).map((line) => [line.name, line.quantity])).toEqual([
      ['Agua fresca', 1],
      ['Taco al pastor', 3],
    ])
  })

  it('a refused send keeps the ticket as it was, its order id too, and says why; sent again once possible, it is the same order', async () => {
    const { table, agua, taco, groups, options, at } = await waitersTable()
    await at.post({ intent: 'add', item: taco, [`options.${groups.salsa}`]: options.verde, quantity: '1' })
    await at.post({ intent: 'add', item: agua, quantity: '2' })
    const send = await at.sendForm()
    const kept = at.ticketCookie()
    await setSoldOut(table.restaurantId, agua, true)

    const refused = await at.post(send)
    expect(refused.status).toBe(409)
    expect(refused.headers.getSetCookie().some((value) => value.startsWith('mesa_ticket_'))).toBe(false)
    expect(await drawnPage(refused)).toMatch(
      /data-testid="send-errors".*No se envió nada: un platillo del ticket se agotó/s,
    )
    expect(await countLines(table.sessionId)).toBe(0)
    expect(at.ticketCookie()).toBe(kept)
    const page = await at.page()
    expect(page).toContain('data-testid="ticket-line-sold-out"')
    expect(await at.sendForm()).toEqual(send)

    await setSoldOut(table.restaurantId, agua, false)
    expect((await at.post(send)).status).toBe(302)
    expect((await ledgerLines(table.sessionId)).map((line) => line.orderId)).toEqual([
      new Map(send).get('orderId'),
      new Map(send).get('orderId'),
    ])
  })

  it('sent after the bill closed, goes to no bill: the page is drawn for the table’s next bill, the ticket kept for it', async () => {
    const { table, agua, waiter, at } = await waitersTable()
    await at.post({ intent: 'add', item: agua, quantity: '1' })
    const send = await at.sendForm()
    const kept = at.ticketCookie()
    const closed = await postForm(
      `/admin/tables/${table.tableId}?close=1`,
      { intent: 'close', sessionId: table.sessionId },
      waiter.cookie,
    )
    expect(closed.status).toBe(302)
    const refused = await at.post(send)
    expect(await toastAfter(refused, waiter)).toContain('Esa cuenta ya estaba cerrada')
    expect(at.ticketCookie()).toBe(kept)
    expect(await countLines(table.sessionId)).toBe(0)
    const next = new Map(await at.sendForm())
    expect(next.get('sessionId')).not.toBe(table.sessionId)
    expect((await at.post([...next])).status).toBe(302)
    expect(await countLines(next.get('sessionId')!)).toBe(1)
  })

  it('narrows the menu without JavaScript by what ?q= says, whatever its case, and a dish’s sheet closes back to it', async () => {
    const { taco, agua, at } = await waitersTable()
    const found = await at.page('?q=AGUA')
    expect(found).toContain(`data-testid="dish-${agua}"`)
    expect(found).not.toContain(`data-testid="dish-${taco}"`)
    expect(found).toContain(`href="${at.path}?q=AGUA&amp;item=${agua}"`)
    expect(await at.page('?q=pozole')).toContain('data-testid="no-dish"')
  })

  it('will not take a sold-out dish, and shows it as such with nothing to tap', async () => {
    const { table, agua, taco, waiter, at } = await waitersTable()
    await setSoldOut(table.restaurantId, agua, true)
    const page = await at.page()
    expect(page).toContain(`data-testid="sold-out-${agua}"`)
    expect(page).not.toContain(`data-testid="dish-${agua}"`)
    expect(page).toContain(`data-testid="dish-${taco}"`)
    const refused = await at.post({ intent: 'add', item: agua, quantity: '1' })
    expect(await toastAfter(refused, waiter)).toContain('Ese platillo se agotó')
    expect(at.ticketCookie()).toBe('')
  })

  it('names the required choice left out, without JavaScript, in the dish’s sheet again', async () => {
    const { taco, at } = await waitersTable()
    const refused = await at.post({ intent: 'add', item: taco, quantity: '2', note: 'Bien dorado' }, `?item=${taco}`)
    expect(refused.status).toBe(400)
    const sheet = await drawnPage(refused)
    expect(sheet).toContain('data-testid="missing-choice"')
    expect(sheet).toContain('Bien dorado')
    expect(at.ticketCookie()).toBe('')
  })

  it('is another restaurant’s table to a member elsewhere: 404, and nothing joins a ticket or the bill', async () => {
    const { table, agua, at } = await waitersTable()
    await at.post({ intent: 'add', item: agua, quantity: '1' })
    const send = await at.sendForm()
    const elsewhere = await seedMember(await seedOwner(), 'owner')
    const intruder = orderPageOf(table, elsewhere)
    expect((await getPage(at.path, elsewhere.cookie)).status).toBe(404)
    const forms: Record<string, string>[] = [
      { intent: 'add', item: agua, quantity: '1' },
      { intent: 'open-item', name: 'Gratis', price: '0', quantity: '1' },
    ]
    for (const fields of forms) {
      const response = await intruder.post(fields)
      expect(response.status).toBe(404)
      expect(intruder.ticketCookie()).toBe('')
    }
    expect((await intruder.post(send)).status).toBe(404)
    expect(await countLines(table.sessionId)).toBe(0)
  })

  it('asks the one guard for orders.add: nobody signed in is sent to sign in, a locked shared device to its lock screen, and nothing is sent', async () => {
    const { table, agua, at } = await waitersTable()
    await at.post({ intent: 'add', item: agua, quantity: '1' })
    const send = await at.sendForm()
    const signedOut = await postForm(at.path, send, at.ticketCookie())
    expect(signedOut.headers.get('Location')).toMatch(/^\/admin\/login\?redirectTo=/)
    const tablet = (await seedMember(table.restaurantId, 'manager', 'Tableta del piso')).cookie
    expect((await postForm('/admin/devices', {}, tablet)).headers.get('Location')).toBe('/admin/device')
    const locked = await postForm(at.path, send, `${tablet}; ${at.ticketCookie()}`)
    expect(locked.headers.get('Location')).toBe('/admin/device')
    expect(await countLines(table.sessionId)).toBe(0)
  })
})
