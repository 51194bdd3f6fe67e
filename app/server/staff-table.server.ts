import { data, type AppLoadContext } from '@remix-run/cloudflare'
import type { TranslationKey } from '~/locales/translate'
import { requireStaffPage } from './auth/session.server'
import { getDb } from './db/client.server'
import { findOwnTable } from './tables.server'
import { redirectWithToast } from './toast.server'

/**
 * The signed-in owner's table `tableId` for a staff page, with the owner and
 * the database; another owner's table answers exactly like an unknown one
 * (404), and no session goes to the sign-in page.
 */
export async function requireOwnTable(context: AppLoadContext, request: Request, tableId: string | undefined) {
  const user = await requireStaffPage(context, request)
  const db = getDb(context.cloudflare.env.DB)
  const table = await findOwnTable(db, user.id, tableId ?? '')
  if (!table) throw data(null, { status: 404 })
  return { db, table, user }
}

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
