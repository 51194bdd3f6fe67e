import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  cartOf,
  confirmationOf,
  countLines,
  countPayments,
  delivered,
  getPage,
  hiddenFields,
  newTransactionId,
  openPaymentForm,
  pageText,
  postForm,
  postJson,
  readSession,
  seedMenu,
  seedTable,
} from './fixtures'

describe('pay-items', () => {
  it('lists unpaid items by diner, alphabetically, Guest last', async () => {
    const table = await seedTable([
      { name: 'Agua', priceCents: 4500 },
      { name: 'Tacos', priceCents: 16500, quantity: 3, customerName: 'Sofía' },
      { name: 'Pozole', priceCents: 15000, customerName: 'Beto', paidQuantity: 1 },
      { name: 'Flan', priceCents: 6500, customerName: 'ana' },
    ])
    // The markup only; the page's data also travels in a script.
    const html = (await (await getPage(`/customer/pay-items/${table.sessionId}`)).text()).split('<script')[0]!
    const headings = [...html.matchAll(/<h2 class="mb-2[^"]*">([^<]+)<\/h2>/g)].map((match) => match[1])
    expect(headings).toEqual(['ana', 'Sofía', 'Invitado'])
    expect(html).not.toContain('Pozole')
  })

  it('says so when everything is paid', async () => {
    const table = await seedTable([{ priceCents: 1000, paidQuantity: 1 }])
    expect(await (await getPage(`/customer/pay-items/${table.sessionId}`)).text()).toContain(
      'Ya se pagaron todos los artículos',
    )
  })

  it('turns the chosen items into the tip step (which reviews them), clamping each quantity to what is left', async () => {
    const table = await seedTable([{ priceCents: 16500, quantity: 3, paidQuantity: 1 }, { priceCents: 4500 }])
    const [tacos, agua] = table.itemIds as [string, string]
    const response = await postForm(`/customer/pay-items/${table.sessionId}`, [
      ['item', tacos],
      [`quantities.${tacos}`, '5'],
      ['item', agua],
      [`quantities.${agua}`, 'junk'],
    ])
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(
      `/customer/tip/${table.sessionId}?items=${encodeURIComponent(`${tacos}:2,${agua}:1`)}`,
    )
  })

  it('refuses nothing chosen, an item of another table and an item paid meanwhile', async () => {
    const table = await seedTable([{ priceCents: 1000 }, { priceCents: 2000, paidQuantity: 1 }])
    const other = await seedTable([{ priceCents: 100 }])
    const none = await postForm(`/customer/pay-items/${table.sessionId}`, {})
    expect(none.status).toBe(400)
    expect(await none.text()).toContain('Elige al menos un artículo.')
    const foreign = await postForm(`/customer/pay-items/${table.sessionId}`, { item: other.itemIds[0]! })
    expect(foreign.status).toBe(400)
    expect(await foreign.text()).toContain('Uno de los artículos elegidos no está en esta cuenta.')
    const tampered = await postForm(`/customer/pay-items/${table.sessionId}`, { item: '../../etc/passwd' })
    expect(tampered.status).toBe(400)
    const taken = await postForm(`/customer/pay-items/${table.sessionId}`, { item: table.itemIds[1]! })
    expect(taken.status).toBe(409)
    expect(await taken.text()).toContain('Alguien más acaba de pagar un artículo')
  })

  it('"Pagar lo mío": what this phone ordered is first and ticked whole (a 2× line is both); sent as drawn, it pays exactly that', async () => {
    const table = await seedTable([{ name: 'Agua de Sofía', priceCents: 4500, customerName: 'Sofía' }])
    const [tacos] = await seedMenu(table.restaurantId, [{ name: 'Tacos al pastor', priceCents: 5500 }])
    // This phone orders 2× tacos from its cart.
    const cart = cartOf(table.sessionId, [{ menuItemId: tacos!, optionIds: [], quantity: 2 }])
    const orderId = new Map(hiddenFields(await (await getPage(`/customer/cart/${table.sessionId}`, cart)).text())).get(
      'orderId',
    )!
    const ordered = await postForm(
      `/customer/cart/${table.sessionId}`,
      { intent: 'order', orderId, 'items[0].menuItemId': tacos!, 'items[0].quantity': '2', customerName: 'Marco' },
      cart,
    )
    expect(ordered.status).toBe(302)
    const phone = ordered.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith('mesa_ordered='))
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
    expect(phone).not.toBe('')

    // The bill offers it, for what those dishes cost.
    const bill = await (await getPage(`/customer/table/${table.sessionId}`, phone)).text()
    expect(bill).toMatch(/data-testid="pay-mine"[^>]*>Pagar lo mío · \$110\.00</)
    // Another phone, which ordered nothing, is not offered it.
    expect(await (await getPage(`/customer/table/${table.sessionId}`)).text()).not.toContain('data-testid="pay-mine"')

    const html = (await (await getPage(`/customer/pay-items/${table.sessionId}`, phone)).text()).split('<script')[0]!
    const headings = [...html.matchAll(/<h2 class="mb-2[^"]*">([^<]+)<\/h2>/g)].map((match) => match[1])
    expect(headings).toEqual(['Lo que pediste desde este teléfono', 'Sofía'])
    // Ticked whole, as drawn: the checkbox checked and the stepper at both units.
    const checked = [...html.matchAll(/<input type="checkbox" name="item"[^>]* checked="" value="([^"]+)"/g)].map(
      ([, id]) => id!,
    )
    expect(checked).toHaveLength(1)
    const units = [...html.matchAll(/name="quantities\.([^"]+)"[^>]* value="(\d+)"/g)].map(([, id, value]) => [
      id,
      value,
    ])
    expect(units).toEqual([[checked[0], '2']])
    expect(html).toMatch(/data-testid="pay-items-total"[^>]*>\$110\.00</)

    const sent = await postForm(`/customer/pay-items/${table.sessionId}`, [
      ['item', checked[0]!],
      [`quantities.${checked[0]}`, '2'],
    ])
    expect(sent.headers.get('Location')).toBe(
      `/customer/tip/${table.sessionId}?items=${encodeURIComponent(`${checked[0]}:2`)}`,
    )
    // Ticked without the stepper's value (a phone that sent only the tick), the line is still all of it.
    const tickOnly = await postForm(`/customer/pay-items/${table.sessionId}`, { item: checked[0]! })
    expect(tickOnly.headers.get('Location')).toContain(encodeURIComponent(`${checked[0]}:2`))
    const form = await openPaymentForm(
      `/customer/payment-method/${table.sessionId}?items=${encodeURIComponent(`${checked[0]}:2`)}&tipPercentage=0`,
    )
    expect((await form.submit()).status).toBe(302)
    expect((await readSession(table.sessionId)).remainingAmount).toBe(45)
  })

  it('answers 404 for an unknown session', async () => {
    expect((await getPage('/customer/pay-items/no-such-table')).status).toBe(404)
    expect((await postForm('/customer/pay-items/no-such-table', { item: 'x' })).status).toBe(404)
  })
})

