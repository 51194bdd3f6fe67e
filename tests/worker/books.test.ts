import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  countPayments,
  delivered,
  getPage,
  hiddenFields,
  newTransactionId,
  postForm,
  setRestaurant,
  toastShown,
  postRefund,
} from './fixtures'
import { call, signedInOwner } from './staff'
import { languageCookie } from '~/server/http/i18n.server'

const englishCookie = async () => (await languageCookie.serialize('en')).split(';')[0]!

type Table = { id: string; sessionId: string }
type Bill = {
  remainingAmount: number
  paidAmount: number
  totalAmount: number
  items: { id: string; name: string; quantity: number; paidQuantity: number; price: number }[]
}

/** The name the owner signed up with: it goes on everything they do (staff/registration). */
const OWNER_NAME = 'Lucía Garza'

/** An owner's table with three tacos ($40 each) and an agua ($35), nothing paid. */
async function openTable() {
  const owner = await signedInOwner({ ownerName: OWNER_NAME })
  const table = (await (await call('POST', '/api/tables', { tableNumber: '9' }, owner.cookie)).json()) as Table
  const order = await call(
    'POST',
    '/api/items',
    {
      tableId: table.id,
      items: [
        { name: 'Tacos al pastor', price: 120, quantity: 3, customerName: 'Marisol' },
        { name: 'Agua de jamaica', price: 35, customerName: 'Beto' },
      ],
    },
    owner.cookie,
  )
  expect(order.status).toBe(201)
  return { owner, table }
}

const billOf = async (sessionId: string) =>
  (await (await call('GET', `/api/tables/session/${sessionId}`)).json()) as Bill
const lineOf = async (sessionId: string, name: string) =>
  (await billOf(sessionId)).items.find((item) => item.name === name)!
/** The staff page's form posts, as a browser without JavaScript sends them (the close form to its dialog's address). */
const staffPost = (table: Table, cookie: string, fields: Record<string, string>) =>
  (fields.intent === 'refund' ? postRefund : postForm)(
    `/admin/tables/${table.id}${fields.intent === 'close' ? '?close=1' : ''}`,
    { sessionId: table.sessionId, ...fields },
    cookie,
  )
/**
 * What the staff member reads after the form: a done write leads back to the
 * page with its toast; a refused or invalid one answers the page again with
 * the form's errors (its alert and the errors under its fields).
 */
async function toastOf(response: Response, cookie: string): Promise<string> {
  if (response.status !== 302) return formErrorsIn(response)
  return toastShown(response, cookie)
}

/** What the ledger's payments of a bill charged for the bill itself, tax on top included. */
const chargedOn = (sessionId: string) =>
  env.DB.prepare('SELECT sum(amount_cents + tax_cents) AS charged FROM payments WHERE session_id = ?')
    .bind(sessionId)
    .first()

/** The change a cash payment's page shows large, after its redirect. */
async function changeShownAfter(response: Response, cookie: string): Promise<string | undefined> {
  const html = await (await getPage(response.headers.get('Location') ?? '', cookie)).text()
  return /data-testid="change-amount"[^>]*>([^<]*)</.exec(html)?.[1]
}

/** The one-tap charge form of the table's page whose button is `testId`, as its hidden fields. */
const quickForm = (html: string, testId: string) => {
  const button = html.indexOf(`data-testid="${testId}"`)
  expect(button, `${testId} is on the page`).toBeGreaterThan(-1)
  return Object.fromEntries(hiddenFields(html.slice(html.lastIndexOf('<form', button), button)))
}

/** A refused form's page: the text of its alerts and of the errors under its fields (never the page's translations, which hold every message). */
async function formErrorsIn(response: Response): Promise<string> {
  expect(response.status, 'a refused form answers the page again, not a redirect').toBeGreaterThanOrEqual(400)
  const html = await response.text()
  const body = html.slice(0, html.indexOf('<script'))
  const regions = [
    ...body.matchAll(/<div[^>]*role="alert"[^>]*>(.*?)<\/div>/gs),
    ...body.matchAll(/<ul[^>]*id="[^"]*-error"[^>]*>(.*?)<\/ul>/gs),
  ]
  expect(regions.length, 'the form shows why').toBeGreaterThan(0)
  return regions.map((region) => region[1]!.replace(/<[^>]+>/g, ' ')).join(' ')
}

