import { readFileSync } from 'node:fs'
import { request, type BrowserContextOptions, type Page } from 'playwright-core'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { businessDayOf } from '~/domain/cash-out-period'
import { formatLocalDateTime, wallClockAt } from '~/domain/local-time'
import { quote } from '../../scripts/dataset-sql'
import {
  BASE_URL,
  chromiumForFile,
  DESKTOP,
  hydrated,
  phonePage,
  screenshot,
  serverD1,
  signUpAndSignIn,
} from './browser'

const browser = chromiumForFile()
const MX = 'America/Mexico_City'

/** The owner's signed-in cookies, for every context of the file. */
let signedIn: BrowserContextOptions['storageState']

/**
 * A night at the restaurant: a diner pays their bill through Mesa (the real
 * flow, simulated provider); staff's records go into the ledger as the
 * bill's object would deliver them, signed by their members: Ana's cash
 * payment and Luis's at the terminal, a cash refund and a card refund, a
 * void, a comp, and a table closed with something unpaid.
 */
beforeAll(async () => {
  const api = await request.newContext({ baseURL: BASE_URL })
  const headers = { Origin: BASE_URL }
  await signUpAndSignIn(api, 'Cantina La Corte')
  const table = (await (
    await api.post('/api/tables', { headers, data: { tableNumber: '3', tableName: 'Terraza' } })
  ).json()) as { id: string; sessionId: string }
  expect(
    (
      await api.post('/api/items', {
        headers,
        data: {
          tableId: table.id,
          items: [
            { name: 'Chilaquiles verdes', price: 145, customerName: 'Ana' },
            { name: 'Café de olla', price: 45 },
          ],
        },
      })
    ).status(),
  ).toBe(201)
  // The diner's phone: no staff session.
  const diner = await request.newContext({ baseURL: BASE_URL })
  const paid = await diner.post('/api/payments', {
    data: {
      tableId: table.id,
      amount: 190,
      tipAmount: 28.5,
      total: 218.5,
      paymentMethod: 'card',
      paymentType: 'full',
      customerName: 'Marisol',
      transactionId: `mesa_${crypto.randomUUID()}`,
    },
  })
  expect(paid.status()).toBe(201)
  const { payment } = (await paid.json()) as { payment: { id: string } }
  await diner.dispose()

  const now = Date.now()
  const staffBill = crypto.randomUUID()
  const cash = crypto.randomUUID()
  const row = (values: (string | number | null)[]) =>
    `(${values.map((value) => (typeof value === 'number' ? String(value) : quote(value))).join(', ')})`
  await serverD1(
    [
      `INSERT INTO table_sessions (id, table_id, opened_at, closed_at, unpaid_cents, unpaid_reason, closed_by) VALUES ${row([staffBill, table.id, now - 7_200_000, now - 60_000, 12000, 'Se fueron sin pagar', 'Ana'])};`,
      `INSERT INTO payments (id, table_id, session_id, transaction_id, request_hash, amount_cents, tip_cents, payment_method, payment_type, recorded_by, recorded_by_id, cash_received_cents, provider, created_at) VALUES
        ${row([cash, table.id, staffBill, crypto.randomUUID(), 'h', 30000, 4500, 'cash', 'full', 'Ana', 'user-ana', 40000, 'cash', now - 120_000])},
        ${row([crypto.randomUUID(), table.id, staffBill, crypto.randomUUID(), 'h', 25000, 2500, 'terminal', 'full', 'Luis', 'user-luis', null, 'terminal', now - 110_000])};`,
      // The diner's payment reaches the ledger through its bill's outbox; the card refund names it, so it waits until it is there.
      `INSERT INTO refunds (id, table_id, session_id, payment_id, method, amount_cents, tax_cents, tip_cents, reason, staff, provider, created_at) VALUES
        ${row([crypto.randomUUID(), table.id, staffBill, cash, 'cash', 5000, 0, 500, 'Cobro de más', 'Ana', 'cash', now - 100_000])};`,
      `INSERT INTO bill_adjustments (id, table_id, session_id, line_id, name, kind, quantity, amount_cents, reason, staff, created_at) VALUES
        ${row([crypto.randomUUID(), table.id, staffBill, crypto.randomUUID(), 'Flan', 'void', 1, 3000, 'Error de captura', 'Ana', now - 90_000])},
        ${row([crypto.randomUUID(), table.id, staffBill, crypto.randomUUID(), 'Pastel', 'comp', 1, 6000, 'Cumpleaños', 'Ana', now - 80_000])};`,
    ].join('\n'),
  )
  await vi.waitFor(
    async () => {
      if ((await serverD1(`SELECT id FROM payments WHERE id = ${quote(payment.id)}`)).length !== 1)
        throw new Error('the diner’s payment is not in the ledger yet')
    },
    { timeout: 30_000, interval: 500 },
  )
  await serverD1(
    `INSERT INTO refunds (id, table_id, session_id, payment_id, method, amount_cents, tax_cents, tip_cents, reason, staff, provider, created_at) VALUES ${row([crypto.randomUUID(), table.id, table.sessionId, payment.id, 'card', 4500, 0, 0, 'Café frío', 'Ana', 'simulated', now - 70_000])};`,
  )
  signedIn = await api.storageState()
  await api.dispose()
})

