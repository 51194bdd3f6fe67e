import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { RESTAURANT_CUISINES, RESTAURANT_TYPES } from '~/domain/schemas/auth'
import { restaurantSettingsSchema } from '~/domain/schemas/settings'
import { saveSettings } from '~/server/auth/accounts.server'
import {
  countPayments,
  delivered,
  getPage,
  openPaymentForm,
  ORIGIN,
  postForm,
  postJson,
  readSession,
  seedMember,
  seedMenu,
  seedTable,
  staffCookieOf,
} from './fixtures'
import { settingsForm } from './staff'
import { formatDateTime } from '~/domain/format'

const tx = () => `mesa_${crypto.randomUUID()}`
const methodPath = (sessionId: string, query: string) => `/customer/payment-method/${sessionId}?${query}`
const payButton = (html: string) => /data-testid="pay-submit"[^>]*>([^<]*)</.exec(html)?.[1] ?? null

/** Another diner orders a menu dish onto the table, through the API their phone uses. */
async function orderMore(table: { restaurantId: string; tableId: string }, priceCents: number) {
  const [menuItemId] = await seedMenu(table.restaurantId, [{ name: 'Arrachera', priceCents }])
  const response = await postJson('/api/items', {
    tableId: table.tableId,
    items: [{ menuItemId, name: 'Arrachera', price: priceCents / 100, quantity: 1 }],
  })
  expect(response.status).toBe(201)
}

async function paymentRows(sessionId: string) {
  await delivered(sessionId)
  const rows = await env.DB.prepare(
    'SELECT amount_cents, tip_cents, tax_cents, transaction_id FROM payments WHERE session_id = ?',
  )
    .bind(sessionId)
    .all()
  return rows.results
}

