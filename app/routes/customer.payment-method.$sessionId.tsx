import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { PAYMENT_METHODS, type PaymentMethod } from '~/domain/bill'
import { paymentTypeOf, serviceQualityOf } from '~/domain/checkout'
import { payFormSchema } from '~/domain/schemas/checkout'
import { paymentSummary } from '~/domain/tax'
import { recordPayment } from '~/server/bill-writes.server'
import type { BillView } from '~/server/bill.server'
import { checkoutFromUrl } from '~/server/checkout.server'
import { dinerHeader, loadBill } from '~/server/customer.server'
import { getPaymentProvider } from '~/server/payments/provider.server'
import { buttonClass } from '~/ui/button'
import { CustomerErrorBoundary } from '~/ui/customer/not-found'
import { customerPath } from '~/ui/customer/paths'
import { CustomerShell } from '~/ui/customer/shell'
import { resources } from '~/locales'
import { useI18n } from '~/ui/i18n'
import { useHydrated } from '~/ui/use-hydrated'

export const meta: MetaFunction = () => [{ title: 'Mesa' }]

const METHOD_ICONS: Record<PaymentMethod, string> = { card: '💳', apple: '📱', google: '📱' }

/** Who pays: the diner whose items these all are, else Guest (SPEC §3). */
function payerName(bill: BillView, itemIds: string[]): string {
  const names = new Set(bill.lines.filter((line) => itemIds.includes(line.id)).map((line) => line.customerName ?? ''))
  const [only] = [...names]
  return names.size === 1 && only ? only : 'Guest'
}

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const query = new URL(request.url).searchParams
  const checkout = checkoutFromUrl(bill, query)
  const summary = paymentSummary(checkout.base, checkout.tip.tip, bill)
  const tipParams = new URLSearchParams(checkout.selectionQuery)
  if (checkout.tip.percent !== null) tipParams.set('tipPercentage', String(checkout.tip.percent))
  else tipParams.set('tipAmount', (checkout.tip.tip / 100).toFixed(2))
  return {
    ...dinerHeader(bill),
    summary,
    valid: checkout.base > 0,
    changed: checkout.quote?.changed ?? false,
    isDemo: getPaymentProvider(context.cloudflare.env).isDemo,
    // Made once per visit to this page, so a double tap or a retry is the same payment.
    transactionId: `mesa_${crypto.randomUUID()}`,
    query: query.toString(),
    backTo: customerPath.tip(bill.sessionId, tipParams),
  }
}

type ActionError = { title: string; text: string; field?: 'paymentMethod' }

export async function action({ params, context, request }: ActionFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const submission = parseWithZod(await request.formData(), { schema: payFormSchema })
  if (submission.status !== 'success') {
    const methodMissing = Boolean(submission.error?.paymentMethod)
    return data<ActionError>(
      methodMissing
        ? { title: 'customer.method.methodRequiredTitle', text: 'customer.method.methodRequiredText', field: 'paymentMethod' }
        : { title: 'customer.method.processingErrorTitle', text: 'customer.method.processingErrorText' },
      { status: 400 },
    )
  }
  const { paymentMethod, transactionId, query } = submission.value
  const checkout = checkoutFromUrl(bill, new URLSearchParams(query))
  if (!checkout.selection || checkout.base <= 0) {
    return data<ActionError>({ title: 'customer.method.amountErrorTitle', text: 'customer.method.amountErrorText' }, { status: 400 })
  }
  const itemLines = checkout.quote?.lines ?? []
  const result = await recordPayment(context.cloudflare.env, {
    tableId: bill.tableId,
    sessionId: bill.sessionId,
    amount: checkout.base,
    tipAmount: checkout.tip.tip,
    paymentMethod,
    paymentType: paymentTypeOf(checkout.selection),
    customerName: payerName(bill, itemLines.map((line) => line.itemId)),
    transactionId,
    itemIds: itemLines.length ? itemLines.map((line) => line.itemId) : undefined,
    itemQuantities: itemLines.length ? Object.fromEntries(itemLines.map((line) => [line.itemId, line.units])) : undefined,
    splitCount: checkout.quote?.split?.tableSize,
    partySize: checkout.quote?.split?.peoplePaying,
    tipPercentage: checkout.tip.percent,
    serviceQuality: serviceQualityOf(checkout.tip),
    mealType: 'dinner',
  })
  if (!result.ok) {
    // Refusals the diner can act on have their own words; anything else is a generic failure.
    const known = result.code in resources.es.customer.method.refusals
    return data<ActionError>(
      { title: 'customer.method.failedTitle', text: known ? `customer.method.refusals.${result.code}` : 'customer.method.failedText' },
      { status: result.status },
    )
  }
  return redirect(customerPath.confirmation(bill.sessionId, result.payment.transactionId))
}