describe('a waiter records money taken at the table', () => {
  it('takes cash for chosen units with a tip, says the change, and the diners’ bill shows them paid', async () => {
    const { owner, table } = await openTable()
    const tacos = await lineOf(table.sessionId, 'Tacos al pastor')
    const sent = await staffPost(table, owner.cookie, {
      intent: 'record-payment',
      transactionId: newTransactionId(),
      mode: 'items',
      [`units.${tacos.id}`]: '2',
      tip: '10',
      method: 'cash',
      cashReceived: '100',
    })
    expect(sent.headers.get('Location')).toMatch(new RegExp(`^/admin/tables/${table.id}\\?paid=`))
    expect(await changeShownAfter(sent, owner.cookie)).toBe('$10.00')
    expect(await billOf(table.sessionId)).toMatchObject({ paidAmount: 80, remainingAmount: 75 })
    expect((await lineOf(table.sessionId, 'Tacos al pastor')).paidQuantity).toBe(2)
    const html = await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()
    expect(html).toContain('Efectivo')
    expect(html).toContain(`Registrado por: ${OWNER_NAME}`)
  })

  it('takes the rest in one tap: the cash handed over among the nearest round sums, the change shown large until dismissed; a second tap records nothing more', async () => {
    const { owner, table } = await openTable()
    const page = await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()
    // $155.00 due: exactly, or the 200 and 500 a diner hands over; the terminal for the rest.
    for (const cents of [15500, 20000, 50000]) expect(page).toContain(`data-testid="charge-cash-${cents}"`)
    // The terminal asks crédito o débito in the same tap: the CFDI's forma de pago follows it.
    for (const funding of ['credit', 'debit']) expect(page).toContain(`data-testid="charge-terminal-${funding}-15500"`)
    const twoHundred = quickForm(page, 'charge-cash-20000')
    expect(twoHundred).toMatchObject({
      intent: 'record-payment',
      mode: 'full',
      amount: '155.00',
      method: 'cash',
      cashReceived: '200.00',
    })

    const sent = await staffPost(table, owner.cookie, twoHundred)
    expect(sent.headers.get('Location')).toMatch(new RegExp(`^/admin/tables/${table.id}\\?paid=`))
    expect(await changeShownAfter(sent, owner.cookie)).toBe('$45.00')
    // The change is the recorded payment's: an address that says another, or names no payment of this bill, shows none.
    for (const forged of ['?change=99999', '?paid=not-a-payment'])
      expect(await (await getPage(`/admin/tables/${table.id}${forged}`, owner.cookie)).text()).not.toContain(
        'data-testid="change-owed"',
      )
    // Another tap on the page as it was (its transaction id), of another sum: still the one payment.
    await staffPost(table, owner.cookie, quickForm(page, 'charge-cash-50000'))
    expect(await billOf(table.sessionId)).toMatchObject({ paidAmount: 155, remainingAmount: 0 })
    expect(await countPayments(table.sessionId)).toBe(1)
    // Dismissed, the page is the table's again, with nothing left to charge.
    const after = await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()
    expect(after).not.toContain('data-testid="change-owed"')
    expect(after).not.toContain('data-testid="quick-charge"')
  })

  it('keeps the change as a tip in one tap ("quédese con el cambio"), each sum showing its change before it is tapped', async () => {
    const { owner, table } = await openTable()
    const page = await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()
    // $155.00 due: 200 hands back 45, or keeps the 45 as the tip.
    const words = page.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    expect(words).toContain('$200.00 cambio $45.00')
    expect(words).toContain('$200.00 propina $45.00')
    const kept = quickForm(page, 'charge-cash-20000-tip')
    expect(kept).toMatchObject({ mode: 'full', amount: '155.00', method: 'cash', cashReceived: '200.00', tip: '45.00' })
    const sent = await staffPost(table, owner.cookie, kept)
    expect(sent.headers.get('Location')).toMatch(new RegExp(`^/admin/tables/${table.id}\\?paid=`))
    expect(await changeShownAfter(sent, owner.cookie)).toBe('$0.00')
    await delivered(table.sessionId)
    const recorded = await env.DB.prepare(
      'SELECT amount_cents AS amount, tip_cents AS tip, cash_received_cents AS received FROM payments WHERE session_id = ?',
    )
      .bind(table.sessionId)
      .all()
    expect(recorded.results).toEqual([{ amount: 15500, tip: 4500, received: 20000 }])
  })

  it('records the whole rest on the terminal only for the amount shown: a bill that moved meanwhile is refused and nothing is recorded', async () => {
    const { owner, table } = await openTable()
    const transactionId = newTransactionId()
    // A diner orders while the waiter looks at $155.00.
    await call(
      'POST',
      '/api/items',
      { tableId: table.id, items: [{ menuItemId: undefined, name: 'Flan', price: 55 }] },
      owner.cookie,
    )
    const stale = await staffPost(table, owner.cookie, {
      intent: 'record-payment',
      transactionId,
      mode: 'full',
      amount: '155.00',
      method: 'terminal',
      cardFunding: 'credit',
    })
    expect(await toastOf(stale, owner.cookie)).toContain('La cuenta cambió mientras tanto')
    expect((await billOf(table.sessionId)).paidAmount).toBe(0)
    const fresh = await staffPost(table, owner.cookie, {
      intent: 'record-payment',
      transactionId: newTransactionId(),
      mode: 'full',
      amount: '210.00',
      method: 'terminal',
      cardFunding: 'credit',
    })
    expect(await toastOf(fresh, owner.cookie)).toContain('Pago registrado')
    expect(await billOf(table.sessionId)).toMatchObject({ remainingAmount: 0 })
  })

  it('refuses cash handed over below the charge, and a second submit of the same form records once', async () => {
    const { owner, table } = await openTable()
    const low = await staffPost(table, owner.cookie, {
      intent: 'record-payment',
      transactionId: newTransactionId(),
      mode: 'amount',
      amount: '50',
      method: 'cash',
      cashReceived: '40',
    })
    expect(await toastOf(low, owner.cookie)).toContain('el efectivo recibido no puede ser menor al cobro')
    const transactionId = newTransactionId()
    const fields = { intent: 'record-payment', transactionId, mode: 'amount', amount: '50', method: 'cash' }
    await Promise.all([staffPost(table, owner.cookie, fields), staffPost(table, owner.cookie, fields)])
    expect((await billOf(table.sessionId)).paidAmount).toBe(50)
    // Listed as the amount it was, not as an equal share of the table.
    const page = (await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()).replaceAll('<!-- -->', '')
    expect(page).toContain('Efectivo · Un importe')
    expect(page).not.toContain('Efectivo · Parte igual')
  })
})

