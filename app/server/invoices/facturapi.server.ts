import Facturapi, { FacturapiError, type CancelInvoiceOptions } from 'facturapi'
import { cancellationStatusOf, type CancellationMotive, type CancellationStatus } from '~/domain/fiscal'
import { centsToPesos } from '~/domain/money'
import { DEFAULT_TAX_RATE_BPS } from '~/domain/tax'
import { appEnv } from '../env.server'
import { facturapiKeyOf } from './fiscal-profile.server'
import type { InvoiceRequestRow } from './invoice-requests.server'

/*
 * A restaurant that connected Facturapi issues its facturas there, with the
 * official SDK (it runs on the Worker's fetch; BASE_URL points it at the
 * stand-in in local runs and tests). Here: the client, the shapes every
 * document shares, and how Facturapi's bad days read; its receipts and the
 * diners' facturas are in facturapi-receipts and facturapi-invoices.
 */

/** The restaurant's Facturapi, or null when it issues its facturas by hand. */
export async function facturapiOf(env: Env, restaurantId: string): Promise<Facturapi | null> {
  const key = await facturapiKeyOf(env, restaurantId)
  if (!key) return null
  const client = new Facturapi(key)
  client.BASE_URL = appEnv(env).FACTURAPI_API_BASE
  return client
}

/** A factura's receiver as Facturapi takes it (CFDI 4.0's Receptor: name, RFC, régimen, domicilio fiscal's zip). */
export const facturapiCustomer = (
  receiver: Pick<InvoiceRequestRow, 'legalName' | 'rfc' | 'taxRegime' | 'email' | 'postalCode'>,
) => ({
  legal_name: receiver.legalName,
  tax_id: receiver.rfc,
  tax_system: receiver.taxRegime,
  email: receiver.email,
  address: { zip: receiver.postalCode },
})

/** A CFDI's one concept as Facturapi takes it: `cents` with its IVA included (never the tip), named by its SKU. */
export const oneConcept = (concept: {
  description: string
  productKey: string
  unitKey: string
  cents: number
  taxRateBps: number | null
  sku: string
}) => ({
  quantity: 1,
  product: {
    description: concept.description,
    product_key: concept.productKey,
    unit_key: concept.unitKey,
    price: centsToPesos(concept.cents),
    tax_included: true,
    taxes: [{ type: 'IVA', rate: (concept.taxRateBps ?? DEFAULT_TAX_RATE_BPS) / 10_000 }],
    sku: concept.sku,
  },
})

/**
 * Where a CFDI's cancellation stands at the SAT: asked now (with `motive`,
 * and the substitute for motive 01), or, when it was asked before and is
 * `pending`, asked about. A cancellation asked before whose answer was lost
 * (`invoice_already_canceled`) is read back from Facturapi. None yet reads
 * as pending.
 */
export async function cancellationAsked(
  client: Facturapi,
  invoiceId: string,
  pending: boolean,
  ask: () => Promise<{ motive: CancellationMotive; substitution?: string }>,
): Promise<CancellationStatus> {
  const invoice = pending
    ? await client.invoices.retrieve(invoiceId)
    : await client.invoices.cancel(invoiceId, (await ask()) as CancelInvoiceOptions).catch(async (error: unknown) => {
        const asked = await client.invoices.retrieve(invoiceId)
        if (!cancellationStatusOf(asked.cancellation_status)) throw error
        return asked
      })
  return cancellationStatusOf(invoice.cancellation_status) ?? 'pending'
}

/** Facturapi's answer to a document made before under the same idempotency key (see docs/facturapi-standin.md). */
const KEY_IN_USE = 'idempotency_key_in_use'

/**
 * The document made before under `key`, when Facturapi refused a new one
 * for it (an answer that never came back): found by a search of what it was
 * made for (its SKU). Anything else is thrown on.
 */
export async function madeUnderKey<Document extends { idempotency_key?: string | null }>(
  error: unknown,
  key: string,
  search: () => Promise<{ data: Document[] }>,
): Promise<Document> {
  if (!(error instanceof FacturapiError) || error.code !== KEY_IN_USE) throw error
  const same = (await search()).data.find((each) => each.idempotency_key === key)
  if (!same) throw error
  return same
}

/**
 * Whether Facturapi refused what it was sent (a 4xx other than its rate
 * limit): its words are the answer, and sending it again changes nothing.
 * Anything else (a 5xx, a rate limit, no answer) is worth trying again.
 */
export const refusedBy = (error: unknown): error is FacturapiError =>
  error instanceof FacturapiError && error.status >= 400 && error.status < 500 && error.status !== 429

/** A file of an invoice Facturapi issued, as bytes (the SDK answers a Node stream under nodejs_compat, else a Blob). */
export async function facturapiFile(
  client: Facturapi,
  invoiceId: string,
  kind: 'pdf' | 'xml',
): Promise<Uint8Array<ArrayBuffer>> {
  const file: unknown =
    kind === 'pdf' ? await client.invoices.downloadPdf(invoiceId) : await client.invoices.downloadXml(invoiceId)
  if (file instanceof Blob) return new Uint8Array(await file.arrayBuffer())
  const chunks: Uint8Array[] = []
  for await (const chunk of file as AsyncIterable<Uint8Array>) chunks.push(chunk)
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  return bytes
}
