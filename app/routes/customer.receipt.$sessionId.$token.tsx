import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { customerPath } from '~/domain/customer-paths'
import { formatDateTime } from '~/domain/format'
import { facturaClosed } from '~/domain/invoices'
import { receiptDocument, type ReceiptRow } from '~/domain/receipt-document'
import { folioText } from '~/domain/receipt'
import { facturaRequestSchema, receiptEmailSchema } from '~/domain/schemas/receipts'
import type { Receipt } from '~/domain/receipt'
import { ledgerOf } from '~/server/books/ledger.server'
import { spend } from '~/server/http/rate-limit.server'
import { latestRequestOf, requestFactura } from '~/server/invoices/invoice-requests.server'
import { facturapiOf } from '~/server/invoices/facturapi.server'
import { issueWithFacturapi } from '~/server/invoices/facturapi-invoices.server'
import { subjectOf } from '~/server/invoices/facturapi-receipts.server'
import { FacturaSection } from '~/ui/customer/factura-form'
import { LOCALE_OF } from '~/locales'
import { getLanguage, getT } from '~/server/http/i18n.server'
import { tooManyForm } from '~/server/http/rate-limit.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { mailReceipt } from '~/server/receipts/receipt-mail.server'
import { readReceipt, receiptPath } from '~/server/receipts/receipt-reads.server'
import { restaurantHub } from '~/server/live/live-sockets.server'
import { buttonClass } from '~/ui/button'
import { CustomerShell } from '~/ui/customer/shell'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ErrorList, Field } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { pageTitle } from '~/ui/page-title'
import { useHydrated } from '~/ui/use-hydrated'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({
    page: args.data ? `${t('receipt.title')} ${folioText(args.data.receipt.folio)}` : t('receipt.notFound.title'),
    restaurantName: args.data?.receipt.restaurant.name,
  }))

/** The link opens the receipt for a year: no cache keeps it, and no page it leads to is told it. */
export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders

const PRIVATE = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }

async function receiptOrNotFound({ params, context }: Pick<LoaderFunctionArgs, 'params' | 'context'>) {
  const receipt = await readReceipt(context.cloudflare.env, params.sessionId ?? '', params.token ?? '')
  if (!receipt) throw data(null, { status: 404, headers: PRIVATE })
  return receipt
}

export async function loader(args: LoaderFunctionArgs) {
  const receipt = await receiptOrNotFound(args)
  const here = receiptPath(receipt.sessionId, receipt.token)
  const factura = await latestRequestOf(ledgerOf(args.context.cloudflare.env, receipt.restaurantId), receipt.paymentId)
  return data(
    {
      receipt,
      pdfUrl: `${here}/pdf`,
      billUrl: customerPath.bill(receipt.sessionId),
      closed: facturaClosed(receipt, Date.now()),
      factura: factura && {
        status: factura.status,
        email: factura.email,
        rejectReason: factura.rejectReason,
        // Issued by hand (its files kept) or through Facturapi (read from it): either way the diner downloads it here.
        files:
          factura.status === 'issued' && (factura.pdfKey || factura.facturapiInvoiceId)
            ? { pdf: `${here}/factura/pdf`, xml: `${here}/factura/xml` }
            : null,
      },
    },
    { headers: PRIVATE },
  )
}

/** The receipt's two forms: "Enviar por correo" and "Solicitar factura". */
export async function action(args: ActionFunctionArgs) {
  const receipt = await receiptOrNotFound(args)
  const form = await args.request.formData()
  return form.get('intent') === 'factura' ? askForFactura(args, receipt, form) : mailIt(args, receipt, form)
}

/**
 * "Solicitar factura": stored for the restaurant's staff to issue (what the
 * diner consumed less refunds, never the tip); a few tries an hour per
 * payment at most.
 */
