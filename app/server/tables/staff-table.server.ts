import type { TranslationKey } from '~/locales/translate'
import { redirectWithToast } from '../http/toast.server'

/** The refusals staff are told about in their language; anything else is said generally. */
const REFUSALS = [
  'ITEM_TAKEN',
  'COVERED',
  'TOO_MUCH',
  'BILL_CHANGED',
  'UNPAID',
  'BEING_PAID',
  'CLOSED',
  'INVALID_AMOUNT',
  'REFUND_FAILED',
  'ALREADY_PAID',
  'INVALID_SELECTION',
  'SOLD_OUT',
] as const

/** Back to `here`, saying why the bill's object refused a staff write. */
export const refusedToast = (here: string, code: string) =>
  redirectWithToast(here, {
    title: (REFUSALS as readonly string[]).includes(code)
      ? (`admin.books.refused.${code}` as TranslationKey)
      : 'admin.books.refused.other',
    variant: 'destructive',
  })

/** Back to `here`, saying what is wrong with the form (its first error, a translation key). */
export const invalidFormToast = (here: string, error: Record<string, string[] | null> | null | undefined) =>
  redirectWithToast(here, {
    title: (Object.values(error ?? {}).flat()[0] as TranslationKey | undefined) ?? 'admin.errors.formError',
    variant: 'destructive',
  })
