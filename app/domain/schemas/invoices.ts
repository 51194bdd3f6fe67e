import { idString } from './fields'
import { z } from './zod'

/** A file staff attach to a factura issued by hand; what it is, size and contents, the server checks. */
const attached = (key: string) => z.instanceof(File, { error: key }).refine((file) => file.size > 0, { error: key })

/** "Marcar emitida": a pending request, with the factura's PDF and XML. */
export const issueByHandSchema = z.object({
  requestId: idString('requestId'),
  pdf: attached('admin.invoices.errors.pdf'),
  xml: attached('admin.invoices.errors.xml'),
})

/** "Rechazar": a pending request, and why (the diner reads it). */
export const rejectRequestSchema = z.object({
  requestId: idString('requestId'),
  reason: z
    .string({ error: 'admin.invoices.errors.reason' })
    .trim()
    .min(3, { error: 'admin.invoices.errors.reason' })
    .max(300, { error: 'admin.errors.tooLong' }),
})
