import { MXN_DENOMINATIONS, type DenominationCounts } from '../drawer'
import { typedPesos } from './books'
import { staffForms, type IntentIn } from './staff-forms'
import { z } from './zod'

/** How many of one note or coin: a whole number; none when left empty. */
const howMany = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce
    .number({ error: 'admin.cashOut.count.errors.howMany' })
    .int({ error: 'admin.cashOut.count.errors.howMany' })
    .min(0, { error: 'admin.cashOut.count.errors.howMany' })
    .max(100_000, { error: 'admin.cashOut.count.errors.howMany' })
    .optional(),
)

/** "Fondo de caja": what the drawer starts the day with. */
export const drawerFloatSchema = z.object({
  floatAmount: typedPesos(null).refine((cents) => cents !== null, { error: 'admin.books.errors.amount' }),
})

/**
 * "Guardar conteo": the cash counted, as a total or note by note and coin by
 * coin (then the total is theirs), with an optional note.
 */
export const drawerCountSchema = z
  .object({
    countedAmount: typedPesos(null),
    ...Object.fromEntries(MXN_DENOMINATIONS.map((value) => [`d${value}`, howMany])),
    note: z.string().trim().max(300, { error: 'admin.errors.tooLong' }).optional(),
  })
  .transform((form, ctx) => {
    const counts: DenominationCounts = {}
    for (const value of MXN_DENOMINATIONS) {
      const count = (form as Record<string, unknown>)[`d${value}`]
      if (typeof count === 'number' && count > 0) counts[value] = count
    }
    const byDenomination = Object.keys(counts).length > 0
    if (!byDenomination && form.countedAmount === null) {
      ctx.addIssue({ code: 'custom', path: ['countedAmount'], message: 'admin.cashOut.count.errors.counted' })
      return z.NEVER
    }
    return { counts: byDenomination ? counts : null, countedCents: form.countedAmount, note: form.note || null }
  })

/** The cash-out page's forms: the day's float and the cash counted. */
export const DRAWER_FORMS = staffForms({
  float: { permission: 'drawer.count', schema: drawerFloatSchema },
  count: { permission: 'drawer.count', schema: drawerCountSchema },
})

export type DrawerIntent = IntentIn<typeof DRAWER_FORMS>
