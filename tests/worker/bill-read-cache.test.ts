import { describe, expect, it } from 'vitest'
import { languageCookie } from '~/server/http/i18n.server'
import { cartOf, getPage, newTransactionId } from './fixtures'
import { call, registration, signedInOwner } from './staff'

/** An owner's table with two lines on its bill. */
async function ownersTable() {
  const owner = await signedInOwner({ restaurantName: 'Fonda Caché' })
  const table = (await (
    await call('POST', '/api/tables', { tableNumber: '8', tableName: 'Terraza' }, owner.cookie)
  ).json()) as { id: string; sessionId: string }
  await call(
    'POST',
    '/api/items',
    {
      tableId: table.id,
      items: [
        { name: 'Enchiladas suizas', price: 150, customerName: 'Ana' },
        { name: 'Limonada', price: 40, customerName: 'Ana' },
      ],
    },
    owner.cookie,
  )
  return { owner, table }
}

/** Loads a bill read until the Worker answers it from what it kept (from the third load on); its text. */
async function warm(path: string, cookie?: string, headers: Record<string, string> = {}) {
  const loads = []
  for (let load = 0; load < 3; load++) loads.push(await getPage(path, cookie, headers))
  expect(loads.map((response) => response.headers.get('X-Bill-Cache'))).toEqual([null, 'miss', 'hit'])
  return loads[2]!.text()
}

/** A load after a change: rendered again, not the kept answer. */
async function fresh(path: string, cookie?: string) {
  const response = await getPage(path, cookie)
  expect(response.headers.get('X-Bill-Cache')).not.toBe('hit')
  return response
}

const session = async (sessionId: string) =>
  (await (await fresh(`/api/tables/session/${sessionId}`)).json()) as {
    tableName: string
    restaurantName: string
    paidAmount: number
    items: unknown[]
  }

