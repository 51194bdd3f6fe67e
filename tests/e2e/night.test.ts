import { readFileSync } from 'node:fs'
import { request, type Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BASE_URL, chromiumForFile, hydrated, phonePage, DESKTOP, PHONE, screenshot, signUpAndSignIn } from './browser'

const browser = chromiumForFile()

/**
 * A restaurant's night, closed by its owner from the staff's own forms: a
 * $500 float, the whole bill of table 2 in cash ($295), a count ($5 short),
 * a $65 cash sale after it, table 1 split equally between two diners who
 * pay through Mesa ($145 each), closed, and $55 given back to one of them.
 * Every figure below is written by hand from those facts.
 */
async function openNight(name: string) {
  const api = await request.newContext({ baseURL: BASE_URL })
  const headers = { Origin: BASE_URL }
  await signUpAndSignIn(api, name)
  const table = async (tableNumber: string, items: { name: string; price: number; customerName?: string }[]) => {
    const made = (await (await api.post('/api/tables', { headers, data: { tableNumber } })).json()) as {
      id: string
      sessionId: string
    }
    expect((await api.post('/api/items', { headers, data: { tableId: made.id, items } })).status()).toBe(201)
    return made
  }
  const split = await table('1', [
    { name: 'Mole poblano', price: 200, customerName: 'Ana' },
    { name: 'Café de olla', price: 90, customerName: 'Luis' },
  ])
  const cash = await table('2', [
    { name: 'Tacos al pastor', price: 250 },
    { name: 'Agua de jamaica', price: 45 },
  ])
  const late = await table('3', [{ name: 'Quesadilla', price: 65 }])
  // The two diners of table 1 pay their equal shares on their phones.
  const diner = await request.newContext({ baseURL: BASE_URL })
  for (const customerName of ['Ana', 'Luis']) {
    const paid = await diner.post('/api/payments', {
      data: {
        tableId: split.id,
        amount: 145,
        tipAmount: 0,
        paymentMethod: 'card',
        paymentType: 'split',
        splitCount: 2,
        customerName,
        transactionId: `mesa_${crypto.randomUUID()}`,
      },
    })
    expect(paid.status()).toBe(201)
  }
  await diner.dispose()
  const signedIn = await api.storageState()
  await api.dispose()
  return { split, cash, late, signedIn }
}

/** The text of the element marked `testId`, its spaces as a reader sees them. */
const textOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).first().innerText()).replace(/\s+/g, ' ').trim()

async function downloadCsv(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cash-out-csv').click()])
  return readFileSync((await download.path())!)
    .subarray(3)
    .toString('utf8')
    .split('\r\n')
}

