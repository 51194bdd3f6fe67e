import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { readAnalytics } from '~/server/books/analytics.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { languageCookie } from '~/server/http/i18n.server'
import { delivered, getPage, newTransactionId, postForm, seedMenu } from './fixtures'
import { call, signedInOwner } from './staff'

type Table = { id: string; sessionId: string; shortCode: string; tableNumber: string }
type Owner = Awaited<ReturnType<typeof signedInOwner>>

const NEEDS_BANK = 'pm_card_authenticationRequired'

/** A diner's order from the menu, as the phone sends it. */
const order = (table: Table, menuItemId: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/items', {
    tableId: table.id,
    items: [{ menuItemId, name: 'x', price: 1, customerName: 'Ana' }],
    ...extra,
  })

/** A diner's payment of the whole bill, as the phone sends it. */
const payAll = (table: Table, amount: number, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/payments', {
    tableId: table.id,
    sessionId: table.sessionId,
    amount,
    tipAmount: 0,
    paymentMethod: 'card',
    paymentType: 'full',
    customerName: 'Ana',
    transactionId: newTransactionId(),
    ...extra,
  })

/** An owner's table 5 with a menu; its open bill has a parrillada and a horchata ($345.50) ordered by a diner. */
async function orderedTable(owner?: Owner) {
  const staff = owner ?? (await signedInOwner())
  const table = (await (
    await call('POST', '/api/tables', { tableNumber: '5', tableName: 'Terraza' }, staff.cookie)
  ).json()) as Table
  const items = await seedMenu(staff.restaurantId, [
    { name: 'Parrillada para dos', priceCents: 30000 },
    { name: 'Agua de horchata', priceCents: 4550 },
  ])
  for (const item of items) expect((await order(table, item)).status).toBe(201)
  return { owner: staff, table, items }
}

/** The same table with its bill paid in full by a diner, with a $34.55 tip. */
async function paidTable() {
  const ordered = await orderedTable()
  const transactionId = newTransactionId()
  expect((await payAll(ordered.table, 345.5, { tipAmount: 34.55, tipPercentage: 10, transactionId })).status).toBe(201)
  await delivered(ordered.table.sessionId)
  return { ...ordered, transactionId }
}

/** What the owner's books say of the table, to the cent: the analytics (at a fixed instant) and the table's ledger rows. */
async function books(owner: Owner, table: Table, now: number) {
  const payments = await env.DB.prepare(
    'SELECT id, session_id, amount_cents, tip_cents, tax_cents, payment_type FROM payments WHERE table_id = ? ORDER BY id',
  )
    .bind(table.id)
    .all()
  const lines = await env.DB.prepare(
    'SELECT id, session_id, name, price_cents, quantity, paid_quantity FROM bill_items WHERE table_id = ? ORDER BY id',
  )
    .bind(table.id)
    .all()
  return {
    analytics: await readAnalytics(ledgerOf(env, owner.restaurantId), { now, simulatedStandsIn: true }),
    payments: payments.results,
    lines: lines.results,
  }
}

const englishCookie = async () => (await languageCookie.serialize('en')).split(';')[0]!

