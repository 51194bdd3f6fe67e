import { z } from './zod'
import { ID_PATTERN } from './fields'

/**
 * The pay-items form: the checked items and a quantity for each;
 * a quantity that is not a whole number is treated as 1, then clamped to
 * what is left on the line.
 */
export const payItemsFormSchema = z.object({
  item: z
    .array(z.string().regex(ID_PATTERN, { error: 'customer.payItems.notOnBill' }), {
      error: 'customer.payItems.noneSelected',
    })
    .min(1, { error: 'customer.payItems.noneSelected' })
    .max(500, { error: 'customer.payItems.notOnBill' }),
  // Conform does not coerce inside a record, so the numbers arrive as text.
  quantities: z.record(z.string(), z.coerce.number().int().min(1).optional().catch(undefined)).optional(),
})