/** The night's figures as the page shows them (es-MX money in both languages). */
async function expectNight(page: Page) {
  const figure = async (testId: string) => (await page.getByTestId(testId).textContent())?.replace(/\s+/g, ' ').trim()
  await expect.poll(() => figure('expected-cash')).toBe('$290.00')
  await expect.poll(() => figure('net-sales')).toBe('$645.00')
  await expect.poll(() => figure('tips')).toBe('$93.50')
  await expect.poll(() => figure('bills-closed-count')).toBe('1')
  await expect.poll(() => figure('payments-mesa')).toMatch(/\$190\.00\s*\$28\.50\s*\$218\.50$/)
  await expect.poll(() => figure('payments-cash')).toMatch(/\$300\.00\s*\$45\.00\s*\$345\.00$/)
  await expect.poll(() => figure('payments-terminal')).toMatch(/\$250\.00\s*\$25\.00\s*\$275\.00$/)
  await expect.poll(() => figure('payments-total')).toMatch(/\$740\.00\s*\$98\.50\s*\$838\.50$/)
  expect([await figure('refunds-card'), await figure('refunds-cash'), await figure('refunds-total')]).toEqual([
    '$45.00',
    '$55.00',
    '$100.00',
  ])
  expect([await figure('voids'), await figure('comps'), await figure('bills-unpaid')]).toEqual([
    '$30.00',
    '$60.00',
    '$120.00',
  ])
  await expect.poll(() => figure('unpaid-reasons')).toBe('Se fueron sin pagar (1)$120.00')
}

