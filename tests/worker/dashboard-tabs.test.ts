import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { centsToPesos, sumCents } from '~/domain/money'
import { DAY_MS } from '~/domain/analytics'
import { readAnalytics } from '~/server/books/analytics.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { getPage, ORIGIN, postForm, seedMember } from './fixtures'
import { call, settingsForm, signedInOwner } from './staff'

type Table = { id: string; sessionId: string }

/**
 * A bill of the table served `daysAgo` days ago: its lines ordered by the
 * staff, paid in full with `tipCents` by a diner and closed, all through the
 * app; then its records in D1's ledger are moved back to that day, as no
 * clock can be turned back here.
 */
async function pastBill(
  owner: { cookie: string },
  tableId: string,
  daysAgo: number,
  lines: { name: string; quantity: number; priceCents: number }[],
  tipCents = 0,
) {
  const items = lines.map((line) => ({
    name: line.name,
    quantity: line.quantity,
    price: centsToPesos(line.priceCents),
  }))
  expect((await call('POST', '/api/items', { tableId, items }, owner.cookie)).status).toBe(201)
  const paid = await call('POST', '/api/payments', {
    tableId,
    amount: centsToPesos(sumCents(lines.map((line) => line.priceCents))),
    tipAmount: centsToPesos(tipCents),
    paymentMethod: 'card',
    paymentType: 'full',
    transactionId: crypto.randomUUID(),
  })
  expect(paid.status).toBe(201)
  const { sessionId } = ((await paid.json()) as { payment: { sessionId: string } }).payment
  // The close waits until D1 has the whole bill.
  expect((await call('POST', `/api/tables/${tableId}/close`, { sessionId }, owner.cookie)).status).toBe(200)
  const at = Date.now() - daysAgo * DAY_MS
  await env.DB.batch([
    env.DB.prepare('UPDATE table_sessions SET opened_at = ?, closed_at = ? WHERE id = ?').bind(at, at + 1, sessionId),
    env.DB.prepare('UPDATE payments SET created_at = ? WHERE session_id = ?').bind(at, sessionId),
    env.DB.prepare('UPDATE bill_items SET created_at = ? WHERE session_id = ?').bind(at, sessionId),
  ])
}

