import type { Submission } from '@conform-to/react'
import { data } from '@remix-run/cloudflare'
import type { INVOICE_FORMS } from '~/domain/schemas/invoices'
import type { z } from '~/domain/schemas/zod'
import { signatureOf } from '~/domain/signature'
import type { StaffFormPage } from '../auth/guard.server'
import { ledgerOf } from '../books/ledger.server'
import { redirectWithToast } from '../http/toast.server'
import { restaurantHub } from '../live/live-sockets.server'
import { facturapiOf } from './facturapi.server'
import { issueGlobalFromForm } from './global-invoice-page.server'
import { requestOf } from './invoice-requests.server'
import { issueRequestByHand, rejectRequest, retryWithFacturapi } from './manual-invoices.server'
import { substituteFactura } from './substitutions.server'

type InvoiceForm = z.output<(typeof INVOICE_FORMS)['schema']>

/**
 * A Facturas form, parsed: a request marked issued with its PDF and XML (the
 * diner is mailed them) or rejected with a reason, sent to Facturapi again,
 * a factura corrected by a substitute, or a factura global. Each outcome goes
 * back to the page with a toast, or to the form with why.
 */
export async function invoiceAction(
  { env, principal, request, here }: StaffFormPage,
  submission: Submission<unknown>,
  sent: InvoiceForm,
) {
  const ledger = ledgerOf(env, principal.restaurant.id)
  const by = signatureOf(principal.person)
  switch (sent.intent) {
    case 'global': {
      const answer = await issueGlobalFromForm(env, ledger, principal, sent)
      // Refunds its receipts did not hold yet get their notas de crédito from the hub.
      if (answer.outcome === 'issued') await restaurantHub(env, principal.restaurant.id).egresosFor(answer.paymentIds)
      return redirectWithToast(`${here}?from=${sent.from}&to=${sent.to}`, {
        title: `admin.invoices.global.outcome.${answer.outcome}`,
        ...('reason' in answer ? { vars: { reason: answer.reason } } : {}),
        ...(answer.outcome === 'issued' ? {} : { variant: 'destructive' as const }),
      })
    }
    case 'retry': {
      const outcome = await retryWithFacturapi(env, request, ledger, sent.requestId)
      // Refunds the receipt it invoiced did not hold yet get their notas de crédito from the hub.
      const issued = outcome === 'issued' ? await requestOf(ledger, sent.requestId) : null
      if (issued) await restaurantHub(env, principal.restaurant.id).egresosFor([issued.paymentId])
      if (outcome === 'decided' || outcome === 'unconnected')
        return data(submission.reply({ formErrors: [`admin.invoices.retry.${outcome}`] }), { status: 409 })
      return redirectWithToast(here, {
        title: outcome === 'issued' ? 'admin.invoices.issuedToast' : `admin.invoices.retry.${outcome}`,
        ...(outcome === 'issued' ? {} : { variant: 'destructive' as const }),
      })
    }
    case 'substitute': {
      const client = await facturapiOf(env, principal.restaurant.id)
      if (!client) return data(submission.reply({ formErrors: ['admin.invoices.retry.unconnected'] }), { status: 409 })
      const answer = await substituteFactura(ledger, client, sent, by)
      if (answer.outcome === 'refused')
        return data(submission.reply({ formErrors: ['admin.invoices.substitute.refused', answer.reason] }), {
          status: 422,
        })
      if (answer.outcome !== 'substituted')
        return data(submission.reply({ formErrors: [`admin.invoices.substitute.${answer.outcome}`] }), {
          status: 409,
        })
      // The hub follows the cancellation while the SAT has not decided it.
      await restaurantHub(env, principal.restaurant.id).egresosFor([answer.paymentId])
      return redirectWithToast(`${here}?status=substituted`, { title: 'admin.invoices.substitute.done' })
    }
    case 'reject': {
      const rejected = await rejectRequest(ledger, sent, by)
      return rejected
        ? redirectWithToast(here, { title: 'admin.invoices.rejectedToast' })
        : data(submission.reply({ formErrors: ['admin.invoices.decided'] }), { status: 409 })
    }
    case 'issue': {
      const issued = await issueRequestByHand(env, request, ledger, sent, by)
      if (issued !== 'issued')
        return data(submission.reply({ formErrors: [`admin.invoices.errors.${issued}`], hideFields: ['pdf', 'xml'] }), {
          status: issued === 'decided' || issued === 'global' ? 409 : 400,
        })
      return redirectWithToast(here, { title: 'admin.invoices.issuedToast' })
    }
  }
}
