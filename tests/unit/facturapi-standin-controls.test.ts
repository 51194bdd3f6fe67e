import Facturapi from 'facturapi'
import { describe, expect, it } from 'vitest'
import { serve } from '../../stand-ins/facturapi/server'
import {
  ANA,
  clientOf,
  control,
  FONDA,
  MOLE,
  organizationId,
  raw,
  refusal,
  setUp,
  TAQUERIA,
} from './facturapi-standin-setup'

/**
 * What the stand-in saw, and its switches (the clock, faults, a clean
 * slate), in JS and over HTTP as worker tests reach them.
 */

const DAY = 24 * 60 * 60

describe('the log of requests', () => {
  it('keeps every request: method, path, query, the organization of its key, its parsed body and the answer', async () => {
    const { standIn, facturapi } = setUp()
    const body = { payment_form: '04', items: [MOLE], idempotency_key: 'payment-1' }
    const receipt = await facturapi.receipts.create(body)
    await facturapi.receipts.list({ q: 'mole', limit: 5 })
    await refusal(clientOf('sk_test_nobody').receipts.retrieve(receipt.id))
    expect(standIn.requests()).toEqual([
      {
        at: expect.any(String),
        method: 'POST',
        path: '/v2/receipts',
        query: {},
        organization: organizationId(standIn, FONDA.key),
        body,
        status: 200,
      },
      expect.objectContaining({ method: 'GET', path: '/v2/receipts', query: { q: 'mole', limit: '5' }, body: null }),
      expect.objectContaining({ path: `/v2/receipts/${receipt.id}`, organization: null, status: 401 }),
    ])
  })

  it('lets a test check what an app sent, e.g. that a tip never became a concept', async () => {
    const { standIn, facturapi } = setUp()
    await facturapi.receipts.create({ payment_form: '04', items: [MOLE] })
    await clientOf(TAQUERIA.key).receipts.create({ payment_form: '01', items: [MOLE] })
    const sent = standIn.requests({
      organization: organizationId(standIn, FONDA.key),
      method: 'post',
      path: '/v2/receipts',
    })
    expect(sent).toHaveLength(1)
    const descriptions = sent.flatMap(
      (request) => (request.body as { items: { product: { description: string } }[] }).items,
    )
    expect(descriptions.map((item) => item.product.description)).not.toContain('Propina')
  })

  it('is read over HTTP, filtered by organization, method and path pattern', async () => {
    const { standIn, facturapi } = setUp()
    const receipt = await facturapi.receipts.create({ payment_form: '04', items: [MOLE] })
    await facturapi.receipts.invoice(receipt.id, { customer: ANA })
    const { status, body } = await control(
      standIn,
      'GET',
      '/_standin/requests?method=POST&path=/v2/receipts/:id/invoice',
    )
    expect(status).toBe(200)
    expect(body.data).toMatchObject([{ path: `/v2/receipts/${receipt.id}/invoice`, body: { customer: ANA } }])
    const { body: organizations } = await control(standIn, 'GET', '/_standin/organizations')
    expect(organizations.data).toMatchObject([
      { id: organizationId(standIn, FONDA.key), key: FONDA.key, tax_id: FONDA.tax_id, livemode: false },
      { key: TAQUERIA.key, timezone: 'America/Tijuana' },
    ])
  })
})

describe('the clock', () => {
  it('dates documents with its own time and moves ahead on request, in JS and over HTTP', async () => {
    const { standIn, facturapi } = setUp()
    const start = standIn.clock.now()
    expect(Math.abs(start - Date.now())).toBeLessThan(5_000)
    // Documents are dated to the second, as Facturapi's are.
    const startSecond = Math.floor(start / 1000) * 1000
    standIn.clock.advance(3 * DAY)
    const { status, body } = await control(standIn, 'POST', '/_standin/clock/advance', { seconds: DAY })
    expect(status).toBe(200)
    expect(Date.parse(body.now as string)).toBeGreaterThanOrEqual(start + 4 * DAY * 1000)
    const receipt = await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
    expect(new Date(receipt.created_at).getTime()).toBeGreaterThanOrEqual(startSecond + 4 * DAY * 1000)
    expect((await control(standIn, 'POST', '/_standin/clock/advance', { seconds: -1 })).status).toBe(400)
    expect(() => standIn.clock.advance(-1)).toThrow(RangeError)
    // The clock runs on from its offset, so the answer lies between two readings taken around it.
    const before = standIn.clock.now()
    const shown = Date.parse((await control(standIn, 'GET', '/_standin/clock')).body.now as string)
    expect(shown).toBeGreaterThanOrEqual(before)
    expect(shown).toBeLessThanOrEqual(standIn.clock.now())
  })
})

