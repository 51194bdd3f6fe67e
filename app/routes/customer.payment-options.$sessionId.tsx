import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { checkoutFromUrl } from '~/server/payments/checkout.server'
import { dinerHeader, loadBill } from '~/server/bills/diner-bill.server'
import { getLanguage } from '~/server/http/i18n.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { reviewLines } from '~/domain/checkout'
import { ReviewLines } from '~/ui/customer/review-lines'
import { CustomerShell } from '~/ui/customer/shell'
import { useShownPrice } from '~/ui/customer/shown-price'
import { useI18n } from '~/ui/i18n'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({
    page: t(
      args.data?.mode === 'split'
        ? 'customer.options.shareTitle'
        : args.data?.mode === 'full'
          ? 'customer.options.fullTitle'
          : 'customer.options.reviewTitle',
    ),
    ...args.data,
  }))

/** Review of what the diner chose, priced against the bill as it is now. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const sid = bill.sessionId
  const checkout = checkoutFromUrl(bill, new URL(request.url).searchParams)
  const { selection, quote } = checkout
  if (!selection || !quote) throw redirect(customerPath.bill(sid, '?sheet=pay'))
  const selectionQuery = new URLSearchParams(checkout.selectionQuery)
  const backTo =
    selection.mode === 'items'
      ? `${customerPath.payItems(sid)}?${selectionQuery}`
      : selection.mode === 'split'
        ? `${customerPath.split(sid)}?partySize=${quote.split?.peoplePaying ?? 1}&tableSize=${quote.split?.tableSize ?? 1}`
        : customerPath.bill(sid, '?sheet=pay')
  return {
    ...dinerHeader(bill),
    mode: selection.mode,
    base: quote.base,
    changed: quote.changed,
    split: quote.split,
    lines: reviewLines(bill.lines, quote.lines, await getLanguage(request)),
    backTo,
    tipUrl: customerPath.tip(sid, selectionQuery),
  }
}

export default function PaymentOptions() {
  const data = useLoaderData<typeof loader>()
  const { t } = useI18n()
  const price = useShownPrice(data.tax)
  const title =
    data.mode === 'split'
      ? t('customer.options.shareTitle')
      : data.mode === 'items'
        ? t('customer.options.reviewTitle')
        : t('customer.options.fullTitle')

  return (
    <CustomerShell
      restaurantName={data.restaurantName}
      tableNumber={data.tableNumber}
      backTo={data.backTo}
      closeTo={customerPath.bill(data.sessionId)}
      title={title}
    >
      <div className="grid gap-5">
        <ReviewLines lines={data.mode === 'items' ? data.lines : []} changed={data.changed} />

        {data.split ? (
          <p
            className="rounded-2xl bg-white p-4 text-stone-700 shadow-sm dark:bg-stone-900 dark:text-stone-300"
            data-testid="share-text"
          >
            {t('customer.options.shareText', {
              paying: data.split.peoplePaying,
              size: data.split.tableSize - data.split.sharesPaid,
            })}
          </p>
        ) : null}

        <div className="flex items-center justify-between rounded-2xl bg-white p-4 text-lg font-bold shadow-sm dark:bg-stone-900">
          <span>{t('customer.options.subtotal')}</span>
          <span className="tabular-nums" data-testid="options-subtotal">
            {price(data.base)}
          </span>
        </div>

        {data.base > 0 ? (
          <Link to={data.tipUrl} className={`${buttonClass.primary} w-full`} data-testid="options-continue">
            {t('customer.options.continue')}
          </Link>
        ) : (
          <Link to={data.backTo} className={`${buttonClass.secondary} w-full`}>
            {t('common.back')}
          </Link>
        )}
      </div>
    </CustomerShell>
  )
}