describe('the staff forms keep what was typed and say what is wrong under it', () => {
  /** The record-payment form as the page drew it again: its markup only, up to the next form. */
  const recordForm = (html: string) => {
    const at = html.indexOf('data-testid="record-payment"')
    expect(at, 'the record-payment form is on the page').toBeGreaterThan(-1)
    return html.slice(at, html.indexOf('</form>', at))
  }
  const fieldErrors = (form: string) =>
    [...form.matchAll(/<ul[^>]*id="([^"]*)-error"[^>]*>(.*?)<\/ul>/gs)].map(([, id, text]) => ({
      id,
      text: text!.replace(/<[^>]+>/g, ''),
    }))

  it('without JavaScript an invalid payment comes back open, every typed value kept, each error under its field, in the page’s language', async () => {
    const { owner, table } = await openTable()
    const fields = {
      intent: 'record-payment',
      transactionId: newTransactionId(),
      mode: 'amount',
      amount: '10.005',
      tip: 'abc',
      method: 'terminal',
      cashReceived: '200',
    }
    const spanish = await staffPost(table, owner.cookie, fields)
    expect(spanish.status).toBe(400)
    const form = recordForm(await spanish.text())
    expect(form).toMatch(/^data-testid="record-payment" open=""/)
    expect(form).toContain('value="10.005"')
    expect(form).toContain('value="abc"')
    expect(form).toContain('value="200"')
    expect(form).toMatch(/value="terminal"[^>]*checked=""|checked=""[^>]*value="terminal"/)
    expect(fieldErrors(form)).toEqual([
      { id: expect.stringMatching(/amount$/), text: 'Escribe un monto válido en pesos.' },
      { id: expect.stringMatching(/tip$/), text: 'Escribe un monto válido en pesos.' },
    ])
    const english = await staffPost(table, `${owner.cookie}; ${await englishCookie()}`, fields)
    expect(fieldErrors(recordForm(await english.text())).map((error) => error.text)).toEqual([
      'Enter a valid amount in pesos.',
      'Enter a valid amount in pesos.',
    ])
    expect((await billOf(table.sessionId)).paidAmount).toBe(0)
  })

  it('a payment the bill refuses comes back with why above the button and the amounts as typed, and records nothing', async () => {
    const { owner, table } = await openTable()
    const refused = await staffPost(table, owner.cookie, {
      intent: 'record-payment',
      transactionId: newTransactionId(),
      mode: 'amount',
      amount: '50',
      method: 'cash',
      cashReceived: '40',
    })
    expect(refused.status).toBe(422)
    const form = recordForm(await refused.text())
    expect(form).toContain('value="50"')
    expect(form).toContain('value="40"')
    expect(form).toMatch(/data-testid="record-payment-errors"[^>]*>.*el efectivo recibido no puede ser menor al cobro/s)
    expect((await billOf(table.sessionId)).paidAmount).toBe(0)
  })
})

