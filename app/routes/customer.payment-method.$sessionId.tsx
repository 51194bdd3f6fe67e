import { decimalPesos } from '~/domain/money'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useSubmit,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { PaymentMethod } from '~/domain/bill'
import { whatChanged } from '~/domain/checkout'
import { paymentRequestSchema } from '~/domain/schemas/payments'
import { payableBill } from '~/server/bills/bill-reads.server'
import { checkoutFromUrl, paymentRequestFor, type Checkout } from '~/server/payments/checkout.server'
import { payFromStep } from '~/server/payments/payment-step.server'
import type { PayError, Stop } from '~/domain/payment-step'
import {
  BelowMinimum,
  forwardFrom,
  NoTipReason,
  PayErrorBox,
  PayerName,
  Row,
  StopNotice,
} from '~/ui/customer/payment-step-notes'
import { dinerHeader, loadBill } from '~/server/bills/diner-bill.server'
import { getLanguage } from '~/server/http/i18n.server'
import { stripeCheckout } from '~/server/payments/stripe-checkout.server'
import { attemptFor } from '~/server/payments/payment-attempt.server'
import { keptDinerName } from '~/server/bills/diner-name.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { CustomerShell } from '~/ui/customer/shell'
import { StripePayment } from '~/ui/customer/stripe-payment'
import { MethodChoice } from '~/ui/customer/method-choice'
import { browserOffer, onAppleDevice } from '~/ui/customer/device-wallets'
import { isAppleDevice, methodChoice, offerWithoutStripe } from '~/domain/wallets'
import { HiddenFields } from '~/ui/hidden-fields'
import { useI18n } from '~/ui/i18n'
import { useHydrated } from '~/ui/use-hydrated'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({ page: t('customer.method.title'), ...args.data }))

/** Why nothing can be paid from this screen as it stands, or null when the pay button can be offered. */
function blocked(checkout: Checkout, remaining: number): Stop | null {
  if (!checkout.selection) return 'nothingChosen'
  if (checkout.base <= 0)
    return whatChanged(0, { remaining, base: 0, mode: checkout.selection.mode, selectionChanged: true })
  return checkout.tip.tip > checkout.base ? 'tipTooHigh' : null
}

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const url = new URL(request.url)
  const userAgent = request.headers.get('User-Agent') ?? ''
  const checkout = checkoutFromUrl(bill, url.searchParams)
  const tipParams = new URLSearchParams(checkout.selectionQuery)
  // 'Otra cantidad' sent without an amount (a browser that let an empty required field through): asked again, not taken as no tip.
  if (url.searchParams.get('tipPercentage') === 'custom' && !url.searchParams.get('tipAmount')?.trim())
    throw redirect(customerPath.tip(bill.sessionId, new URLSearchParams([...tipParams, ['askAmount', '1']])))
  if (checkout.tip.percent !== null) tipParams.set('tipPercentage', String(checkout.tip.percent))
  else tipParams.set('tipAmount', decimalPesos(checkout.tip.tip))
  const stop = blocked(checkout, payableBill(bill).totals.remaining)
  const shown = stop ? null : paymentRequestFor(bill, checkout)
  // A double tap, a retry or a reload of the same payment is the same payment (see attemptFor).
  const attempt = shown ? await attemptFor(request, bill.sessionId, shown) : null
  // The whole of what is left, with the same tip choice: where a charge too small for cards can go instead.
  const restParams = new URLSearchParams({ full: 'true' })
  for (const name of ['tipPercentage', 'tipAmount'])
    if (tipParams.has(name)) restParams.set(name, tipParams.get(name) ?? '')
  return data(
    {
      ...dinerHeader(bill),
      summary: checkout.summary,
      stop,
      payment:
        shown && attempt
          ? {
              ...shown,
              transactionId: attempt.transactionId,
              ...(attempt.replaces ? { replaces: attempt.replaces } : {}),
            }
          : null,
      changed: checkout.quote?.changed ?? false,
      // What the phone says it is chooses its own wallet, else the card, before any script runs: the same choice either way.
      methods: methodChoice(offerWithoutStripe(userAgent, isAppleDevice(userAgent)), isAppleDevice(userAgent)),
      dinerName: await keptDinerName(request),
      selfUrl: `${url.pathname}${url.search}`,
      backTo: customerPath.tip(bill.sessionId, tipParams),
      payRest: checkout.selection?.mode === 'full' ? null : customerPath.method(bill.sessionId, restParams),
      stripe: stripeCheckout(context.cloudflare.env, bill, await getLanguage(request)),
    },
    attempt ? { headers: { 'Set-Cookie': attempt.setCookie } } : undefined,
  )
}

export async function action({ params, context, request }: ActionFunctionArgs) {
  // A bill closed since the page was shown still takes the tap: a retry of a payment it recorded leads to its confirmation, anything else is refused as closed.
  const bill = await loadBill(context, params.sessionId, { receipt: true })
  const submission = parseWithZod(await request.formData(), { schema: paymentRequestSchema })
  if (submission.status !== 'success') {
    const onlyMethod = Object.keys(submission.error ?? {}).every((field) => field === 'paymentMethod')
    return data<PayError>({ kind: onlyMethod ? 'method' : 'invalid' }, { status: 400 })
  }
  const payment = submission.value
  if (payment.tableId !== bill.tableId || payment.sessionId !== bill.sessionId)
    return data<PayError>({ kind: 'invalid' }, { status: 400 })
  return payFromStep({ context, request, address: params.sessionId, sessionId: bill.sessionId }, payment)
}

