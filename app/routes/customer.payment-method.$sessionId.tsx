import { statusOf } from '~/server/http/errors.server'
import { GUEST } from '~/domain/diners'
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
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSubmit,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { PaymentMethod } from '~/domain/bill'
import { NO_TIP_REASONS, whatChanged, type PaymentChange } from '~/domain/checkout'
import { paymentRequestSchema } from '~/domain/schemas/payments'
import { payableBill } from '~/server/bills/bill-reads.server'
import { recordPayment } from '~/server/bills/bill-writes.server'
import { checkoutFromUrl, paymentRequestFor, type Checkout } from '~/server/payments/checkout.server'
import { dinerHeader, loadBill } from '~/server/bills/diner-bill.server'
import { getLanguage } from '~/server/http/i18n.server'
import { stripeCheckout } from '~/server/payments/stripe-checkout.server'
import { attemptFor, newPaymentId } from '~/server/payments/payment-attempt.server'
import { keepDinerName, keptDinerName } from '~/server/bills/diner-name.server'
import { retryAfter } from '~/server/http/rate-limit.server'
import { limitText } from '~/server/bills/write-result.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { CustomerShell } from '~/ui/customer/shell'
import { StripePayment } from '~/ui/customer/stripe-payment'
import { MethodChoice } from '~/ui/customer/method-choice'
import { browserOffer, onAppleDevice } from '~/ui/customer/device-wallets'
import { methodChoice } from '~/domain/wallets'
import { HiddenFields } from '~/ui/hidden-fields'
import type { TranslationKey } from '~/locales/translate'
import { useI18n } from '~/ui/i18n'
import { useHydrated } from '~/ui/use-hydrated'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({ page: t('customer.method.title'), ...args.data }))

/** Without JavaScript every method is listed and none chosen: the server asks for one. */
const EVERY_METHOD = methodChoice({ applePay: true, googlePay: true }, true).methods

/** Refusals that mean the bill moved since the diner was shown it: explained, with the new amount. */
const BILL_MOVED = new Set<string>(['BILL_CHANGED', 'ITEM_TAKEN', 'ALREADY_PAID', 'TOO_MUCH', 'UNKNOWN_ITEM'])
/** Refusals the diner is told as they are: nothing was charged, and why. */
const REFUSALS = [
  'CLOSED',
  'DECLINED',
  'BEING_PAID',
  'HOLD_EXPIRED',
  'REQUIRES_ACTION',
  'BELOW_MINIMUM',
  'PAYMENTS_OFF',
] as const
type Refusal = (typeof REFUSALS)[number]
const isRefusal = (code: string): code is Refusal => (REFUSALS as readonly string[]).includes(code)

type Stop = PaymentChange | 'tipTooHigh' | 'nothingChosen'

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
      dinerName: await keptDinerName(request),
      selfUrl: `${url.pathname}${url.search}`,
      backTo: customerPath.tip(bill.sessionId, tipParams),
      payRest: checkout.selection?.mode === 'full' ? null : customerPath.method(bill.sessionId, restParams),
      stripe: stripeCheckout(context.cloudflare.env, bill, await getLanguage(request)),
    },
    attempt ? { headers: { 'Set-Cookie': attempt.setCookie } } : undefined,
  )
}

type PayError =
  | { kind: 'method' }
  | { kind: 'invalid' }
  | { kind: 'moved'; change: PaymentChange; total: number }
  /** `clientSecret`: the bank wants the diner to confirm in Stripe.js; the same payment is then sent again. */
  | { kind: 'refused'; code: Refusal | null; clientSecret?: string }
  | { kind: 'limited'; text: string }

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
    return redirect(customerPath.confirmation(bill.sessionId, result.payment.transactionId), {
      headers: { 'Set-Cookie': await keepDinerName(payment.customerName === GUEST ? null : payment.customerName) },
    })
  if (BILL_MOVED.has(result.code)) {
    // Nothing was charged. Say what moved, priced as this screen shows it now.
    const now = await loadBill(context, params.sessionId)
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
    { kind: 'refused', code: isRefusal(result.code) ? result.code : null, ...(clientSecret ? { clientSecret } : {}) },
    { status: statusOf(result.code) },
  )
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
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  const [methods, setMethods] = useState(EVERY_METHOD)
  const hydrated = useHydrated()
  const plainForm = !data.stripe
  // Once the page runs, only the wallets this phone offers are listed, and its own is chosen (else the card).
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

/**
 * The one way forward from a stop: change the tip, go back to a bill with
 * nothing left to choose, or load this step again (the new amount, a new payment).
 */
function forwardFrom(
  stop: Stop,
  paths: { tip: string; bill: string; self: string },
): { to: string; label: TranslationKey } {
  if (stop === 'tipTooHigh') return { to: paths.tip, label: 'customer.method.changeTip' }
  if (stop === 'billPaid' || stop === 'selectionTaken' || stop === 'nothingChosen')
    return { to: paths.bill, label: 'customer.method.backToBill' }
  return { to: paths.self, label: 'customer.method.reviewAgain' }
}

