import { data, redirect, type AppLoadContext } from '@remix-run/cloudflare'
import { whatChanged } from '~/domain/checkout'
import { customerPath } from '~/domain/customer-paths'
import { GUEST } from '~/domain/diners'
import { billMoved, stepRefusal, type PayError } from '~/domain/payment-step'
import type { PaymentRequest } from '~/domain/schemas/payments'
import { payableBill } from '../bills/bill-reads.server'
import { recordPayment } from '../bills/bill-writes.server'
import { loadBill } from '../bills/diner-bill.server'
import { keepDinerName } from '../bills/diner-name.server'
import { limitText } from '../bills/write-result.server'
import { statusOf } from '../http/errors.server'
import { retryAfter } from '../http/rate-limit.server'
import { checkoutFromUrl } from './checkout.server'
import { newPaymentId } from './payment-attempt.server'

/** Where the diner's tap came from: the step's address (its bill as the diner named it, and the choice in its query). */
interface PaymentStep {
  context: AppLoadContext
  request: Request
  /** The bill as the step's address names it. */
  address: string | undefined
  sessionId: string
}

/**
 * The diner's "Pagar" on the payment step, its form read: the payment is
 * recorded through the bill's object and the diner goes to its
 * confirmation; one tried before another way (another card, a wallet) is
 * replaced by this try; anything refused comes back to the step saying why,
 * nothing charged (a bill that moved since is priced again as the step
 * shows it now).
 */
export async function payFromStep({ context, request, address, sessionId }: PaymentStep, payment: PaymentRequest) {
  const env = context.cloudflare.env
  let result = await recordPayment(env, payment, context.clientAddress)
  // The payment shown was tried before another way (another card, a wallet): this try takes that attempt's place.
  if (!result.ok && result.code === 'REUSED_TRANSACTION')
    result = await recordPayment(
      env,
      { ...payment, transactionId: newPaymentId(), replaces: payment.transactionId },
      context.clientAddress,
    )
  // Paid now, or before: a retry of a payment that went through, or the earlier attempt this one replaced, paid after all.
  if (result.ok)
    return redirect(customerPath.confirmation(sessionId, result.payment.transactionId), {
      headers: { 'Set-Cookie': await keepDinerName(payment.customerName === GUEST ? null : payment.customerName) },
    })
  if (billMoved(result.code)) {
    // Nothing was charged. Say what moved, priced as this screen shows it now.
    const now = await loadBill(context, address)
    const checkout = checkoutFromUrl(now, new URL(request.url).searchParams)
    const change = whatChanged(payment.amount, {
      remaining: payableBill(now).totals.remaining,
      base: checkout.base,
      mode: checkout.selection?.mode ?? 'full',
      selectionChanged: checkout.quote?.changed ?? false,
      shares: checkout.quote?.split?.tableSize,
    })
    // Nothing left to pay means no new total to show, whatever tip the URL still names.
    return data<PayError>(
      { kind: 'moved', change, total: checkout.base > 0 ? checkout.summary.total : 0 },
      { status: 409 },
    )
  }
  // Nothing was charged: the address has paid too often lately.
  if (result.limit)
    return data<PayError>(
      { kind: 'limited', text: await limitText(request, result.limit, result.code) },
      { status: 429, headers: retryAfter(result.limit) },
    )
  const clientSecret = result.code === 'REQUIRES_ACTION' ? result.clientSecret : undefined
  return data<PayError>(
    { kind: 'refused', code: stepRefusal(result.code), ...(clientSecret ? { clientSecret } : {}) },
    { status: statusOf(result.code) },
  )
}