describe('the payment form charges what its button showed', () => {
  it('pays the full bill for exactly the total on the button and redirects to that payment', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const form = await openPaymentForm(methodPath(table.sessionId, 'full=true&tipPercentage=10'), 'google')
    expect(payButton(form.html)).toBe('Pagar $110.00')
    const response = await form.submit()
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(
      `/customer/payment-confirmation/${table.sessionId}?tx=${form.field('transactionId')}`,
    )
    expect(await paymentRows(table.sessionId)).toEqual([
      { amount_cents: 10000, tip_cents: 1000, tax_cents: 0, transaction_id: form.field('transactionId') },
    ])
  })

  it('refuses a missing payment method with the spec’s words, and records nothing', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const form = await openPaymentForm(methodPath(table.sessionId, 'full=true'))
    const response = await form.submit(form.fields.filter(([name]) => name !== 'paymentMethod'))
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Por favor selecciona un método de pago para continuar.')
    expect(await countPayments(table.sessionId)).toBe(0)
  })

  it('full bill: an order lands between showing and paying → refused with what changed and the new amount, nothing recorded', async () => {
    const table = await seedTable([{ priceCents: 46667 }])
    const form = await openPaymentForm(methodPath(table.sessionId, 'full=true&tipPercentage=15'))
    expect(payButton(form.html)).toBe('Pagar $536.67')
    await orderMore(table, 25000)
    const response = await form.submit()
    expect(response.status).toBe(409)
    const html = await response.text()
    expect(html).toContain('Alguien pidió algo más')
    expect(html).toContain('No se te cobró nada. Ahora el total es $824.17.')
    expect(html).toContain('Revisar de nuevo')
    // One message, and no button that pays: the diner reviews the new amount first.
    expect(html.match(/role="alert"/g)).toHaveLength(1)
    expect(payButton(html)).toBeNull()
    expect(await countPayments(table.sessionId)).toBe(0)
  })

  it('equal split: an order lands between showing and paying → refused, nothing recorded; the reviewed share then pays', async () => {
    const table = await seedTable([{ priceCents: 66000 }])
    const query = 'split=true&partySize=1&tableSize=4&tipPercentage=0'
    const form = await openPaymentForm(methodPath(table.sessionId, query))
    expect(payButton(form.html)).toBe('Pagar $165.00')
    await orderMore(table, 55000)
    const response = await form.submit()
    expect(response.status).toBe(409)
    const html = await response.text()
    expect(html).toContain('Alguien pidió algo más')
    expect(html).toContain('Ahora el total es $302.50.')
    expect(await countPayments(table.sessionId)).toBe(0)

    const reviewed = await openPaymentForm(methodPath(table.sessionId, query))
    expect(payButton(reviewed.html)).toBe('Pagar $302.50')
    expect((await reviewed.submit()).status).toBe(302)
    expect(await paymentRows(table.sessionId)).toMatchObject([{ amount_cents: 30250, tip_cents: 0 }])
  })

  it('items: someone pays part of the selection between showing and paying → refused, nothing recorded', async () => {
    const table = await seedTable([{ priceCents: 4500 }, { priceCents: 9000, quantity: 2 }])
    const form = await openPaymentForm(
      methodPath(table.sessionId, `items=${table.itemIds[0]},${table.itemIds[1]}:2&tipPercentage=0`),
    )
    expect(payButton(form.html)).toBe('Pagar $135.00')
    const other = await openPaymentForm(methodPath(table.sessionId, `items=${table.itemIds[1]}:1&tipPercentage=0`))
    expect((await other.submit()).status).toBe(302)
    const response = await form.submit()
    expect(response.status).toBe(409)
    const html = await response.text()
    expect(html).toContain('Alguien ya pagó parte de tu selección')
    expect(html).toContain('Ahora el total es $90.00.')
    expect(await countPayments(table.sessionId)).toBe(1)
  })

  it('items: an order elsewhere on the bill does not change what the chosen items cost, so they are paid as shown', async () => {
    const table = await seedTable([{ priceCents: 4500 }, { priceCents: 9000 }])
    const form = await openPaymentForm(methodPath(table.sessionId, `items=${table.itemIds[0]}&tipPercentage=10`))
    expect(payButton(form.html)).toBe('Pagar $49.50')
    await orderMore(table, 25000)
    expect((await form.submit()).status).toBe(302)
    expect(await paymentRows(table.sessionId)).toMatchObject([{ amount_cents: 4500, tip_cents: 450 }])
  })

  it('the restaurant changes its tax between showing and paying → refused, nothing charged', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const form = await openPaymentForm(methodPath(table.sessionId, 'full=true&tipPercentage=0'))
    expect(payButton(form.html)).toBe('Pagar $100.00')
    // Configuración → tax now on top of the prices, saved the way the settings page saves it, by its owner.
    const owner = await seedMember(table.restaurantId, 'owner')
    await saveSettings(
      env,
      { restaurant: { id: table.restaurantId }, person: { id: owner.userId, email: owner.email, name: owner.name } },
      restaurantSettingsSchema.parse({
        restaurantName: 'Fonda de Prueba',
        restaurantType: RESTAURANT_TYPES[0],
        restaurantCuisine: RESTAURANT_CUISINES[0],
        restaurantAddress: 'Av. Juárez 100, Tijuana',
        restaurantPhone: '6641234567',
        restaurantEmail: 'fonda@example.com',
        taxRatePercent: '16',
      }),
    )
    const response = await form.submit()
    expect(response.status).toBe(409)
    expect(await response.text()).toContain('Ahora el total es $116.00.')
    expect(await countPayments(table.sessionId)).toBe(0)
  })

  it('a tampered amount, tip or total is refused and changes nothing', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const form = await openPaymentForm(methodPath(table.sessionId, 'full=true&tipPercentage=10'))
    const tampered = (name: string, value: string) =>
      form.fields.map(([key, old]): [string, string] => [key, key === name ? value : old])
    // Invalid on its face: 400, as the API answers it.
    for (const fields of [
      tampered('tipAmount', '150'),
      tampered('amount', '100.001'),
      tampered('total', '1'),
      tampered('amount', '-100'),
      tampered('tableId', crypto.randomUUID()),
    ]) {
      const response = await form.submit(fields)
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('Hubo un error al preparar los datos del pago.')
    }
    // Well formed but not what the bill costs: refused as a changed bill.
    for (const fields of [tampered('amount', '50'), tampered('total', '120')]) {
      expect((await form.submit(fields)).status).toBe(409)
    }
    expect(await countPayments(table.sessionId)).toBe(0)
    expect(await readSession(table.sessionId)).toMatchObject({ paidAmount: 0 })
  })

  it('a double tap or a retry of a payment that went through answers that same payment, for every payment type', async () => {
    const table = await seedTable([{ priceCents: 3000 }, { priceCents: 9000 }, { priceCents: 12000 }])
    for (const query of [
      `items=${table.itemIds[0]}&tipPercentage=15`,
      'split=true&partySize=1&tableSize=3&tipPercentage=10',
      'full=true&tipPercentage=0',
    ]) {
      const form = await openPaymentForm(methodPath(table.sessionId, query))
      const [first, again] = await Promise.all([form.submit(), form.submit()])
      const retry = await form.submit()
      const confirmation = `/customer/payment-confirmation/${table.sessionId}?tx=${form.field('transactionId')}`
      for (const response of [first, again, retry]) {
        expect(response?.status).toBe(302)
        expect(response?.headers.get('Location')).toBe(confirmation)
      }
    }
    expect(await countPayments(table.sessionId)).toBe(3)
    expect(await readSession(table.sessionId)).toMatchObject({ paidAmount: 240, remainingAmount: 0 })
  })

  it('three diners open a three-way split at once: the third is told the last share takes the rounding cent, then pays it', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const query = 'split=true&partySize=1&tableSize=3&tipPercentage=0'
    const forms = [
      await openPaymentForm(methodPath(table.sessionId, query)),
      await openPaymentForm(methodPath(table.sessionId, query)),
      await openPaymentForm(methodPath(table.sessionId, query)),
    ]
    expect(forms.map((form) => payButton(form.html))).toEqual(['Pagar $33.33', 'Pagar $33.33', 'Pagar $33.33'])
    expect((await forms[0]!.submit()).status).toBe(302)
    expect((await forms[1]!.submit()).status).toBe(302)
    const third = await forms[2]!.submit()
    expect(third.status).toBe(409)
    const notice = /data-testid="payment-error"[^>]*>(.*?)<\/div>/.exec(await third.text())?.[1] ?? ''
    expect(notice).toContain('Te toca la última parte')
    expect(notice).toContain('Ahora el total es $33.34.')
    expect(notice).not.toContain('Alguien pidió algo más')
    expect((await (await openPaymentForm(methodPath(table.sessionId, query))).submit()).status).toBe(302)
    expect(await readSession(table.sessionId)).toMatchObject({ paidAmount: 100, remainingAmount: 0 })
  })

  it('a second tap with another method after the first went through leads to that payment, not to a failure', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const form = await openPaymentForm(methodPath(table.sessionId, 'full=true&tipPercentage=0'))
    expect((await form.submit()).status).toBe(302)
    const again = await form.submit(
      form.fields.map(([name, value]): [string, string] => [name, name === 'paymentMethod' ? 'apple' : value]),
    )
    expect(again.status).toBe(302)
    expect(again.headers.get('Location')).toBe(
      `/customer/payment-confirmation/${table.sessionId}?tx=${form.field('transactionId')}`,
    )
    expect(await countPayments(table.sessionId)).toBe(1)
  })

  it('never offers to pay $0.00: a paid bill says so and leads back to it', async () => {
    const table = await seedTable([{ priceCents: 10000, paidQuantity: 1 }])
    for (const query of ['full=true', `items=${table.itemIds[0]}`, 'split=true&partySize=1&tableSize=2']) {
      const html = await (await SELF.fetch(`${ORIGIN}${methodPath(table.sessionId, query)}`)).text()
      expect(html).toContain('La cuenta ya está pagada')
      expect(html).toContain(`href="/customer/table/${table.sessionId}"`)
      expect(payButton(html)).toBeNull()
      expect(html).not.toContain('$0.00</button>')
    }
  })

  it('a custom tip above the amount is caught before paying, with a way back to the tip', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const html = await (await SELF.fetch(`${ORIGIN}${methodPath(table.sessionId, 'full=true&tipAmount=150')}`)).text()
    expect(html).toContain('La propina es mayor que el consumo')
    expect(payButton(html)).toBeNull()
  })

  it('a post without what was shown (the old form) is refused, and records nothing', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const response = await postForm(methodPath(table.sessionId, 'full=true'), {
      paymentMethod: 'card',
      transactionId: tx(),
      query: 'full=true',
    })
    expect(response.status).toBe(400)
    expect(await countPayments(table.sessionId)).toBe(0)
  })

  it('answers 404 (Table Not Found) for an unknown session', async () => {
    const response = await postForm('/customer/payment-method/no-such-session', {
      paymentMethod: 'card',
      transactionId: tx(),
      query: 'full=true',
    })
    expect(response.status).toBe(404)
    const page = await SELF.fetch(`${ORIGIN}/customer/tip/no-such-session?full=true`)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('Mesa no encontrada')
  })

  it('the tip step without an amount shows the spec’s error and returns to the bill after 2 s', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const page = await SELF.fetch(`${ORIGIN}/customer/tip/${table.sessionId}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Error al cargar el monto')
    expect(html).toContain(`content="2;url=/customer/table/${table.sessionId}"`)
  })

  it('the tip step reached from a pay button of a bill paid meanwhile says it is paid, not that the amount failed', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const paid = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`)
    expect((await paid.submit()).status).toBe(302)
    const html = await (await getPage(`/customer/tip/${table.sessionId}?full=true`)).text()
    expect(html).toContain('data-testid="tip-bill-paid"')
    expect(html).toContain('La cuenta ya está pagada')
    expect(html).not.toContain('data-testid="tip-amount-error"')
  })

  it('the tip step chooses no tip for the diner: "no tip" and each suggestion are one tap that moves on, with or without JavaScript', async () => {
    const table = await seedTable([{ priceCents: 21000 }])
    const html = await (await SELF.fetch(`${ORIGIN}/customer/tip/${table.sessionId}?full=true`)).text()
    const choices = [
      ...html.matchAll(/<button type="submit"(?: form="([^"]+)")? name="tipPercentage" value="([^"]+)"/g),
    ].map((match) => [match[2], match[1] ?? null])
    expect(choices).toEqual([
      ['0', null],
      ['10', null],
      ['15', null],
      ['20', null],
      ['custom', 'tip-custom'],
    ])
    // Each choice says the total it makes before the diner taps it.
    expect([...html.matchAll(/data-testid="tip-total">([^<]*)</g)].map(([, total]) => total)).toEqual([
      'Total $210.00',
      'Total $231.00',
      'Total $241.50',
      'Total $252.00',
    ])
    // Why no tip is not asked here, before anything is chosen.
    expect(html).not.toContain('name="noTipReason"')
    expect(html).not.toContain('data-testid="no-tip-reason"')
    // 'Otra cantidad' is a form of its own with its amount: Enter in the amount sends the amount, not the first choice (no tip).
    expect(html).toContain('<input id="tip-amount" form="tip-custom" name="tipAmount"')
    expect(html).toMatch(
      /<form method="get" action="\/customer\/payment-method\/[^"]+" id="tip-custom"[^>]*>(<input type="hidden"[^>]*>)+<\/form>/,
    )
    expect(html).not.toMatch(/\schecked(=|\s|>)/)
    expect(html).not.toContain('Popular')
    // The form goes to the payment step with what was tapped (a GET: the browser sends the tapped button's value).
    const noTip = await openPaymentForm(
      methodPath(table.sessionId, 'full=true&amount=210.00&tipPercentage=0&tipAmount=&noTipReason=service'),
    )
    expect(noTip.field('tipAmount')).toBe('0')
    // Why no tip is asked on the payment step, once no tip was chosen: its select starts on what the link said.
    expect(noTip.html).toContain('data-testid="no-tip-reason"')
    expect(noTip.field('serviceQuality')).toBe('notip_service')
    // 'Otra cantidad' sent empty is asked again on the tip step, never taken as no tip.
    const empty = await getPage(methodPath(table.sessionId, 'full=true&amount=210.00&tipPercentage=custom&tipAmount='))
    expect(empty.status).toBe(302)
    const asked = await (await getPage(empty.headers.get('Location')!)).text()
    expect(asked).toMatch(/id="tip-amount-error"[^>]*>Escribe la cantidad de propina, o elige «Sin propina».</)
    expect(asked).toContain('aria-invalid="true"')
    const fifteen = await openPaymentForm(
      methodPath(table.sessionId, 'full=true&amount=210.00&tipPercentage=15&tipAmount=&noTipReason=service'),
    )
    expect([fifteen.field('tipAmount'), fifteen.field('total'), fifteen.field('serviceQuality')]).toEqual([
      '31.5',
      '241.5',
      'good',
    ])
    // With a tip, nobody is asked why there is none.
    expect(fifteen.html).not.toContain('data-testid="no-tip-reason"')
    const other = await openPaymentForm(
      methodPath(table.sessionId, 'full=true&amount=210.00&tipPercentage=custom&tipAmount=25&noTipReason='),
    )
    expect(other.field('tipAmount')).toBe('25')
  })
})