/** Everything a person can reach the table by answers that it is archived; the owner sees it nowhere, and its number is free. */
async function expectArchived(owner: Owner, table: Table, transactionId: string) {
  const listed = (await (await call('GET', '/api/tables/active', undefined, owner.cookie)).json()) as Table[]
  expect(listed.map((row) => row.id)).not.toContain(table.id)
  expect(await (await getPage('/admin/dashboard', owner.cookie)).text()).not.toContain(table.id)
  expect(await (await getPage('/admin/tables/print', owner.cookie)).text()).not.toContain(table.shortCode)
  expect((await call('GET', `/api/tables/${table.id}`, undefined, owner.cookie)).status).toBe(404)
  expect((await getPage(`/admin/tables/${table.id}`, owner.cookie)).status).toBe(404)

  // The printed QR code and the typed code.
  const scanned = await getPage(`/table/${table.sessionId}`)
  expect([scanned.status, scanned.headers.get('Location')]).toEqual([301, `/customer/table/${table.sessionId}`])
  const page = await getPage(`/customer/table/${table.sessionId}`)
  expect(page.status).toBe(410)
  const html = await page.text()
  expect(html).toContain('Esta mesa ya no está disponible')
  expect(html).not.toContain('Parrillada')
  const english = await getPage(`/customer/table/${table.sessionId}`, await englishCookie())
  expect([english.status, await english.text()]).toEqual([
    410,
    expect.stringContaining('This table is no longer available'),
  ])
  const typed = await getPage(`/customer?code=${table.shortCode.toLowerCase()}`)
  expect([typed.status, await typed.text()]).toEqual([
    410,
    expect.stringContaining('Esta mesa ya no está disponible. Si necesitas ayuda, pregunta al personal.'),
  ])
  for (const code of [table.sessionId, table.shortCode]) {
    const api = await call('GET', `/api/tables/session/${code}`)
    expect([api.status, await api.json()]).toEqual([
      410,
      { message: 'This table is no longer available.', code: 'TABLE_ARCHIVED' },
    ])
  }

  // No diner writes, whether they name the bill or only the table.
  const [anyItem] = (
    await env.DB.prepare('SELECT menu_item_id FROM bill_items WHERE table_id = ?')
      .bind(table.id)
      .all<{ menu_item_id: string }>()
  ).results
  for (const sessionId of [undefined, table.sessionId]) {
    const ordered = await order(table, anyItem!.menu_item_id, { sessionId })
    expect([ordered.status, await ordered.json()]).toEqual([
      410,
      { message: 'This table is no longer available.', code: 'TABLE_ARCHIVED' },
    ])
    const paid = await payAll(table, 10, { sessionId })
    expect([paid.status, await paid.json()]).toEqual([
      410,
      { message: 'This table is no longer available.', code: 'TABLE_ARCHIVED' },
    ])
  }
  expect(
    (
      await postForm(`/customer/cart/${table.sessionId}`, {
        customerName: 'Ana',
        'items[0].menuItemId': anyItem!.menu_item_id,
        'items[0].quantity': '1',
      })
    ).status,
  ).toBe(410)

  // The diner's receipt outlives the table.
  const receipt = await getPage(`/customer/payment-confirmation/${table.sessionId}?tx=${transactionId}`)
  expect([receipt.status, await receipt.text()]).toEqual([200, expect.stringContaining(transactionId)])

  const again = await call('POST', '/api/tables', { tableNumber: table.tableNumber }, owner.cookie)
  expect(again.status).toBe(201)
  const renewed = (await again.json()) as Table
  expect(renewed.sessionId).not.toBe(table.sessionId)
  expect((await getPage(`/customer/table/${renewed.sessionId}`)).status).toBe(200)
}

/** The table's row and its bills as D1 keeps them: never deleted, the last bill closed with the archive. */
async function expectKeptInD1(table: Table) {
  const row = await env.DB.prepare('SELECT archived_at, is_active FROM tables WHERE id = ?')
    .bind(table.id)
    .first<{ archived_at: number | null; is_active: number }>()
  expect(row).toEqual({ archived_at: expect.any(Number), is_active: 0 })
  const bills = await env.DB.prepare('SELECT closed_at FROM table_sessions WHERE table_id = ?')
    .bind(table.id)
    .all<{ closed_at: number | null }>()
  expect(bills.results).toEqual([{ closed_at: row!.archived_at }])
}