describe('a restaurant whose prices add tax when paid', () => {
  it('shows staff the charge with its tax, takes cash for it, and closes a rest settled in cash at that charge', async () => {
    const { owner, table } = await openTable()
    await setRestaurant(owner.restaurantId, { tax_included_in_price: 0, tax_rate_bps: 1600 })
    expect(await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()).toContain('se cobra como $179.80')
    expect(await (await getPage(`/admin/tables/${table.id}?close=1`, owner.cookie)).text()).toContain(
      'Se pagó en efectivo ($179.80)',
    )
    const paid = await staffPost(table, owner.cookie, {
      intent: 'record-payment',
      transactionId: newTransactionId(),
      mode: 'amount',
      amount: '100',
      method: 'cash',
      cashReceived: '116',
    })
    expect(await changeShownAfter(paid, owner.cookie)).toBe('$0.00')
    const closed = await staffPost(table, owner.cookie, {
      intent: 'close',
      settledBy: 'cash',
      settledAmount: '55.00',
      transactionId: newTransactionId(),
    })
    expect(await toastOf(closed, owner.cookie)).toContain('Cuenta cerrada')
    await expect.poll(() => chargedOn(table.sessionId)).toEqual({ charged: 17980 })
  })
})

describe('one tap at a restaurant whose prices add tax when paid', () => {
  it('takes the charge the button shows, tax added, and never more: a tax changed after the page was drawn refuses the tap', async () => {
    const { owner, table } = await openTable()
    await setRestaurant(owner.restaurantId, { tax_included_in_price: 0, tax_rate_bps: 1600 })
    const page = await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()
    // $155.00 of the bill is charged as $179.80.
    expect(page).toContain('data-testid="charge-terminal-debit-17980"')
    expect(page).toContain('data-testid="charge-cash-20000"')
    const terminal = quickForm(page, 'charge-terminal-debit-17980')
    expect(terminal).toMatchObject({
      amount: '155.00',
      due: '179.80',
      method: 'terminal',
      cardFunding: 'debit',
      quick: '1',
    })

    // The restaurant raises its tax before the tap lands: the tap would now charge more than it said.
    await setRestaurant(owner.restaurantId, { tax_rate_bps: 1800 })
    const refused = await staffPost(table, owner.cookie, terminal)
    expect(refused.status).toBe(409)
    expect(await formErrorsIn(refused)).toContain('La cuenta cambió mientras tanto')
    expect((await billOf(table.sessionId)).paidAmount).toBe(0)

    // Drawn again, the button says the new charge, and the tap takes exactly that.
    const again = await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()
    const taken = await staffPost(table, owner.cookie, quickForm(again, 'charge-terminal-debit-18290'))
    expect(taken.status).toBe(302)
    await expect.poll(() => chargedOn(table.sessionId)).toEqual({ charged: 18290 })
  })
})

