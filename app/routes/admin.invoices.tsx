import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { CFDI_USE_NAMES, TAX_REGIME_NAMES, isCfdiUse, isTaxRegime } from '~/domain/cfdi'
import { INVOICE_REQUEST_STATUSES, type InvoiceRequestStatus } from '~/domain/invoices'
import { INVOICE_FORMS, type InvoiceIntent } from '~/domain/schemas/invoices'
import { can } from '~/domain/permissions'
import { globalSection } from '~/server/invoices/global-invoice-page.server'
import { invoiceAction } from '~/server/invoices/invoice-actions.server'
import { GlobalInvoiceSection } from '~/ui/admin/global-invoice'
import { FacturaForm } from '~/ui/customer/factura-form'
import { requireStaff, requireStaffForm, type PageAccess } from '~/server/auth/guard.server'
import { ledgerOf } from '~/server/books/ledger.server'
import { facturapiOf } from '~/server/invoices/facturapi.server'
import { requestsForStaff } from '~/server/invoices/manual-invoices.server'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { ErrorList, Field } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { useClock } from '~/ui/clock'
import { staffTitle } from '~/ui/page-title'

export const meta: MetaFunction = (args) => staffTitle(args, (t) => t('admin.invoices.title'))

export const access: PageAccess = { view: 'invoices.manage', intents: INVOICE_FORMS.permissions }

const HERE = '/admin/invoices'

const statusOf = (url: URL): InvoiceRequestStatus => {
  const asked = url.searchParams.get('status')
  return (INVOICE_REQUEST_STATUSES as readonly string[]).includes(asked ?? '')
    ? (asked as InvoiceRequestStatus)
    : 'pending'
}