describe('archiving a table', () => {
  it('through the API keeps its sales: analytics identical to the cent and its payment in D1, while the table is gone for staff and diners and its number is free', async () => {
    const { owner, table, transactionId } = await paidTable()
    const now = Date.now() + 1_000
    const before = await books(owner, table, now)
    expect(before.analytics.current).toEqual({ salesCents: 34550, baseCents: 34550, tipCents: 3455, tablesServed: 1 })
    expect(before.payments).toEqual([expect.objectContaining({ amount_cents: 34550, tip_cents: 3455 })])

    const archived = await call('DELETE', `/api/tables/${table.id}`, undefined, owner.cookie)
    expect([archived.status, await archived.json()]).toEqual([200, { deleted: true }])

    expect(await books(owner, table, now)).toEqual(before)
    await expectKeptInD1(table)
    expect(await (await getPage('/admin/dashboard/analytics', owner.cookie)).text()).toContain('$345.50')
    await expectArchived(owner, table, transactionId)
    // Archived already: the table is no longer among the owner's.
    expect((await call('DELETE', `/api/tables/${table.id}`, undefined, owner.cookie)).status).toBe(404)
  })

  it('from the staff screen’s dialog does the same, and says so', async () => {
    const { owner, table, transactionId } = await paidTable()
    const now = Date.now() + 1_000
    const before = await books(owner, table, now)
    const dialog = await (await getPage(`/admin/dashboard?archive=${table.id}`, owner.cookie)).text()
    expect(dialog).toContain('¿Archivar la mesa 5?')
    expect(dialog).toContain('Sus ventas y pagos se quedan en tus reportes')

    const archived = await postForm(
      `/admin/dashboard?index&archive=${table.id}`,
      { intent: 'archive', id: table.id },
      owner.cookie,
    )
    expect([archived.status, archived.headers.get('Location')]).toEqual([302, '/admin/dashboard'])
    expect(
      await (
        await getPage('/admin/dashboard', `${owner.cookie}; ${archived.headers.get('Set-Cookie')?.split(';')[0]}`)
      ).text(),
    ).toContain('Mesa archivada')

    expect(await books(owner, table, now)).toEqual(before)
    await expectKeptInD1(table)
    await expectArchived(owner, table, transactionId)
  })

  it('of another owner answers 404, through the API and the staff screen, and changes nothing', async () => {
    const { owner, table } = await paidTable()
    const now = Date.now() + 1_000
    const before = await books(owner, table, now)
    const intruder = await signedInOwner()
    const api = await call('DELETE', `/api/tables/${table.id}`, undefined, intruder.cookie)
    expect([api.status, await api.json()]).toEqual([
      404,
      { message: 'No encontramos eso entre tus mesas.', code: 'NOT_FOUND' },
    ])
    expect(
      (await postForm('/admin/dashboard?index', { intent: 'archive', id: table.id }, intruder.cookie)).status,
    ).toBe(404)

    expect(await books(owner, table, now)).toEqual(before)
    expect(
      await env.DB.prepare('SELECT archived_at, is_active FROM tables WHERE id = ?').bind(table.id).first(),
    ).toEqual({ archived_at: null, is_active: 1 })
    const listed = (await (await call('GET', '/api/tables/active', undefined, owner.cookie)).json()) as Table[]
    expect(listed.map((row) => row.id)).toEqual([table.id])
    expect((await getPage(`/customer/table/${table.sessionId}`)).status).toBe(200)
  })

  it('is refused with 409 while its open bill has something left to pay, in the staff’s language, changing nothing; once paid it goes', async () => {
    const { owner, table } = await orderedTable()
    const refused = await call('DELETE', `/api/tables/${table.id}`, undefined, owner.cookie)
    expect([refused.status, await refused.json()]).toEqual([
      409,
      { message: 'Esta mesa tiene una cuenta abierta con saldo pendiente; ciérrala primero.', code: 'OPEN_BALANCE' },
    ])
    const english = await call('DELETE', `/api/tables/${table.id}?lng=en`, undefined, owner.cookie)
    expect(await english.json()).toEqual({
      message: 'This table has an open bill with a balance due; close it first.',
      code: 'OPEN_BALANCE',
    })
    const form = await postForm(
      `/admin/dashboard?index&archive=${table.id}`,
      { intent: 'archive', id: table.id },
      owner.cookie,
    )
    expect(form.status).toBe(409)
    expect(await form.text()).toContain('Esta mesa tiene una cuenta abierta con saldo pendiente; ciérrala primero.')

    expect(
      await env.DB.prepare('SELECT archived_at, is_active FROM tables WHERE id = ?').bind(table.id).first(),
    ).toEqual({ archived_at: null, is_active: 1 })
    const page = await getPage(`/customer/table/${table.sessionId}`)
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('$345.50')])
    expect((await payAll(table, 345.5)).status).toBe(201)
    expect((await call('DELETE', `/api/tables/${table.id}`, undefined, owner.cookie)).status).toBe(200)
  })

  it('is refused with 409 while a diner is paying, and goes once the payment ends', async () => {
    const { owner, table } = await orderedTable()
    const payment = { transactionId: newTransactionId(), paymentToken: NEEDS_BANK }
    expect((await payAll(table, 345.5, payment)).status).toBe(402)
    const refused = await call('DELETE', `/api/tables/${table.id}`, undefined, owner.cookie)
    expect([refused.status, await refused.json()]).toEqual([
      409,
      {
        message: 'Alguien está pagando en esta mesa en este momento; archívala cuando termine el pago.',
        code: 'BEING_PAID',
      },
    ])
    expect((await payAll(table, 345.5, payment)).status).toBe(201)
    expect((await call('DELETE', `/api/tables/${table.id}`, undefined, owner.cookie)).status).toBe(200)
  })

  it('with an empty bill closes that bill as the table’s last', async () => {
    const owner = await signedInOwner()
    const table = (await (await call('POST', '/api/tables', { tableNumber: '9' }, owner.cookie)).json()) as Table
    expect((await call('DELETE', `/api/tables/${table.id}`, undefined, owner.cookie)).status).toBe(200)
    await expectKeptInD1(table)
    expect((await getPage(`/customer/table/${table.sessionId}`)).status).toBe(410)
  })
})

