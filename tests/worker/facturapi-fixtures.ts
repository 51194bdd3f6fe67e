import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { FACTURAPI_STANDIN_ORGANIZATIONS } from '../../scripts/local-vars'
import {
  confirmationOf,
  delivered,
  openPaymentForm,
  postForm,
  seedTable,
  staffCookieOf,
  toastShown,
  postRefund,
} from './fixtures'

export const STANDIN = 'https://facturapi.standin'
export const [ORGANIZATION] = FACTURAPI_STANDIN_ORGANIZATIONS

/** What the Facturapi stand-in received on `path` (a pattern such as /v2/receipts/:id/invoice). */
export async function sent(path: string, method = 'POST') {
  const response = await fetch(`${STANDIN}/_standin/requests?${new URLSearchParams({ method, path })}`)
  return (
    (await response.json()) as {
      data: { body: Record<string, unknown>; query: Record<string, string>; status: number; path: string; at: string }[]
    }
  ).data
}

/** The owner saves the restaurant's fiscal data and Facturapi key in Configuración, with how often its factura global is issued. */
export async function connectFacturapi(
  owner: string,
  invoicePeriodicity = 'month',
  organization: (typeof FACTURAPI_STANDIN_ORGANIZATIONS)[number] = ORGANIZATION!,
) {
  const saved = await postForm(
    '/admin/dashboard/settings',
    {
      intent: 'fiscal',
      rfc: organization.tax_id,
      legalName: organization.legal_name,
      taxRegime: organization.tax_system,
      postalCode: organization.zip,
      invoicePeriodicity,
      facturapiKey: organization.key,
      confirmRfc: 'on',
    },
    owner,
  )
  expect(saved.status).toBe(302)
}

/** A restaurant that issues its facturas with Facturapi (its owner saved the key in Configuración), and a diner's paid receipt. */
export async function connectedReceipt(tip = '30', priceCents = 23_200) {
  const table = await seedTable([{ name: 'Mole', priceCents }])
  await connectFacturapi(await staffCookieOf(table.restaurantId))
  const form = await openPaymentForm(`/customer/payment-method/${table.sessionId}?full=true&tipAmount=${tip}`)
  const paid = await form.submit()
  const { receiptUrl } = await confirmationOf(paid, form.cookie)
  await delivered(table.sessionId)
  const { id: paymentId } = (await env.DB.prepare('SELECT id FROM payments WHERE session_id = ?')
    .bind(table.sessionId)
    .first<{ id: string }>())!
  return { table, receiptUrl, paymentId }
}

/** The manager closes the table's bill; each call then refunds `amount` pesos of the payment from the closed bill's page. */
export async function closedBillRefunds(
  table: { tableId: string; sessionId: string },
  manager: string,
  paymentId: string,
) {
  const closed = await postForm(
    `/admin/tables/${table.tableId}?close=1`,
    { intent: 'close', sessionId: table.sessionId },
    manager,
  )
  expect(await toastShown(closed, manager)).toContain('Cuenta cerrada')
  await delivered(table.sessionId)
  return async (amount: string) => {
    const answer = await postRefund(
      `/admin/tables/${table.tableId}/bills/${table.sessionId}`,
      { intent: 'refund', sessionId: table.sessionId, paymentId, amount, reason: 'Llegó frío' },
      manager,
    )
    expect(await toastShown(answer, manager)).toContain('Reembolso registrado')
  }
}
