import { z } from './zod'
import { MAX_CENTS, pesosToCents } from '../money'

/** A decimal peso amount on the wire, read into integer cents. */
export function pesos(options: { min: 'zero' | 'positive'; label: string; maxCents?: number }) {
  return z.number({ error: `${options.label} must be a number` }).transform((value, ctx) => {
    const cents = pesosToCents(value)
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: `${options.label} must be an amount with at most 2 decimals` })
      return z.NEVER
    }
    if (options.min === 'positive' ? cents <= 0 : cents < 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${options.label} must be ${options.min === 'positive' ? 'greater than' : 'at least'} 0`,
      })
      return z.NEVER
    }
    if (cents > (options.maxCents ?? MAX_CENTS)) {
      ctx.addIssue({ code: 'custom', message: `${options.label} is too large` })
      return z.NEVER
    }
    return cents
  })
}

/** An id we issued (UUID, a table session code): short and plain. */
export const idString = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(64, { error: `${label} is too long` })
    .regex(/^[A-Za-z0-9_-]+$/, { error: `${label} is not valid` })

/** An email address, trimmed and lower-cased; `key` names the error in either language. */
export const emailAddress = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .toLowerCase()
    .max(254, { error: key })
    .pipe(z.email({ error: key }))

/** A diner's name: trimmed, and an empty one means none. */
export const optionalName = z
  .string({ error: 'customerName must be text' })
  .trim()
  .max(60, { error: 'customerName must be at most 60 characters' })
  .nullish()
  .transform((value) => (value ? value : null))

export { ID_PATTERN, isIdLike } from '../ids'

/** A form checkbox ('on' or absent) or a JSON boolean. */
export const checkbox = z
  .union([z.boolean(), z.literal('on')], { error: 'must be true or false' })
  .optional()
  .transform((value) => value === true || value === 'on')