describe('the restaurant’s clock', () => {
  it('says when a payment was made on the clock the owner set in Configuración while the bill was open', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    // The diner has the bill open (its object holds it) when the owner moves the restaurant to Tijuana.
    expect((await getPage(`/customer/table/${table.sessionId}`)).status).toBe(200)
    const owner = await staffCookieOf(table.restaurantId)
    const saved = await postForm('/admin/dashboard/settings', settingsForm({ timeZone: 'America/Tijuana' }), owner)
    expect(saved.status).toBe(302)

    const form = await openPaymentForm(methodPath(table.sessionId, 'full=true&tipPercentage=0'), 'google')
    const paid = await form.submit()
    expect(paid.status).toBe(302)
    await delivered(table.sessionId)
    const row = await env.DB.prepare('SELECT created_at AS at FROM payments WHERE session_id = ?')
      .bind(table.sessionId)
      .first<{ at: number }>()
    const page = await (await getPage(paid.headers.get('Location')!)).text()
    // Tijuana is one or two hours behind Mexico City, as the season goes: the same instant reads differently on each.
    expect(page).toContain(formatDateTime(row!.at, 'es-MX', 'America/Tijuana'))
    expect(page).not.toContain(formatDateTime(row!.at, 'es-MX', 'America/Mexico_City'))
  })
})

