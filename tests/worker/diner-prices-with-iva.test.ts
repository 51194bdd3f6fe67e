import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { confirmationOf, getPage, openPaymentForm, pageText, seedMenu, seedTable, setRestaurant } from './fixtures'

/**
 * A restaurant whose prices leave the IVA out (it is added when paying):
 * the consumer law (Profeco) asks every price a consumer is shown to be the
 * total price, so a diner reads each one with its IVA — the menu, the bill,
 * the items to pay, a share — and is charged exactly that. The IVA itself
 * shows apart only as the breakdown of a total.
 */

/** The page's text with React's comment separators out, so figures read as they show. */
const shown = async (path: string) => (await pageText(await getPage(path))).replaceAll('<!-- -->', '')

describe('a restaurant that adds the IVA when paying', () => {
  it('shows diners every price with its IVA and charges what it showed', async () => {
    // Mole $100.00 and agua $25.00 before IVA: $116.00 and $29.00 with it; the bill $145.00.
    const table = await seedTable([
      { name: 'Mole', priceCents: 10_000 },
      { name: 'Agua', priceCents: 2_500 },
    ])
    await seedMenu(table.restaurantId, [{ name: 'Taco al pastor', priceCents: 5_000 }])
    await setRestaurant(table.restaurantId, { tax_included_in_price: 0, tax_rate_bps: 1600 })
    const sid = table.sessionId

    const bill = await shown(`/customer/table/${sid}`)
    expect(bill).toMatch(/data-testid="left-to-pay"[^>]*>\$145\.00</)
    expect(bill).toContain('$116.00')
    expect(bill).toContain('$29.00')
    expect(bill).not.toContain('$125.00')
    expect(bill).not.toContain('$100.00')

    expect(await shown(`/customer/menu/${sid}`)).toMatch(/data-testid="menu-item-price"[^>]*><span[^>]*>\$58\.00</)
    const items = await shown(`/customer/pay-items/${sid}`)
    expect(items).toContain('$116.00')
    expect(items).not.toContain('$100.00')
    // One of two equal shares: $62.50 before IVA, $72.50 with it.
    expect(await shown(`/customer/split-equal/${sid}?partySize=1&tableSize=2`)).toContain('$72.50')
    expect(await shown(`/customer/tip/${sid}?full=true`)).toContain('Pagas $145.00 de consumo')

    // The whole bill, no tip: the summary breaks the IVA out of the total it shows, and that total is what is charged.
    const form = await openPaymentForm(`/customer/payment-method/${sid}?full=true&tipAmount=0`)
    expect(form.html.replaceAll('<!-- -->', '')).toMatch(/data-testid="payment-total"[^>]*>\$145\.00</)
    await confirmationOf(await form.submit(), form.cookie)
    const charged = await env.DB.prepare(
      'SELECT sum(amount_cents + tax_cents + tip_cents) AS cents FROM payments WHERE session_id = ?',
    )
      .bind(sid)
      .first<number>('cents')
    expect(charged).toBe(14_500)
  })
})
