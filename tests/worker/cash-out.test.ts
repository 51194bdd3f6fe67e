import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { DAY_MS } from '~/domain/analytics'
import { businessDayOf } from '~/domain/cash-out-period'
import { formatDay, formatTime } from '~/domain/format'
import { formatLocalDateTime, wallClockAt } from '~/domain/local-time'
import { readAnalytics } from '~/server/books/analytics.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { getPage, postForm, seedMember, setRestaurant, staffCookieOf, staffOrder } from './fixtures'
import { call, settingsForm, signedInOwner } from './staff'
import { figure, textOfHtml } from './html'

type Method = 'card' | 'apple' | 'google' | 'cash' | 'terminal'

/** An instant on Mexico City's clock, six hours behind UTC. */
const mx = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour + 6, minute)

/**
 * A signed-in owner with one table, whose ledger rows the tests write
 * straight into D1 as the outbox would: the cash-out reads only the ledger,
 * and its nights are dated to the minute, which no clock here can go back to.
 */
async function restaurant() {
  const owner = await signedInOwner()
  const table = (await (await call('POST', '/api/tables', { tableNumber: '7' }, owner.cookie)).json()) as { id: string }
  const statements: D1PreparedStatement[] = []
  const bill = (closed?: { at: number; unpaidCents?: number; reason?: string; by?: string }) => {
    const sessionId = crypto.randomUUID()
    statements.push(
      env.DB.prepare(
        'INSERT INTO table_sessions (id, table_id, opened_at, closed_at, unpaid_cents, unpaid_reason, closed_by) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).bind(
        sessionId,
        table.id,
        (closed?.at ?? Date.now()) - 3_600_000,
        closed?.at ?? null,
        closed?.unpaidCents ?? 0,
        closed?.reason ?? null,
        closed?.by ?? null,
      ),
    )
    const payment = (
      at: number,
      method: Method,
      amountCents: number,
      tipCents: number,
      recordedBy: string | null = null,
      taxCents = 0,
    ) => {
      const id = crypto.randomUUID()
      statements.push(
        env.DB.prepare(
          `INSERT INTO payments (id, table_id, session_id, transaction_id, request_hash, amount_cents, tax_cents, tip_cents, payment_method, payment_type, recorded_by, recorded_by_id, cash_received_cents, created_at)
           VALUES (?, ?, ?, ?, 'h', ?, ?, ?, ?, 'full', ?, ?, ?, ?)`,
        ).bind(
          id,
          table.id,
          sessionId,
          crypto.randomUUID(),
          amountCents,
          taxCents,
          tipCents,
          method,
          recordedBy,
          // Signed by the member of that name, as staff record payments now.
          recordedBy && `user-${recordedBy}`,
          method === 'cash' ? amountCents + taxCents + tipCents + 5000 : null,
          at,
        ),
      )
      return id
    }
    const refund = (
      at: number,
      paymentId: string,
      method: Method,
      amountCents: number,
      tipCents: number,
      staff: string,
      taxCents = 0,
    ) =>
      statements.push(
        env.DB.prepare(
          `INSERT INTO refunds (id, table_id, session_id, payment_id, method, amount_cents, tax_cents, tip_cents, reason, staff, provider, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'Platillo frío', ?, 'simulated', ?)`,
        ).bind(crypto.randomUUID(), table.id, sessionId, paymentId, method, amountCents, taxCents, tipCents, staff, at),
      )
    const adjustment = (at: number, kind: 'void' | 'comp', amountCents: number) =>
      statements.push(
        env.DB.prepare(
          `INSERT INTO bill_adjustments (id, table_id, session_id, line_id, name, kind, quantity, amount_cents, reason, staff, created_at)
           VALUES (?, ?, ?, ?, 'Flan', ?, 1, ?, 'Error de captura', 'Ana', ?)`,
        ).bind(crypto.randomUUID(), table.id, sessionId, crypto.randomUUID(), kind, amountCents, at),
      )
    return { payment, refund, adjustment }
  }
  return { ...owner, tableId: table.id, bill, save: () => env.DB.batch(statements.splice(0)) }
}

/**
 * A Saturday night, 22 November 2026 in Mexico City: diners paying through
 * Mesa, Ana taking cash and Luis the terminal, a refund of each kind, a void,
 * a comp, a table that left without paying; and records just outside the
 * business day (before 5:00 on the 22nd, from 5:00 on the 23rd).
 */