/** The one message shown when this payment cannot go ahead as shown, with the one way forward. */
function StopNotice({
  stop,
  newTotal,
  forward,
}: {
  stop: Stop
  newTotal: string | null
  forward: { to: string; label: TranslationKey }
}) {
  const { t } = useI18n()
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100"
      data-testid="payment-error"
    >
      <p className="font-bold">{t(`customer.method.stops.${stop}.title`)}</p>
      <p>{newTotal ? t('customer.method.newTotal', { total: newTotal }) : t(`customer.method.stops.${stop}.text`)}</p>
      <Link to={forward.to} className={`${buttonClass.primary} w-full text-lg`} data-testid="review-again">
        {t(forward.label)}
      </Link>
    </div>
  )
}

/**
 * A total too small for a card, said before the diner types one: the rest
 * of the bill is offered instead, or, when this already is the rest, the
 * server.
 */
function BelowMinimum({ payRest }: { payRest: string | null }) {
  const { t } = useI18n()
  return (
    <PayErrorText
      title={t('customer.method.belowMinimumTitle')}
      text={t(payRest ? 'customer.method.belowMinimumText' : 'customer.method.belowMinimumRestText')}
      link={payRest ? { to: payRest, label: t('customer.method.payRest') } : null}
    />
  )
}

/** Why the payment was not taken; a charge too small for cards is offered the rest of the bill instead (`payRest`, unless it already was the rest). */
function PayErrorBox({ error, payRest }: { error: PayError; payRest: string | null }) {
  const { t } = useI18n()
  if (error.kind === 'limited')
    return <PayErrorText title={t('customer.method.failedTitle')} text={t.message(error.text)} />
  const [title, text]: [TranslationKey, TranslationKey] =
    error.kind === 'method'
      ? ['customer.method.methodRequiredTitle', 'customer.method.methodRequiredText']
      : error.kind === 'invalid'
        ? ['customer.method.processingErrorTitle', 'customer.method.processingErrorText']
        : [
            'customer.method.failedTitle',
            error.kind === 'refused' && error.code
              ? `customer.method.refusals.${error.code}`
              : 'customer.method.failedText',
          ]
  const rest =
    error.kind === 'refused' && error.code === 'BELOW_MINIMUM' && payRest
      ? { to: payRest, label: t('customer.method.payRest') }
      : null
  return <PayErrorText title={t(title)} text={t(text)} link={rest} />
}

function PayErrorText({
  title,
  text,
  link = null,
}: {
  title: string
  text: string
  link?: { to: string; label: string } | null
}) {
  return (
    <div
      id="payment-error"
      role="alert"
      className="grid gap-3 rounded-2xl bg-red-50 p-4 text-red-900 dark:bg-red-950/60 dark:text-red-200"
      data-testid="payment-error"
    >
      <div>
        <p className="font-bold">{title}</p>
        <p>{text}</p>
      </div>
      {link ? (
        <Link to={link.to} className={`${buttonClass.secondary} w-full`} data-testid="pay-rest">
          {link.label}
        </Link>
      ) : null}
    </div>
  )
}

/** Who pays, if they want to say: thanked by it, and shown to staff under it; kept on the phone for next time. */
function PayerName({ kept }: { kept: string }) {
  const { t } = useI18n()
  return (
    <label className="grid gap-1 font-semibold">
      {t('customer.method.name')}
      <input
        name="customerName"
        maxLength={60}
        autoComplete="given-name"
        defaultValue={kept}
        className="min-h-12 rounded-xl border border-stone-300 bg-white px-4 font-normal dark:border-stone-600 dark:bg-stone-950"
        data-testid="payer-name"
      />
      <span className="text-sm font-normal text-stone-600 dark:text-stone-400">{t('customer.method.nameHint')}</span>
    </label>
  )
}

/** Why no tip, if the diner wants to say: asked once they chose none, never before. */
function NoTipReason({ kept }: { kept: string | null | undefined }) {
  const { t } = useI18n()
  return (
    <label className="grid min-w-0 gap-1 font-semibold">
      {t('customer.tip.noTipReason')}
      <select
        name="serviceQuality"
        defaultValue={kept ?? 'good'}
        className="min-h-12 w-full min-w-0 rounded-xl border border-stone-300 bg-white px-3 text-base font-normal dark:border-stone-600 dark:bg-stone-950"
        data-testid="no-tip-reason"
      >
        <option value="good">—</option>
        {NO_TIP_REASONS.map((reason) => (
          <option key={reason} value={`notip_${reason}`}>
            {t(`customer.tip.noTipReasons.${reason}`)}
          </option>
        ))}
      </select>
    </label>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}
