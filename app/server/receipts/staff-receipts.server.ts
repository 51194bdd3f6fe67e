import type { Submission } from '@conform-to/react'
import type { StaffReceiptEmail } from '~/domain/schemas/receipts'
import { LOCALE_OF } from '~/locales'
import { ledgerOf } from '../books/ledger.server'
import { getLanguage, getT } from '../http/i18n.server'
import { tooManyForm } from '../http/rate-limit.server'
import { redirectWithToast } from '../http/toast.server'
import { refusedForm } from '../tables/staff-table.server'
import { mailReceipt } from './receipt-mail.server'
import { staffReceipt } from './receipt-reads.server'

/**
 * Staff resend a payment's receipt from the table's page (the diner asks a
 * waiter): to the address typed, in the page's language, within the same
 * limit per payment as the diner's own sends.
 */
export async function resendReceipt(
  env: Env,
  request: Request,
  submission: Submission<unknown>,
  { sessionId, paymentId, email }: StaffReceiptEmail,
  { here, table }: { here: string; table: { id: string; restaurantId: string } },
) {
  const receipt = await staffReceipt(env, ledgerOf(env, table.restaurantId), table.id, sessionId, paymentId)
  if (!receipt) return refusedForm(submission, 'NOT_FOUND')
  let limit
  try {
    limit = await mailReceipt(env, receipt, email, {
      t: await getT(request),
      locale: LOCALE_OF[await getLanguage(request)],
      origin: new URL(request.url).origin,
    })
  } catch (error) {
    console.error(`receipt of payment ${paymentId} not mailed`, error)
    return refusedForm(submission, 'PROVIDER_UNAVAILABLE')
  }
  if (limit) return tooManyForm(submission, request, limit)
  return redirectWithToast(here, { title: 'receipt.email.sent', vars: { email } })
}
