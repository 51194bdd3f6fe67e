import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { createTable } from '~/server/tables/tables.server'
import { ledgerOf } from '~/server/books/ledger.server'
import {
  delivered,
  getPage,
  newTransactionId,
  openPaymentForm,
  confirmationOf,
  pageText as textOf,
  postForm,
  postJson,
  setRestaurant,
  seedTable,
  staffCookieOf,
  staffOrder,
  postRefund,
} from './fixtures'

/** A receipt's rows as label → value, in page order. */
const rowsOf = (page: string) =>
  new Map(
    [...page.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map(([, label, value]) => [label!, value!]),
  )

/** A diner pays through the payment step's form (no JavaScript), and follows it to the confirmation. */
async function payThroughForm(sessionId: string, query: string, extra: [string, string][] = []) {
  const form = await openPaymentForm(`/customer/payment-method/${sessionId}?${query}`)
  const paid = await form.submit([...form.fields, ...extra])
  expect(paid.status).toBe(302)
  return confirmationOf(paid, form.cookie)
}

describe('a receipt for every payment', () => {
  it('is linked from the confirmation: lines, IVA broken out of the prices, the tip apart, the folio; its PDF downloads', async () => {
    const table = await seedTable([
      { name: 'Tacos al pastor', priceCents: 11_600, quantity: 2 },
      { name: 'Agua de horchata', priceCents: 3_500 },
    ])
    await setRestaurant(table.restaurantId, {
      restaurant_name: 'Fonda Doña Lupe',
      rfc: 'FDL010203AB1',
      legal_name: 'Fonda Doña Lupe SA de CV',
      restaurant_address: 'Av. Juárez 12, Centro, CDMX',
    })
    const { receiptUrl } = await payThroughForm(table.sessionId, `items=${table.itemIds[0]}:2&tipAmount=15`, [
      ['customerName', 'Marco'],
    ])
    expect(receiptUrl).toMatch(new RegExp(`^/customer/receipt/${table.sessionId}/[A-Za-z0-9_-]{43}$`))
    const page = await textOf(await getPage(receiptUrl))
    expect(page).toContain('Fonda Doña Lupe SA de CV · RFC FDL010203AB1')
    expect(page).toContain('Av. Juárez 12, Centro, CDMX')
    expect(page).toMatch(/data-testid="receipt-folio"[^>]*>Folio A-000001</)
    for (const [label, value] of [
      ['2× Tacos al pastor', '$116.00'],
      ['Subtotal', '$100.00'],
      ['IVA incluido (16 %)', '$16.00'],
      ['Consumo', '$116.00'],
      ['Propina', '$15.00'],
      ['Total pagado', '$131.00'],
      ['Pagó', 'Marco'],
      ['Forma de pago', 'Tarjeta'],
    ])
      expect(rowsOf(page).get(label!), label).toBe(value)
    expect(page).toContain('La propina es para el equipo: no es parte del consumo.')

    const pdf = await getPage(`${receiptUrl}/pdf`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    expect(pdf.headers.get('Content-Disposition')).toBe('attachment; filename="recibo-A-000001.pdf"')
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
  })

  it('answers 404 for a made-up token, another bill’s, and a token of this bill under another bill', async () => {
    const table = await seedTable([{ priceCents: 10_000 }])
    const other = await seedTable([{ priceCents: 10_000 }])
    const { receiptUrl } = await payThroughForm(table.sessionId, 'full=true&tipPercentage=0')
    const token = receiptUrl.split('/').at(-1)!
    for (const path of [
      `/customer/receipt/${table.sessionId}/${'A'.repeat(43)}`,
      `/customer/receipt/${other.sessionId}/${token}`,
      `/customer/receipt/${table.sessionId}/short`,
      `/customer/receipt/${other.sessionId}/${token}/pdf`,
    ]) {
      const response = await getPage(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('Cache-Control'), path).toBe('private, no-store')
    }
    expect(await textOf(await getPage(`/customer/receipt/${table.sessionId}/${'A'.repeat(43)}`))).toContain(
      'Recibo no encontrado',
    )
  })

  it('a share of an equal split with IVA on top says which share; the whole bill lists its lines', async () => {
    const table = await seedTable([{ name: 'Mole', priceCents: 20_000 }])
    await setRestaurant(table.restaurantId, { tax_included_in_price: 0 })
    const { receiptUrl } = await payThroughForm(
      table.sessionId,
      'split=true&tableSize=4&peoplePaying=1&tipPercentage=0',
    )
    const page = await textOf(await getPage(receiptUrl))
    // The first payment of the bill: a share of the whole of it.
    expect(page).toContain('Parte igual 1 de 4 de la cuenta')
    expect(rowsOf(page).get('IVA (16 %)')).toBe('$8.00')
    expect(rowsOf(page).get('Total pagado')).toBe('$58.00')

    const whole = await seedTable([
      { name: 'Mole', priceCents: 20_000 },
      { name: 'Café', priceCents: 4_000 },
    ])
    const paid = await payThroughForm(whole.sessionId, 'full=true&tipPercentage=0')
    const wholePage = await textOf(await getPage(paid.receiptUrl))
    expect(wholePage).toContain('Cuenta completa')
    expect(wholePage).toContain('1× Mole')
    expect(wholePage).toContain('1× Café')
  })

  it('a cash payment staff take with change gets one too, printable from the table’s page; a refund shows on it', async () => {
    const table = await seedTable([{ name: 'Mole', priceCents: 15_500 }])
    const owner = await staffCookieOf(table.restaurantId)
    const recorded = await postForm(
      `/admin/tables/${table.tableId}`,
      {
        intent: 'record-payment',
        sessionId: table.sessionId,
        transactionId: newTransactionId(),
        mode: 'full',
        amount: '155.00',
        method: 'cash',
        cashReceived: '200.00',
      },
      owner,
    )
    expect(recorded.status).toBe(302)
    const staffPage = await textOf(await getPage(`/admin/tables/${table.tableId}`, owner))
    const receiptUrl = /href="([^"]+)"[^>]*data-testid="payment-receipt"/.exec(staffPage)![1]!
    const paymentId = /name="paymentId" value="([^"]+)"/.exec(staffPage)![1]!
    const refunded = await postRefund(
      `/admin/tables/${table.tableId}`,
      { intent: 'refund', sessionId: table.sessionId, paymentId, amount: '20', reason: 'Café frío' },
      owner,
    )
    expect(refunded.status).toBe(302)
    const page = await textOf(await getPage(receiptUrl))
    const rows = rowsOf(page)
    expect(rows.get('Forma de pago')).toBe('Efectivo')
    expect(rows.get('Efectivo recibido')).toBe('$200.00')
    expect(rows.get('Cambio')).toBe('$45.00')
    expect([...rows].find(([label]) => label.startsWith('Reembolso del '))?.[1]).toBe('−$20.00')
    expect(rows.get('Total después de reembolsos')).toBe('$135.00')
  })

  it('is mailed with its PDF to the address the diner types, a few times an hour at most; a bad address changes nothing', async () => {
    const table = await seedTable([{ priceCents: 10_000 }])
    const { receiptUrl } = await payThroughForm(table.sessionId, 'full=true&tipPercentage=0')
    const to = `ana.${crypto.randomUUID().slice(0, 8)}@example.mx`
    const sent = async (email: string) => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
      const response = await postForm(receiptUrl, { email })
      const logged = log.mock.calls.map((call) => String(call[0]))
      log.mockRestore()
      return { response, logged }
    }
    const bad = await sent('ana@')
    expect(bad.response.status).toBe(400)
    expect(await textOf(bad.response)).toContain('Escribe un correo válido.')

    const first = await sent(` ${to.toUpperCase()} `)
    expect(first.response.status).toBe(302)
    expect(first.logged.join('\n')).toMatch(/\[recibo-A-000001\.pdf, \d+ bytes\]/)
    const kept = await env.DB.prepare('SELECT subject, body FROM mail_outbox WHERE to_address = ?')
      .bind(to)
      .first<{ subject: string; body: string }>()
    expect(kept!.subject).toBe('Tu recibo de Fonda de Prueba (A-000001)')
    // The link opens the receipt for a year: the outbox keeps the mail without it.
    expect(kept!.body).not.toContain(receiptUrl.split('/').at(-1)!)
    expect((await sent(to)).response.status).toBe(302)
    expect((await sent(to)).response.status).toBe(302)
    const fourth = await sent(to)
    expect(fourth.response.status).toBe(429)
    expect(await textOf(fourth.response)).toContain('Inténtalo de nuevo en 60 min')
  })

  it('a waiter resends any payment’s receipt from the table’s page', async () => {
    const table = await seedTable([{ priceCents: 10_000 }])
    await payThroughForm(table.sessionId, 'full=true&tipPercentage=0')
    const waiter = await staffCookieOf(table.restaurantId, 'waiter')
    const staffPage = await textOf(await getPage(`/admin/tables/${table.tableId}`, waiter))
    const paymentId = /data-testid="receipt-email"[\s\S]*?name="paymentId" value="([^"]+)"/.exec(staffPage)![1]!
    const to = `luis.${crypto.randomUUID().slice(0, 8)}@example.mx`
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const resent = await postForm(
      `/admin/tables/${table.tableId}`,
      { intent: 'receipt-email', sessionId: table.sessionId, paymentId, email: to },
      waiter,
    )
    log.mockRestore()
    expect(resent.status).toBe(302)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?').bind(to).first()).toEqual(
      { n: 1 },
    )
    // Another bill's payment id names nothing here.
    const elsewhere = await postForm(
      `/admin/tables/${table.tableId}`,
      { intent: 'receipt-email', sessionId: table.sessionId, paymentId: crypto.randomUUID(), email: to },
      waiter,
    )
    expect(elsewhere.status).toBe(404)
  })

  it('folios count per restaurant, once each, with payments landing at once on several tables', async () => {
    const first = await seedTable([{ name: 'Café', priceCents: 3_000, quantity: 3 }])
    const restaurantId = first.restaurantId
    const tables = [first]
    for (const number of ['20', '21', '22', '23']) {
      const made = (await createTable(ledgerOf(env, restaurantId), {
        tableNumber: number,
        tableName: null,
        capacity: 2,
      }))!
      const seeded = { restaurantId, tableId: made.id, sessionId: made.sessionId }
      expect(
        (await staffOrder(seeded, { sessionId: made.sessionId, items: [{ name: 'Café', price: 30, quantity: 3 }] }))
          .status,
      ).toBe(201)
      tables.push({ ...first, ...seeded })
    }
    // Three payments on each table, all at once.
    const paid = await Promise.all(
      tables.flatMap((table) =>
        [0, 1, 2].map(() =>
          postJson('/api/payments', {
            tableId: table.tableId,
            sessionId: table.sessionId,
            amount: 10,
            paymentMethod: 'card',
            paymentType: 'split',
            splitCount: 3,
            transactionId: newTransactionId(),
          }),
        ),
      ),
    )
    expect(paid.filter((response) => response.status === 201).length).toBeGreaterThan(4)
    for (const table of tables) await delivered(table.sessionId)
    const { results } = await env.DB.prepare(
      'SELECT r.folio FROM receipts r JOIN payments p ON p.id = r.payment_id WHERE r.restaurant_id = ? ORDER BY r.folio',
    )
      .bind(restaurantId)
      .all<{ folio: number }>()
    const payments = await env.DB.prepare(
      'SELECT count(*) AS n FROM payments p JOIN tables t ON t.id = p.table_id WHERE t.restaurant_id = ?',
    )
      .bind(restaurantId)
      .first<{ n: number }>()
    expect(results.map((row) => row.folio)).toEqual(Array.from({ length: payments!.n }, (_, index) => index + 1))
  })
})
