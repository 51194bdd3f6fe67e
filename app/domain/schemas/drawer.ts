import { MXN_DENOMINATIONS, type DenominationCounts } from '../drawer'
import { registerId, typedPesos } from './books'
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

/** "Fondo de caja": what a drawer's open session started with (opening one when none is). */
export const drawerFloatSchema = z
  .object({
    register: registerId,
    floatAmount: typedPesos(null).refine((cents) => cents !== null, { error: 'admin.books.errors.amount' }),
  })
  .transform((form) => ({ registerId: form.register, floatCents: form.floatAmount ?? 0 }))

/**
 * "Contar y cerrar caja": the cash counted in a drawer session (the drawer's
 * session open when the page was shown, when none is named), as a total or note by note and coin by coin (then the
 * total is theirs), with an optional note, and the fondo left in the drawer
 * for the next session. Counting a closed session recounts it.
 */
export const drawerCountSchema = z
  .object({
    register: registerId,
    session: z.string().trim().max(64).optional(),
    /** When the page with the form was shown: with no session named, the one open then is counted. */
    seen: z.coerce.number().int().positive().optional(),
    countedAmount: typedPesos(null),
    nextFloat: typedPesos(null),
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
    return {
      registerId: form.register,
      sessionId: form.session || null,
      seen: form.seen ?? null,
      counts: byDenomination ? counts : null,
      countedCents: form.countedAmount,
      note: form.note || null,
      nextFloatCents: form.nextFloat ?? 0,
    }
  })

/** The cash-out page's forms: the open drawer session's fondo, and a session's count. */
export const DRAWER_FORMS = staffForms({
  float: { permission: 'drawer.count', schema: drawerFloatSchema },
  count: { permission: 'drawer.count', schema: drawerCountSchema },
})

export type DrawerIntent = IntentIn<typeof DRAWER_FORMS>
