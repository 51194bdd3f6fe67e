import { idString } from './fields'
import { checkFactura, facturaFields } from './receipts'
import { staffForms, type IntentIn } from './staff-forms'
import { z } from './zod'

/** A file staff attach to a factura issued by hand; what it is, size and contents, the server checks. */
const attached = (key: string) => z.instanceof(File, { error: key }).refine((file) => file.size > 0, { error: key })

/** "Marcar emitida": a pending request, with the factura's PDF and XML. */
export const issueByHandSchema = z.object({
  requestId: idString('requestId'),
  pdf: attached('admin.invoices.errors.pdf'),
  xml: attached('admin.invoices.errors.xml'),
})

/** "Enviar de nuevo a Facturapi": a pending request Facturapi did not answer. */
export const retryRequestSchema = z.object({ requestId: idString('requestId') })

/** "Corregir factura": an issued factura replaced by one for the receiver as it should have been. */
export const substituteFacturaSchema = z
  .object({ requestId: idString('requestId'), ...facturaFields })
  .superRefine(checkFactura)

/** "Rechazar": a pending request, and why (the diner reads it). */
export const rejectRequestSchema = z.object({
  requestId: idString('requestId'),
  reason: z
    .string({ error: 'admin.invoices.errors.reason' })
    .trim()
    .min(3, { error: 'admin.invoices.errors.reason' })
    .max(300, { error: 'admin.errors.tooLong' }),
})

/** The longest period a factura global covers: two months (Facturapi's longest periodicity). */
const MAX_GLOBAL_DAYS = 62

const day = (key: string) => z.string({ error: key }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: key })

/** "Emitir factura global": the period's first and last days, in the restaurant's calendar. */
export const globalInvoiceSchema = z
  .object({ from: day('admin.invoices.global.errors.from'), to: day('admin.invoices.global.errors.to') })
  .superRefine((period, ctx) => {
    const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000
    if (!(days >= 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'admin.invoices.global.errors.order' })
    else if (days >= MAX_GLOBAL_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'admin.invoices.global.errors.tooLong' })
  })

/** Facturas' forms: a request issued by hand, rejected or sent to Facturapi again, a factura corrected, a factura global. */
export const INVOICE_FORMS = staffForms({
  issue: { permission: 'invoices.manage', schema: issueByHandSchema },
  reject: { permission: 'invoices.manage', schema: rejectRequestSchema },
  retry: { permission: 'invoices.manage', schema: retryRequestSchema },
  substitute: { permission: 'invoices.manage', schema: substituteFacturaSchema },
  global: { permission: 'invoices.global', schema: globalInvoiceSchema },
})

export type InvoiceIntent = IntentIn<typeof INVOICE_FORMS>
