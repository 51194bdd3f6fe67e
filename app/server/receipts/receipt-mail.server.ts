import { receiptDocument } from '~/domain/receipt-document'
import { folioText, type Receipt } from '~/domain/receipt'
import type { TFunction } from '~/locales/translate'
import { spend, type RateLimit } from '../http/rate-limit.server'
import { getMailer } from '../mail/mailer.server'
import { receiptPdf } from './receipt-pdf.server'
import { receiptPath } from './receipt-reads.server'

/** The receipt's PDF, in `t`'s language, and its file name (recibo-A-000042.pdf). */
export async function receiptFile(receipt: Receipt, t: TFunction, locale: string) {
  const document = receiptDocument(receipt, t, locale)
  const folio = folioText(receipt.folio)
  return {
    filename: `${t('receipt.file')}-${folio}.pdf`,
    content: await receiptPdf(document, { title: `${document.title} ${folio}`, createdAt: receipt.paidAt }),
  }
}

/**
 * Mails a receipt to `to`, with its PDF and its link (the diner asked on the
 * receipt's page, or staff resent it): a few times an hour per payment at
 * most, so nobody's inbox is flooded from a table. Answers the limit that
 * refused, or null once sent.
 */
export async function mailReceipt(
  env: Env,
  receipt: Receipt,
  to: string,
  { t, locale, origin }: { t: TFunction; locale: string; origin: string },
): Promise<RateLimit | null> {
  const spent = await spend(env, { receiptEmailsPerPayment: receipt.paymentId })
  if (!spent.ok) return spent.limit
  const link = `${origin}${receiptPath(receipt.sessionId, receipt.token)}`
  const file = await receiptFile(receipt, t, locale)
  try {
    await getMailer(env).send({
      to,
      subject: t('receipt.email.subject', { restaurant: receipt.restaurant.name, folio: folioText(receipt.folio) }),
      text: `${t('receipt.email.intro', { restaurant: receipt.restaurant.name })}\n\n${link}\n`,
      // The link opens the receipt for a year: the outbox and the log keep the mail without it.
      secrets: [receipt.token],
      attachments: [file],
    })
  } catch (error) {
    // Not sent: the try is not counted against the diner.
    await spent.undo()
    throw error
  }
  return null
}
