import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { GUEST } from '~/domain/diners'
import { paidWhat, paidWhatLabel } from '~/domain/payment-words'
import { paymentReference, whatWasPaid } from '~/domain/receipt'
import { charged } from '~/domain/bill'
import { formatDateTime } from '~/domain/format'
import { paidLinesOf } from '~/domain/bill'
import { dinerHeader, loadBill } from '~/server/bills/diner-bill.server'
import { getLanguage } from '~/server/http/i18n.server'
import { shownName } from '~/domain/menu-language'
import { attemptSeen } from '~/server/payments/payment-attempt.server'
import { receiptPath } from '~/server/receipts/receipt-reads.server'
import { ratePayment, ratingOf } from '~/server/ratings/ratings.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { ratingSchema } from '~/domain/schemas/ratings'
import { RatingSection } from '~/ui/customer/rating'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { CustomerShell } from '~/ui/customer/shell'
import { useI18n } from '~/ui/i18n'

// The diner stays until they tap back: they read it, open the receipt, ask for a factura or rate the visit.
export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({
    page: t(args.data?.payment ? 'customer.confirmation.title' : 'customer.confirmation.loadingTitle'),
    ...args.data,
  }))

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const tx = new URL(request.url).searchParams.get('tx')
  // A diner's receipt outlives the bill: staff may close the table while it is on screen.
  const bill = await loadBill(context, params.sessionId, { receipt: Boolean(tx), payments: true })
  const { payments } = bill
  // The diner's own payment when the URL names it, else the newest.
  const own = tx ? payments.find((candidate) => candidate.transactionId === tx) : undefined
  const payment = own ?? payments[0] ?? null
  // Newest first: the payments after it in the list were made before it.
  const paid = payment ? paidWhat(payment, payments.slice(payments.indexOf(payment) + 1)) : null
  // One sentence of names, in the page's language where the menu has it.
  const language = await getLanguage(request)
  const names = new Map(bill.lines.map((line) => [line.id, shownName(line, language)]))
  // Shown its answer, the phone's payment is done: the next one it is shown is a new payment.
  const seen = payment ? await attemptSeen(request, bill.sessionId, payment.transactionId) : null
  const rating = own ? await ratingOf(context.cloudflare.env, bill.sessionId, own.id) : null
  return data(
    {
      ...dinerHeader(bill),
      payment: payment &&
        paid && {
          transactionId: payment.transactionId,
          customerName: payment.customerName,
          paymentMethod: payment.paymentMethod,
          paymentType: payment.paymentType,
          totalCents: charged(payment),
          baseCents: payment.amountCents,
          tipCents: payment.tipCents,
          createdAt: payment.createdAt,
          paid: whatWasPaid(
            paid,
            paid.kind === 'items'
              ? paidLinesOf(payment).map((item) => ({ name: names.get(item.itemId) ?? '', quantity: item.quantity }))
              : bill.lines.map((line) => ({ name: shownName(line, language), quantity: line.quantity })),
          ),
          // Only the payment this phone made (its link names it) leads to its receipt: not whichever was paid last.
          receiptUrl: own?.receiptToken ? receiptPath(bill.sessionId, own.receiptToken) : null,
          // And only it is rated here.
          // Google's page once rated, whatever the stars: never only to the happy ones.
          rating:
            own && rating
              ? { rated: rating.rating, googleReviewUrl: rating.rating ? rating.googleReviewUrl : null }
              : null,
        },
    },
    seen ? { headers: { 'Set-Cookie': seen } } : undefined,
  )
}

/** The diner rates the visit their payment (the link's `tx`) paid for. */
export async function action({ params, context, request }: ActionFunctionArgs) {
  const tx = new URL(request.url).searchParams.get('tx')
  const bill = await loadBill(context, params.sessionId, { receipt: true, payments: true })
  const payment = tx ? bill.payments.find((candidate) => candidate.transactionId === tx) : undefined
  if (!payment) throw data(null, { status: 404 })
  const submission = parseWithZod(await request.formData(), { schema: ratingSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  await ratePayment(context.cloudflare.env, payment, submission.value)
  const url = new URL(request.url)
  return redirectWithToast(`${url.pathname}${url.search}`, { title: 'customer.rating.saved' })
}

export default function Confirmation() {
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const { t, money, locale } = useI18n()
  const billUrl = customerPath.bill(data.sessionId)

  const { payment } = data
  return (
    <CustomerShell restaurantName={data.restaurantName} tableNumber={data.tableNumber} closeTo={billUrl}>
      {payment ? (
        <section className="grid gap-5" aria-labelledby="confirmation-title">
          <div className="flex flex-col items-center gap-2 pt-4 text-center" role="status" aria-live="polite">
            <span
              aria-hidden="true"
              className="grid size-16 place-items-center rounded-full bg-emerald-100 text-3xl text-emerald-800 dark:bg-emerald-900 dark:text-emerald-400"
            >
              ✓
            </span>
            <h1 id="confirmation-title" className="text-2xl font-bold" data-testid="confirmation-title">
              {t('customer.confirmation.title')}
            </h1>
            <p className="text-stone-700 dark:text-stone-300">
              {payment.customerName === GUEST
                ? t('customer.confirmation.thanksNoName')
                : t('customer.confirmation.thanks', { name: payment.customerName })}
            </p>
            <p className="text-4xl font-bold tabular-nums" data-testid="confirmation-amount">
              {money(payment.totalCents)}
            </p>
          </div>
          <dl className="grid gap-2 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
            <Row label={t('customer.confirmation.base')} value={money(payment.baseCents)} />
            <Row label={t('customer.confirmation.tip')} value={money(payment.tipCents)} />
            <Row label={t('customer.confirmation.method')} value={t(`customer.method.${payment.paymentMethod}`)} />
            <Row
              label={t('customer.confirmation.paid')}
              value={
                payment.paid.kind === 'items'
                  ? payment.paid.lines.map((item) => `${item.quantity}× ${item.name}`).join(', ')
                  : paidWhatLabel(payment.paid, t)
              }
            />
            <Row
              label={t('customer.confirmation.date')}
              value={formatDateTime(payment.createdAt, locale, data.timeZone)}
            />
            <Row label={t('customer.confirmation.transaction')} value={paymentReference(payment.transactionId)} mono />
          </dl>
          {payment.rating ? (
            <RatingSection
              rated={payment.rating.rated}
              googleReviewUrl={payment.rating.googleReviewUrl}
              answer={answer ?? undefined}
            />
          ) : null}
          {payment.receiptUrl ? (
            <Link to={payment.receiptUrl} className={`${buttonClass.secondary} w-full`} data-testid="receipt-link">
              {t('customer.confirmation.receipt')}
            </Link>
          ) : null}
          <Link to={billUrl} className={`${buttonClass.primary} w-full`}>
            {t('customer.confirmation.backToBill')}
          </Link>
        </section>
      ) : (
        <section className="flex flex-col items-center gap-3 py-16 text-center" role="status">
          <span
            aria-hidden="true"
            className="size-10 animate-spin rounded-full border-4 border-emerald-700 border-t-transparent dark:border-emerald-500"
          />
          <h1 className="text-xl font-bold">{t('customer.confirmation.loadingTitle')}</h1>
          <p className="text-stone-600 dark:text-stone-400">{t('customer.confirmation.loadingText')}</p>
        </section>
      )}
    </CustomerShell>
  )
}

function Row({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className={`text-right ${mono ? 'font-mono text-sm break-all' : ''}`}>{value}</dd>
    </div>
  )
}