export default function PaymentMethod() {
  const data = useLoaderData<typeof loader>()
  const error = useActionData<typeof action>()
  const { t, money } = useI18n()
  const navigation = useNavigation()
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  const hydrated = useHydrated()
  const pending = navigation.state === 'submitting'
  const { summary } = data

  return (
    <CustomerShell
      restaurantName={data.restaurantName}
      tableNumber={data.tableNumber}
      backTo={data.backTo}
      closeTo={customerPath.bill(data.sessionId)}
      title={t('customer.method.title')}
    >
      <Form method="post" className="grid gap-5">
        <input type="hidden" name="transactionId" value={data.transactionId} />
        <input type="hidden" name="query" value={data.query} />

        {data.changed ? (
          <p role="alert" className="rounded-2xl bg-amber-50 p-4 text-amber-950">{t('customer.options.changed')}</p>
        ) : null}
        {!data.valid ? (
          <div role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900">
            <p className="font-bold">{t('customer.method.amountErrorTitle')}</p>
            <p>{t('customer.method.amountErrorText')}</p>
          </div>
        ) : null}

        <section aria-labelledby="summary-heading" className="rounded-2xl bg-white p-4 shadow-sm">
          <h2 id="summary-heading" className="mb-2 font-bold">{t('customer.method.summary')}</h2>
          <dl className="space-y-1" data-testid="payment-summary">
            {summary.layout === 'separate' ? (
              <>
                <Row label={t('customer.method.subtotal')} value={money(summary.subtotal)} />
                <Row label={t('customer.method.tax', { rate: summary.taxRatePercent })} value={money(summary.tax)} />
              </>
            ) : (
              <>
                <Row label={t('customer.method.consumption')} value={money(summary.consumption)} />
                {summary.tax > 0 ? <Row label={t('customer.method.tax', { rate: summary.taxRatePercent })} value={money(summary.tax)} /> : null}
              </>
            )}
            <Row label={t('customer.method.tip')} value={money(summary.tip)} />
            <div className="flex justify-between border-t border-stone-200 pt-2 text-lg font-bold">
              <dt>{t('customer.method.total')}</dt>
              <dd className="tabular-nums" data-testid="payment-total">{money(summary.total)}</dd>
            </div>
          </dl>
          {summary.layout === 'combined' && summary.pricesIncludeTax ? (
            <p className="mt-2 text-sm text-stone-600">{t('customer.method.taxIncluded')}</p>
          ) : null}
        </section>

        <fieldset className="grid gap-3" aria-describedby={error?.field ? 'method-error' : undefined}>
          <legend className="mb-2 font-bold">{t('customer.method.title')}</legend>
          {PAYMENT_METHODS.map((value) => (
            <label
              key={value}
              className={`flex min-h-14 cursor-pointer items-center gap-4 rounded-2xl border-2 bg-white px-4 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-emerald-700 ${
                method === value ? 'border-emerald-700 bg-emerald-50' : 'border-stone-200'
              }`}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
                className="size-5 accent-emerald-700"
              />
              <span aria-hidden="true" className="w-6 text-center text-xl font-bold">{METHOD_ICONS[value]}</span>
              <span className="font-semibold">{t(`customer.method.${value}`)}</span>
            </label>
          ))}
        </fieldset>

        {error ? (
          <div id="method-error" role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900" data-testid="payment-error">
            <p className="font-bold">{t(error.title)}</p>
            <p>{t(error.text)}</p>
          </div>
        ) : null}

        {data.isDemo ? <p className="rounded-xl bg-sky-50 p-3 text-sm text-sky-950">{t('customer.method.demoNotice')}</p> : null}

        <button
          type="submit"
          className={`${buttonClass.primary} w-full text-lg`}
          // Before hydration the button stays usable so the form works without JavaScript; the server checks the method.
          disabled={pending || !data.valid || (hydrated && method === null)}
          data-testid="pay-submit"
        >
          {pending ? t('customer.method.paying') : t('customer.method.pay', { total: money(summary.total) })}
        </button>
      </Form>
    </CustomerShell>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-stone-600">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}

export const ErrorBoundary = CustomerErrorBoundary
