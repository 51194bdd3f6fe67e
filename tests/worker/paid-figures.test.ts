import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { formatMoney, pesosToCents } from '~/domain/money'
import { delivered, getPage, newTransactionId, postForm, postRefund } from './fixtures'
import { call, signedInOwner } from './staff'

type Table = { id: string; sessionId: string }
type Figures = { paid: number; remaining: number }

/** An owner's table with one $100.00 dish on its bill. */
async function hundredPesoTable() {
  const owner = await signedInOwner()
  const table = (await (await call('POST', '/api/tables', { tableNumber: '4' }, owner.cookie)).json()) as Table
  const order = await call(
    'POST',
    '/api/items',
    { tableId: table.id, items: [{ name: 'Molcajete', price: 100 }] },
    owner.cookie,
  )
  expect(order.status).toBe(201)
  return { owner, table }
}

/** The staff page's forms, posted as a browser without JavaScript sends them. */
const staffPost = (table: Table, cookie: string, fields: Record<string, string>) =>
  (fields.intent === 'refund' ? postRefund : postForm)(
    `/admin/tables/${table.id}`,
    { sessionId: table.sessionId, ...fields },
    cookie,
  )

const text = (html: string, testId: string) => {
  const at = html.indexOf(`data-testid="${testId}"`)
  expect(at, `${testId} is on the page`).toBeGreaterThan(-1)
  return html.slice(html.indexOf('>', at) + 1, html.indexOf('</', at)).replace(/<[^>]+>/g, '')
}

/** What every screen and endpoint that shows the bill's figures says, in cents. */
async function everyFigure(owner: { cookie: string }, table: Table) {
  await delivered(table.sessionId)
  const session = (await (await call('GET', `/api/tables/session/${table.sessionId}`)).json()) as {
    paidAmount: number
    remainingAmount: number
  }
  const active = (await (await call('GET', '/api/tables/active', undefined, owner.cookie)).json()) as {
    id: string
    paidCents: number
    remainingCents: number
  }[]
  const card = active.find((row) => row.id === table.id)!
  const dashboard = await (await getPage('/admin/dashboard', owner.cookie)).text()
  // The owner has this one table, so its card is the only one (the setup checklist above it has its own progress bar).
  const state = dashboard.slice(dashboard.indexOf('data-testid="table-state"'))
  const staffPage = await (await getPage(`/admin/tables/${table.id}`, owner.cookie)).text()
  const dinerPage = await (await getPage(`/customer/table/${table.sessionId}`)).text()
  return {
    api: { paid: pesosToCents(session.paidAmount), remaining: pesosToCents(session.remainingAmount) },
    active: { paid: card.paidCents, remaining: card.remainingCents },
    dashboard: text(state, 'table-state'),
    dashboardPercent: /aria-valuenow="(\d+)"/.exec(state)?.[1],
    staffPage: { paid: text(staffPage, 'bill-paid'), remaining: text(staffPage, 'bill-remaining') },
    dinerPaid: text(dinerPage, 'paid-so-far'),
  }
}

function expectAgreement(figures: Awaited<ReturnType<typeof everyFigure>>, expected: Figures, percent: number) {
  expect(figures.api).toEqual(expected)
  expect(figures.active).toEqual(expected)
  expect(figures.dashboard).toContain(`${formatMoney(expected.remaining)} por pagar`)
  expect(figures.dashboardPercent).toBe(String(percent))
  expect(figures.staffPage).toEqual({ paid: formatMoney(expected.paid), remaining: formatMoney(expected.remaining) })
  expect(figures.dinerPaid).toBe(formatMoney(expected.paid))
}

describe('paid means one thing: net of refunds, on every screen and endpoint', () => {
  it('a $100 payment refunded in part, then whole, reads the same on the bill, the API, the table list, the dashboard and the staff page', async () => {
    const { owner, table } = await hundredPesoTable()
    const transactionId = newTransactionId()
    const paid = await staffPost(table, owner.cookie, {
      intent: 'record-payment',
      transactionId,
      mode: 'full',
      amount: '100.00',
      method: 'cash',
    })
    expect(paid.status).toBe(302)
    expectAgreement(await everyFigure(owner, table), { paid: 10000, remaining: 0 }, 100)

    const { id: paymentId } = (await env.DB.prepare('SELECT id FROM payments WHERE transaction_id = ?')
      .bind(transactionId)
      .first<{ id: string }>())!
    const part = await staffPost(table, owner.cookie, {
      intent: 'refund',
      paymentId,
      amount: '25.00',
      reason: 'Tardó mucho',
    })
    expect(part.status).toBe(302)
    expectAgreement(await everyFigure(owner, table), { paid: 7500, remaining: 2500 }, 75)

    const rest = await staffPost(table, owner.cookie, {
      intent: 'refund',
      paymentId,
      amount: '75.00',
      reason: 'Se cobró de más',
    })
    expect(rest.status).toBe(302)
    expectAgreement(await everyFigure(owner, table), { paid: 0, remaining: 10000 }, 0)
  })
})
