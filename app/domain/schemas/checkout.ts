import { z } from 'zod'
import { PAYMENT_METHODS } from '../bill'
import { ID_PATTERN } from './fields'

/**
 * Unused: the payment-method form now posts the whole payment request and is
 * read with paymentRequestSchema, like POST /api/payments (docs/api.md).
 */
export const payFormSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'customer.method.methodRequiredText' }),
  transactionId: z
    .string({ error: 'customer.method.processingErrorText' })
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, { error: 'customer.method.processingErrorText' }),
  /** The step's query string: what is paid and the tip, re-priced on the server. */
  query: z.string({ error: 'customer.method.processingErrorText' }).max(4000, { error: 'customer.method.processingErrorText' }),
})

/**
 * The pay-items form: the checked items and a quantity for each;
 * a quantity that is not a whole number is treated as 1, then clamped to
 * what is left on the line.
 */
export const payItemsFormSchema = z.object({
  item: z
    .array(z.string().regex(ID_PATTERN, { error: 'customer.payItems.notOnBill' }), { error: 'customer.payItems.noneSelected' })
    .min(1, { error: 'customer.payItems.noneSelected' })
    .max(500, { error: 'customer.payItems.notOnBill' }),
  // Conform does not coerce inside a record, so the numbers arrive as text.
  quantities: z.record(z.string(), z.coerce.number().int().min(1).optional().catch(undefined)).optional(),
})
