import { createCookie } from '@remix-run/cloudflare'
import type { ShownPayment } from './checkout.server'

/**
 * The payment a diner's phone was last shown on a bill, and its
 * transactionId. The payment step keeps that id for as long as it shows the
 * same payment (a reload, a retry after an error, the page without
 * JavaScript loaded again), so a charge whose answer was lost is asked
 * about again and never made twice; a different payment (another tip,
 * other items) gets a new id and names the earlier one as the attempt it
 * replaces. Seeing the payment's confirmation ends it.
 */
const attemptCookie = createCookie('mesa_payment', {
  path: '/customer',
  sameSite: 'lax',
  httpOnly: true,
  // Longer than a hold lasts, shorter than a table's evening.
  maxAge: 60 * 60,
})

/** A new id for a payment the diner's phone sends (its transactionId). */
export const newPaymentId = () => `mesa_${crypto.randomUUID()}`

interface ShownAttempt {
  sessionId: string
  /** The payment as shown, without its id. */
  shown: string
  transactionId: string
}

async function readAttempt(request: Request, sessionId: string): Promise<ShownAttempt | null> {
  const value: unknown = await attemptCookie.parse(request.headers.get('Cookie'))
  if (typeof value !== 'object' || value === null) return null
  const attempt = value as Partial<ShownAttempt>
  return attempt.sessionId === sessionId &&
    typeof attempt.shown === 'string' &&
    typeof attempt.transactionId === 'string'
    ? (attempt as ShownAttempt)
    : null
}

/**
 * The ids for the payment `shown` on the bill `sessionId`: the one this
 * phone was shown for it before, or a new one (with the earlier attempt it
 * replaces), and the cookie that keeps it.
 */
export async function attemptFor(
  request: Request,
  sessionId: string,
  shown: ShownPayment,
): Promise<{ transactionId: string; replaces?: string; setCookie: string }> {
  const key = JSON.stringify(shown)
  const earlier = await readAttempt(request, sessionId)
  const kept = earlier?.shown === key ? earlier : null
  const transactionId = kept?.transactionId ?? newPaymentId()
  const attempt: ShownAttempt = { sessionId, shown: key, transactionId }
  return {
    transactionId,
    ...(earlier && !kept ? { replaces: earlier.transactionId } : {}),
    setCookie: await attemptCookie.serialize(attempt),
  }
}

/** The cookie that ends the attempt `transactionId` once its confirmation is shown (null: it is not this phone's). */
export async function attemptSeen(request: Request, sessionId: string, transactionId: string): Promise<string | null> {
  const attempt = await readAttempt(request, sessionId)
  return attempt?.transactionId === transactionId ? attemptCookie.serialize('', { maxAge: 0 }) : null
}