describe('analytics tab', () => {
  it('totals the last 30 days against the 30 before, per day for 7 days, and the best sellers, from recorded payments only', async () => {
    const owner = await signedInOwner()
    const table = (await (await call('POST', '/api/tables', { tableNumber: '1' }, owner.cookie)).json()) as Table
    await pastBill(owner, table.id, 1, [{ name: 'Enchiladas', quantity: 2, priceCents: 20000 }], 3000)
    await pastBill(
      owner,
      table.id,
      3,
      [
        { name: 'Pozole', quantity: 1, priceCents: 6000 },
        { name: 'Enchiladas', quantity: 1, priceCents: 4000 },
      ],
      1500,
    )
    await pastBill(owner, table.id, 45, [{ name: 'Mole', quantity: 1, priceCents: 15000 }])
    await pastBill(owner, table.id, 70, [{ name: 'Banquete', quantity: 1, priceCents: 99900 }], 9900) // older than both windows
    // Another owner's sales never count.
    const other = await signedInOwner()
    const theirs = (await (await call('POST', '/api/tables', { tableNumber: '1' }, other.cookie)).json()) as Table
    await pastBill(other, theirs.id, 1, [{ name: 'Pozole', quantity: 9, priceCents: 50000 }], 5000)

    const analytics = await readAnalytics(ledgerOf(env, owner.restaurantId), { simulatedStandsIn: true })
    expect(analytics.current).toEqual({ salesCents: 30000, baseCents: 30000, tipCents: 4500, tablesServed: 2 })
    expect(analytics.previous).toEqual({ salesCents: 15000, baseCents: 15000, tipCents: 0, tablesServed: 1 })
    expect(analytics.days).toHaveLength(7)
    expect(analytics.days.reduce((sum, day) => sum + day.cents, 0)).toBe(30000)
    expect(analytics.bestSellers).toEqual([
      { name: 'Enchiladas', quantity: 3, cents: 24000 },
      { name: 'Pozole', quantity: 1, cents: 6000 },
    ])

    const html = await (await getPage('/admin/dashboard/analytics', owner.cookie)).text()
    for (const text of [
      '$300.00',
      '+100 % vs. el periodo anterior',
      '+1 vs. el periodo anterior',
      '15 %',
      '+15 pts vs. el periodo anterior',
      'Enchiladas',
      '3 vendidos',
      '1 vendido',
    ]) {
      expect(html, text).toContain(text)
    }
  })

  it('shows the range chosen, and its spreadsheet, to those who see the books; a waiter neither', async () => {
    const owner = await signedInOwner()
    const today = await (await getPage('/admin/dashboard/analytics?days=1', owner.cookie)).text()
    expect(today).toMatch(/<a[^>]*aria-current="true"[^>]*data-testid="range-1"/)
    expect(today).toContain('href="/admin/dashboard/analytics.csv?days=1"')
    const csv = await getPage('/admin/dashboard/analytics.csv?days=1', owner.cookie)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('Content-Disposition')).toMatch(/^attachment; filename="analitica-1-\d{4}-\d\d-\d\d\.csv"$/)
    expect((await csv.text()).split('\r\n')).toContain('Periodo,Hoy')
    const manager = await seedMember(owner.restaurantId, 'manager')
    expect((await getPage('/admin/dashboard/analytics.csv?days=90', manager.cookie)).status).toBe(200)
    const waiter = await seedMember(owner.restaurantId, 'waiter')
    expect((await getPage('/admin/dashboard/analytics?days=7', waiter.cookie)).status).toBe(403)
    expect((await getPage('/admin/dashboard/analytics.csv?days=7', waiter.cookie)).status).toBe(403)
  })

  it('says so honestly when nothing has been sold yet', async () => {
    const owner = await signedInOwner()
    const html = await (await getPage('/admin/dashboard/analytics', owner.cookie)).text()
    expect(html).toContain('$0.00')
    expect(html).toContain('Sin datos del periodo anterior')
    expect(html).toContain('Todavía no hay ventas registradas.')
    expect(html).not.toContain('data-testid="sales-per-day"')
    expect(html).not.toContain('data-testid="best-sellers"')
  })
})