describe('deleting from the menu', () => {
  it('leaves a past bill as it was: its lines keep their names and prices, and the analytics do not move', async () => {
    const { owner, table, items } = await paidTable()
    const closed = await call('POST', `/api/tables/${table.id}/close`, { sessionId: table.sessionId }, owner.cookie)
    expect(closed.status).toBe(200)
    await delivered(table.sessionId)
    const now = Date.now() + 1_000
    const before = await books(owner, table, now)
    const history = async () =>
      /\d+ pagos? · [^<]+/.exec(await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text())?.[0]
    expect(await history()).toBe('1 pago · $345.50 · propinas $34.55')
    const { menu_id: menuId } = (await env.DB.prepare(
      'SELECT c.menu_id FROM menu_items mi JOIN categories c ON c.id = mi.category_id WHERE mi.id = ?',
    )
      .bind(items[0])
      .first<{ menu_id: string }>())!

    expect((await call('DELETE', `/api/menu-items/${items[0]}`, undefined, owner.cookie)).status).toBe(200)
    expect((await call('DELETE', `/api/menus/${menuId}`, undefined, owner.cookie)).status).toBe(200)
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM menu_items WHERE id IN (?, ?)').bind(items[0], items[1]).first(),
    ).toEqual({ n: 0 })

    expect(await books(owner, table, now)).toEqual(before)
    const links = await env.DB.prepare('SELECT menu_item_id FROM bill_items WHERE table_id = ?').bind(table.id).all()
    expect(links.results).toEqual([{ menu_item_id: null }, { menu_item_id: null }])
    expect(before.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Parrillada para dos', price_cents: 30000, quantity: 1, paid_quantity: 1 }),
        expect.objectContaining({ name: 'Agua de horchata', price_cents: 4550, quantity: 1, paid_quantity: 1 }),
      ]),
    )
    expect(await history()).toBe('1 pago · $345.50 · propinas $34.55')
  })
})