async function saturdayNight() {
  const place = await restaurant()
  const dinersBill = place.bill({ at: mx(22, 22) })
  const card = dinersBill.payment(mx(22, 20), 'card', 50000, 7500, null, 8000)
  dinersBill.payment(mx(22, 20, 5), 'apple', 20000, 3000)
  dinersBill.payment(mx(22, 20, 10), 'google', 10000, 0)
  dinersBill.refund(mx(22, 21), card, 'card', 10000, 1500, 'Ana', 1600)

  const staffBill = place.bill({ at: mx(22, 23, 45), unpaidCents: 18000, reason: 'Se fueron sin pagar', by: 'Ana' })
  const cash = staffBill.payment(mx(22, 21, 30), 'cash', 30000, 4500, 'Ana')
  staffBill.payment(mx(22, 22), 'cash', 12000, 1000, 'Ana')
  // 23:30 on the 22nd in Mexico City is already the 23rd in UTC.
  staffBill.payment(mx(22, 23, 30), 'terminal', 25000, 2500, 'Luis')
  staffBill.refund(mx(22, 23), cash, 'cash', 5000, 500, 'Ana')
  staffBill.adjustment(mx(22, 19), 'void', 4500)
  staffBill.adjustment(mx(22, 19, 30), 'comp', 6000)

  // Around the business day: the 21st's night at 4:59 on the 22nd, the 23rd's morning at 5:00.
  const before = place.bill({ at: mx(22, 4, 59), unpaidCents: 999, reason: 'Otra noche' })
  const early = before.payment(mx(22, 4, 59), 'cash', 77700, 700, 'Ana')
  before.refund(mx(22, 4, 59), early, 'cash', 1000, 0, 'Ana')
  const after = place.bill({ at: mx(23, 5) })
  after.payment(mx(23, 5), 'cash', 33300, 300, 'Luis')
  after.adjustment(mx(23, 5), 'void', 888)
  place.bill() // still open
  await place.save()
  return place
}

/** The CSV's rows without its byte order mark. */
const rows = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n')

