import { describe, expect, it } from 'vitest'
import { getPage, seedTable, staffCookieOf, payAs } from './fixtures'
import { textOfHtml } from './html'

/** The staff's bill of the table: each line's text, and each payment's. */
async function staffBill(table: { restaurantId: string; tableId: string }) {
  const cookie = await staffCookieOf(table.restaurantId, 'waiter')
  const html = await (await getPage(`/admin/tables/${table.tableId}`, cookie)).text()
  const payments = /data-testid="bill-payments"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? ''
  return {
    page: textOfHtml(html),
    payments: [...payments.matchAll(/<li[\s\S]*?<\/li>/g)].map((item) => textOfHtml(item[0])),
  }
}

describe('who paid what, on the staff’s bill', () => {
  it('after an equal split between two: each share is a share of the bill, and no line says one of them paid it', async () => {
    const table = await seedTable([
      { name: 'Tacos al pastor', priceCents: 12_000 },
      { name: 'Enchiladas', priceCents: 11_000 },
      { name: 'Agua de jamaica', priceCents: 3_500 },
      { name: 'Flan', priceCents: 2_500 },
    ])
    await payAs(table.sessionId, 'split=true&tableSize=2&peoplePaying=1&tipPercentage=0', 'Ana')
    await payAs(table.sessionId, 'split=true&tableSize=2&peoplePaying=1&tipPercentage=0', 'Luis')
    const { page, payments } = await staffBill(table)
    // Newest first: Luis's share, then Ana's, each $145.00 of the $290.00.
    expect(
      payments.map((payment) =>
        /^ *(\S+) \$145\.00 Tarjeta · (Parte igual \d de 2 de la cuenta)/.exec(payment)?.slice(1),
      ),
    ).toEqual([
      ['Luis', 'Parte igual 2 de 2 de la cuenta'],
      ['Ana', 'Parte igual 1 de 2 de la cuenta'],
    ])
    expect(page.match(/Pagado · Con las partes de la cuenta/g)).toHaveLength(4)
    expect(page).not.toContain('Pagó Luis')
    expect(page).not.toContain('Cuenta completa')
  })

  it('after one paid their items and another the rest: the items are the first’s, the rest the second’s, unit by unit', async () => {
    const table = await seedTable([
      { name: 'Tacos al pastor', priceCents: 12_000, quantity: 2 },
      { name: 'Agua de jamaica', priceCents: 3_500 },
    ])
    await payAs(table.sessionId, `items=${table.itemIds[0]}:1&tipPercentage=0`, 'Ana')
    await payAs(table.sessionId, 'full=true&tipPercentage=0', 'Luis')
    const { page, payments } = await staffBill(table)
    expect(
      payments.map((payment) => /^ *(\S+) (\$[\d.]+) Tarjeta · ([^·$]+?) (?:1×|Ref\.)/.exec(payment)?.slice(1)),
    ).toEqual([
      ['Luis', '$95.00', 'El resto'],
      ['Ana', '$60.00', 'Sus artículos'],
    ])
    expect(page).toContain('2× Tacos al pastor')
    expect(page).toContain('Pagado · Ana pagó 1 · Luis pagó 1')
    expect(page).toContain('Pagado · Pagó Luis')
  })

  it('the whole bill at once: “Cuenta completa”, and every line is its payer’s', async () => {
    const table = await seedTable([
      { name: 'Mole', priceCents: 20_000 },
      { name: 'Café', priceCents: 4_000 },
    ])
    await payAs(table.sessionId, 'full=true&tipPercentage=0', 'Eva')
    const { page, payments } = await staffBill(table)
    expect(payments).toHaveLength(1)
    expect(payments[0]).toMatch(/^ *Eva \$240\.00 Tarjeta · Cuenta completa /)
    expect(page.match(/Pagado · Pagó Eva/g)).toHaveLength(2)
  })
})
