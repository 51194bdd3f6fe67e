import { z } from './zod'
import { ADJUSTMENT_KINDS } from '../adjustments'
import { RECORDED_METHODS } from '../bill'
import { MAX_CENTS, parsePesosInput, pesosToCents } from '../money'
import { TERMINAL_FUNDINGS } from '../receipt'
import { idString } from './fields'

// Messages are translation keys: staff read them on the table's page, in their language. None of these forms says
// who sends it: every write is signed by the member signed in (app/domain/signature.ts), and a `staff` field a
// client still sends is not read (zod drops what a schema does not name).

/** Pesos a person typed ("85.50", "$85"), read into cents; empty is `empty`. */
export function typedPesos<Empty extends number | null>(empty: Empty) {
  return z
    .union([z.number(), z.string().trim()], { error: 'admin.books.errors.amount' })
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return empty
      const cents: number | null = typeof value === 'number' ? pesosToCents(value) : parsePesosInput(value)
      if (cents === null || !Number.isInteger(cents) || cents < 0 || cents > MAX_CENTS) {
        ctx.addIssue({ code: 'custom', message: 'admin.books.errors.amount' })
        return z.NEVER
      }
      return cents as Empty | number
    })
}

/** A cash register by its id (its drawer); empty, none: the device's, or the restaurant's own drawer. */
export const registerId = z
  .string()
  .trim()
  .max(64, { error: 'admin.errors.formError' })
  .optional()
  .transform((id) => id || null)

/** Crédito o débito, asked of a payment taken on the restaurant's terminal (its CFDI's forma de pago follows it). */
const cardFunding = z
  .enum(TERMINAL_FUNDINGS, { error: 'admin.books.errors.cardFunding' })
  .nullish()
  .transform((value) => value ?? null)

/** A terminal payment says how its card is funded (what cash sends of it is not read). */
function terminalCard(method: string | undefined, funding: string | null, ctx: z.RefinementCtx) {
  if (method === 'terminal' && !funding)
    ctx.addIssue({ code: 'custom', path: ['cardFunding'], message: 'admin.books.errors.cardFunding' })
}

const reason = z
  .string({ error: 'admin.books.errors.reason' })
  .trim()
  .min(1, { error: 'admin.books.errors.reason' })
  .max(200, { error: 'admin.errors.tooLong' })

const units = z.coerce
  .number({ error: 'admin.books.errors.units' })
  .int({ error: 'admin.books.errors.units' })
  .min(1, { error: 'admin.books.errors.units' })
  .max(999, { error: 'admin.books.errors.units' })

/** Units of the bill's lines, as a form sends them: `units[<lineId>]` = how many (empty or 0: none). */
const unitsByLine = z
  .record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), z.union([z.string(), z.number()]).optional())
  .optional()
  .transform((record, ctx) => {
    const chosen: { itemId: string; quantity: number }[] = []
    for (const [itemId, value] of Object.entries(record ?? {})) {
      if (value === undefined || value === '' || value === 0 || value === '0') continue
      const quantity = Number(value)
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999) {
        ctx.addIssue({ code: 'custom', path: [itemId], message: 'admin.books.errors.units' })
        return z.NEVER
      }
      chosen.push({ itemId, quantity })
    }
    return chosen
  })

/**
 * Money taken at the table outside Mesa, as staff record it on the table's
 * page or through the API: the whole rest (`amount` is what staff were
 * shown, so a bill that moved meanwhile is refused), chosen units, or an
 * amount of what is left; the tip; cash handed over, for the change.
 */
