import { expect } from 'vitest'
import { FACTURAPI_STANDIN_ORGANIZATIONS } from '../../scripts/local-vars'
import { postForm } from './fixtures'

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
