import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Form, useLoaderData, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect } from 'react'
import { decimalPesos } from '~/domain/money'
import { chargeFor } from '~/domain/tax'
import { TIP_PRESETS, tipForPercent } from '~/domain/tip'
import { pageTitle } from '~/ui/page-title'
import { TipFaceIcon } from '~/ui/icons'
import { checkoutFromUrl } from '~/server/payments/checkout.server'
import { dinerHeader, loadBill } from '~/server/bills/diner-bill.server'
import { getLanguage } from '~/server/http/i18n.server'
import { payableBill } from '~/server/bills/bill-reads.server'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { reviewLines } from '~/domain/checkout'
import { ReviewLines } from '~/ui/customer/review-lines'
import { CustomerShell } from '~/ui/customer/shell'
import { useShownPrice } from '~/ui/customer/shown-price'
import { useI18n } from '~/ui/i18n'

const AMOUNT_ERROR_REDIRECT_MS = 2000

const TIP_FACES = { 'tip.good': 'good', 'tip.great': 'great', 'tip.excellent': 'excellent' } as const
export const meta: MetaFunction<typeof loader> = (args) => [
  ...pageTitle(args, (t) => ({ page: t('customer.tip.title'), ...args.data })),
  ...(args.data && args.data.base <= 0 ? [{ httpEquiv: 'refresh', content: `2;url=${args.data.billUrl}` }] : []),
]

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const url = new URL(request.url)
  const checkout = checkoutFromUrl(bill, url.searchParams)
  const sid = bill.sessionId
  // Items chosen and shares come straight here, what they pay said on this step: back is the choice itself, as it was.
  const split = checkout.quote?.split
  const backTo =
    checkout.selection?.mode === 'full' || !checkout.selection
      ? customerPath.bill(sid, '?sheet=pay')
      : checkout.selection.mode === 'items'
        ? `${customerPath.payItems(sid)}?${checkout.selectionQuery}`
        : `${customerPath.split(sid)}?${new URLSearchParams({
            partySize: String(split?.peoplePaying ?? 1),
            tableSize: String(split?.tableSize ?? 1),
          })}`
  return {
    ...dinerHeader(bill),
    // Nothing left on the bill: a pay button that led here says so, not that the amount failed.
    billPaid: payableBill(bill).totals.remaining <= 0,
    // 'Otra cantidad' sent empty: asked again, never taken as no tip.
    askAmount: url.searchParams.get('askAmount') === '1',
    base: checkout.base,
    tip: checkout.tip,
    review:
      checkout.selection?.mode === 'items' && checkout.quote
        ? reviewLines(bill.lines, checkout.quote.lines, await getLanguage(request))
        : [],
    changed: checkout.quote?.changed ?? false,
    share: split ? { paying: split.peoplePaying, of: split.tableSize - split.sharesPaid } : null,
    selectionQuery: checkout.selectionQuery,
    billUrl: customerPath.bill(sid),
    backTo,
  }
}

/**
 * 'Otra cantidad' is a form of its own: Enter (the phone keyboard's Go) in
 * the amount sends that amount, where in the choices' form it would send
 * the first choice, no tip.
 */
const CUSTOM_TIP_FORM = 'tip-custom'

/** The choices, each one tap that moves on: no tip is as easy to choose as any other, and none is chosen for the diner. */
const CHOICES = [{ percent: 0, labelKey: 'tip.none' } as const, ...TIP_PRESETS]