for (const javaScriptEnabled of [true, false]) {
  describe(`the owner closes a night ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    it('every figure on every screen and in the CSV agrees, written by hand', async () => {
      const night = await openNight(javaScriptEnabled ? 'Fonda La Noche' : 'Fonda Sin Script')
      const { page, errors } = await phonePage(browser(), {
        ...(javaScriptEnabled ? PHONE : DESKTOP),
        storageState: night.signedIn,
        acceptDownloads: true,
        javaScriptEnabled,
      })
      const ready = (testId: string) => (javaScriptEnabled ? hydrated(page, testId) : Promise.resolve())

      // The $500 float opens the drawer.
      await page.goto('/admin/cash-out')
      await ready('drawer-float-form')
      await page.getByLabel('Fondo de caja (MXN)').fill('500')
      await page.getByRole('button', { name: 'Guardar fondo' }).click()
      await expect.poll(() => textOf(page, 'drawer-expected')).toBe('$500.00')

      // Table 2 pays its $295.00 in cash, exact.
      await page.goto(`/admin/tables/${night.cash.id}`)
      await ready('quick-charge')
      await page.getByTestId('charge-cash-29500').click()
      await expect.poll(() => textOf(page, 'bill-remaining')).toBe('$0.00')
      await expect.poll(() => textOf(page, 'bill-payments')).toContain('Efectivo · Cuenta completa')

      // The count: $795.00 should be there, $790.00 is; $500.00 stays for the next session.
      await page.goto('/admin/cash-out')
      await ready('drawer-count-form')
      await expect.poll(() => textOf(page, 'drawer-expected')).toBe('$795.00')
      await page.getByLabel('Efectivo contado (MXN)').fill('790')
      await page.getByLabel('Nota (opcional)').fill('Faltan 5')
      await page.getByRole('button', { name: 'Contar y cerrar caja' }).click()
      const closedDrawer = page.locator('[data-testid="drawer-session"][data-state="closed"]')
      await expect.poll(() => closedDrawer.getByTestId('drawer-difference').textContent()).toBe('-$5.00')

      // A $65.00 cash sale after the count.
      await page.goto(`/admin/tables/${night.late.id}`)
      await ready('quick-charge')
      await page.getByTestId('charge-cash-6500').click()
      await expect.poll(() => textOf(page, 'bill-remaining')).toBe('$0.00')

      // Table 1: two equal shares of the bill, and no line said to be one diner's.
      await page.goto(`/admin/tables/${night.split.id}`)
      await ready('bill-payments')
      await expect
        .poll(() => textOf(page, 'bill-payments'))
        .toMatch(
          /^Luis \$145\.00 Tarjeta · Parte igual 2 de 2 de la cuenta .*Ana \$145\.00 Tarjeta · Parte igual 1 de 2 de la cuenta /,
        )
      expect(await textOf(page, 'bill-lines')).toBe(
        '1× Mole poblano Pidió Ana Pagado · Con las partes de la cuenta $200.00 1× Café de olla Pidió Luis Pagado · Con las partes de la cuenta $90.00',
      )
      await page.getByTestId('close-bill').click()
      await page.getByRole('button', { name: 'Cerrar cuenta y liberar la mesa' }).click()
      await page.getByTestId('previous-bill-link').click()
      await page.waitForURL(/\/bills\//)
      await ready('bill-payments')

      // $55.00 back to Luis: first what it gives back, then the button with the amount.
      const refund = page.getByTestId('refund').first()
      await refund.locator('summary').click()
      await expect
        .poll(() => refund.getByTestId('refund-max').textContent())
        .toBe('Puedes devolver hasta $145.00 de consumo y $0.00 de propina.')
      await refund.getByLabel('Consumo a devolver').fill('55')
      await refund.getByLabel('Motivo').fill('Café frío')
      await refund.getByRole('button', { name: 'Revisar reembolso' }).click()
      await expect.poll(() => textOf(page, 'refund-preview-bill')).toBe('Consumo: $55.00 (IVA incluido $7.59)')
      await screenshot(page, `night-refund-${javaScriptEnabled ? 'phone' : 'desktop-nojs'}`)
      await page.getByRole('button', { name: 'Reembolsar $55.00' }).click()
      await expect.poll(() => textOf(page, 'closed-bill-paid')).toBe('Pagada · $55.00 reembolsados')

      // The cash-out says the same night, in one language.
      await page.goto('/admin/cash-out')
      await ready('cash-out-print')
      await expect.poll(() => textOf(page, 'money-gross')).toBe('Cobrado (antes de devoluciones) $650.00 $0.00 $650.00')
      expect(await textOf(page, 'money-refunds')).toBe('Devuelto -$55.00 $0.00 -$55.00')
      expect(await textOf(page, 'money-net')).toBe('Neto (lo que quedó) $595.00 $0.00 $595.00')
      expect(await textOf(page, 'payments-mesa')).toMatch(/2 pagos \$290\.00 \$0\.00 \$290\.00$/)
      expect(await textOf(page, 'payments-cash')).toMatch(/2 pagos \$360\.00 \$0\.00 \$360\.00$/)
      expect(await textOf(page, 'payments-total')).toMatch(/4 pagos \$650\.00 \$0\.00 \$650\.00$/)
      expect(await textOf(page, 'net-sales')).toBe('$595.00')
      expect(await textOf(page, 'expected-cash')).toBe('$360.00')
      const open = page.locator('[data-testid="drawer-session"][data-state="open"]')
      expect(
        await Promise.all(
          ['drawer-float', 'drawer-cash-in', 'drawer-expected', 'drawer-difference'].map((id) =>
            open.getByTestId(id).textContent(),
          ),
        ),
      ).toEqual(['$500.00', '$65.00', '$565.00', '—'])
      expect(
        await Promise.all(
          ['drawer-float', 'drawer-cash-in', 'drawer-expected', 'drawer-counted', 'drawer-difference'].map((id) =>
            closedDrawer.getByTestId(id).textContent(),
          ),
        ),
      ).toEqual(['$500.00', '$295.00', '$795.00', '$790.00', '-$5.00'])
      await screenshot(page, `night-cash-out-${javaScriptEnabled ? 'phone' : 'desktop-nojs'}`)

      const csv = await downloadCsv(page)
      for (const row of [
        'Cobros,"Mesa (Tarjeta, Apple Pay y Google Pay)",2,290.00,0.00,290.00',
        'Cobros,Efectivo,2,360.00,0.00,360.00',
        'Cobros,Total,4,650.00,0.00,650.00',
        'Devoluciones,Total devuelto,1,55.00,0.00,55.00',
        'Efectivo del periodo,Efectivo neto del periodo (sin fondo),,,,360.00',
        'Resumen,Cobrado (antes de devoluciones),,650.00,0.00,650.00',
        'Resumen,Devuelto,,55.00,0.00,55.00',
        'Resumen,Neto (lo que quedó),,595.00,0.00,595.00',
        'Resumen,Ventas netas,,,,595.00',
      ])
        expect(csv, row).toContain(row)
      expect(
        csv.filter((row) => row.startsWith('Sesiones de caja,')).map((row) => row.replace(/^[^·]+· /, '')),
      ).toEqual([
        'Fondo de caja,,,,500.00',
        'Debe haber en caja,,,,795.00',
        'Contado,,,,790.00',
        'Diferencia,,,,-5.00',
        'Fondo de caja,,,,500.00',
        'Debe haber en caja,,,,565.00',
      ])
      expect(errors).toEqual([])
    })
  })
}
