import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { paymentRequestSchema } from '~/domain/schemas/payments'
import type { TableSession } from '~/server/table-session/durable-object.server'
import {
  billObject,
  countPayments,
  getPage,
  newTransactionId,
  openPaymentForm,
  ORIGIN,
  postJson,
  readSession,
  seedTable,
  staffCookieOf,
} from './fixtures'

/** A payment as a diner's phone sends it; `paymentToken` plays the card (Stripe's test payment methods). */
const payment = (table: { tableId: string }, body: Record<string, unknown>) => ({
  tableId: table.tableId,
  tipAmount: 0,
  paymentMethod: 'card',
  transactionId: newTransactionId(),
  ...body,
})
const pay = (body: Record<string, unknown>) => postJson('/api/payments', body)
const NEEDS_BANK = 'pm_card_authenticationRequired'

/** What the bill's object keeps of its payments in progress. */
const holdsOf = (sessionId: string) =>
  runInDurableObject(billObject(sessionId), (_instance, state) =>
    state.storage.sql
      .exec<{ status: string; reference: string | null }>('SELECT status, reference FROM holds ORDER BY created_at')
      .toArray(),
  )

/** Changes the object's storage under it, then restarts it so it reads what it keeps afresh (as only a restart would let anything else write there). */
async function underTheObject(sessionId: string, sql: string) {
  await runInDurableObject(billObject(sessionId), (_instance, state) => state.storage.sql.exec(sql))
  await runInDurableObject(billObject(sessionId), (_instance, state) => state.abort('restart')).catch(() => undefined)
}

/** Plays the clock: every hold in progress has run out, and the object's alarm goes off. */
async function holdsRunOut(sessionId: string) {
  await underTheObject(sessionId, "UPDATE holds SET expires_at = 0 WHERE status IN ('held', 'action')")
  expect(await runDurableObjectAlarm(billObject(sessionId))).toBe(true)
}

/** Ana starts paying the first taco and her bank asks her to confirm: her hold stands meanwhile. */
async function anaWaitsOnHerBank() {
  const table = await seedTable([
    { name: 'Tacos', priceCents: 12000, quantity: 2 },
    { name: 'Agua', priceCents: 3500 },
  ])
  const ana = payment(table, {
    amount: 60,
    paymentType: 'item',
    itemIds: [table.itemIds[0]],
    itemQuantities: { [table.itemIds[0]!]: 1 },
    customerName: 'Ana',
    paymentToken: NEEDS_BANK,
  })
  const started = await pay(ana)
  expect(started.status).toBe(402)
  expect(await started.json()).toMatchObject({ code: 'REQUIRES_ACTION', clientSecret: expect.stringMatching(/secret/) })
  return { table, ana }
}