describe('bill reads kept by the Worker between changes', () => {
  it('a payment, an order and a close show on the next load', async () => {
    const { owner, table } = await ownersTable()
    const page = `/customer/table/${table.sessionId}`
    expect(await warm(page)).toContain('$190.00')
    await warm(`/api/tables/session/${table.sessionId}`)

    expect(
      (
        await call('POST', '/api/payments', {
          tableId: table.id,
          amount: 40,
          paymentMethod: 'card',
          paymentType: 'split',
          transactionId: newTransactionId(),
        })
      ).status,
    ).toBe(201)
    expect(await (await fresh(page)).text()).toContain('$150.00')
    expect((await session(table.sessionId)).paidAmount).toBe(40)

    await call(
      'POST',
      '/api/items',
      { tableId: table.id, items: [{ name: 'Flan napolitano', price: 60 }] },
      owner.cookie,
    )
    expect(await (await fresh(page)).text()).toContain('Flan napolitano')
    expect((await session(table.sessionId)).items).toHaveLength(3)

    await call(
      'POST',
      `/api/tables/${table.id}/close`,
      { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      owner.cookie,
    )
    expect((await fresh(page)).status).toBe(302)
  })

  it('a closed bill’s id answers the table’s current bill as it is now, never a kept copy of it', async () => {
    const { owner, table } = await ownersTable()
    await call(
      'POST',
      `/api/tables/${table.id}/close`,
      { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      owner.cookie,
    )
    const old = `/api/tables/session/${table.sessionId}`
    for (let load = 0; load < 3; load++) expect((await getPage(old)).headers.get('X-Bill-Cache')).not.toBe('hit')
    await call(
      'POST',
      '/api/items',
      { tableId: table.id, items: [{ name: 'Flan napolitano', price: 60 }] },
      owner.cookie,
    )
    // The old bill's object never changes again, so its version cannot tell that the current bill moved on.
    expect(await (await getPage(old)).text()).toContain('Flan napolitano')
  })

  it('staff edits of the restaurant and the table show on the next load; an archived table is no longer available', async () => {
    const { owner, table } = await ownersTable()
    const page = `/customer/table/${table.sessionId}`
    expect(await warm(page)).toContain('Fonda Caché')
    await warm(`/api/tables/session/${table.sessionId}`)

    const { restaurantType, restaurantCuisine, restaurantAddress, restaurantPhone, restaurantEmail } = registration()
    const renamed = await call(
      'POST',
      '/api/auth/setup-restaurant',
      {
        restaurantName: 'Cantina Nueva',
        restaurantType,
        restaurantCuisine,
        restaurantAddress,
        restaurantPhone,
        restaurantEmail,
      },
      owner.cookie,
    )
    expect(renamed.status).toBe(200)
    const html = await (await fresh(page)).text()
    expect(html).toContain('Cantina Nueva')
    expect(html).not.toContain('Fonda Caché')

    expect(
      (await call('PATCH', `/api/tables/${table.id}`, { tableName: 'Jardín', capacity: 6 }, owner.cookie)).status,
    ).toBe(200)
    expect((await session(table.sessionId)).tableName).toBe('Jardín')

    expect(
      (
        await call('POST', '/api/payments', {
          tableId: table.id,
          amount: 190,
          paymentMethod: 'card',
          paymentType: 'full',
          transactionId: newTransactionId(),
        })
      ).status,
    ).toBe(201)
    expect((await fresh(page)).status).toBe(200)
    expect((await getPage(page)).headers.get('X-Bill-Cache')).toBe('hit')
    expect((await call('DELETE', `/api/tables/${table.id}`, undefined, owner.cookie)).status).toBe(200)
    expect((await fresh(page)).status).toBe(410)
    expect((await fresh(`/api/tables/session/${table.sessionId}`)).status).toBe(410)
  })

  it('keeps one answer per language and never serves a kept page to a request with a toast to show', async () => {
    const { owner, table } = await ownersTable()
    const page = `/customer/table/${table.sessionId}`
    expect(await warm(page)).toContain('Por pagar')
    const english = (await languageCookie.serialize('en')).split(';')[0]
    expect(await warm(page, english)).toContain('Left to pay')
    expect(await (await getPage(page)).text()).toContain('Por pagar')

    // The closed bill's code leads to the next bill with a toast in a cookie; that page shows it once and clears it.
    const next = (await (
      await call(
        'POST',
        `/api/tables/${table.id}/close`,
        { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
        owner.cookie,
      )
    ).json()) as { sessionId: string }
    const nextPage = `/customer/table/${next.sessionId}`
    expect(await warm(nextPage)).not.toContain('customer.bill.movedTitle')
    const moved = await getPage(page)
    expect(moved.headers.get('Location')).toBe(nextPage)
    const toast = moved.headers.get('Set-Cookie')?.split(';')[0] ?? ''
    expect(toast).toMatch(/^mesa_toast=./)
    const shown = await fresh(nextPage, toast)
    expect(await shown.text()).toContain('customer.bill.movedTitle')
    expect(shown.headers.get('Set-Cookie')).toMatch(/^mesa_toast=;/)
  })

  it('an English phone and then a Spanish phone on the same bill each get their own language, and say the page varies with it', async () => {
    const { table } = await ownersTable()
    const page = `/customer/table/${table.sessionId}`
    const kept = await warm(page, undefined, { 'Accept-Language': 'en-US,en;q=0.9' })
    expect(kept).toContain('Left to pay')
    expect(kept).toMatch(/<html lang="en"/)
    const spanish = await getPage(page, undefined, { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.8' })
    expect(spanish.headers.get('X-Bill-Cache')).not.toBe('hit')
    const html = await spanish.text()
    expect(html).toContain('Por pagar')
    expect(html).not.toContain('Left to pay')
    // Another English phone, worded differently, is served the English page kept for the first.
    const british = await getPage(page, undefined, { 'Accept-Language': 'en-GB' })
    expect(british.headers.get('X-Bill-Cache')).toBe('hit')
    expect(await british.text()).toContain('Left to pay')
    // Whatever sits between the phone and us must not hand one language's page, or its data for a navigation, to the other.
    expect(british.headers.get('Vary')).toMatch(/Accept-Language.*Cookie|Cookie.*Accept-Language/)
    const navigation = await getPage(`${page}.data`, undefined, { 'Accept-Language': 'en-GB' })
    expect(navigation.status).toBe(200)
    expect(navigation.headers.get('Vary')).toMatch(/Accept-Language.*Cookie|Cookie.*Accept-Language/)
  })

  it('serves the kept page whatever the diner has in the cart, which every diner page is sent but the bill does not show', async () => {
    const { table } = await ownersTable()
    const page = `/customer/table/${table.sessionId}`
    const english = (await languageCookie.serialize('en')).split(';')[0]
    expect(await warm(page, english)).toContain('Left to pay')
    for (const quantity of [1, 2]) {
      const cart = cartOf(table.sessionId, [{ menuItemId: crypto.randomUUID(), optionIds: [], quantity }])
      expect((await getPage(page, `${cart}; ${english}`)).headers.get('X-Bill-Cache')).toBe('hit')
    }
  })
})
