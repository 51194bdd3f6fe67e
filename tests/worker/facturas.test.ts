import { env, SELF } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import {
  confirmationOf,
  facturaFields as factura,
  getPage,
  openPaymentForm,
  ORIGIN,
  pageText as textOf,
  postForm,
  seedTable,
  staffCookieOf,
  postRefund,
} from './fixtures'

/** A diner pays the whole bill with a tip through the payment step's form, and opens their receipt. */
async function paidReceipt(lines = [{ name: 'Mole', priceCents: 23_200 }], tip = '30') {
  const table = await seedTable(lines)
  const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipAmount=${tip}`)
  const paid = await form.submit()
  expect(paid.status).toBe(302)
  const { receiptUrl } = await confirmationOf(paid, form.cookie)
  return { table, receiptUrl }
}

/** A staff form with files, as a browser sends `multipart/form-data`. */
function postFiles(path: string, fields: Record<string, string | File>, cookie: string) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, Cookie: cookie },
    body,
    redirect: 'manual',
  })
}

const PDF = new File(['%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF'], 'factura.pdf', { type: 'application/pdf' })
const XML = new File(
  ['<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante Version="4.0" Total="232.00"/>'],
  'factura.xml',
  { type: 'text/xml' },
)

describe('a diner asks for a factura from their receipt', () => {
  it('is refused what the SAT would refuse, under each field, in the page’s language, and stores nothing', async () => {
    const { table, receiptUrl } = await paidReceipt()
    const refusals: [Record<string, string>, string][] = [
      [{ rfc: 'XAXX010101000' }, 'Ese RFC genérico es para la factura global del restaurante'],
      [{ rfc: 'GODE561331GR8' }, 'La fecha dentro del RFC (AAMMDD) no existe.'],
      [{ taxRegime: '601' }, 'Ese régimen no es de personas físicas'],
      [{ taxRegime: '605' }, 'Ese uso del CFDI no es válido para el régimen elegido.'],
      [{ postalCode: '067' }, 'El código postal tiene 5 dígitos.'],
      [{ email: 'edgar@' }, 'Escribe un correo válido.'],
      [{ legalName: 'x'.repeat(301) }, 'Escribe la razón social.'],
    ]
    for (const [fields, words] of refusals) {
      const refused = await postForm(receiptUrl, factura(fields))
      expect(refused.status, JSON.stringify(fields).slice(0, 80)).toBe(400)
      expect(await textOf(refused), JSON.stringify(fields).slice(0, 80)).toContain(words)
    }
    expect(
      await env.DB.prepare(
        'SELECT count(*) AS n FROM invoice_requests r JOIN payments p ON p.id = r.payment_id WHERE p.session_id = ?',
      )
        .bind(table.sessionId)
        .first(),
    ).toEqual({ n: 0 })
    const page = await textOf(await getPage(receiptUrl))
    expect(page).not.toContain('data-testid="factura-status"')
  })

  it('asks to confirm an RFC whose check digit does not match, then takes it', async () => {
    const { receiptUrl } = await paidReceipt()
    const asked = await postForm(receiptUrl, factura({ rfc: 'GODE561231GR7' }))
    expect(asked.status).toBe(400)
    expect(await textOf(asked)).toContain('Confirmo que este RFC es correcto')
    expect((await postForm(receiptUrl, factura({ rfc: 'GODE561231GR7', confirmRfc: 'on' }))).status).toBe(302)
  })

  it('is taken once for the consumption without the tip; staff issue it by hand with its PDF and XML, and the diner gets both', async () => {
    const { table, receiptUrl } = await paidReceipt()
    const asked = factura()
    const [first, second] = await Promise.all([postForm(receiptUrl, asked), postForm(receiptUrl, asked)])
    expect([first.status, second.status].sort()).toEqual([302, 409])
    const rows = await env.DB.prepare(
      'SELECT r.amount_cents AS amount, r.status, r.rfc, r.legal_name AS name FROM invoice_requests r JOIN payments p ON p.id = r.payment_id WHERE p.session_id = ?',
    )
      .bind(table.sessionId)
      .all()
    // $232.00 of food with its IVA; the $30.00 tip is the staff's, never invoiced.
    expect(rows.results).toEqual([
      { amount: 23_200, status: 'pending', rfc: 'GODE561231GR8', name: 'EDGAR GONZÁLEZ DÍAZ' },
    ])
    expect(await textOf(await getPage(receiptUrl))).toContain('Recibimos tu solicitud.')

    // A waiter does not issue facturas; a manager does, with real files only.
    expect((await getPage('/admin/invoices', await staffCookieOf(table.restaurantId, 'waiter'))).status).toBe(403)
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    const list = await textOf(await getPage('/admin/invoices', manager))
    expect(list).toContain('EDGAR GONZÁLEZ DÍAZ')
    expect(list).toContain('$232.00')
    expect(list).toContain('IVA 16 % incluido: $32.00')
    const requestId = /name="requestId" value="([^"]+)"/.exec(list)![1]!
    const notPdf = new File(['hola'], 'factura.pdf', { type: 'application/pdf' })
    const bad = await postFiles('/admin/invoices', { intent: 'issue', requestId, pdf: notPdf, xml: XML }, manager)
    expect(bad.status).toBe(400)
    expect(await textOf(bad)).toContain('Adjunta el PDF de la factura.')

    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const issued = await postFiles('/admin/invoices', { intent: 'issue', requestId, pdf: PDF, xml: XML }, manager)
    const mailed = log.mock.calls.map((call) => String(call[0])).join('\n')
    log.mockRestore()
    expect(issued.status).toBe(302)
    expect(mailed).toContain(`[mail] to ${asked.email}: Tu factura`)
    expect(mailed).toMatch(/\[factura\.pdf, \d+ bytes\][\s\S]*\[factura\.xml, \d+ bytes\]/)
    // Decided once: a second decision changes nothing.
    const again = await postForm('/admin/invoices', { intent: 'reject', requestId, reason: 'RFC equivocado' }, manager)
    expect(again.status).toBe(409)

    const receipt = await textOf(await getPage(receiptUrl))
    expect(receipt).toContain('Tu factura está lista')
    const xml = await getPage(`${receiptUrl}/factura/xml`)
    expect(xml.status).toBe(200)
    expect(await xml.text()).toContain('cfdi:Comprobante')
    expect((await getPage(`${receiptUrl.replace(/.$/, 'x')}/factura/xml`)).status).toBe(404)
  })

  it('rejected with a reason, the diner reads it and may ask again', async () => {
    const { table, receiptUrl } = await paidReceipt()
    expect((await postForm(receiptUrl, factura())).status).toBe(302)
    const manager = await staffCookieOf(table.restaurantId, 'manager')
    const list = await textOf(await getPage('/admin/invoices', manager))
    const requestId = /name="requestId" value="([^"]+)"/.exec(list)![1]!
    expect(
      (
        await postForm(
          '/admin/invoices',
          { intent: 'reject', requestId, reason: 'La razón social no coincide' },
          manager,
        )
      ).status,
    ).toBe(302)
    const page = await textOf(await getPage(receiptUrl))
    expect(page).toContain('El restaurante no pudo emitir tu factura: La razón social no coincide.')
    expect((await postForm(receiptUrl, factura({ legalName: 'Edgar Gonzalez Diaz' }))).status).toBe(302)
  })

  it('a payment refunded in full has nothing to invoice', async () => {
    const { table, receiptUrl } = await paidReceipt([{ name: 'Mole', priceCents: 10_000 }], '0')
    const owner = await staffCookieOf(table.restaurantId)
    const page = await textOf(await getPage(`/admin/tables/${table.tableId}`, owner))
    const paymentId = /name="paymentId" value="([^"]+)"/.exec(page)![1]!
    const refunded = await postRefund(
      `/admin/tables/${table.tableId}`,
      { intent: 'refund', sessionId: table.sessionId, paymentId, amount: '100', reason: 'Se equivocaron de mesa' },
      owner,
    )
    expect(refunded.status).toBe(302)
    const refused = await postForm(receiptUrl, factura())
    expect(refused.status).toBe(409)
    expect(await textOf(refused)).toContain('Este pago se reembolsó por completo')
  })
})