describe('settings tab', () => {
  it('shows the restaurant name and account email, and saves the profile and tax settings the diner’s payment screen uses', async () => {
    const owner = await signedInOwner()
    const before = await (await getPage('/admin/dashboard/settings', owner.cookie)).text()
    expect(before).toContain(owner.account.restaurantName)
    expect(before).toContain(owner.account.ownerEmail)
    expect(before).toContain('Editar detalles del restaurante')

    const saved = await postForm('/admin/dashboard/settings', settingsForm(), owner.cookie)
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/admin/dashboard/settings')
    const row = await env.DB.prepare(
      'SELECT restaurant_name, restaurant_address, tax_rate_bps, tax_included_in_price, show_tax_separately FROM restaurants WHERE id = ?',
    )
      .bind(owner.restaurantId)
      .first()
    expect(row).toEqual({
      restaurant_name: 'Fonda Doña Lupe',
      restaurant_address: 'Av. Juárez 100, Tijuana',
      tax_rate_bps: 800,
      tax_included_in_price: 0,
      show_tax_separately: 1,
    })
    expect(await (await getPage('/admin/dashboard/settings', owner.cookie)).text()).toContain(
      'El IVA (8 %) se suma al pagar.',
    )

    // The diner now pays 8 % on top, shown as its own line.
    const table = (await (await call('POST', '/api/tables', { tableNumber: '2' }, owner.cookie)).json()) as Table
    await call('POST', '/api/items', { tableId: table.id, name: 'Tacos', price: 100 }, owner.cookie)
    const method = await (
      await SELF.fetch(`${ORIGIN}/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`)
    ).text()
    expect(method).toContain('IVA (8%)')
    expect(method).toContain('$108.00')
    expect(await (await call('GET', `/api/users/${owner.restaurantId}`)).json()).toMatchObject({
      taxRate: 0.08,
      taxIncludedInPrice: false,
      showTaxSeparately: true,
    })
  })

  // Only the SAT's rates (16, 8 and 0 %), and 8 % only for a restaurant registered for the border's incentive.
  it.each([
    [{ taxRatePercent: '15' }, 'Elige una tasa que el SAT acepte: 16 %, 8 % o 0 %.', 'value="Fonda Doña Lupe"'],
    [{ taxRatePercent: '120' }, 'Elige una tasa que el SAT acepte', 'value="Fonda Doña Lupe"'],
    [{ taxRatePercent: 'dieciséis' }, 'Elige una tasa que el SAT acepte', 'value="Fonda Doña Lupe"'],
    [{ taxRatePercent: '16.255' }, 'Elige una tasa que el SAT acepte', 'value="Fonda Doña Lupe"'],
    [
      { borderIncentive: '' },
      'El 8 % es solo para restaurantes inscritos en el estímulo fiscal',
      'value="Fonda Doña Lupe"',
    ],
    [{ restaurantName: 'L' }, 'El nombre del restaurante debe tener al menos 2 caracteres', 'value="L"'],
    [{ restaurantPhone: '123' }, 'Ingresa un teléfono válido (al menos 10 dígitos)', 'value="123"'],
  ])('refuses %o with its message, keeps what was typed and changes nothing', async (overrides, message, kept) => {
    const owner = await signedInOwner()
    const response = await postForm('/admin/dashboard/settings?dialog=settings', settingsForm(overrides), owner.cookie)
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain(message)
    expect(html).toContain(kept)
    const row = await env.DB.prepare('SELECT restaurant_name, tax_rate_bps FROM restaurants WHERE id = ?')
      .bind(owner.restaurantId)
      .first()
    expect(row).toEqual({ restaurant_name: owner.account.restaurantName, tax_rate_bps: 1600 })
  })

  it('says card payments are simulated in this environment, with no Stripe account to connect', async () => {
    const owner = await signedInOwner()
    const html = await (await getPage('/admin/dashboard/settings', owner.cookie)).text()
    expect(html).toContain('En este entorno los pagos son simulados')
    expect(html).not.toContain('data-testid="stripe-connect"')
    expect((await postForm('/admin/dashboard/settings', { intent: 'connect' }, owner.cookie)).status).toBe(400)
  })

  it('refuses a save from a foreign origin', async () => {
    const owner = await signedInOwner()
    const response = await SELF.fetch(`${ORIGIN}/admin/dashboard/settings`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://evil.example',
        Cookie: owner.cookie,
      },
      body: new URLSearchParams(settingsForm()),
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
    expect(
      (await env.DB.prepare('SELECT tax_rate_bps FROM restaurants WHERE id = ?').bind(owner.restaurantId).first())
        ?.tax_rate_bps,
    ).toBe(1600)
  })
})

describe('dashboard tabs as pages', () => {
  it('each tab is its own address, and a kept ?tab= link opens the same tab', async () => {
    const owner = await signedInOwner()
    for (const tab of ['menus', 'analytics', 'settings']) {
      const old = await getPage(`/admin/dashboard?tab=${tab}&dialog=settings`, owner.cookie)
      expect(old.status).toBe(302)
      expect(old.headers.get('Location')).toBe(`/admin/dashboard/${tab}?dialog=settings`)
      const page = await getPage(`/admin/dashboard/${tab}`, owner.cookie)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html.match(/<a[^>]*aria-current="page"[^>]*>/g)).toEqual([
        expect.stringContaining(`href="/admin/dashboard/${tab}"`),
      ])
    }
    expect((await getPage('/admin/dashboard?tab=tables', owner.cookie)).headers.get('Location')).toBe(
      '/admin/dashboard',
    )
    expect((await getPage('/admin/dashboard/settings')).headers.get('Location')).toMatch(/^\/admin\/login\?redirectTo=/)
  })

  it('a refused new table keeps what was typed and says why under the field', async () => {
    const owner = await signedInOwner()
    const response = await postForm(
      '/admin/dashboard?index&dialog=new',
      { intent: 'create', tableNumber: ' ', tableName: 'Patio', capacity: '0' },
      owner.cookie,
    )
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('El número de mesa es obligatorio</li>')
    expect(/<input[^>]*name="tableName"[^>]*>/.exec(html)?.[0]).toContain('value="Patio"')
    expect(/<input[^>]*name="capacity"[^>]*>/.exec(html)?.[0]).toContain('value="0"')
  })
})
