import { data } from '@remix-run/cloudflare'
import type { Submission } from '@conform-to/react'
import type { ErrorCode } from '~/domain/error-codes'
import type { TranslationKey } from '~/locales/translate'
import { charged } from '~/domain/bill'
import type { RefundForm } from '~/domain/schemas/books'
import type { Signature } from '~/domain/signature'
import { previewRefund, refundPayment } from '../bills/bill-writes.server'
import { statusOf } from '../http/errors.server'
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
  'VOID_NOT_YOURS',
  'VOID_EXPIRED',
  'PROVIDER_UNAVAILABLE',
  'ALREADY_PAID',
  'INVALID_SELECTION',
  'SOLD_OUT',
] as const satisfies readonly ErrorCode[]

/** Why the bill's object refused a staff write, as staff read it (a translation key). */
function refusalKey(code: ErrorCode): TranslationKey {
  if (code === 'LEDGER_UNAVAILABLE') return 'admin.details.closeLater'
  return (REFUSALS as readonly string[]).includes(code)
    ? (`admin.books.refused.${code}` as TranslationKey)
    : 'admin.books.refused.other'
}

/**
 * A staff form the bill's object refused: the same page again, the form
 * keeping what was typed, with why above its button, in the page's language.
 */
export const refusedForm = (submission: Submission<unknown>, code: ErrorCode) =>
  data(submission.reply({ formErrors: [refusalKey(code)] }), { status: statusOf(code) })

/**
 * A staff form that does not say what it should: its errors under their
 * fields, or `error` above its button (it names something the restaurant
 * does not have), what was typed kept.
 */
export const invalidForm = (submission: Submission<unknown>, error?: TranslationKey) =>
  data(submission.reply(error ? { formErrors: [error] } : undefined), { status: 400 })

/** What a refund would give back, shown for the member to confirm: its payment, and its parts in cents. */
export interface RefundPreview {
  paymentId: string
  amountCents: number
  taxCents: number
  tipCents: number
  totalCents: number
  units: { itemId: string; quantity: number }[]
}

/**
 * A staff refund sent from its form. Without the total the member
 * confirmed it is a preview: the same page with what it would give back
 * (its parts, the most it could, its fiscal consequence) and a button with
 * the amount that sends it. With it, the refund, refused when it now gives
 * back anything else. One the provider has not confirmed yet is recorded
 * and tried again by the bill's object: the form goes away with a notice,
 * as for one done, so nobody asks for the same money back twice.
 */
export async function refundThroughForm(
  env: Env,
  { tableId, here, by }: { tableId: string; here: string; by: Signature },
  submission: Submission<unknown>,
  sent: RefundForm,
) {
  const { confirmedTotal } = sent
  if (confirmedTotal === null) {
    const preview = await previewRefund(env, tableId, sent, by)
    if (!preview.ok) return refusedForm(submission, preview.code)
    const refundPreview: RefundPreview = {
      paymentId: sent.paymentId,
      amountCents: preview.amountCents,
      taxCents: preview.taxCents,
      tipCents: preview.tipCents,
      totalCents: charged(preview),
      units: JSON.parse(preview.units) as RefundPreview['units'],
    }
    return data({ ...submission.reply(), refundPreview })
  }
  const result = await refundPayment(env, tableId, { ...sent, confirmedTotal }, by)
  if (result.ok)
    return redirectWithToast(here, { title: result.pending ? 'admin.books.refundSent' : 'admin.books.refunded' })
  if (result.code === 'PROVIDER_UNAVAILABLE')
    return redirectWithToast(here, { title: 'admin.books.refused.PROVIDER_UNAVAILABLE', variant: 'destructive' })
  return refusedForm(submission, result.code)
}

/** A failed refund recorded as given back outside Mesa goes back to the page with a toast; a refusal comes back with the form. */
export function refundOutsideAnswer(
  here: string,
  submission: Submission<unknown>,
  result: { ok: true } | { ok: false; code: ErrorCode },
) {
  if (result.ok) return redirectWithToast(here, { title: 'admin.books.outside.recorded' })
  return refusedForm(submission, result.code)
}
