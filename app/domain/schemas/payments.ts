import { z } from './zod'
import { PAYMENT_METHODS, PAYMENT_TYPES, type LedgerMethod } from '../bill'
import { GUEST } from '../diners'
import { MAX_CENTS } from '../money'
import type { TerminalFunding } from '../receipt'
import { MAX_PEOPLE_PAYING, MAX_TABLE_SIZE } from '../split'
import { idString, pesos } from './fields'

/**
 * A units count on a payment: a JSON number, or the digits a form sends
 * (conform does not coerce the values of a record).
 */
const wholeQuantity = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,6}$/)
        .transform(Number),
    ],
    { error: 'itemQuantities must be numbers' },
  )
  .pipe(
    z
      .number()
      .int({ error: 'itemQuantities must be whole numbers' })
      .min(1, { error: 'itemQuantities must be at least 1' }),
  )

/**
 * A payment request, as POST /api/payments and the payment form send it
 * (docs/api.md). It names what the diner was shown; the bill's object refuses
 * it if the bill no longer matches.
 */
/** The id a client gives a payment: a retry with the same one is the same payment. */
const transactionIdOf = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(8, { error: `${label} must be at least 8 characters` })
    .max(100, { error: `${label} must be at most 100 characters` })
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: `${label} has characters that are not allowed` })

export const paymentRequestSchema = z
  .object({
    tableId: idString('tableId'),
    sessionId: idString('sessionId').optional(),
    /** The part of the bill paid, without the tip, in pesos. */
    amount: pesos({ min: 'positive', label: 'amount' }),
    tipAmount: pesos({ min: 'zero', label: 'tipAmount' }).default(0),
    /**
     * What the diner was shown as the charge (amount, any tax on top, tip), in
     * pesos. When given, the payment is refused unless it would charge exactly this.
     */
    // The amount, tax on top (at most the amount) and the tip (at most the amount) together.
    total: pesos({ min: 'positive', label: 'total', maxCents: 3 * MAX_CENTS }).optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentMethod must be card, apple or google' }),
    paymentType: z.enum(PAYMENT_TYPES, { error: 'paymentType must be full, item or split' }),
    customerName: z
      .string({ error: 'customerName must be text' })
      .trim()
      .max(60, { error: 'customerName must be at most 60 characters' })
      .nullish()
      .transform((value) => value || GUEST),
    transactionId: transactionIdOf('transactionId'),
    /**
     * The same diner's earlier attempt on this bill that this one takes the
     * place of (what they pay changed before they saw it answered): it ends
     * first and its money goes back; if it was paid after all, it is the
     * answer, and this one is not made.
     */
    replaces: transactionIdOf('replaces').optional(),
    itemIds: z.array(idString('itemIds'), { error: 'itemIds must be a list' }).max(500).optional(),
    itemQuantities: z
      .record(z.string(), wholeQuantity, { error: 'itemQuantities must map item ids to quantities' })
      .optional(),
    splitCount: z
      .number({ error: 'splitCount must be a number' })
      .int({ error: 'splitCount must be a whole number' })
      .min(1, { error: 'splitCount must be at least 1' })
      .max(MAX_TABLE_SIZE, { error: `splitCount must be at most ${MAX_TABLE_SIZE}` })
      .optional(),
    /** How many of the splitCount shares this payment covers (default 1). */
    partySize: z
      .number({ error: 'partySize must be a number' })
      .int({ error: 'partySize must be a whole number' })
      .min(1, { error: 'partySize must be at least 1' })
      .max(MAX_PEOPLE_PAYING, { error: `partySize must be at most ${MAX_PEOPLE_PAYING}` })
      .optional(),
    tipPercentage: z
      .number({ error: 'tipPercentage must be a number' })
      .min(0, { error: 'tipPercentage must be at least 0' })
      .max(100, { error: 'tipPercentage must be at most 100' })
      .nullish(),
    serviceQuality: z.string().trim().max(200, { error: 'serviceQuality is too long' }).nullish(),
    /**
     * How the card or wallet is paid: Stripe.js's ConfirmationToken (ctoken_…)
     * with Stripe, or one of Stripe's test payment methods with the simulated
     * provider (pm_card_visa, pm_card_chargeDeclined, pm_card_authenticationRequired).
     */
    paymentToken: z
      .string({ error: 'paymentToken must be text' })
      .max(255, { error: 'paymentToken is too long' })
      .regex(/^[A-Za-z0-9_]+$/, { error: 'paymentToken has characters that are not allowed' })
      .optional(),
    mealType: z.literal('dinner', { error: 'mealType must be dinner' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.paymentType === 'item' && !body.itemIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['itemIds'], message: 'itemIds is required for an item payment' })
    }
    if (body.paymentType !== 'item' && body.itemIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['itemIds'], message: `itemIds only go with an item payment` })
    }
    for (const id of Object.keys(body.itemQuantities ?? {})) {
      if (!body.itemIds?.includes(id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['itemQuantities'],
          message: 'itemQuantities names an item not in itemIds',
        })
        break
      }
    }
    if (
      body.partySize !== undefined &&
      (body.paymentType !== 'split' || body.splitCount === undefined || body.partySize > body.splitCount)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['partySize'],
        message: 'partySize goes with a split payment and cannot be more than splitCount',
      })
    }
    if (body.replaces === body.transactionId) {
      ctx.addIssue({ code: 'custom', path: ['replaces'], message: 'replaces names another attempt, not this one' })
    }
    if (body.tipAmount > body.amount) {
      ctx.addIssue({ code: 'custom', path: ['tipAmount'], message: 'tipAmount cannot be more than the amount paid' })
    }
    if (body.total !== undefined && body.total < body.amount + body.tipAmount) {
      ctx.addIssue({
        code: 'custom',
        path: ['total'],
        message: 'total cannot be less than amount and tipAmount together',
      })
    }
  })

/** A payment as a diner or an API client asks for it. */
type DinerPaymentRequest = z.output<typeof paymentRequestSchema>
/**
 * A payment as the bill takes it: a diner's, or one staff record of money
 * taken outside Mesa (cash or the restaurant's terminal), with who took it
 * (the member's name as it is now, and their id) and, for cash, what was
 * handed over and into which register's drawer.
 */
export type PaymentRequest = Omit<DinerPaymentRequest, 'paymentMethod'> & {
  paymentMethod: LedgerMethod
  recordedBy?: string
  recordedById?: string
  cashReceivedCents?: number
  /** For cash: the register whose drawer took it; none, the restaurant's own drawer. */
  registerId?: string
  cardFunding?: TerminalFunding
}
/** A payment request as it is sent, amounts in pesos. */
export type PaymentRequestInput = z.input<typeof paymentRequestSchema>