describe('staff and diners at once', () => {
  it('a cash payment and a card payment for the same units at once: one wins, the other is told, nothing is paid twice', async () => {
    const { owner, table } = await openTable()
    const agua = await lineOf(table.sessionId, 'Agua de jamaica')
    const [cash, card] = await Promise.all([
      staffPost(table, owner.cookie, {
        intent: 'record-payment',
        transactionId: newTransactionId(),
        mode: 'items',
        [`units.${agua.id}`]: '1',
        method: 'cash',
      }),
      call('POST', '/api/payments', {
        tableId: table.id,
        amount: 35,
        paymentMethod: 'card',
        paymentType: 'item',
        itemIds: [agua.id],
        transactionId: newTransactionId(),
      }),
    ])
    const cashTook = (await toastOf(cash, owner.cookie)).includes('Pago registrado')
    expect([cashTook, card.status === 201].filter(Boolean)).toHaveLength(1)
    expect(await billOf(table.sessionId)).toMatchObject({ paidAmount: 35 })
    expect((await lineOf(table.sessionId, 'Agua de jamaica')).paidQuantity).toBe(1)
  })

  it('a waiter voiding a unit while a diner pays it: the bill never charges for a voided unit nor voids a paid one', async () => {
    const { owner, table } = await openTable()
    const agua = await lineOf(table.sessionId, 'Agua de jamaica')
    const [voided, paid] = await Promise.all([
      staffPost(table, owner.cookie, {
        intent: 'adjust',
        lineId: agua.id,
        kind: 'void',
        quantity: '1',
        reason: 'Error',
      }),
      call('POST', '/api/payments', {
        tableId: table.id,
        amount: 35,
        paymentMethod: 'card',
        paymentType: 'item',
        itemIds: [agua.id],
        transactionId: newTransactionId(),
      }),
    ])
    const voidWon = (await toastOf(voided, owner.cookie)).includes('Artículo anulado')
    expect(voidWon).toBe(paid.status !== 201)
    expect(await billOf(table.sessionId)).toMatchObject(
      voidWon ? { totalAmount: 120, paidAmount: 0 } : { totalAmount: 155, paidAmount: 35 },
    )
  })
})

