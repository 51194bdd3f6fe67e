import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { requireStaff, type PageAccess } from '~/server/auth/guard.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { facturapiFile, facturapiOf } from '~/server/invoices/facturapi.server'
import { INVOICE_FILE_TYPES } from '~/server/invoices/invoice-files.server'
import { globalInvoiceOf } from '~/server/invoices/global-invoices.server'

export const access: PageAccess = { view: 'invoices.global' }

/** A factura global's PDF or XML, read from Facturapi, for the owner. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const { restaurant } = await requireStaff(context, request, 'page', access.view)
  const env = context.cloudflare.env
  const kind = params.file
  const invoice = await globalInvoiceOf(ledgerOf(env, restaurant.id), params.id ?? '')
  const client = invoice ? await facturapiOf(env, restaurant.id) : null
  if ((kind !== 'pdf' && kind !== 'xml') || !invoice || !client) return new Response('Not found', { status: 404 })
  return new Response(await facturapiFile(client, invoice.facturapiInvoiceId, kind), {
    headers: {
      'Content-Type': INVOICE_FILE_TYPES[kind],
      'Content-Disposition': `attachment; filename="factura-global-${invoice.fromDay}-${invoice.toDay}.${kind}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