async function askForFactura({ request, context }: ActionFunctionArgs, receipt: Receipt, form: FormData) {
  const submission = parseWithZod(form, { schema: facturaRequestSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const closed = facturaClosed(receipt, Date.now())
  if (closed) return data(submission.reply({ formErrors: [`receipt.factura.refused.${closed}`] }), { status: 409 })
  const env = context.cloudflare.env
  const spent = await spend(env, { facturaRequestsPerPayment: receipt.paymentId })
  if (!spent.ok) return tooManyForm(submission, request, spent.limit)
  const ledger = ledgerOf(env, receipt.restaurantId)
  const asked = await requestFactura(ledger, receipt, submission.value)
  if (!asked.ok)
    return data(submission.reply({ formErrors: [`receipt.factura.refused.${asked.refusal}`] }), { status: 409 })
  // A restaurant with Facturapi issues it now; one without, by hand from its list.
  const client = await facturapiOf(env, receipt.restaurantId)
  const t = await getT(request)
  const outcome = client
    ? await issueWithFacturapi(ledger, client, asked.request, subjectOf(receipt), {
        invoicedGlobally: t('receipt.factura.invoicedGlobally'),
        refunded: t('receipt.factura.refused.refunded'),
      })
    : 'pending'
  // Refunds the receipt it invoiced did not hold yet get their notas de crédito from the hub.
  if (outcome === 'issued') await restaurantHub(env, receipt.restaurantId).egresosFor([receipt.paymentId])
  return redirectWithToast(receiptPath(receipt.sessionId, receipt.token), {
    title: `receipt.factura.outcome.${outcome}`,
    vars: { email: asked.request.email },
    ...(outcome === 'rejected' ? { variant: 'destructive' as const } : {}),
  })
}

/** "Enviar por correo": the receipt and its PDF to the address the diner typed, a few times an hour at most. */
async function mailIt({ request, context }: ActionFunctionArgs, receipt: Receipt, form: FormData) {
  const submission = parseWithZod(form, { schema: receiptEmailSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const language = await getLanguage(request)
  let limit
  try {
    limit = await mailReceipt(context.cloudflare.env, receipt, submission.value.email, {
      t: await getT(request),
      locale: LOCALE_OF[language],
      origin: new URL(request.url).origin,
    })
  } catch (error) {
    console.error(`receipt of payment ${receipt.paymentId} not mailed`, error)
    return data(submission.reply({ formErrors: ['receipt.email.failed'] }), { status: 502 })
  }
  if (limit) return tooManyForm(submission, request, limit)
  return redirectWithToast(receiptPath(receipt.sessionId, receipt.token), {
    title: 'receipt.email.sent',
    vars: { email: submission.value.email },
  })
}

export default function ReceiptPage() {
  const data = useLoaderData<typeof loader>()
  const { receipt, pdfUrl, billUrl } = data
  const lastResult = useActionData<typeof action>()
  const { t, locale } = useI18n()
  const hydrated = useHydrated()
  const sending = useNavigation().state === 'submitting'
  const document = receiptDocument(receipt, t, locale)
  const mailResult = lastResult?.initialValue?.intent === 'factura' ? undefined : lastResult
  const [name, ...issuer] = document.issuer
  return (
    <CustomerShell restaurantName={receipt.restaurant.name} tableNumber={receipt.table.tableNumber} closeTo={billUrl}>
      <div className="grid gap-5">
        <article
          className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm dark:bg-stone-900 print:bg-white print:p-0 print:text-black print:shadow-none"
          data-testid="receipt"
        >
          <header className="grid gap-1 text-center">
            <p className="text-lg font-bold">{name}</p>
            {issuer.map((line) => (
              <p key={line} className="text-sm text-stone-600 dark:text-stone-400 print:text-stone-700">
                {line}
              </p>
            ))}
            <h1 className="mt-3 text-2xl font-bold">{document.title}</h1>
            <p className="font-semibold tabular-nums" data-testid="receipt-folio">
              {document.folio}
            </p>
          </header>
          <Rows rows={document.facts} testId="receipt-facts" />
          <Rows rows={document.paid} testId="receipt-paid" title={t('receipt.paid')} />
          <Rows rows={document.totals} testId="receipt-totals" />
          {document.after.length > 0 ? <Rows rows={document.after} testId="receipt-after" /> : null}
          <div className="grid gap-1 text-sm text-stone-600 dark:text-stone-400 print:text-stone-700">
            {document.notes.map((note) => (
              <p key={note}>{note}</p>
            ))}
          </div>
        </article>

        <div className="grid gap-3 print:hidden">
          <a href={pdfUrl} download className={`${buttonClass.primary} w-full`} data-testid="receipt-pdf">
            {t('receipt.pdf')}
          </a>
          {/* Printing needs the browser's own menu without JavaScript; with it, one tap. */}
          {hydrated ? (
            <button type="button" className={`${buttonClass.secondary} w-full`} onClick={() => window.print()}>
              {t('receipt.print')}
            </button>
          ) : null}
          <FacturaSection
            factura={data.factura}
            closed={
              data.closed === 'demo'
                ? t('receipt.factura.demo')
                : data.closed === 'global'
                  ? t('receipt.factura.invoicedGlobally')
                  : data.closed === 'expired' && receipt.facturaUntil !== null
                    ? t('receipt.factura.expired', {
                        date: formatDateTime(receipt.facturaUntil, locale, receipt.timeZone),
                      })
                    : null
            }
            lastResult={lastResult}
          />
          <section className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900" aria-labelledby="mail">
            <h2 id="mail" className="font-bold">
              {t('receipt.email.title')}
            </h2>
            <Form method="post" replace className="grid gap-3" data-testid="receipt-email">
              <input type="hidden" name="intent" value="email" />
              <Field
                label={t('receipt.email.label')}
                errors={mailResult?.error?.email}
                inputProps={{
                  name: 'email',
                  type: 'email',
                  autoComplete: 'email',
                  inputMode: 'email',
                  required: true,
                  maxLength: 254,
                  defaultValue:
                    typeof mailResult?.initialValue?.email === 'string' ? mailResult.initialValue.email : '',
                }}
              />
              <ErrorList errors={mailResult?.error?.['']} alert testId="receipt-email-error" />
              <button type="submit" className={`${buttonClass.secondary} w-full`} disabled={sending}>
                {t('receipt.email.send')}
              </button>
            </Form>
          </section>
          <Link to={billUrl} className={`${buttonClass.secondary} w-full`}>
            {t('receipt.backToBill')}
          </Link>
        </div>
      </div>
    </CustomerShell>
  )
}

function Rows({ rows, testId, title }: { rows: ReceiptRow[]; testId: string; title?: string }) {
  return (
    <section className="grid gap-1 border-t border-dashed border-stone-300 pt-3 dark:border-stone-700 print:border-stone-400">
      {title ? <h2 className="text-sm font-semibold text-stone-600 dark:text-stone-400">{title}</h2> : null}
      <dl className="grid gap-1" data-testid={testId}>
        {rows.map((row) => (
          <div
            key={`${row.label}${row.value}`}
            className={`flex justify-between gap-4 ${row.strong ? 'text-lg font-bold' : ''}`}
          >
            <dt className={row.strong ? '' : 'text-stone-700 dark:text-stone-300 print:text-black'}>{row.label}</dt>
            <dd className="text-right break-words tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

export function ErrorBoundary() {
  const { t } = useI18n()
  return (
    <GeneralErrorBoundary
      frame={(children) => <CustomerShell>{children}</CustomerShell>}
      back={{ to: '/', label: t('common.returnHome') }}
      statusHandlers={{
        404: () => (
          <section className="flex flex-col items-center gap-4 py-16 text-center" data-testid="receipt-not-found">
            <h1 className="text-2xl font-bold">{t('receipt.notFound.title')}</h1>
            <p className="text-stone-600 dark:text-stone-400">{t('receipt.notFound.text')}</p>
          </section>
        ),
      }}
    />
  )
}
