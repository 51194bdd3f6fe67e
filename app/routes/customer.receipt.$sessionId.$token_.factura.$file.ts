import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { folioText } from '~/domain/receipt'
import { ledgerOf } from '~/server/books/ledger.server'
import { latestRequestOf } from '~/server/invoices/invoice-requests.server'
import { INVOICE_FILE_TYPES, invoiceFile } from '~/server/invoices/invoice-files.server'
import { facturapiFile, facturapiOf } from '~/server/invoices/facturapi.server'
import { readReceipt } from '~/server/receipts/receipt-reads.server'

const NOT_FOUND = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'private, no-store' } })

/** The issued factura of a receipt's payment, its PDF or its XML, for whoever holds the receipt's link. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env
  const kind = params.file
  if (kind !== 'pdf' && kind !== 'xml') return NOT_FOUND()
  const receipt = await readReceipt(env, params.sessionId ?? '', params.token ?? '')
  const factura = receipt ? await latestRequestOf(ledgerOf(env, receipt.restaurantId), receipt.paymentId) : null
  if (!receipt || factura?.status !== 'issued') return NOT_FOUND()
  // Issued by Facturapi: read from it; by hand: from the files staff attached.
  const client = factura.facturapiInvoiceId ? await facturapiOf(env, receipt.restaurantId) : null
  const file =
    client && factura.facturapiInvoiceId
      ? {
          body: await facturapiFile(client, factura.facturapiInvoiceId, kind),
          contentType: INVOICE_FILE_TYPES[kind],
        }
      : await invoiceFile(env, factura, kind)
  if (!file) return NOT_FOUND()
  return new Response(file.body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="factura-${folioText(receipt.folio)}.${kind}"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    },
  })
}
