import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getPage, postForm, seedTable, staffCookieOf, payAs } from './fixtures'
import { figure, textOfHtml } from './html'

/** The payments the page's refund forms name, in the page's order (newest first). */
const paymentIds = (html: string) =>
  [
    ...html.matchAll(
      /name="intent" value="refund"\/><input type="hidden" name="sessionId" value="[^"]+"\/><input type="hidden" name="paymentId" value="([^"]+)"/g,
    ),
  ].map((match) => match[1]!)

const refundsOf = (sessionId: string) =>
  env.DB.prepare('SELECT amount_cents AS amount, tip_cents AS tip FROM refunds WHERE session_id = ?')
    .bind(sessionId)
    .all()
    .then((rows) => rows.results)

describe('a refund seen before it is sent', () => {
  it('shows the most it can give back, then what it would give back and change on paper, and sends only the amount confirmed', async () => {
    const table = await seedTable([
      { name: 'Tacos al pastor', priceCents: 12_000, quantity: 2 },
      { name: 'Agua de jamaica', priceCents: 3_500 },
    ])
    await payAs(table.sessionId, `items=${table.itemIds[0]}:2&tipAmount=15`, 'Ana')
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    const page = `/admin/tables/${table.tableId}`
    const shown = await (await getPage(page, manager)).text()
    const [paymentId] = paymentIds(shown)
    expect(figure(shown, 'refund-max')).toBe('Puedes devolver hasta $120.00 de consumo y $15.00 de propina.')

    // One taco and $5.00 of its tip: first what it would give back; nothing moves yet.
    const fields = {
      intent: 'refund',
      sessionId: table.sessionId,
      paymentId: paymentId!,
      [`units.${table.itemIds[0]}`]: '1',
      tip: '5',
      reason: 'Llegó frío',
    }
    const preview = await postForm(page, fields, manager)
    expect(preview.status).toBe(200)
    const html = await preview.text()
    expect(figure(html, 'refund-preview')).toMatch(/^Se devolverán \$65\.00 al cliente 1× Tacos al pastor /)
    expect(figure(html, 'refund-preview-bill')).toBe('Consumo: $60.00 (IVA incluido $8.28)')
    expect(figure(html, 'refund-preview-tip')).toBe('Propina: $5.00')
    expect(figure(html, 'refund-preview-fiscal')).toMatch(/^El recibo se rehace por lo que queda del pago/)
    expect(figure(html, 'refund-confirm')).toBe('Reembolsar $65.00')
    // The bill's object answers the page: nothing was given back.
    const maxNow = async () => figure(await (await getPage(page, manager)).text(), 'refund-max')
    expect(await maxNow()).toBe('Puedes devolver hasta $120.00 de consumo y $15.00 de propina.')

    // A confirmation of another amount than the refund now gives back changes nothing.
    const wrong = await postForm(page, { ...fields, confirmedTotal: '60.00' }, manager)
    expect(wrong.status).toBe(409)
    expect(textOfHtml(await wrong.text())).toContain('La cuenta cambió mientras tanto.')
    expect(await maxNow()).toBe('Puedes devolver hasta $120.00 de consumo y $15.00 de propina.')

    // The button's own fields send it.
    const confirm = /<form[^>]*>(?:(?!<\/form>)[\s\S])*?data-testid="refund-confirm"/.exec(html)![0]
    const sent = Object.fromEntries(
      [...confirm.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((input) => [
        input[1]!,
        input[2]!,
      ]),
    )
    expect(sent).toMatchObject({ amount: '60.00', tip: '5.00', reason: 'Llegó frío', confirmedTotal: '65.00' })
    expect((await postForm(page, sent, manager)).status).toBe(302)
    expect(await maxNow()).toBe('Puedes devolver hasta $60.00 de consumo y $10.00 de propina.')
    await expect.poll(() => refundsOf(table.sessionId)).toEqual([{ amount: 6_000, tip: 500 }])
    // The open bill says what is paid after what went back, and how much went back.
    const after = await (await getPage(page, manager)).text()
    expect([figure(after, 'bill-paid'), figure(after, 'bill-refunded'), figure(after, 'bill-remaining')]).toEqual([
      '$60.00',
      'después de $60.00 devueltos',
      '$95.00',
    ])

    // More than is left is refused at the preview, with the reason.
    const tooMuch = await postForm(page, { ...fields, [`units.${table.itemIds[0]}`]: '', amount: '61' }, manager)
    expect(tooMuch.status).toBe(409)
    expect(textOfHtml(await tooMuch.text())).toContain('Un reembolso no puede ser mayor a lo que se pagó.')
    // A waiter refunds nothing, preview or not.
    const waiter = await staffCookieOf(table.restaurantId, 'waiter')
    expect((await postForm(page, fields, waiter)).status).toBe(403)
    expect((await postForm(page, { ...fields, confirmedTotal: '65.00' }, waiter)).status).toBe(403)
    expect(await maxNow()).toBe('Puedes devolver hasta $60.00 de consumo y $10.00 de propina.')
  })

  it('a closed bill shows what was consumed and who paid it, and an equal share is refunded as an amount of it', async () => {
    const table = await seedTable([
      { name: 'Mole', priceCents: 20_000 },
      { name: 'Café', priceCents: 4_000 },
    ])
    await payAs(table.sessionId, 'split=true&tableSize=2&peoplePaying=1&tipPercentage=0', 'Ana')
    await payAs(table.sessionId, 'split=true&tableSize=2&peoplePaying=1&tipPercentage=0', 'Luis')
    const owner = await staffCookieOf(table.restaurantId, 'owner')
    expect(
      (await postForm(`/admin/tables/${table.tableId}?close=1`, { intent: 'close', sessionId: table.sessionId }, owner))
        .status,
    ).toBe(302)
    const page = `/admin/tables/${table.tableId}/bills/${table.sessionId}`
    const html = await (await getPage(page, owner)).text()
    expect(figure(html, 'bill-lines')).toBe(
      '1× Mole $200.00 Pagado · Con las partes de la cuenta 1× Café $40.00 Pagado · Con las partes de la cuenta',
    )
    expect(textOfHtml(html)).not.toContain('Unidades')
    expect(figure(html, 'refund-max')).toBe('Puedes devolver hasta $120.00 de consumo y $0.00 de propina.')
    // Newest first: Luis's share.
    const [luis] = paymentIds(html)
    const preview = await postForm(
      page,
      { intent: 'refund', sessionId: table.sessionId, paymentId: luis!, amount: '40', reason: 'Café frío' },
      owner,
    )
    expect(preview.status).toBe(200)
    expect(figure(await preview.text(), 'refund-confirm')).toBe('Reembolsar $40.00')
  })
})
