import { z } from 'zod'
import { PAYMENT_METHODS } from '../bill'

/** The payment-method form (SPEC §2.8); messages are translation keys. */
export const payFormSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'customer.method.methodRequiredText' }),
  transactionId: z
    .string({ error: 'customer.method.processingErrorText' })
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, { error: 'customer.method.processingErrorText' }),
  /** The step's query string: what is paid and the tip, re-priced on the server. */
  query: z.string({ error: 'customer.method.processingErrorText' }).max(4000, { error: 'customer.method.processingErrorText' }),
})