describe('the equal split', () => {
  it('shows the share of what is left, with junk numbers clamped to the limits', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const html = await (await getPage(`/customer/split-equal/${table.sessionId}?partySize=99&tableSize=abc`)).text()
    // Nobody ordered under a name: the split starts between two; people paying is capped by it.
    expect(html).toMatch(/name="tableSize"[^>]*value="2"/)
    expect(html).toMatch(/name="partySize"[^>]*value="2"/)
    expect(html).toContain('$100.00')
  })

  it('starts between the diners who ordered under their names, asks one question, and goes straight to the tip', async () => {
    const table = await seedTable([
      { priceCents: 10000, customerName: 'Ana' },
      { priceCents: 5000, customerName: 'Beto' },
      { priceCents: 2000, customerName: 'ana' },
      { priceCents: 3000, customerName: 'Carla' },
      { priceCents: 1500 },
    ])
    const html = await (await getPage(`/customer/split-equal/${table.sessionId}`)).text()
    expect(html).toMatch(/name="tableSize"[^>]*value="3"/)
    expect(html).toMatch(/name="partySize"[^>]*value="1"/)
    expect(html).toContain('¿Entre cuántas personas dividen?')
    // Paying for others is there, folded away until asked for.
    expect(html).toMatch(/<details class="[^"]*">/)
    expect(html).toMatch(new RegExp(`action="/customer/tip/${table.sessionId}\\??"`))
    const tip = await (await getPage(`/customer/tip/${table.sessionId}?split=true&partySize=1&tableSize=3`)).text()
    expect(tip).toContain('Pagas 1 de 3 partes iguales de lo que falta por pagar.')
    expect(tip).toContain(`href="/customer/split-equal/${table.sessionId}?partySize=1&amp;tableSize=3"`)
  })

  it('each diner of a three-way split pays a third of the bill, the last one the exact remainder', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const shares: string[] = []
    for (let diner = 0; diner < 3; diner++) {
      const tip = await pageText(await getPage(`/customer/tip/${table.sessionId}?split=true&partySize=1&tableSize=3`))
      shares.push(/Pagas (\$[\d.,]+) de consumo/.exec(tip)?.[1] ?? '')
      const form = await openPaymentForm(
        `/customer/payment-method/${table.sessionId}?split=true&partySize=1&tableSize=3&tipPercentage=0`,
      )
      expect((await form.submit()).status).toBe(302)
    }
    expect(shares).toEqual(['$33.33', '$33.33', '$33.34'])
    expect(await readSession(table.sessionId)).toMatchObject({ paidAmount: 100, remainingAmount: 0 })
    await delivered(table.sessionId)
    const split = await env.DB.prepare('SELECT split_count, split_shares FROM payments WHERE session_id = ?')
      .bind(table.sessionId)
      .all()
    expect(split.results).toEqual(Array(3).fill({ split_count: 3, split_shares: 1 }))
  })

  it('two people paying together take two shares in one payment', async () => {
    const table = await seedTable([{ priceCents: 9000 }])
    const form = await openPaymentForm(
      `/customer/payment-method/${table.sessionId}?split=true&partySize=2&tableSize=3&tipPercentage=0`,
    )
    expect((await form.submit()).status).toBe(302)
    expect(await readSession(table.sessionId)).toMatchObject({ paidAmount: 60, remainingAmount: 30 })
    const html = await (await getPage(`/customer/split-equal/${table.sessionId}`)).text()
    expect(html).toContain('Ya se pagaron 2 de 3 partes; lo que falta se divide entre 1.')
  })

  it('an old link to the review step goes on to the tip with the same choice, which warns when an item was taken', async () => {
    const table = await seedTable([{ priceCents: 1000 }, { priceCents: 2000, paidQuantity: 1 }])
    const old = await getPage(`/customer/payment-options/${table.sessionId}?items=${table.itemIds.join(',')}`)
    expect(old.status).toBe(302)
    const at = old.headers.get('Location')!
    expect(at).toBe(`/customer/tip/${table.sessionId}?items=${encodeURIComponent(table.itemIds.join(','))}`)
    const html = await pageText(await getPage(at))
    expect(html).toContain('La cuenta cambió')
    expect(html).toContain('Pagas $10.00 de consumo')
  })
})