describe('the payer’s own name', () => {
  const confirmationOf = async (response: Response, cookie: string) =>
    (
      await (await SELF.fetch(`${ORIGIN}${response.headers.get('Location')}`, { headers: { Cookie: cookie } })).text()
    ).replaceAll('<!-- -->', '')

  it('is what the payer typed, kept on the phone for the next payment; never the name of whoever ordered what they pay', async () => {
    const table = await seedTable([
      { priceCents: 4500, customerName: 'Sofía' },
      { priceCents: 9000, customerName: 'Sofía' },
    ])
    const first = await openPaymentForm(methodPath(table.sessionId, `items=${table.itemIds[0]}&tipPercentage=0`))
    expect(first.html).toContain('Tu nombre (opcional)')
    expect(first.html).not.toMatch(/name="customerName"[^>]*value="Sofía"/)
    const paid = await first.submit([...first.fields, ['customerName', '  Marco ']])
    expect(paid.status).toBe(302)
    const kept = paid.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('mesa_name='))!
      .split(';')[0]!
    expect(await confirmationOf(paid, first.cookie)).toContain('Gracias, Marco. Tu pago quedó registrado.')

    // The same phone, next time: its name is offered; cleared, the payment is the guest's, thanked without a name.
    const second = await openPaymentForm(
      methodPath(table.sessionId, `items=${table.itemIds[1]}&tipPercentage=0`),
      'card',
      {
        Cookie: kept,
      },
    )
    expect(second.html).toMatch(/name="customerName"[^>]*value="Marco"/)
    const unnamed = await second.submit([...second.fields, ['customerName', '']])
    expect(unnamed.status).toBe(302)
    const thanks = await confirmationOf(unnamed, second.cookie)
    expect(thanks).toContain('Gracias. Tu pago quedó registrado.')
    expect(thanks).not.toContain('Gracias, Invitado')
    expect(thanks).not.toContain('Sofía')
    expect(unnamed.headers.getSetCookie().find((cookie) => cookie.startsWith('mesa_name='))).toContain('Max-Age=0')

    await delivered(table.sessionId)
    const { results } = await env.DB.prepare(
      'SELECT customer_name AS name FROM payments WHERE session_id = ? ORDER BY created_at',
    )
      .bind(table.sessionId)
      .all()
    expect(results).toEqual([{ name: 'Marco' }, { name: 'Guest' }])
    const staff = await seedMember(table.restaurantId, 'waiter')
    const page = await (
      await SELF.fetch(`${ORIGIN}/admin/tables/${table.tableId}`, { headers: { Cookie: staff.cookie } })
    ).text()
    expect(page).toMatch(/bill-payments[\s\S]*Marco[\s\S]*Invitado/)
  })
})