describe('voids and comps', () => {
  it('a void takes a mistaken unit off the bill with its reason, kept in the ledger', async () => {
    const { owner, table } = await openTable()
    const tacos = await lineOf(table.sessionId, 'Tacos al pastor')
    const sent = await staffPost(table, owner.cookie, {
      intent: 'adjust',
      lineId: tacos.id,
      kind: 'void',
      quantity: '1',
      reason: 'Se pidió de más',
    })
    expect(await toastOf(sent, owner.cookie)).toContain('Artículo anulado')
    expect(await billOf(table.sessionId)).toMatchObject({ totalAmount: 115 })
    expect(await lineOf(table.sessionId, 'Tacos al pastor')).toMatchObject({ quantity: 2 })
    await expect
      .poll(async () =>
        env.DB.prepare(
          'SELECT kind, quantity, amount_cents AS amount, reason, staff, staff_id AS staffId FROM bill_adjustments WHERE session_id = ?',
        )
          .bind(table.sessionId)
          .all()
          .then((rows) => rows.results),
      )
      .toEqual([
        {
          kind: 'void',
          quantity: 1,
          amount: 4000,
          reason: 'Se pidió de más',
          staff: OWNER_NAME,
          staffId: owner.userId,
        },
      ])
  })

  it('a comp keeps the unit visible at no charge; a paid unit cannot be voided, only refunded', async () => {
    const { owner, table } = await openTable()
    const agua = await lineOf(table.sessionId, 'Agua de jamaica')
    const comp = await staffPost(table, owner.cookie, {
      intent: 'adjust',
      lineId: agua.id,
      kind: 'comp',
      quantity: '1',
      reason: 'Cumpleaños',
    })
    expect(await toastOf(comp, owner.cookie)).toContain('Cortesía registrada')
    expect(await billOf(table.sessionId)).toMatchObject({ totalAmount: 120 })
    expect(await getPage(`/admin/tables/${table.id}`, owner.cookie).then((page) => page.text())).toContain('Cortesía')
    // Diners see it given, not paid by someone; the API says so too.
    expect(await getPage(`/customer/table/${table.sessionId}`).then((page) => page.text())).toContain(
      'Cortesía de la casa',
    )
    expect((await lineOf(table.sessionId, 'Agua de jamaica')) as unknown).toMatchObject({ comped: true, price: 0 })

    const tacos = await lineOf(table.sessionId, 'Tacos al pastor')
    await call('POST', '/api/payments', {
      tableId: table.id,
      amount: 120,
      paymentMethod: 'card',
      paymentType: 'full',
      transactionId: newTransactionId(),
    })
    const voided = await staffPost(table, owner.cookie, {
      intent: 'adjust',
      lineId: tacos.id,
      kind: 'void',
      quantity: '1',
      reason: 'Error',
    })
    expect(await toastOf(voided, owner.cookie)).toContain('solo se pueden reembolsar')
    expect(await billOf(table.sessionId)).toMatchObject({ totalAmount: 120, paidAmount: 120 })
  })

  it('two waiters voiding the last unit at once: one succeeds, the other is told', async () => {
    const { owner, table } = await openTable()
    const agua = await lineOf(table.sessionId, 'Agua de jamaica')
    const fields = { intent: 'adjust', lineId: agua.id, kind: 'void', quantity: '1', reason: 'Error' }
    const answers = await Promise.all([staffPost(table, owner.cookie, fields), staffPost(table, owner.cookie, fields)])
    expect(
      (await Promise.all(answers.map((answer) => toastOf(answer, owner.cookie)))).filter((toast) =>
        toast.includes('Artículo anulado'),
      ),
    ).toHaveLength(1)
    expect(await billOf(table.sessionId)).toMatchObject({ totalAmount: 120 })
  })
})

describe('refunds', () => {
  it('give back units of a payment, which are unpaid again; never more than was paid, even twice at once', async () => {
    const { owner, table } = await openTable()
    const tacos = await lineOf(table.sessionId, 'Tacos al pastor')
    const transactionId = newTransactionId()
    await call('POST', '/api/payments', {
      tableId: table.id,
      amount: 80,
      tipAmount: 12,
      paymentMethod: 'card',
      paymentType: 'item',
      itemIds: [tacos.id],
      itemQuantities: { [tacos.id]: 2 },
      transactionId,
    })
    await delivered(table.sessionId)
    const [payment] = (
      await env.DB.prepare('SELECT id FROM payments WHERE transaction_id = ?').bind(transactionId).all<{ id: string }>()
    ).results
    const fields = {
      intent: 'refund',
      paymentId: payment!.id,
      [`units.${tacos.id}`]: '2',
      tip: '12',
      reason: 'Llegó frío',
    }
    const answers = await Promise.all([staffPost(table, owner.cookie, fields), staffPost(table, owner.cookie, fields)])
    expect(
      (await Promise.all(answers.map((answer) => toastOf(answer, owner.cookie)))).filter((toast) =>
        toast.includes('Reembolso registrado'),
      ),
    ).toHaveLength(1)
    expect(await billOf(table.sessionId)).toMatchObject({ paidAmount: 0, remainingAmount: 155 })
    expect((await lineOf(table.sessionId, 'Tacos al pastor')).paidQuantity).toBe(0)
    await expect
      .poll(async () =>
        env.DB.prepare(
          'SELECT amount_cents AS amount, tip_cents AS tip, staff, staff_id AS staffId FROM refunds WHERE payment_id = ?',
        )
          .bind(payment!.id)
          .all()
          .then((rows) => rows.results),
      )
      .toEqual([{ amount: 8000, tip: 1200, staff: OWNER_NAME, staffId: owner.userId }])
    const more = await staffPost(table, owner.cookie, {
      intent: 'refund',
      paymentId: payment!.id,
      amount: '1',
      reason: 'Otra vez',
    })
    expect(await toastOf(more, owner.cookie)).toContain('no puede ser mayor a lo que se pagó')
  })
})