/** The diners' requests for a factura, by status: everything an accountant needs to issue one by hand, and the receipt. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { restaurant, role } = await requireStaff(context, request, 'page', access.view)
  const env = context.cloudflare.env
  const url = new URL(request.url)
  const status = statusOf(url)
  const ledger = ledgerOf(env, restaurant.id)
  const connected = (await facturapiOf(env, restaurant.id)) !== null
  return {
    status,
    connected,
    requests: await requestsForStaff(ledger, status),
    // A request Facturapi did not answer can be sent to it again.
    facturapi: status === 'pending' && connected,
    global: can(role, 'invoices.global') ? await globalSection(env, ledger, restaurant, url) : null,
  }
}

/** Marks a request issued with its PDF and XML (the diner is mailed them), or rejects it with a reason. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const principal = await requireStaffForm(context, request, access, form)
  const submission = parseWithZod(form, { schema: INVOICE_FORMS.schema })
  // The files chosen are never sent back.
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['pdf', 'xml'] }), { status: 400 })
  return invoiceAction({ env: context.cloudflare.env, principal, request, here: HERE }, submission, submission.value)
}

export default function Invoices() {
  const data = useLoaderData<typeof loader>()
  const { status, requests } = data
  const answer = useActionData<typeof action>()
  const { t, money } = useI18n()
  const clock = useClock()
  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo="/admin/dashboard" backLabel={t('admin.invoices.back')} />
      <main className="mx-auto grid max-w-3xl gap-5 px-4 py-6">
        <div>
          <h1 className="text-2xl font-bold">{t('admin.invoices.title')}</h1>
          <p className="text-stone-600 dark:text-stone-400">
            {t(data.connected ? 'admin.invoices.leadFacturapi' : 'admin.invoices.lead')}
          </p>
        </div>
        {data.global ? <GlobalInvoiceSection global={data.global} answer={answer} /> : null}
        <nav aria-label={t('admin.invoices.title')} className="flex flex-wrap gap-2">
          {INVOICE_REQUEST_STATUSES.map((each) => (
            <Link
              key={each}
              to={`?status=${each}`}
              aria-current={each === status ? 'page' : undefined}
              className={each === status ? buttonClass.primary : buttonClass.secondary}
            >
              {t(`admin.invoices.statuses.${each}`)}
            </Link>
          ))}
        </nav>
        {requests.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-400">{t(`admin.invoices.none.${status}`)}</p>
        ) : (
          <ul className="grid gap-4" data-testid="invoice-requests">
            {requests.map((request) => (
              <li key={request.id} className="grid min-w-0 gap-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="text-lg font-bold break-all">{request.legalName}</p>
                  <p className="text-lg font-bold tabular-nums">{money(request.amountCents)}</p>
                </div>
                <dl className="grid gap-1 text-sm sm:grid-cols-2">
                  <Row label={t('admin.invoices.rfc')} value={request.rfc} />
                  <Row
                    label={t('admin.invoices.regime')}
                    value={
                      isTaxRegime(request.taxRegime)
                        ? `${request.taxRegime} · ${TAX_REGIME_NAMES[request.taxRegime]}`
                        : request.taxRegime
                    }
                  />
                  <Row label={t('admin.invoices.postalCode')} value={request.postalCode} />
                  <Row
                    label={t('admin.invoices.use')}
                    value={
                      isCfdiUse(request.cfdiUse)
                        ? `${request.cfdiUse} · ${CFDI_USE_NAMES[request.cfdiUse]}`
                        : request.cfdiUse
                    }
                  />
                  <Row label={t('admin.invoices.email')} value={request.email} />
                  <Row label={t('admin.invoices.asked')} value={clock.dateTime(request.createdAt)} />
                  <Row
                    label={t('admin.invoices.concept')}
                    value={t('admin.invoices.conceptValue', { iva: money(request.ivaCents) })}
                  />
                  {request.decidedBy ? (
                    <Row
                      label={t('admin.invoices.decidedBy')}
                      value={`${request.decidedBy} · ${clock.dateTime(request.decidedAt ?? 0)}`}
                    />
                  ) : null}
                  {request.rejectReason ? (
                    <Row label={t('admin.invoices.reason')} value={request.rejectReason} />
                  ) : null}
                  {request.substitutedBy ? (
                    <Row
                      label={t('admin.invoices.substitutedBy')}
                      value={`${request.substitutedBy.legalName} · ${request.substitutedBy.rfc}`}
                    />
                  ) : null}
                  {request.status === 'substituted' ? (
                    <Row
                      label={t('admin.invoices.cancellation.label')}
                      value={t(`admin.invoices.cancellation.${request.cancellationStatus ?? 'asking'}`)}
                    />
                  ) : null}
                </dl>
                {request.receiptUrl ? (
                  <a
                    href={request.receiptUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex min-h-11 items-center justify-self-start font-semibold text-emerald-800 underline dark:text-emerald-400"
                  >
                    {t('admin.invoices.receipt')}
                  </a>
                ) : null}
                {request.status === 'pending' ? (
                  <Decide id={request.id} answer={answer} facturapi={data.facturapi} />
                ) : null}
                {request.status === 'issued' && request.facturapiInvoiceId && data.connected ? (
                  <Substitute request={request} answer={answer} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  )
}

interface Answer {
  initialValue?: Record<string, unknown> | null
  error?: Record<string, string[] | null> | null
}

/** Issue by hand (attach the PDF and XML) or reject with a reason: plain forms, working without JavaScript. */
function Decide({ id, answer, facturapi }: { id: string; answer: Answer | undefined; facturapi: boolean }) {
  const { t } = useI18n()
  const mine = answer?.initialValue?.requestId === id ? answer : undefined
  const errors = (name: string) => mine?.error?.[name] ?? undefined
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {facturapi ? (
        <Form
          method="post"
          className="grid gap-2 rounded-xl bg-amber-50 p-3 sm:col-span-2 dark:bg-amber-950/60"
          data-testid="retry-form"
        >
          <input type="hidden" name="intent" value={'retry' satisfies InvoiceIntent} />
          <input type="hidden" name="requestId" value={id} />
          {mine?.initialValue?.intent === 'retry' ? <ErrorList errors={errors('')} alert /> : null}
          <p className="text-sm text-amber-950 dark:text-amber-100">{t('admin.invoices.retry.lead')}</p>
          <button type="submit" className={buttonClass.primary}>
            {t('admin.invoices.retry.submit')}
          </button>
        </Form>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="grid min-w-0 gap-2" data-testid="issue-form">
        <input type="hidden" name="intent" value={'issue' satisfies InvoiceIntent} />
        <input type="hidden" name="requestId" value={id} />
        {mine?.initialValue?.intent === 'issue' ? <ErrorList errors={errors('')} alert /> : null}
        <FileField name="pdf" accept="application/pdf" label={t('admin.invoices.pdf')} errors={errors('pdf')} />
        <FileField
          name="xml"
          accept=".xml,application/xml,text/xml"
          label={t('admin.invoices.xml')}
          errors={errors('xml')}
        />
        <button type="submit" className={buttonClass.primary}>
          {t('admin.invoices.issue')}
        </button>
      </Form>
      <Form method="post" className="grid min-w-0 content-start gap-2" data-testid="reject-form">
        <input type="hidden" name="intent" value={'reject' satisfies InvoiceIntent} />
        <input type="hidden" name="requestId" value={id} />
        {mine?.initialValue?.intent === 'reject' ? <ErrorList errors={errors('')} alert /> : null}
        <Field
          label={t('admin.invoices.reason')}
          errors={errors('reason')}
          inputProps={{ name: 'reason', maxLength: 300, required: true }}
        />
        <button type="submit" className={buttonClass.secondary}>
          {t('admin.invoices.reject')}
        </button>
      </Form>
    </div>
  )
}

/**
 * "Corregir datos fiscales": a factura Facturapi issued to the wrong
 * receiver, replaced by one with the data corrected (filled with what the
 * diner gave), folded away so a glance at the list stays a glance.
 */
function Substitute({
  request,
  answer,
}: {
  request: {
    id: string
    rfc: string
    legalName: string
    taxRegime: string
    postalCode: string
    cfdiUse: string
    email: string
  }
  answer: Answer | undefined
}) {
  const { t } = useI18n()
  const mine =
    answer?.initialValue?.intent === 'substitute' && answer.initialValue.requestId === request.id ? answer : undefined
  return (
    <details className="rounded-xl bg-stone-50 p-3 dark:bg-stone-800/60" open={Boolean(mine) || undefined}>
      <summary className="min-h-11 cursor-pointer content-center font-semibold" data-testid="substitute-open">
        {t('admin.invoices.substitute.open')}
      </summary>
      <FacturaForm
        answer={mine}
        intent="substitute"
        hidden={{ requestId: request.id }}
        initial={request}
        forStaff
        lead={t('admin.invoices.substitute.lead')}
        submit={t('admin.invoices.substitute.submit')}
      />
    </details>
  )
}

/** A file to attach: the browser's own picker, kept within a phone's width (its intrinsic width is wider). */
function FileField({
  name,
  accept,
  label,
  errors,
}: {
  name: string
  accept: string
  label: string
  errors: string[] | undefined
}) {
  return (
    <label className="block min-w-0 font-semibold">
      {label}
      <input
        name={name}
        type="file"
        accept={accept}
        required
        className="mt-1 block w-full max-w-full min-w-0 text-sm font-normal file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-stone-100 file:px-4 file:font-semibold dark:file:bg-stone-800 dark:file:text-stone-100"
      />
      <ErrorList errors={errors} />
    </label>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="font-medium break-all">{value}</dd>
    </div>
  )
}