export default function Tip() {
  const data = useLoaderData<typeof loader>()
  const { t, money } = useI18n()
  const price = useShownPrice(data.tax)
  const navigate = useNavigate()
  const navigation = useNavigation()

  useEffect(() => {
    if (data.base > 0) return
    const timer = setTimeout(() => navigate(data.billUrl, { replace: true }), AMOUNT_ERROR_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [data.base, data.billUrl, navigate])

  const shell = {
    restaurantName: data.restaurantName,
    tableNumber: data.tableNumber,
    backTo: data.backTo,
    closeTo: data.billUrl,
    title: t('customer.tip.title'),
  }
  if (data.base <= 0) {
    return (
      <CustomerShell {...shell}>
        {data.billPaid ? (
          <div
            role="status"
            className="rounded-2xl bg-emerald-50 p-5 text-emerald-950 dark:bg-emerald-950/60 dark:text-emerald-100"
            data-testid="tip-bill-paid"
          >
            <p className="font-bold">{t('customer.method.stops.billPaid.title')}</p>
            <p className="mt-1">{t('customer.method.stops.billPaid.text')}</p>
          </div>
        ) : (
          <div
            role="alert"
            className="rounded-2xl bg-red-50 p-5 text-red-900 dark:bg-red-950/60 dark:text-red-200"
            data-testid="tip-amount-error"
          >
            <p className="font-bold">{t('customer.tip.amountErrorTitle')}</p>
            <p className="mt-1">{t('customer.tip.amountErrorText')}</p>
          </div>
        )}
      </CustomerShell>
    )
  }

  const pending = navigation.state !== 'idle' && navigation.location?.pathname.startsWith('/customer/payment-method/')
  const customTip = data.tip.percent === null && data.tip.tip > 0 ? decimalPesos(data.tip.tip) : ''
  const paymentStep = `/customer/payment-method/${data.sessionId}`
  const selectionFields = (
    <>
      {[...new URLSearchParams(data.selectionQuery)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="amount" value={decimalPesos(data.base)} />
    </>
  )

  return (
    <CustomerShell {...shell}>
      <Form method="get" action={paymentStep} className="grid grid-cols-1 gap-5">
        {selectionFields}

        <ReviewLines lines={data.review} changed={data.changed} />
        {data.share ? (
          <p
            className="rounded-2xl bg-white p-4 text-stone-700 shadow-sm dark:bg-stone-900 dark:text-stone-300"
            data-testid="share-text"
          >
            {t('customer.tip.shareText', { count: data.share.paying, size: data.share.of })}
          </p>
        ) : null}

        <div className="grid gap-1">
          <p className="text-stone-700 dark:text-stone-300">
            {t('customer.tip.thanks', { restaurant: data.restaurantName })}
          </p>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {t('customer.tip.voluntary', { amount: price(data.base) })}
          </p>
        </div>

        <fieldset className="grid grid-cols-2 gap-3" disabled={pending}>
          <legend className="sr-only">{t('customer.tip.title')}</legend>
          {CHOICES.map((choice) => (
            <button
              key={choice.percent}
              type="submit"
              name="tipPercentage"
              value={choice.percent}
              className="flex min-h-28 min-w-0 flex-col items-center justify-center gap-1 rounded-2xl border-2 border-stone-200 bg-white p-3 text-center hover:border-emerald-700 focus-visible:outline focus-visible:outline-3 focus-visible:outline-emerald-700 disabled:opacity-60 dark:border-stone-700 dark:bg-stone-900 dark:hover:border-emerald-500"
              data-testid={`tip-option-${choice.percent}`}
            >
              {choice.percent === 0 ? (
                <span className="font-bold">{t('customer.tip.none')}</span>
              ) : (
                <>
                  <TipFaceIcon
                    level={TIP_FACES[choice.labelKey]}
                    className="size-7 text-emerald-800 dark:text-emerald-400"
                  />
                  <span className="font-bold">{choice.percent}%</span>
                  <span className="text-sm text-stone-600 dark:text-stone-400">{t(`customer.${choice.labelKey}`)}</span>
                </>
              )}
              <span className="text-sm font-semibold text-stone-700 tabular-nums dark:text-stone-300">
                {money(tipForPercent(data.base, choice.percent))}
              </span>
              {/* What the diner will pay with this tip, before they commit to it. */}
              <span className="text-sm text-stone-600 tabular-nums dark:text-stone-400" data-testid="tip-total">
                {t('customer.tip.total', {
                  total: money(chargeFor(data.base, data.tax) + tipForPercent(data.base, choice.percent)),
                })}
              </span>
            </button>
          ))}
        </fieldset>

        <div className="grid min-w-0 gap-2 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
          <label htmlFor="tip-amount" className="font-semibold">
            {t('customer.tip.customAmount')}
          </label>
          <div className="flex gap-2">
            <input
              id="tip-amount"
              form={CUSTOM_TIP_FORM}
              name="tipAmount"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              // Empty is not no tip: the browser asks for an amount, and the server sends it back here if one got through.
              required
              defaultValue={customTip}
              placeholder="0.00"
              aria-invalid={data.askAmount || undefined}
              aria-describedby={data.askAmount ? 'tip-amount-error' : undefined}
              className="min-h-12 w-full min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-4 text-lg tabular-nums aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-950"
            />
            <button
              type="submit"
              form={CUSTOM_TIP_FORM}
              name="tipPercentage"
              value="custom"
              className={buttonClass.secondary}
              disabled={pending}
              data-testid="tip-custom-continue"
            >
              {t('customer.tip.continue')}
            </button>
          </div>
          {data.askAmount ? (
            <p id="tip-amount-error" className="text-sm font-semibold text-red-800 dark:text-red-300">
              {t('customer.tip.askAmount')}
            </p>
          ) : null}
        </div>

        {pending ? (
          <p role="status" className="flex items-center justify-center gap-2 text-stone-700 dark:text-stone-300">
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-emerald-700 border-t-transparent dark:border-emerald-500"
            />
            {t('customer.tip.processing')}
          </p>
        ) : null}
      </Form>
      <Form id={CUSTOM_TIP_FORM} method="get" action={paymentStep}>
        {selectionFields}
      </Form>
    </CustomerShell>
  )
}