describe('faults', () => {
  it('500-before: answers 500 internal_error and makes nothing', async () => {
    const { standIn, facturapi } = setUp()
    standIn.faults.add({ method: 'POST', path: '/v2/receipts', fault: '500-before' })
    expect(await refusal(facturapi.receipts.create({ payment_form: '01', items: [MOLE] }))).toMatchObject({
      status: 500,
      code: 'internal_error',
      logId: expect.stringMatching(/^[0-9a-f]{24}$/),
    })
    expect(standIn.state.receipts.size).toBe(0)
    // Used up: the next request goes through.
    await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
  })

  it('500-after: the receipt is made, then 500; retried with its idempotency_key, it is not made twice', async () => {
    const { standIn, facturapi } = setUp()
    standIn.faults.add({ method: 'POST', path: '/v2/receipts', fault: '500-after' })
    const body = {
      payment_form: '04',
      items: [{ product: { ...MOLE.product, sku: 'payment-31' } }],
      idempotency_key: 'payment-31',
    }
    expect((await refusal(facturapi.receipts.create(body))).status).toBe(500)
    expect(await refusal(facturapi.receipts.create(body))).toMatchObject({
      status: 409,
      code: 'idempotency_key_in_use',
    })
    // The app finds what it made by what it put in it.
    expect((await facturapi.receipts.list({ q: 'payment-31' })).data).toHaveLength(1)
  })

  it('timeout-after: the request acts and its answer is lost, as a dropped connection', async () => {
    const { standIn, facturapi } = setUp()
    const receipt = await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
    standIn.faults.add({ method: 'POST', path: '/v2/receipts/:id/invoice', fault: 'timeout-after' })
    await expect(facturapi.receipts.invoice(receipt.id, { customer: ANA })).rejects.toThrow(TypeError)
    expect((await facturapi.receipts.retrieve(receipt.id)).status).toBe('invoiced_to_customer')
    expect(standIn.requests({ path: '/v2/receipts/:id/invoice' })[0]!.status).toBe(0)
  })

  it('rate-limit: 429 rate_limit_exceeded with Retry-After, for `times` requests of one organization only', async () => {
    const { standIn, facturapi } = setUp()
    standIn.faults.add({
      method: 'GET',
      path: '/v2/receipts',
      fault: 'rate-limit',
      times: 2,
      organization: organizationId(standIn, FONDA.key),
    })
    await clientOf(TAQUERIA.key).receipts.list()
    for (let attempt = 0; attempt < 2; attempt++)
      expect(await refusal(facturapi.receipts.list())).toMatchObject({
        status: 429,
        code: 'rate_limit_exceeded',
        headers: { 'retry-after': '1' },
      })
    await facturapi.receipts.list()
  })

  it('delay: holds the answer `ms` real milliseconds', async () => {
    const { standIn, facturapi } = setUp()
    standIn.faults.add({ method: 'GET', path: '/v2/receipts', fault: 'delay', ms: 60 })
    const start = performance.now()
    await facturapi.receipts.list()
    expect(performance.now() - start).toBeGreaterThanOrEqual(55)
  })

  it('is armed and cleared over HTTP, and refuses a fault it does not know', async () => {
    const { standIn, facturapi } = setUp()
    const armed = await control(standIn, 'POST', '/_standin/faults', {
      method: 'post',
      path: '/v2/receipts',
      fault: '500-before',
      times: 3,
    })
    expect(armed).toMatchObject({ status: 200, body: { method: 'POST', remaining: 3 } })
    expect((await control(standIn, 'POST', '/_standin/faults/clear')).status).toBe(200)
    await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
    expect(
      await control(standIn, 'POST', '/_standin/faults', { method: 'POST', path: '/v2/receipts', fault: 'meltdown' }),
    ).toMatchObject({ status: 400, body: { path: 'fault' } })
    expect(() => standIn.faults.add({ method: 'PATCH', path: '/v2/receipts', fault: '500-before' })).toThrow()
  })
})

describe('a clean slate', () => {
  it('forgets documents, requests, emails, taxpayers, faults, the idempotency mode and the clock; keeps the organizations', async () => {
    const { standIn, facturapi } = setUp()
    await facturapi.receipts.create({ payment_form: '01', items: [MOLE], idempotency_key: 'k' })
    standIn.faults.add({ method: 'GET', path: '/v2/receipts', fault: '500-before' })
    standIn.idempotency.mode = 'existing'
    standIn.clock.advance(DAY)
    expect(await control(standIn, 'POST', '/_standin/clear')).toEqual({ status: 200, body: { ok: true } })
    expect(standIn.requests()).toEqual([])
    expect(standIn.idempotency.mode).toBe('conflict')
    expect(Math.abs(standIn.clock.now() - Date.now())).toBeLessThan(5_000)
    expect(await facturapi.receipts.list()).toMatchObject({ total_results: 0 })
    // Folios start again from 1, and the key can be used again.
    expect(
      (await facturapi.receipts.create({ payment_form: '01', items: [MOLE], idempotency_key: 'k' })).folio_number,
    ).toBe(1)
    expect(await control(standIn, 'POST', '/_standin/idempotency', { mode: 'existing' })).toEqual({
      status: 200,
      body: { mode: 'existing' },
    })
  })

  it('answers 404 not_found for what it does not have, in Facturapi’s shape', async () => {
    const { standIn, facturapi } = setUp()
    expect(await refusal(facturapi.customers.list())).toMatchObject({ status: 404, code: 'not_found' })
    expect((await raw(standIn, '/_standin/nothing')).status).toBe(404)
  })
})

describe('over HTTP, for an offline npm start', () => {
  it('serves the same stand-in on a port of 127.0.0.1, where a dropped answer drops the connection', async () => {
    const served = await serve({ port: 0, organizations: [FONDA], log: () => {} })
    try {
      const facturapi = new Facturapi(FONDA.key)
      facturapi.BASE_URL = `${served.url}/v2`
      const receipt = await facturapi.receipts.create({ payment_form: '01', items: [MOLE] })
      expect(receipt.total).toBe(116)
      served.standIn.faults.add({ method: 'GET', path: '/v2/receipts/:id', fault: 'timeout-after' })
      await expect(facturapi.receipts.retrieve(receipt.id)).rejects.toThrow(TypeError)
    } finally {
      await served.close()
    }
  })
})
