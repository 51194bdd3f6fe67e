import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { LOCALE_OF } from '~/locales'
import { getLanguage, getT } from '~/server/http/i18n.server'
import { receiptFile } from '~/server/receipts/receipt-mail.server'
import { readReceipt } from '~/server/receipts/receipt-reads.server'

/** The receipt as a PDF made on the server, in the reader's language; downloaded under its folio. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const receipt = await readReceipt(context.cloudflare.env, params.sessionId ?? '', params.token ?? '')
  if (!receipt) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'private, no-store' } })
  const language = await getLanguage(request)
  const file = await receiptFile(receipt, await getT(request), LOCALE_OF[language])
  return new Response(file.content, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
      Vary: 'Cookie',
    },
  })
}