/** The CSV the page's link downloads, as text, with its byte order mark checked and taken off. */
async function downloadCsv(page: Page, fileName: RegExp) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cash-out-csv').click()])
  expect(download.suggestedFilename()).toMatch(fileName)
  const bytes = readFileSync((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return bytes.subarray(3).toString('utf8').split('\r\n')
}

describe('the end-of-shift cash-out', () => {
  it('desktop, Spanish: opened from the dashboard, prints, downloads the CSV, and reads a shift', async () => {
    const { page, errors } = await phonePage(browser(), { ...DESKTOP, storageState: signedIn, acceptDownloads: true })
    // The print dialog would wait for a person; the page's call to it is what is checked.
    await page.context().addInitScript(() => {
      window.print = () => {
        document.documentElement.dataset.printed = 'yes'
      }
    })
    await page.goto('/admin/dashboard')
    await page.getByTestId('more-tabs').locator('summary').click()
    await page.getByRole('link', { name: 'Corte de caja' }).click()
    await page.waitForURL(/\/admin\/cash-out$/)
    await hydrated(page, 'cash-out-print')
    await expect.poll(() => page.getByTestId('cash-out-period').textContent()).toMatch(/^Jornada del /)
    await expectNight(page)
    await expect
      .poll(() => page.getByTestId('tips-by-staff').textContent())
      .toMatch(/^Ana.*\$40\.00Mesa \(comensales\).*\$28\.50Luis.*\$25\.00$/)
    await screenshot(page, 'cash-out-desktop')
    // Counting note by note adds up as it is typed: 2 × $500 and 3 × $20.
    const count = page.getByTestId('drawer-count-form')
    await count.getByText('Contar por billetes y monedas').click()
    await count.getByLabel('De $500.00').fill('2')
    await count.getByLabel('De $20.00').fill('3')
    await expect.poll(() => count.getByTestId('drawer-running-total').textContent()).toBe('Total contado: $1,060.00')

    await page.getByTestId('cash-out-print').click()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.printed)).toBe('yes')
    await page.emulateMedia({ media: 'print' })
    await screenshot(page, 'cash-out-print-desktop')
    await page.emulateMedia({ media: 'screen' })

    const csv = await downloadCsv(page, new RegExp(`^corte-de-caja-${businessDayOf(Date.now(), MX)}\\.csv$`))
    expect(csv[0]).toBe('Restaurante,Cantina La Corte')
    for (const row of [
      'Cobros,"Mesa (Tarjeta, Apple Pay y Google Pay)",1,190.00,28.50,218.50',
      'Cobros,Total,3,740.00,98.50,838.50',
      'Devoluciones,Total devuelto,2,95.00,5.00,100.00',
      'Cobros y propinas por persona,Mesa (comensales),1,145.00,28.50,173.50',
      'Efectivo del periodo,Efectivo neto del periodo (sin fondo),,,,290.00',
      'Resumen,Ventas netas,,,,645.00',
    ]) {
      expect(csv, row).toContain(row)
    }

    // A shift that ends before it starts is refused where it was typed; one around the night reads the same books.
    const local = (instant: number) => formatLocalDateTime(wallClockAt(instant, MX))
    await page.getByText('Elegir un turno (desde – hasta)').click()
    const shift = page.getByTestId('cash-out-shift-form')
    await shift.getByLabel('Desde').fill(local(Date.now()))
    await shift.getByLabel('Hasta').fill(local(Date.now() - 3_600_000))
    await shift.getByRole('button', { name: 'Ver turno' }).click()
    await expect
      .poll(() => page.getByTestId('cash-out-errors').textContent())
      .toContain('El fin del turno debe ser después del inicio.')
    await expect.poll(() => shift.getByText('El fin del turno debe ser después del inicio.').count()).toBe(1)
    await screenshot(page, 'cash-out-error-desktop')
    await shift.getByLabel('Desde').fill(local(Date.now() - 3 * 3_600_000))
    await shift.getByLabel('Hasta').fill(local(Date.now() + 600_000))
    await shift.getByRole('button', { name: 'Ver turno' }).click()
    await expect.poll(() => page.getByTestId('cash-out-period').textContent()).toBe('Turno')
    await expectNight(page)
    expect(errors).toEqual([])
  })

  it('phone, English: switched by the language button, the same figures and an English CSV', async () => {
    const { page, errors } = await phonePage(browser(), { storageState: signedIn, acceptDownloads: true })
    await page.goto('/admin/cash-out')
    await hydrated(page, 'cash-out-print')
    await page.getByRole('button', { name: /Idioma: English/ }).click()
    await page.getByText('Net cash in the period', { exact: true }).waitFor()
    await expectNight(page)
    await expect.poll(() => page.getByTestId('tips-by-staff').textContent()).toContain('Mesa (diners)')
    await screenshot(page, 'cash-out-phone-en')
    const csv = await downloadCsv(page, /^cash-out-\d{4}-\d{2}-\d{2}\.csv$/)
    for (const row of [
      'Payments,Cash,1,300.00,45.00,345.00',
      'Payments and tips by person,Mesa (diners),1,145.00,28.50,173.50',
      'Cash in the period,Net cash in the period (no float),,,,290.00',
    ])
      expect(csv, row).toContain(row)
    expect(errors).toEqual([])
  })

  it('phone, Spanish, without JavaScript: the figures, the day before by its link, and the CSV', async () => {
    const { page } = await phonePage(browser(), {
      storageState: signedIn,
      acceptDownloads: true,
      javaScriptEnabled: false,
    })
    await page.goto('/admin/cash-out')
    await expectNight(page)
    // Printing is the browser's own menu without JavaScript: no button that would do nothing.
    await expect.poll(() => page.getByTestId('cash-out-print').count()).toBe(0)
    await screenshot(page, 'cash-out-phone-nojs')
    // The drawer, first on the page: its fondo, then the count that closes it, through the page's own forms.
    await page.getByLabel('Fondo de caja (MXN)').fill('500')
    await page.getByRole('button', { name: 'Guardar fondo' }).click()
    await expect.poll(() => page.getByTestId('drawer-expected').textContent()).toBe('$790.00')
    // What should be there is above the fold on a phone.
    const expected = await page.getByTestId('drawer-expected').boundingBox()
    expect(expected!.y + expected!.height).toBeLessThanOrEqual(844)
    await page.getByLabel('Efectivo contado (MXN)').fill('780')
    await expect.poll(() => page.getByLabel('Fondo que queda en la caja (MXN)').inputValue()).toBe('500.00')
    await page.getByLabel('Nota (opcional)').fill('Faltan 10')
    await page.getByRole('button', { name: 'Contar y cerrar caja' }).click()
    // The counted session closes with its difference; the next opens with the $500 left in the drawer.
    const closed = page.locator('[data-testid="drawer-session"][data-state="closed"]')
    await expect.poll(() => closed.getByTestId('drawer-difference').textContent()).toBe('-$10.00')
    const open = page.locator('[data-testid="drawer-session"][data-state="open"]')
    await expect.poll(() => open.getByTestId('drawer-expected').textContent()).toBe('$500.00')
    await screenshot(page, 'cash-out-drawer-phone', { fold: true })
    const csv = await downloadCsv(page, /^corte-de-caja-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(csv).toContain('Efectivo del periodo,Efectivo neto del periodo (sin fondo),,,,290.00')
    expect(csv.filter((row) => row.startsWith('Sesiones de caja,')).map((row) => row.replace(/^[^·]+· /, ''))).toEqual([
      'Fondo de caja,,,,500.00',
      'Debe haber en caja,,,,790.00',
      'Contado,,,,780.00',
      'Diferencia,,,,-10.00',
      'Fondo de caja,,,,500.00',
      'Debe haber en caja,,,,500.00',
    ])
    await page.getByTestId('cash-out-previous-day').click()
    await page.waitForURL(/\?day=\d{4}-\d{2}-\d{2}$/)
    await expect.poll(() => page.getByTestId('expected-cash').textContent()).toBe('$0.00')
  })

  it('desktop, English, without JavaScript: a day typed into the form, and a date that is not one', async () => {
    const { page } = await phonePage(browser(), { ...DESKTOP, storageState: signedIn, javaScriptEnabled: false })
    await page.goto('/admin/cash-out')
    await page.getByRole('button', { name: /Idioma: English/ }).click()
    await page.getByText('Net cash in the period', { exact: true }).waitFor()
    const today = businessDayOf(Date.now(), MX)
    const dayForm = page.getByTestId('cash-out-day-form')
    await dayForm.getByLabel('Day', { exact: true }).fill(today)
    await dayForm.getByRole('button', { name: 'Show day' }).click()
    await page.waitForURL(new RegExp(`\\?day=${today}$`))
    await expectNight(page)
    await screenshot(page, 'cash-out-desktop-en-nojs')
    const response = await page.goto('/admin/cash-out?day=2026-02-30')
    expect(response?.status()).toBe(400)
    await expect
      .poll(() => page.getByTestId('cash-out-errors').textContent())
      .toContain('Enter a valid date (YYYY-MM-DD).')
  })
})