describe('a refund after the bill was closed', () => {
  it('is given from the closed bill’s page: the money goes back, counted in the ledger, and the page shows it', async () => {
    const { owner, table } = await openTable()
    const transactionId = newTransactionId()
    await call('POST', '/api/payments', {
      tableId: table.id,
      amount: 155,
      tipAmount: 15,
      paymentMethod: 'card',
      paymentType: 'full',
      transactionId,
    })
    expect(await toastOf(await staffPost(table, owner.cookie, { intent: 'close' }), owner.cookie)).toContain(
      'Cuenta cerrada',
    )
    const page = `/admin/tables/${table.id}/bills/${table.sessionId}`
    expect(await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()).toContain(page)
    await delivered(table.sessionId)
    const [payment] = (
      await env.DB.prepare('SELECT id FROM payments WHERE transaction_id = ?').bind(transactionId).all<{ id: string }>()
    ).results
    const refunded = await postRefund(
      page,
      {
        intent: 'refund',
        sessionId: table.sessionId,
        paymentId: payment!.id,
        amount: '35',
        reason: 'Agua equivocada',
      },
      owner.cookie,
    )
    expect(refunded.headers.get('Location')).toBe(page)
    expect(await toastOf(refunded, owner.cookie)).toContain('Reembolso registrado')
    // React marks where text pieces meet; a reader sees them joined.
    const html = (await (await getPage(page, owner.cookie)).text()).replaceAll('<!-- -->', '')
    // Paid, then $35 given back: the bill reads paid with what went back, never as if $35 were still owed.
    for (const text of ['Reembolsado: $35.00', 'Agua equivocada', 'Pagada · $35.00 reembolsados'])
      expect(html, text).toContain(text)
    await expect
      .poll(async () =>
        env.DB.prepare('SELECT amount_cents AS amount FROM refunds WHERE payment_id = ?').bind(payment!.id).first(),
      )
      .toEqual({ amount: 3500 })
    const more = await postRefund(
      page,
      {
        intent: 'refund',
        sessionId: table.sessionId,
        paymentId: payment!.id,
        amount: '121',
        reason: 'x',
      },
      owner.cookie,
    )
    expect(await toastOf(more, owner.cookie)).toContain('no puede ser mayor a lo que se pagó')
    expect(html).not.toContain('$120.00 / $155.00')
  })

  it('is for the table’s own closed bills only', async () => {
    const { owner, table } = await openTable()
    const intruder = await signedInOwner()
    expect((await getPage(`/admin/tables/${table.id}/bills/${table.sessionId}`, owner.cookie)).status).toBe(404)
    await staffPost(table, owner.cookie, { intent: 'close', unpaidReason: 'Prueba' })
    expect((await getPage(`/admin/tables/${table.id}/bills/${table.sessionId}`, intruder.cookie)).status).toBe(404)
    const other = await openTable()
    expect((await getPage(`/admin/tables/${other.table.id}/bills/${table.sessionId}`, other.owner.cookie)).status).toBe(
      404,
    )
  })
})