describe('the cash-out page', () => {
  it('adds up a night’s ledger to the cent: each method, tips by method and person, refunds, voids, comps, unpaid bills, the drawer', async () => {
    const place = await saturdayNight()
    const response = await getPage('/admin/cash-out?day=2026-11-22', place.cookie)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(figure(html, 'cash-out-period')).toBe('Jornada del domingo 22 de noviembre de 2026')
    expect(figure(html, 'cash-out-range')).toBe(
      'Del 22 de noviembre de 2026, 5:00 a.m. al 23 de noviembre de 2026, 5:00 a.m.',
    )
    expect(figure(html, 'expected-cash')).toBe('$420.00')
    expect(figure(html, 'net-sales')).toBe('$1,384.00')
    expect(figure(html, 'tips')).toBe('$165.00')
    expect(figure(html, 'bills-closed-count')).toBe('2')
    expect(figure(html, 'payments-mesa')).toBe('Mesa Tarjeta, Apple Pay y Google Pay · 3 pagos $880.00 $105.00 $985.00')
    expect(figure(html, 'payments-cash')).toBe('Efectivo Registrado por el personal · 2 pagos $420.00 $55.00 $475.00')
    expect(figure(html, 'payments-terminal')).toBe('Terminal Terminal del restaurante · 1 pago $250.00 $25.00 $275.00')
    expect(figure(html, 'payments-total')).toBe('Total 6 pagos $1,550.00 $185.00 $1,735.00')
    expect([figure(html, 'cash-in'), figure(html, 'cash-out')]).toEqual(['$475.00', '-$55.00'])
    expect([figure(html, 'refunds-card'), figure(html, 'refunds-cash'), figure(html, 'refunds-total')]).toEqual([
      '$131.00',
      '$55.00',
      '$186.00',
    ])
    expect(html).not.toContain('data-testid="refunds-terminal"')
    expect(['card', 'apple', 'google', 'cash', 'terminal'].map((method) => figure(html, `tips-${method}`))).toEqual([
      '$60.00',
      '$30.00',
      '$0.00',
      '$50.00',
      '$25.00',
    ])
    expect(figure(html, 'tips-by-staff')).toBe(
      'Mesa (comensales) Lo que los comensales pagaron por su cuenta en Mesa. 3 pagos por $764.00 $90.00 Ana 2 pagos por $370.00 $50.00 Luis 1 pago por $250.00 $25.00',
    )
    expect([figure(html, 'voids'), figure(html, 'comps')]).toEqual(['$45.00', '$60.00'])
    expect(figure(html, 'bills-unpaid')).toBe('$180.00')
    expect(figure(html, 'unpaid-reasons')).toBe('Se fueron sin pagar (1) $180.00')
    expect(html).not.toContain('Otra noche')
  })

  it('downloads the same figures as a CSV Excel opens in Spanish or English, and as shown for a shift', async () => {
    const place = await saturdayNight()
    const response = await getPage('/admin/cash-out.csv?day=2026-11-22', place.cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="corte-de-caja-2026-11-22.csv"')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const csv = rows(new TextDecoder().decode(bytes))
    expect(csv.slice(0, 4)).toEqual([
      'Restaurante,La Fonda de Prueba',
      'Desde,2026-11-22 05:00',
      'Hasta,2026-11-23 05:00',
      'Zona horaria,America/Mexico_City',
    ])
    for (const row of [
      'Cobros,"Mesa (Tarjeta, Apple Pay y Google Pay)",3,880.00,105.00,985.00',
      'Cobros,Efectivo,2,420.00,55.00,475.00',
      'Cobros,Terminal,1,250.00,25.00,275.00',
      'Cobros,Total,6,1550.00,185.00,1735.00',
      'Devoluciones,Tarjeta,1,116.00,15.00,131.00',
      'Devoluciones,Efectivo,1,50.00,5.00,55.00',
      'Devoluciones,Terminal,0,0.00,0.00,0.00',
      'Devoluciones,Total devuelto,2,166.00,20.00,186.00',
      'Propinas por forma de pago,Tarjeta,,,60.00,60.00',
      'Cobros y propinas por persona,Mesa (comensales),3,764.00,90.00,854.00',
      'Cobros y propinas por persona,Ana,2,370.00,50.00,420.00',
      'Cobros y propinas por persona,Luis,1,250.00,25.00,275.00',
      'Cancelaciones y cortesías,Cancelaciones,1,,,45.00',
      'Cancelaciones y cortesías,Cortesías,1,,,60.00',
      'Cuentas,Cuentas cerradas,2,,,',
      'Cuentas,Cerradas con saldo pendiente,1,,,180.00',
      'Saldo pendiente por motivo,Se fueron sin pagar,1,,,180.00',
      'Efectivo del periodo,Efectivo neto del periodo (sin fondo),,,,420.00',
      'Resumen,Ventas netas,,,,1384.00',
    ]) {
      expect(csv, row).toContain(row)
    }

    const english = await getPage('/admin/cash-out.csv?lng=en&from=2026-11-22T21:00&to=2026-11-22T23:30', place.cookie)
    expect(english.headers.get('Content-Disposition')).toBe(
      'attachment; filename="cash-out-2026-11-22T21-00_2026-11-22T23-30.csv"',
    )
    const shift = rows(await english.text())
    // 21:30 and 22:00 cash and the 23:00 cash refund are in; the 23:30 terminal payment is where the shift ends, so out.
    for (const row of [
      'Payments,Cash,2,420.00,55.00,475.00',
      'Payments,Terminal,0,0.00,0.00,0.00',
      'Refunds,Cash,1,50.00,5.00,55.00',
      'Cash in the period,Net cash in the period (no float),,,,420.00',
      'Bills,Bills closed,1,,,',
    ]) {
      expect(shift, row).toContain(row)
    }
  })

  it('defaults to the business day it is now on the restaurant’s clock', async () => {
    const place = await restaurant()
    place.bill().payment(Date.now(), 'cash', 12345, 0, 'Ana')
    await place.save()
    const html = await (await getPage('/admin/cash-out', place.cookie)).text()
    expect(figure(html, 'cash-out-period')).toBe(
      `Jornada del ${formatDay(businessDayOf(Date.now(), 'America/Mexico_City'), 'es-MX')}`,
    )
    expect(figure(html, 'expected-cash')).toBe('$123.45')
  })

  it('reads the day on the restaurant’s own clock: 23:30 on the 22nd is the 22nd, and 4:30 the next morning still is', async () => {
    const place = await saturdayNight()
    const next = await (await getPage('/admin/cash-out?day=2026-11-23', place.cookie)).text()
    expect(figure(next, 'payments-total')).toBe('Total 1 pago $333.00 $3.00 $336.00')
    const previous = await (await getPage('/admin/cash-out?day=2026-11-21', place.cookie)).text()
    expect(figure(previous, 'expected-cash')).toBe('$774.00')

    // In Tijuana (two hours behind Mexico City in winter) 4:30 on the 23rd is 6:30 in Mexico City: the 22nd there, the 23rd here.
    const tijuana = await restaurant()
    await setRestaurant(tijuana.restaurantId, { time_zone: 'America/Tijuana' })
    tijuana.bill().payment(Date.UTC(2026, 10, 23, 12, 30), 'cash', 10000, 0, 'Ana')
    await tijuana.save()
    const html = await (await getPage('/admin/cash-out?day=2026-11-22', tijuana.cookie)).text()
    expect(figure(html, 'expected-cash')).toBe('$100.00')
    expect(figure(html, 'cash-out-range')).toBe(
      'Del 22 de noviembre de 2026, 5:00 a.m. al 23 de noviembre de 2026, 5:00 a.m.',
    )
    expect(html).toContain('Horas de America/Tijuana.')
    expect(
      figure(await (await getPage('/admin/cash-out?day=2026-11-23', tijuana.cookie)).text(), 'expected-cash'),
    ).toBe('$0.00')
  })

  it('follows the clock the owner sets in Configuración: in Tijuana the night summer time ends lasts 25 hours', async () => {
    const place = await restaurant()
    const settings = (timeZone: string) => settingsForm({ timeZone })
    const zoneOf = async () =>
      (
        await env.DB.prepare('SELECT time_zone AS zone FROM restaurants WHERE id = ?')
          .bind(place.restaurantId)
          .first<{ zone: string }>()
      )?.zone

    // Only the owner sets the clock; a zone the runtime does not know is refused, and nothing changes.
    for (const role of ['manager', 'waiter'] as const) {
      const member = await seedMember(place.restaurantId, role)
      const refused = await postForm('/admin/dashboard/settings', settings('America/Tijuana'), member.cookie)
      expect(refused.status).toBe(403)
    }
    const wrong = await postForm('/admin/dashboard/settings', settings('America/Atlantis'), place.cookie)
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('Elige una zona horaria de la lista.')
    expect(await zoneOf()).toBe('America/Mexico_City')
    const saved = await postForm('/admin/dashboard/settings', settings('America/Tijuana'), place.cookie)
    expect(saved.status).toBe(302)
    expect(await zoneOf()).toBe('America/Tijuana')
    const page = await (await getPage('/admin/dashboard/settings', place.cookie)).text()
    expect(figure(page, 'time-zone')).toMatch(/^Tijuana \(GMT-[78]\)$/)

    // Summer time ends at 2:00 on 1 November 2026 in Tijuana: 12:30 UTC is 4:30 there (still the 31st's night),
    // 13:30 UTC is 5:30 (the 1st). In Mexico City, with no summer time, both are past 5:00 on the 1st.
    const night = place.bill({ at: Date.UTC(2026, 10, 1, 12, 30) })
    night.payment(Date.UTC(2026, 10, 1, 12, 30), 'cash', 10000, 0, 'Ana')
    place.bill().payment(Date.UTC(2026, 10, 1, 13, 30), 'cash', 20000, 0, 'Ana')
    await place.save()
    const saturday = await (await getPage('/admin/cash-out?day=2026-10-31', place.cookie)).text()
    expect(figure(saturday, 'cash-out-range')).toBe(
      'Del 31 de octubre de 2026, 5:00 a.m. al 1 de noviembre de 2026, 5:00 a.m.',
    )
    expect(figure(saturday, 'expected-cash')).toBe('$100.00')
    const sunday = await (await getPage('/admin/cash-out?day=2026-11-01', place.cookie)).text()
    expect(figure(sunday, 'expected-cash')).toBe('$200.00')

    // The staff screens read the same clock: the table's open bill says since when its party is there on Tijuana's.
    const before = Date.now()
    expect(
      (await staffOrder({ restaurantId: place.restaurantId, tableId: place.tableId }, { name: 'Café', price: 40 }))
        .status,
    ).toBe(201)
    const after = Date.now()
    const at = (zone: string) => [before, after].map((instant) => `Desde las ${formatTime(instant, 'es-MX', zone)}`)
    const tablePage = textOfHtml(await (await getPage(`/admin/tables/${place.tableId}`, place.cookie)).text())
    expect(at('America/Tijuana').some((shown) => tablePage.includes(shown))).toBe(true)
    expect(at('America/Mexico_City').some((shown) => tablePage.includes(shown))).toBe(false)
  })

  it('shows an owner only their own restaurant’s books, and nobody’s without signing in', async () => {
    await saturdayNight()
    const other = await restaurant()
    const html = await (await getPage('/admin/cash-out?day=2026-11-22', other.cookie)).text()
    for (const testId of ['expected-cash', 'net-sales', 'tips']) expect(figure(html, testId)).toBe('$0.00')
    expect(figure(html, 'bills-closed-count')).toBe('0')
    expect(html).not.toContain('data-testid="tips-by-staff"')
    expect(rows(await (await getPage('/admin/cash-out.csv?day=2026-11-22', other.cookie)).text())).toContain(
      'Cobros,Total,0,0.00,0.00,0.00',
    )
    for (const path of ['/admin/cash-out', '/admin/cash-out.csv?day=2026-11-22']) {
      const anonymous = await getPage(path)
      expect(anonymous.status).toBe(302)
      expect(anonymous.headers.get('Location')).toMatch(/^\/admin\/login\?redirectTo=/)
    }
  })

  it('answers a period it cannot read with 400 and says why, on the page and for the CSV', async () => {
    const place = await restaurant()
    const cases: [string, string][] = [
      ['day=2026-02-30', 'Escribe una fecha válida (AAAA-MM-DD).'],
      ['day=%3Cscript%3E', 'Escribe una fecha válida (AAAA-MM-DD).'],
      ['from=2026-11-23T02:00&to=2026-11-22T18:00', 'El fin del turno debe ser después del inicio.'],
      ['from=ayer&to=2026-11-22T18:00', 'Escribe una fecha y hora válidas.'],
      ['from=2026-11-22T18:00', 'Un turno necesita inicio y fin.'],
      ['from=2026-01-01T05:00&to=2026-11-22T05:00', 'Un turno puede durar a lo más 31 días.'],
    ]
    for (const [query, message] of cases) {
      const page = await getPage(`/admin/cash-out?${query}`, place.cookie)
      expect(page.status, query).toBe(400)
      const html = await page.text()
      expect(figure(html, 'cash-out-errors'), query).toContain(message)
      expect(html).not.toContain('data-testid="expected-cash"')
      expect(html).not.toContain('<script>')
      const csv = await getPage(`/admin/cash-out.csv?${query}`, place.cookie)
      expect(csv.status, query).toBe(400)
      expect(csv.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
      expect(await csv.text()).toContain(message)
    }
  })

  it('is linked from the dashboard’s navigation, in both languages', async () => {
    const place = await restaurant()
    expect(figure(await (await getPage('/admin/dashboard', place.cookie)).text(), 'cash-out-link')).toBe(
      'Corte de caja',
    )
    expect(figure(await (await getPage('/admin/dashboard?lng=en', place.cookie)).text(), 'cash-out-link')).toBe(
      'Cash-out',
    )
  })
})

describe('the analytics and the cash-out', () => {
  it('take refunds out of sales and tips alike', async () => {
    const place = await restaurant()
    const now = Date.now()
    const bill = place.bill({ at: now - DAY_MS })
    const paid = bill.payment(now - 2 * DAY_MS, 'card', 40000, 6000, null, 6400)
    bill.payment(now - 2 * DAY_MS, 'cash', 10000, 1000, 'Ana')
    bill.refund(now - DAY_MS, paid, 'card', 10000, 2000, 'Ana', 1600)
    await place.save()
    const analytics = await readAnalytics(ledgerOf(env, place.restaurantId), { simulatedStandsIn: true })
    expect(analytics.current).toEqual({
      salesCents: 46400 + 10000 - 11600,
      baseCents: 40000,
      tipCents: 5000,
      tablesServed: 1,
    })
    expect(analytics.days.reduce((sum, day) => sum + day.cents, 0)).toBe(44800)
    const clock = (instant: number) => formatLocalDateTime(wallClockAt(instant, 'America/Mexico_City'))
    const shift = await (
      await getPage(`/admin/cash-out?from=${clock(now - 3 * DAY_MS)}&to=${clock(now + 60_000)}`, place.cookie)
    ).text()
    expect([figure(shift, 'net-sales'), figure(shift, 'tips')]).toEqual(['$448.00', '$50.00'])
  })
})

describe('the drawer sessions on the cash-out', () => {
  const page = '/admin/cash-out'
  /** The drawer session cards in the page's order: the open one first, then the closed ones, latest first. */
  const cards = (html: string) =>
    [...html.matchAll(/<article[^>]*data-testid="drawer-session"[^>]*>[\s\S]*?<\/article>/g)].map((match) => match[0])
  const sessionsOf = (restaurantId: string) =>
    env.DB.prepare(
      'SELECT id, covers_from AS coversFrom, float_cents AS float, closed_at AS closedAt FROM drawer_sessions WHERE restaurant_id = ? ORDER BY covers_from',
    )
      .bind(restaurantId)
      .all<{ id: string; coversFrom: number; float: number; closedAt: number | null }>()
      .then((rows) => rows.results)
  const countsOf = (sessionId: string) =>
    env.DB.prepare(
      'SELECT counted_cents AS counted, counted_by AS countedBy, note FROM drawer_session_counts WHERE session_id = ? ORDER BY counted_at',
    )
      .bind(sessionId)
      .all<{ counted: number; countedBy: string; note: string | null }>()
      .then((rows) => rows.results)

  it('opens with its fondo and closes with its count; cash taken after the count goes into the next session, and a recount is kept beside the first', async () => {
    const place = await restaurant()
    const ana = await seedMember(place.restaurantId, 'manager', 'Ana')
    let html = await (await getPage(page, ana.cookie)).text()
    expect(figure(cards(html)[0]!, 'drawer-window')).toBe(
      'Nadie ha abierto la caja: el primer conteo la abre y la cierra.',
    )

    expect((await postForm(page, { intent: 'float', floatAmount: '$500' }, ana.cookie)).status).toBe(302)
    const [opened] = await sessionsOf(place.restaurantId)
    expect(opened).toMatchObject({ float: 50_000, closedAt: null })
    // While it is open: $300.00 + $45.00 tip in cash, and $50.00 + $5.00 tip given back in cash.
    const bill = place.bill()
    const cash = bill.payment(opened!.coversFrom + 60_000, 'cash', 30_000, 4_500, 'Ana')
    bill.refund(opened!.coversFrom + 120_000, cash, 'cash', 5_000, 500, 'Ana')
    await place.save()

    // $770 should be there; Ana counts $785 note by note (3 × $200, 1 × $100, 4 × $20, 1 × $5) and leaves $500.
    const counted = await postForm(
      page,
      {
        intent: 'count',
        session: opened!.id,
        d20000: '3',
        d10000: '1',
        d2000: '4',
        d500: '1',
        nextFloat: '500',
        note: 'Faltan 5',
      },
      ana.cookie,
    )
    expect(counted.status).toBe(302)
    const [closed, next] = await sessionsOf(place.restaurantId)
    expect(closed!.closedAt).not.toBeNull()
    expect(next).toMatchObject({ coversFrom: closed!.closedAt, float: 50_000, closedAt: null })
    // A $65.00 cash sale after the count.
    place.bill().payment(closed!.closedAt! + 1_000, 'cash', 6_500, 0, 'Ana')
    await place.save()

    html = await (await getPage(page, ana.cookie)).text()
    const [open, shut] = cards(html)
    expect(
      ['drawer-float', 'drawer-cash-in', 'drawer-expected', 'drawer-difference'].map((id) => figure(open!, id)),
    ).toEqual(['$500.00', '$65.00', '$565.00', '—'])
    expect(
      [
        'drawer-float',
        'drawer-cash-in',
        'drawer-cash-out',
        'drawer-expected',
        'drawer-counted',
        'drawer-difference',
      ].map((id) => figure(shut!, id)),
    ).toEqual(['$500.00', '$345.00', '-$55.00', '$790.00', '$785.00', '-$5.00'])
    expect(shut).toContain('Falta efectivo.')
    expect(figure(shut!, 'drawer-counted-by')).toMatch(/^Contó Ana el .+ · “Faltan 5”$/)

    // The owner recounts the closed session and finds the $5: the recount stands, the first is kept, the open session is untouched.
    expect(
      (await postForm(page, { intent: 'count', session: closed!.id, countedAmount: '790' }, place.cookie)).status,
    ).toBe(302)
    html = await (await getPage(page, ana.cookie)).text()
    const [stillOpen, recounted] = cards(html)
    expect([figure(recounted!, 'drawer-counted'), figure(recounted!, 'drawer-difference')]).toEqual([
      '$790.00',
      '$0.00',
    ])
    expect(recounted).toContain('La caja cuadra.')
    expect(figure(recounted!, 'drawer-counted-by')).toMatch(/^Recontó .+ el /)
    expect(figure(recounted!, 'drawer-earlier-count')).toMatch(
      /^Conteo anterior: \$785\.00, de Ana el .+ · “Faltan 5”$/,
    )
    expect([figure(stillOpen!, 'drawer-expected'), figure(stillOpen!, 'drawer-difference')]).toEqual(['$565.00', '—'])
    expect((await countsOf(closed!.id)).map((count) => count.counted)).toEqual([78_500, 79_000])
    expect(await sessionsOf(place.restaurantId)).toHaveLength(2)

    // The CSV lists both sessions with the same figures.
    const csv = rows(await (await getPage(`${page}.csv`, ana.cookie)).text())
    expect(
      csv.filter((line) => line.startsWith('Sesiones de caja,')).map((line) => line.replace(/^[^·]+· /, '')),
    ).toEqual([
      'Fondo de caja,,,,500.00',
      'Debe haber en caja,,,,790.00',
      'Contado,,,,790.00',
      'Diferencia,,,,0.00',
      'Fondo de caja,,,,500.00',
      'Debe haber en caja,,,,565.00',
    ])

    // Bad input changes nothing: no count at all, a negative number of notes, a fondo that is not money, another restaurant's session.
    const other = await restaurant()
    expect((await postForm(page, { intent: 'float', floatAmount: '100' }, other.cookie)).status).toBe(302)
    const [elsewhere] = await sessionsOf(other.restaurantId)
    for (const [fields, message] of [
      [{ intent: 'count', countedAmount: '' }, 'Escribe el efectivo contado, o cuéntalo por billetes y monedas.'],
      [{ intent: 'count', d50000: '-1' }, 'Escribe cuántos, un número entero.'],
      [{ intent: 'float', floatAmount: 'mucho' }, ''],
      [
        { intent: 'count', session: elsewhere!.id, countedAmount: '1' },
        'Esa sesión de caja no es de este restaurante.',
      ],
    ] as const) {
      const refused = await postForm(page, fields, ana.cookie)
      expect(refused.status).toBe(400)
      if (message) expect(await refused.text()).toContain(message)
    }
    expect(await countsOf(elsewhere!.id)).toEqual([])
    // A waiter neither counts the drawer nor sets its fondo.
    const waiter = await staffCookieOf(place.restaurantId, 'waiter')
    expect((await postForm(page, { intent: 'count', countedAmount: '565' }, waiter)).status).toBe(403)
    expect((await postForm(page, { intent: 'float', floatAmount: '1' }, waiter)).status).toBe(403)
    const after = await sessionsOf(place.restaurantId)
    expect(after.map((session) => [session.float, session.closedAt === null])).toEqual([
      [50_000, false],
      [50_000, true],
    ])
    expect(await countsOf(after[1]!.id)).toEqual([])
  })

  it('before anyone opens the drawer, it shows the cash taken since the day began, and the first count closes a session holding it', async () => {
    const place = await restaurant()
    place.bill().payment(Date.now(), 'cash', 10_000, 1_500, 'Ana')
    await place.save()
    const [unopened] = cards(await (await getPage(page, place.cookie)).text())
    expect(figure(unopened!, 'drawer-window')).toBe('Nadie ha abierto la caja: el primer conteo la abre y la cierra.')
    expect([figure(unopened!, 'drawer-cash-in'), figure(unopened!, 'drawer-expected')]).toEqual(['$115.00', '$115.00'])
    expect(await sessionsOf(place.restaurantId)).toEqual([])
    const seen = String(Date.now())
    expect(
      (await postForm(page, { intent: 'count', seen, countedAmount: '115', nextFloat: '0' }, place.cookie)).status,
    ).toBe(302)
    const [, closed] = cards(await (await getPage(page, place.cookie)).text())
    expect([figure(closed!, 'drawer-expected'), figure(closed!, 'drawer-difference')]).toEqual(['$115.00', '$0.00'])
  })

  it('two members counting the same drawer at once close it once: one count closes it, the other is kept as its recount', async () => {
    const place = await restaurant()
    const [ana, luis] = await Promise.all([
      seedMember(place.restaurantId, 'manager', 'Ana'),
      seedMember(place.restaurantId, 'manager', 'Luis'),
    ])
    // Nobody has opened the drawer: both pages show none, and send when they were shown.
    const seen = String(Date.now())
    const answers = await Promise.all([
      postForm(page, { intent: 'count', seen, countedAmount: '410', nextFloat: '400', note: 'Ana' }, ana.cookie),
      postForm(page, { intent: 'count', seen, countedAmount: '430', nextFloat: '400', note: 'Luis' }, luis.cookie),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([302, 302])
    let sessions = await sessionsOf(place.restaurantId)
    expect(sessions.map((session) => session.closedAt === null)).toEqual([false, true])
    const counts = await countsOf(sessions[0]!.id)
    expect(counts.map((count) => `${count.countedBy}:${count.counted}:${count.note}`).sort()).toEqual([
      'Ana:41000:Ana',
      'Luis:43000:Luis',
    ])
    // The same through the session the page names.
    const open = sessions[1]!.id
    await Promise.all([
      postForm(page, { intent: 'count', session: open, countedAmount: '400', nextFloat: '400' }, ana.cookie),
      postForm(page, { intent: 'count', session: open, countedAmount: '400', nextFloat: '400' }, luis.cookie),
    ])
    sessions = await sessionsOf(place.restaurantId)
    expect(sessions.map((session) => session.closedAt === null)).toEqual([false, false, true])
    expect(await countsOf(open)).toHaveLength(2)
  })

  it('a session that runs past midnight holds its cash on both sides of it, in the day it belongs to and in any shift that touches it', async () => {
    const place = await restaurant()
    // Opened at 18:00 on the 22nd with $500; $100 cash at 23:30, $200 at 00:30; counted at 01:00 ($790, $10 short).
    const sessionId = crypto.randomUUID()
    await env.DB.batch([
      env.DB.prepare(
        'INSERT INTO drawer_sessions (id, restaurant_id, opened_at, covers_from, float_cents, float_by, float_at, closed_at) VALUES (?, ?, ?, ?, 50000, ?, ?, ?)',
      ).bind(sessionId, place.restaurantId, mx(22, 18), mx(22, 18), 'Ana', mx(22, 18), mx(23, 1)),
      env.DB.prepare(
        "INSERT INTO drawer_session_counts (id, session_id, counted_cents, counted_by, counted_at) VALUES (?, ?, 79000, 'Ana', ?)",
      ).bind(crypto.randomUUID(), sessionId, mx(23, 1)),
    ])
    const bill = place.bill({ at: mx(23, 0, 45) })
    bill.payment(mx(22, 23, 30), 'cash', 10_000, 0, 'Ana')
    bill.payment(mx(23, 0, 30), 'cash', 20_000, 0, 'Ana')
    // After its count: the next session's.
    bill.payment(mx(23, 1, 30), 'cash', 40_000, 0, 'Ana')
    await place.save()

    const onDay = async (query: string) => cards(await (await getPage(`${page}?${query}`, place.cookie)).text())
    const [night] = await onDay('day=2026-11-22')
    expect(['drawer-expected', 'drawer-counted', 'drawer-difference'].map((id) => figure(night!, id))).toEqual([
      '$800.00',
      '$790.00',
      '-$10.00',
    ])
    // A shift of 23:00–00:45 shows the whole session: a count compares itself with its own cash, not the shift's.
    const [shift] = await onDay('from=2026-11-22T23:00&to=2026-11-23T00:45')
    expect(figure(shift!, 'drawer-expected')).toBe('$800.00')
    // The 23rd's business day starts at 05:00, after the session closed.
    expect(await onDay('day=2026-11-23')).toEqual([])

    // Recounted from the day's page: the count stands against the same $800.
    const recount = await postForm(
      `${page}?day=2026-11-22`,
      { intent: 'count', session: sessionId, countedAmount: '800' },
      place.cookie,
    )
    expect(recount.headers.get('Location')).toBe(`${page}?day=2026-11-22`)
    const [recounted] = await onDay('day=2026-11-22')
    expect([figure(recounted!, 'drawer-expected'), figure(recounted!, 'drawer-difference')]).toEqual([
      '$800.00',
      '$0.00',
    ])
    expect(await sessionsOf(place.restaurantId)).toHaveLength(1)
  })
})