/**
 * While the diner's bank is asked, the step stays as it was: loaded again it
 * would price the bill without what this payment holds, and make a new
 * transactionId, when the same payment is about to be sent again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  typeof actionResult === 'object' && actionResult !== null && 'clientSecret' in actionResult
    ? false
    : defaultShouldRevalidate

export default function PaymentMethod() {
  const data = useLoaderData<typeof loader>()
  const error = useActionData<typeof action>()
  const { t, money } = useI18n()
  const navigation = useNavigation()
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  // What the last Stripe payment sent, to send it again unchanged once the bank has answered.
  const sent = useRef<FormData | null>(null)
  const [method, setMethod] = useState<PaymentMethod | null>(data.methods.preselected)
  const [methods, setMethods] = useState(data.methods.methods)
  const hydrated = useHydrated()
  const plainForm = !data.stripe
  // Once the page runs, the browser itself says which wallets it offers (an iPhone whose Safari cannot pay with Apple Pay).
  useEffect(() => {
    if (!plainForm) return
    const choice = methodChoice(browserOffer(), onAppleDevice())
    setMethods(choice.methods)
    setMethod(choice.preselected)
  }, [plainForm])
  const pending = navigation.state === 'submitting'
  const { summary } = data
  const stop = error?.kind === 'moved' ? error.change : data.stop
  const billUrl = customerPath.bill(data.sessionId)
  const payLabel = t('customer.method.pay', { total: money(summary.total) })

  const payThroughStripe = (paymentToken: string, paymentMethod: PaymentMethod) => {
    if (!form.current) return
    const fields = new FormData(form.current)
    fields.set('paymentToken', paymentToken)
    fields.set('paymentMethod', paymentMethod)
    sent.current = fields
    submit(fields, { method: 'post' })
  }

  return (
    <CustomerShell
      restaurantName={data.restaurantName}
      tableNumber={data.tableNumber}
      backTo={data.backTo}
      closeTo={billUrl}
      title={t('customer.method.title')}
    >
      <Form method="post" className="grid gap-5" ref={form}>
        {data.payment ? (
          <HiddenFields
            // Without a tip, why is asked below instead.
            value={summary.tip === 0 ? { ...data.payment, serviceQuality: null } : data.payment}
          />
        ) : null}

        {data.changed && !error && !stop ? (
          <p
            role="status"
            className="rounded-2xl bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100"
          >
            {t('customer.options.changed')}
          </p>
        ) : null}

        <section aria-labelledby="summary-heading" className="rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
          <h2 id="summary-heading" className="mb-2 font-bold">
            {t('customer.method.summary')}
          </h2>
          <dl className="space-y-1" data-testid="payment-summary">
            {summary.layout === 'separate' ? (
              <>
                <Row label={t('customer.method.subtotal')} value={money(summary.subtotal)} />
                <Row label={t('customer.method.tax', { rate: summary.taxRatePercent })} value={money(summary.tax)} />
              </>
            ) : (
              <>
                <Row label={t('customer.method.consumption')} value={money(summary.consumption)} />
                {summary.tax > 0 ? (
                  <Row label={t('customer.method.tax', { rate: summary.taxRatePercent })} value={money(summary.tax)} />
                ) : null}
              </>
            )}
            <Row label={t('customer.method.tip')} value={money(summary.tip)} />
            <div className="flex justify-between border-t border-stone-200 pt-2 text-lg font-bold dark:border-stone-700">
              <dt>{t('customer.method.total')}</dt>
              <dd className="tabular-nums" data-testid="payment-total">
                {money(summary.total)}
              </dd>
            </div>
          </dl>
          {summary.layout === 'combined' && summary.pricesIncludeTax ? (
            <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{t('customer.method.taxIncluded')}</p>
          ) : null}
        </section>

        {data.payment && !stop ? <PayerName kept={data.dinerName} /> : null}
        {data.payment && !stop && summary.tip === 0 ? <NoTipReason kept={data.payment.serviceQuality} /> : null}

        {stop ? (
          <StopNotice
            stop={stop}
            newTotal={error?.kind === 'moved' && error.total > 0 ? money(error.total) : null}
            forward={forwardFrom(stop, { tip: data.backTo, bill: billUrl, self: data.selfUrl })}
          />
        ) : data.stripe && summary.total < data.stripe.minimumCents ? (
          <BelowMinimum payRest={data.payRest} />
        ) : data.stripe ? (
          <StripePayment
            config={data.stripe}
            amount={summary.total}
            payLabel={payLabel}
            onPay={payThroughStripe}
            onPayAgain={() => sent.current && submit(sent.current, { method: 'post' })}
            answer={error}
            clientSecret={error?.kind === 'refused' ? (error.clientSecret ?? null) : null}
            sending={navigation.state !== 'idle'}
            notice={error ? <PayErrorBox error={error} payRest={data.payRest} /> : null}
          />
        ) : (
          <>
            <MethodChoice
              methods={methods}
              chosen={method}
              onChoose={setMethod}
              describedBy={error?.kind === 'method' ? 'payment-error' : undefined}
            />

            {error ? <PayErrorBox error={error} payRest={data.payRest} /> : null}

            <button
              type="submit"
              className={`${buttonClass.primary} w-full text-lg`}
              // Before hydration the button stays usable so the form works without JavaScript; the server checks the method.
              disabled={pending || (hydrated && method === null)}
              data-testid="pay-submit"
            >
              {pending ? t('customer.method.paying') : payLabel}
            </button>
          </>
        )}
      </Form>
    </CustomerShell>
  )
}