describe('closing with something unpaid', () => {
  it('settled in cash: the rest shown is recorded as a cash payment, then the bill closes with nothing unpaid', async () => {
    const { owner, table } = await openTable()
    const settle = {
      intent: 'close',
      sessionId: table.sessionId,
      settledBy: 'cash',
      settledAmount: '155.00',
      transactionId: newTransactionId(),
    }
    // A diner orders while the waiter reads $155.00: nothing is recorded and the bill stays open.
    await call('POST', '/api/items', { tableId: table.id, items: [{ name: 'Flan', price: 55 }] }, owner.cookie)
    expect(
      await toastOf(await postForm(`/admin/tables/${table.id}?close=1`, settle, owner.cookie), owner.cookie),
    ).toContain('La cuenta cambió mientras tanto')
    expect(await billOf(table.sessionId)).toMatchObject({ paidAmount: 0, totalAmount: 210 })
    const closed = await postForm(
      `/admin/tables/${table.id}`,
      { ...settle, settledAmount: '210.00', transactionId: newTransactionId() },
      owner.cookie,
    )
    expect(await toastOf(closed, owner.cookie)).toContain('Cuenta cerrada')
    await expect
      .poll(async () =>
        env.DB.prepare(
          'SELECT p.payment_method AS method, p.amount_cents AS amount, s.unpaid_cents AS unpaid FROM payments p JOIN table_sessions s ON s.id = p.session_id WHERE p.session_id = ?',
        )
          .bind(table.sessionId)
          .first(),
      )
      .toEqual({ method: 'cash', amount: 21000, unpaid: 0 })
  })

  it('a form that names no known write changes nothing', async () => {
    const { owner, table } = await openTable()
    const unknown = await postForm(
      `/admin/tables/${table.id}`,
      { sessionId: table.sessionId, unpaidReason: 'x' },
      owner.cookie,
    )
    expect(unknown.status).toBe(400)
    expect((await billOf(table.sessionId)).totalAmount).toBe(155)
    expect(await getPage(`/customer/table/${table.sessionId}`).then((page) => page.status)).toBe(200)
  })

  it('left unpaid needs its reason', async () => {
    const { owner, table } = await openTable()
    const bare = await postForm(
      `/admin/tables/${table.id}?close=1`,
      { intent: 'close', sessionId: table.sessionId, settledBy: 'unpaid' },
      owner.cookie,
    )
    expect(await toastOf(bare, owner.cookie)).toContain('Escribe el motivo')
    expect((await billOf(table.sessionId)).totalAmount).toBe(155)
  })

  it('asks why; with the reason it closes and the ledger keeps how much and why', async () => {
    const { owner, table } = await openTable()
    const bare = await postForm(
      `/admin/tables/${table.id}?close=1`,
      { intent: 'close', sessionId: table.sessionId },
      owner.cookie,
    )
    expect(await toastOf(bare, owner.cookie)).toContain('Queda saldo pendiente')
    expect((await billOf(table.sessionId)).totalAmount).toBe(155)
    const closed = await postForm(
      `/admin/tables/${table.id}?close=1`,
      { intent: 'close', sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      owner.cookie,
    )
    expect(await toastOf(closed, owner.cookie)).toContain('Cuenta cerrada')
    await expect
      .poll(async () =>
        env.DB.prepare(
          'SELECT unpaid_cents AS unpaid, unpaid_reason AS reason, closed_by AS staff, closed_by_id AS staffId FROM table_sessions WHERE id = ?',
        )
          .bind(table.sessionId)
          .first(),
      )
      .toEqual({
        unpaid: 15500,
        reason: 'Se fueron sin pagar',
        staff: OWNER_NAME,
        staffId: owner.userId,
      })
  })
})

describe('the table’s history', () => {
  it('shows each void, comp and refund with who, when and why, and a closed bill left unpaid with its reason', async () => {
    const { owner, table } = await openTable()
    const agua = await lineOf(table.sessionId, 'Agua de jamaica')
    await staffPost(table, owner.cookie, {
      intent: 'adjust',
      lineId: agua.id,
      kind: 'comp',
      quantity: '1',
      reason: 'Cliente frecuente',
    })
    await staffPost(table, owner.cookie, {
      intent: 'record-payment',
      transactionId: newTransactionId(),
      mode: 'amount',
      amount: '40',
      method: 'cash',
    })
    await delivered(table.sessionId)
    const [payment] = (
      await env.DB.prepare('SELECT id FROM payments WHERE session_id = ?').bind(table.sessionId).all<{ id: string }>()
    ).results
    await expect.poll(() => payment).toBeDefined()
    await staffPost(table, owner.cookie, {
      intent: 'refund',
      paymentId: payment!.id,
      amount: '40',
      reason: 'Se cobró de más',
    })
    const html = await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()
    for (const text of [
      'Historial de la cuenta',
      'Cortesía',
      'Cliente frecuente',
      'Reembolso',
      'Se cobró de más',
      'Reembolsado: $40.00',
      OWNER_NAME,
    ])
      expect(html, text).toContain(text)

    await postForm(
      `/admin/tables/${table.id}?close=1`,
      { intent: 'close', sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
      owner.cookie,
    )
    const after = await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()
    expect(after).toContain(`Quedó sin pagar $120.00: Se fueron sin pagar (${OWNER_NAME})`)
  })
})