export const recordPaymentSchema = z
  .object({
    sessionId: idString('sessionId'),
    transactionId: z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/, { error: 'admin.errors.formError' }),
    mode: z.enum(['full', 'items', 'amount'], { error: 'admin.errors.formError' }),
    amount: typedPesos(null),
    units: unitsByLine,
    tip: typedPesos(0),
    method: z.enum(RECORDED_METHODS, { error: 'admin.books.errors.method' }),
    cardFunding,
    cashReceived: typedPesos(null),
    /** For cash: the register whose drawer takes it (the device's); none, the device's or the restaurant's own. */
    register: registerId,
    /** The whole rest as the page showed it, its tax included: taking the rest is refused if it would now charge more. */
    due: typedPesos(null),
    /** Sent by a one-tap charge, whose refusal the page says at its top rather than in the detailed form. */
    quick: z.literal('1').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.mode !== 'items' && !value.amount)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'admin.books.errors.amount' })
    if (value.mode === 'items' && value.units.length === 0)
      ctx.addIssue({ code: 'custom', path: ['units'], message: 'admin.books.errors.units' })
    if (value.cashReceived !== null && value.method !== 'cash')
      ctx.addIssue({ code: 'custom', path: ['cashReceived'], message: 'admin.books.errors.cashOnly' })
    terminalCard(value.method, value.cardFunding, ctx)
  })

/** A void or comp of a line's unpaid units, with why. */
export const adjustmentSchema = z.object({
  sessionId: idString('sessionId'),
  lineId: idString('lineId'),
  kind: z.enum(ADJUSTMENT_KINDS, { error: 'admin.errors.formError' }),
  quantity: units,
  reason,
})

/** A refund of a payment: its units (item payments), or an amount of its bill part, and of its tip; with why. */
export const refundSchema = z
  .object({
    sessionId: idString('sessionId'),
    paymentId: idString('paymentId'),
    units: unitsByLine,
    amount: typedPesos(null),
    tip: typedPesos(0),
    reason,
    /** What the member confirmed it gives back in all, from the preview; empty asks for the preview. */
    confirmedTotal: typedPesos(null),
  })
  .superRefine((value, ctx) => {
    if (value.units.length === 0 && !value.amount && !value.tip)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'admin.books.errors.refundNothing' })
  })

/** Undoing a payment one recorded by mistake: which, and why. */
export const voidPaymentSchema = z.object({
  sessionId: idString('sessionId'),
  paymentId: idString('paymentId'),
  reason,
})

/**
 * A refund that failed for good (the restaurant's account no longer lets
 * Mesa refund, the charge is too old, the bank refused it), given back by
 * staff outside Mesa: from the drawer (`cash`) or another way.
 */
export const refundOutsideSchema = z.object({
  sessionId: idString('sessionId'),
  refundId: idString('refundId'),
  way: z.enum(['cash', 'other'], { error: 'admin.books.errors.outsideWay' }),
})

/**
 * Closing a bill names it, so a second click cannot close the next party's
 * fresh bill. With something still unpaid it says how that was settled:
 * paid in cash or on the terminal (`settledAmount` is what staff were shown,
 * recorded as a payment of the rest before the close), or left unpaid, with
 * the reason.
 */
export const closeBillSchema = z
  .object({
    sessionId: idString('sessionId'),
    settledBy: z.enum([...RECORDED_METHODS, 'unpaid'], { error: 'admin.books.errors.settledBy' }).optional(),
    settledAmount: typedPesos(null),
    cardFunding,
    register: registerId,
    transactionId: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{8,100}$/, { error: 'admin.errors.formError' })
      .optional(),
    unpaidReason: z
      .string()
      .trim()
      .max(200, { error: 'admin.errors.tooLong' })
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((value, ctx) => {
    if (value.settledBy === 'unpaid' && !value.unpaidReason)
      ctx.addIssue({ code: 'custom', path: ['unpaidReason'], message: 'admin.books.errors.reason' })
    if (
      (value.settledBy === 'cash' || value.settledBy === 'terminal') &&
      (!value.settledAmount || !value.transactionId)
    ) {
      ctx.addIssue({ code: 'custom', path: ['settledAmount'], message: 'admin.books.errors.amount' })
    }
    terminalCard(value.settledBy, value.cardFunding, ctx)
  })

export type RecordPaymentForm = z.output<typeof recordPaymentSchema>
export type AdjustmentForm = z.output<typeof adjustmentSchema>
export type RefundForm = z.output<typeof refundSchema>
export type VoidPaymentForm = z.output<typeof voidPaymentSchema>
export type RefundOutsideForm = z.output<typeof refundOutsideSchema>
export type CloseBillForm = z.output<typeof closeBillSchema>