describe('a payment in progress holds what it pays', () => {
  it('keeps the units it pays from a second diner, who is told who is paying and can pay the rest', async () => {
    const { table } = await anaWaitsOnHerBank()
    const both = payment(table, { amount: 120, paymentType: 'item', itemIds: [table.itemIds[0]], customerName: 'Luis' })
    const refused = await pay(both)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'BEING_PAID', payers: ['Ana'] })
    // The other taco, at the price a diner sees for it, and the water are still free.
    expect(
      (
        await pay(
          payment(table, {
            amount: 60,
            paymentType: 'item',
            itemIds: [table.itemIds[0]],
            itemQuantities: { [table.itemIds[0]!]: 1 },
            customerName: 'Luis',
          }),
        )
      ).status,
    ).toBe(201)
    expect((await readSession(table.sessionId)).paidAmount).toBe(60)
    // Paying the whole rest means what nobody is paying: the water alone now.
    expect((await pay(payment(table, { amount: 155 - 60, paymentType: 'full' }))).status).toBe(409)
    expect((await pay(payment(table, { amount: 35, paymentType: 'full' }))).status).toBe(201)
  })

  it('shows it live on the other diners’ screens and keeps it out of their forms', async () => {
    const table = await seedTable([
      { name: 'Tacos', priceCents: 12000, quantity: 2 },
      { name: 'Agua', priceCents: 3500 },
    ])
    // Luis opened the payment of the whole bill before Ana started paying.
    const luis = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`)
    expect(luis.field('amount')).toBe('155')
    expect(
      (
        await pay(
          payment(table, {
            amount: 60,
            paymentType: 'item',
            itemIds: [table.itemIds[0]],
            itemQuantities: { [table.itemIds[0]!]: 1 },
            customerName: 'Ana',
            paymentToken: NEEDS_BANK,
          }),
        )
      ).status,
    ).toBe(402)

    const bill = await (await getPage(`/customer/table/${table.sessionId}`)).text()
    expect(bill).toMatch(/data-testid="paying-now"[^>]*>Ana está pagando 1 artículo</)
    expect(bill).toMatch(/data-testid="line-being-paid"[^>]*>1 pagándose ahora</)
    // What is left to pay is still all of it; what a new payment can pay is not.
    expect(bill).toMatch(/data-testid="left-to-pay"[^>]*>\$155\.00</)
    expect(bill).toMatch(/data-testid="pay-button"[^>]*>Pagar \$95\.00</)

    const items = await (await getPage(`/customer/pay-items/${table.sessionId}`)).text()
    expect(items).toContain('data-testid="item-being-paid"')

    const sent = await luis.submit()
    expect(sent.status).toBe(409)
    expect(await sent.text()).toContain('Alguien más está pagando parte de esto en este momento')
    expect(await countPayments(table.sessionId)).toBe(0)

    // Opened now, the payment of the whole bill asks for what nobody is paying.
    const again = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`)
    expect(again.field('amount')).toBe('95')
    expect((await again.submit()).status).toBe(302)
  })

  it('gives its units back when its time runs out, and a diner back from the bank too late is told so and not charged', async () => {
    const { table, ana } = await anaWaitsOnHerBank()
    await holdsRunOut(table.sessionId)
    expect(await holdsOf(table.sessionId)).toEqual([{ status: 'expired', reference: expect.stringMatching(/^sim_/) }])
    expect(
      (
        await pay(
          payment(table, { amount: 120, paymentType: 'item', itemIds: [table.itemIds[0]], customerName: 'Luis' }),
        )
      ).status,
    ).toBe(201)
    const late = await pay(ana)
    expect(late.status).toBe(409)
    expect(await late.json()).toMatchObject({ code: 'HOLD_EXPIRED' })
    expect(await holdsOf(table.sessionId)).toEqual([
      { status: 'released', reference: expect.stringMatching(/^sim_/) },
      { status: 'committed', reference: expect.any(String) },
    ])
    expect((await readSession(table.sessionId)).paidAmount).toBe(120)
  })

  it('commits a charge that comes back after its hold ran out when what it pays is still unpaid, once', async () => {
    const { table, ana } = await anaWaitsOnHerBank()
    await holdsRunOut(table.sessionId)
    const late = await pay(ana)
    expect(late.status).toBe(201)
    const first = await late.json<{ id: string }>()
    const again = await pay(ana)
    expect(again.status).toBe(200)
    expect((await again.json<{ id: string }>()).id).toBe(first.id)
    expect(await countPayments(table.sessionId)).toBe(1)
    expect((await readSession(table.sessionId)).paidAmount).toBe(60)
  })

  it('records nothing for a declined card and frees what it held', async () => {
    const table = await seedTable([{ name: 'Tacos', priceCents: 12000 }])
    const declined = await pay(
      payment(table, { amount: 120, paymentType: 'full', paymentToken: 'pm_card_chargeDeclined' }),
    )
    expect(declined.status).toBe(402)
    expect(await declined.json()).toMatchObject({ code: 'DECLINED' })
    // The attempt was opened, and named, before the card was charged.
    expect(await holdsOf(table.sessionId)).toEqual([{ status: 'released', reference: expect.stringMatching(/^sim_/) }])
    expect(await countPayments(table.sessionId)).toBe(0)
    expect((await pay(payment(table, { amount: 120, paymentType: 'full' }))).status).toBe(201)
  })

  it('finishes a payment the bank asked to confirm when the diner comes back, and answers a retry with it', async () => {
    const { table, ana } = await anaWaitsOnHerBank()
    const confirmed = await pay(ana)
    expect(confirmed.status).toBe(201)
    expect(await holdsOf(table.sessionId)).toEqual([{ status: 'committed', reference: expect.stringMatching(/^sim_/) }])
    expect((await pay(ana)).status).toBe(200)
    expect(await countPayments(table.sessionId)).toBe(1)
  })

  it('the payment step hands the bank’s question to Stripe.js (its client secret), and the same form sent again finishes the payment', async () => {
    const table = await seedTable([{ name: 'Tacos', priceCents: 12000 }])
    const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`)
    const fields: [string, string][] = [...form.fields, ['paymentToken', NEEDS_BANK]]
    const asked = await form.submit(fields)
    expect(asked.status).toBe(402)
    const [hold] = await holdsOf(table.sessionId)
    expect(hold).toMatchObject({ status: 'action', reference: expect.stringMatching(/^sim_/) })
    expect(await asked.text()).toContain(`${hold!.reference}_secret`)

    const finished = await form.submit(fields)
    expect(finished.status).toBe(302)
    expect(finished.headers.get('Location')).toBe(
      `/customer/payment-confirmation/${table.sessionId}?tx=${form.field('transactionId')}`,
    )
    expect(await countPayments(table.sessionId)).toBe(1)
  })

  it('the payment step gives no client secret with a refusal the bank has no part in', async () => {
    const table = await seedTable([{ name: 'Tacos', priceCents: 12000 }])
    const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipPercentage=0`)
    const declined = await form.submit([...form.fields, ['paymentToken', 'pm_card_chargeDeclined']])
    expect(declined.status).toBe(402)
    const html = await declined.text()
    expect(html).toContain('El pago fue rechazado. No se te cobró nada.')
    expect(html).not.toContain('clientSecret')
  })

  it('settles a payment whose object stopped between holding and committing: asked again, committed once, never lost or doubled', async () => {
    const table = await seedTable([{ name: 'Tacos', priceCents: 12000, quantity: 2 }])
    const ana = payment(table, {
      amount: 60,
      paymentType: 'item',
      itemIds: [table.itemIds[0]],
      itemQuantities: { [table.itemIds[0]!]: 1 },
      customerName: 'Ana',
      paymentToken: NEEDS_BANK,
    })
    expect((await pay(ana)).status).toBe(402)
    // As if the object had stopped right after a card payment went through: the hold and its attempt, and nothing else, are stored.
    await underTheObject(
      table.sessionId,
      "UPDATE holds SET status = 'held', request = json_remove(request, '$.paymentToken')",
    )
    await holdsRunOut(table.sessionId)
    expect(await holdsOf(table.sessionId)).toEqual([{ status: 'committed', reference: expect.stringMatching(/^sim_/) }])
    expect(await countPayments(table.sessionId)).toBe(1)
    const retried = await pay({ ...ana, paymentToken: undefined })
    expect(retried.status).toBe(200)
    expect(await countPayments(table.sessionId)).toBe(1)
    expect((await readSession(table.sessionId)).paidAmount).toBe(60)
  })

  it('gives the money back and keeps nothing when the payment cannot be stored', async () => {
    const { table, ana } = await anaWaitsOnHerBank()
    // The object's storage refuses to store the payment (as a full disk would).
    await runInDurableObject(billObject(table.sessionId), (_instance, state) =>
      state.storage.sql.exec(
        "CREATE TRIGGER refuse_payments BEFORE INSERT ON payments BEGIN SELECT RAISE(ABORT, 'disk full'); END",
      ),
    )
    const failed = await pay(ana)
    expect(failed.status).toBe(500)
    expect(await holdsOf(table.sessionId)).toEqual([{ status: 'released', reference: expect.stringMatching(/^sim_/) }])
    const stored = await runInDurableObject(
      billObject(table.sessionId),
      (_instance, state) => state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM payments').one().n,
    )
    expect(stored).toBe(0)
  })

  it('sends the ledger nothing of a payment whose storing failed halfway, and the same payment sent again is recorded once', async () => {
    const { table, ana } = await anaWaitsOnHerBank()
    // Someone pays the agua first, and the ledger has it.
    expect(
      (
        await pay(
          payment(table, { amount: 35, paymentType: 'item', itemIds: [table.itemIds[1]], customerName: 'Luis' }),
        )
      ).status,
    ).toBe(201)
    expect(await countPayments(table.sessionId)).toBe(1)
    // Ana's payment row and its outbox entry are written; marking her line paid, later in the same transaction, fails.
    await runInDurableObject(billObject(table.sessionId), (_instance, state) =>
      state.storage.sql.exec(
        "CREATE TRIGGER refuse_lines BEFORE UPDATE OF paid_quantity ON lines BEGIN SELECT RAISE(ABORT, 'disk full'); END",
      ),
    )
    expect((await pay(ana)).status).toBe(500)
    await runInDurableObject(billObject(table.sessionId), async (instance: TableSession, state) => {
      state.storage.sql.exec('DROP TRIGGER refuse_lines')
      await instance.alarm()
    })
    expect(await countPayments(table.sessionId)).toBe(1)
    const again = await pay({ ...ana, transactionId: newTransactionId(), paymentToken: undefined })
    expect(again.status).toBe(201)
    await runInDurableObject(billObject(table.sessionId), (instance: TableSession) => instance.alarm())
    expect(await countPayments(table.sessionId)).toBe(2)
    expect((await readSession(table.sessionId)).paidAmount).toBe(95)
  })

  it('lets staff close the bill only once nobody is paying', async () => {
    const { table, ana } = await anaWaitsOnHerBank()
    const close = async () =>
      postJson(
        `/api/tables/${table.tableId}/close`,
        { sessionId: table.sessionId, unpaidReason: 'Se fueron sin pagar' },
        { headers: { Cookie: await staffCookieOf(table.restaurantId), Origin: ORIGIN } },
      )
    const refused = await close()
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'BEING_PAID' })
    expect((await pay(ana)).status).toBe(201)
    const closed = await close()
    expect(closed.status, await closed.clone().text()).toBe(200)
  })

  it('lets exactly one of many diners paying the same unit at once pay it', async () => {
    const table = await seedTable([
      { name: 'Pastel', priceCents: 9000 },
      { name: 'Café', priceCents: 4000 },
    ])
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        pay(
          payment(table, {
            amount: 90,
            paymentType: 'item',
            itemIds: [table.itemIds[0]],
            customerName: `Diner ${index}`,
          }),
        ),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true)
    expect((await readSession(table.sessionId)).paidAmount).toBe(90)
    expect(
      await holdsOf(table.sessionId).then((holds) => holds.filter((hold) => hold.status === 'committed')),
    ).toHaveLength(1)
  })

  it('finishes a hold once when the webhook and the diner back from the bank both finish it at once, and never gives back the money of the payment recorded', async () => {
    const table = await seedTable([
      { name: 'Pastel', priceCents: 9000 },
      { name: 'Café', priceCents: 4000 },
    ])
    const ana = payment(table, {
      sessionId: table.sessionId,
      amount: 90,
      paymentType: 'item',
      itemIds: [table.itemIds[0]],
      customerName: 'Ana',
      paymentToken: NEEDS_BANK,
    })
    expect((await pay(ana)).status).toBe(402)
    const hold = await runInDurableObject(billObject(table.sessionId), (_instance, state) =>
      state.storage.sql.exec<{ id: string; reference: string }>('SELECT id, reference FROM holds').one(),
    )
    const request = paymentRequestSchema.parse(ana)
    const answers = await runInDurableObject(billObject(table.sessionId), async (instance: TableSession) => {
      const settled = instance.settleHold(table.sessionId, hold.id, hold.reference)
      const paid = instance.pay(table.sessionId, request)
      return [await paid, await settled] as const
    })
    expect(answers[0]).toMatchObject({ ok: true })
    expect(await holdsOf(table.sessionId)).toEqual([{ status: 'committed', reference: expect.stringMatching(/^sim_/) }])
    expect(await countPayments(table.sessionId)).toBe(1)
    // A webhook that comes again afterwards changes nothing.
    await runInDurableObject(billObject(table.sessionId), (instance: TableSession) =>
      instance.settleHold(table.sessionId, hold.id, hold.reference),
    )
    expect(await countPayments(table.sessionId)).toBe(1)
  })

  it('keeps the bill as stored when storing the payment fails: nothing shows as paid', async () => {
    const { table, ana } = await anaWaitsOnHerBank()
    await runInDurableObject(billObject(table.sessionId), (_instance, state) =>
      state.storage.sql.exec(
        "CREATE TRIGGER refuse_commit BEFORE UPDATE OF status ON holds WHEN NEW.status = 'committed' BEGIN SELECT RAISE(ABORT, 'disk full'); END",
      ),
    )
    expect((await pay(ana)).status).toBe(500)
    const bill = await readSession(table.sessionId)
    expect({ paid: bill.paidAmount, units: bill.items.map((item) => item.paidQuantity) }).toEqual({
      paid: 0,
      units: [0, 0],
    })
    expect(await holdsOf(table.sessionId)).toEqual([{ status: 'released', reference: expect.stringMatching(/^sim_/) }])
  })

  it('refuses, without failing, a payment naming a bill whose object holds none', async () => {
    const table = await seedTable([{ priceCents: 10000 }])
    const answer = await pay(payment(table, { sessionId: crypto.randomUUID(), amount: 100, paymentType: 'full' }))
    expect(answer.status).toBe(409)
    expect(await answer.json()).toMatchObject({ code: 'CLOSED' })
  })

  it('goes on with the attempt a retry repeats, even after its hold ran out, and never starts a second one', async () => {
    const table = await seedTable([{ name: 'Tacos', priceCents: 12000, quantity: 2 }])
    const ana = payment(table, {
      amount: 60,
      paymentType: 'item',
      itemIds: [table.itemIds[0]],
      itemQuantities: { [table.itemIds[0]!]: 1 },
      customerName: 'Ana',
      paymentToken: NEEDS_BANK,
    })
    expect((await pay(ana)).status).toBe(402)
    // The object stopped after holding a card payment that went through, and the diner retries once the hold has run out.
    await underTheObject(
      table.sessionId,
      "UPDATE holds SET status = 'held', reference = NULL, expires_at = 1, request = json_remove(request, '$.paymentToken')",
    )
    expect((await pay({ ...ana, paymentToken: undefined })).status).toBe(201)
    await runDurableObjectAlarm(billObject(table.sessionId))
    expect(await holdsOf(table.sessionId)).toEqual([{ status: 'committed', reference: expect.stringMatching(/^sim_/) }])
    expect(await countPayments(table.sessionId)).toBe(1)
  })
})