describe('the payment API and split shares', () => {
  it('refuses a partySize without a split or above splitCount, and records nothing', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    for (const body of [
      { amount: 50, paymentType: 'full', partySize: 1 },
      { amount: 50, paymentType: 'split', splitCount: 2, partySize: 3 },
      { amount: 50, paymentType: 'split', partySize: 1 },
    ]) {
      const response = await postJson('/api/payments', {
        tableId: table.tableId,
        paymentMethod: 'card',
        transactionId: newTransactionId(),
        ...body,
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ message: expect.stringContaining('partySize') })
    }
    expect(await countPayments(table.sessionId)).toBe(0)
  })
})

describe('menu and cart', () => {
  it('shows the empty-menu state for a restaurant without a menu, and 404 for an unknown table', async () => {
    const table = await seedTable()
    const html = await (await getPage(`/customer/menu/${table.sessionId}`)).text()
    expect(html).toContain('No hay menú disponible')
    expect((await getPage('/customer/menu/no-such-table')).status).toBe(404)
    expect((await getPage('/customer/cart/no-such-table')).status).toBe(404)
  })

  it('lists the menu in category order with its prices', async () => {
    const table = await seedTable()
    await seedMenu(table.restaurantId, [
      { name: 'Tostada de atún', priceCents: 9500 },
      { name: 'Aguachile', priceCents: 18900 },
    ])
    const html = await (await getPage(`/customer/menu/${table.sessionId}`)).text()
    expect(html.indexOf('Tostada de atún')).toBeLessThan(html.indexOf('Aguachile'))
    expect(html).toContain('$189.00')
  })

  it('places a cart on the bill in one write, priced from the menu, the name trimmed', async () => {
    const table = await seedTable()
    const [tostada, aguachile] = (await seedMenu(table.restaurantId, [
      { name: 'Tostada de atún', priceCents: 9500 },
      { name: 'Aguachile', priceCents: 18900 },
    ])) as [string, string]
    const response = await postForm(`/customer/cart/${table.sessionId}`, {
      customerName: '  Marta ',
      'items[0].menuItemId': tostada,
      'items[0].quantity': '2',
      'items[1].menuItemId': aguachile,
      'items[1].quantity': '1',
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/customer/table/${table.sessionId}`)
    await delivered(table.sessionId)
    const rows = await env.DB.prepare(
      'SELECT name, price_cents, quantity, customer_name, category FROM bill_items WHERE session_id = ? ORDER BY rowid',
    )
      .bind(table.sessionId)
      .all()
    expect(rows.results).toEqual([
      { name: 'Tostada de atún', price_cents: 19000, quantity: 2, customer_name: 'Marta', category: 'Order' },
      { name: 'Aguachile', price_cents: 18900, quantity: 1, customer_name: 'Marta', category: 'Order' },
    ])
  })

  it('an empty name is no name', async () => {
    const table = await seedTable()
    const [tostada] = (await seedMenu(table.restaurantId, [{ name: 'Tostada', priceCents: 9500 }])) as [string]
    await postForm(`/customer/cart/${table.sessionId}`, {
      customerName: '   ',
      'items[0].menuItemId': tostada,
      'items[0].quantity': '1',
    })
    await delivered(table.sessionId)
    const row = await env.DB.prepare('SELECT customer_name FROM bill_items WHERE session_id = ?')
      .bind(table.sessionId)
      .first()
    expect(row).toEqual({ customer_name: null })
  })

  it('refuses an empty cart, another restaurant’s item, a bad quantity, and adds nothing', async () => {
    const table = await seedTable()
    const [mine] = (await seedMenu(table.restaurantId, [{ name: 'Tostada', priceCents: 9500 }])) as [string]
    const other = await seedTable()
    const [theirs] = (await seedMenu(other.restaurantId, [{ name: 'Caro', priceCents: 100 }])) as [string]
    const carts: Record<string, string>[] = [
      {},
      { 'items[0].menuItemId': theirs, 'items[0].quantity': '1' },
      { 'items[0].menuItemId': mine, 'items[0].quantity': '0' },
      { 'items[0].menuItemId': mine, 'items[0].quantity': '100' },
      { 'items[0].menuItemId': 'no such item', 'items[0].quantity': '1' },
    ]
    for (const fields of carts) {
      const response = await postForm(`/customer/cart/${table.sessionId}`, fields)
      expect(response.status).toBe(400)
    }
    expect(await countLines(table.sessionId)).toBe(0)
  })
})

describe('pay-items refusals without JavaScript', () => {
  it('come back with the error and with what the diner had chosen', async () => {
    const table = await seedTable([{ priceCents: 1000 }, { priceCents: 2000, quantity: 3 }])
    const other = await seedTable([{ priceCents: 100 }])
    const response = await postForm(`/customer/pay-items/${table.sessionId}`, [
      ['item', table.itemIds[1]!],
      [`quantities.${table.itemIds[1]!}`, '2'],
      ['item', other.itemIds[0]!],
    ])
    expect(response.status).toBe(400)
    const html = (await response.text()).split('<script')[0]!
    expect(html).toContain('Uno de los artículos elegidos no está en esta cuenta.')
    const checkbox = (id: string) => new RegExp(`<input type="checkbox"[^>]*value="${id}"`).exec(html)?.[0] ?? ''
    expect(checkbox(table.itemIds[1]!)).toContain('checked=""')
    expect(checkbox(table.itemIds[0]!)).not.toContain('checked')
    expect(/<input[^>]*name="quantities\.[^"]+"[^>]*>/.exec(html)?.[0]).toContain('value="2"')
  })
})

describe('the confirmation says what the payment paid', () => {
  it('the whole bill paid at once, or what was left once someone had paid part of it', async () => {
    const paid = async (sessionId: string, query: string) => {
      const form = await openPaymentForm(`/customer/payment-method/${sessionId}?${query}&tipPercentage=0`)
      const { confirmation } = await confirmationOf(await form.submit(), form.cookie)
      return /<dt[^>]*>Pagaste<\/dt><dd[^>]*>([^<]*)<\/dd>/.exec(confirmation.split('<script')[0]!)?.[1]
    }
    const whole = await seedTable([{ priceCents: 10000 }, { priceCents: 5000 }])
    expect(await paid(whole.sessionId, 'full=true')).toBe('Cuenta completa')

    const rest = await seedTable([{ name: 'Mole', priceCents: 10000 }, { priceCents: 5000 }])
    expect(await paid(rest.sessionId, `items=${rest.itemIds[0]}`)).toBe('1× Mole')
    expect(await paid(rest.sessionId, 'full=true')).toBe('El resto')
  })
})

describe('the payment step without JavaScript', () => {
  it('refuses a form sent with no method with the spec’s message, and charges nothing', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`)
    const refused = await form.submit(form.fields.filter(([name]) => name !== 'paymentMethod'))
    expect(refused.status).toBe(400)
    expect(await pageText(refused)).toContain('Método de pago requerido')
    expect(await readSession(table.sessionId)).toMatchObject({ paidAmount: 0 })
  })

  it('chooses the phone’s own wallet, else the card, before any script runs: never Apple Pay on Android', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const path = `/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`
    const methods = async (userAgent: string) => {
      const html = await (await getPage(path, undefined, { 'User-Agent': userAgent })).text()
      return [...html.matchAll(/<input type="radio" name="paymentMethod"([^>]*)>/g)].map(
        ([, rest = '']) => `${/value="(\w+)"/.exec(rest)?.[1]}${rest.includes('checked') ? '*' : ''}`,
      )
    }
    expect(await methods('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile')).toEqual([
      'google*',
      'card',
    ])
    expect(
      await methods('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1'),
    ).toEqual(['apple*', 'card'])
    expect(await methods('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131')).toEqual(['card*'])
  })
})
