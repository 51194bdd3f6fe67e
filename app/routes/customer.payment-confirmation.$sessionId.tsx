import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData, useNavigate } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { GUEST } from '~/domain/diners'
import { formatDateTime } from '~/domain/format'
import { paidLinesOf } from '~/server/bills/bill-reads.server'
import { dinerHeader, loadBill } from '~/server/bills/diner-bill.server'
import { attemptSeen } from '~/server/payments/payment-attempt.server'
import { receiptPath } from '~/server/receipts/receipt-reads.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { CustomerShell } from '~/ui/customer/shell'
import { useI18n } from '~/ui/i18n'
import { useHydrated } from '~/ui/use-hydrated'

const RETURN_AFTER_SECONDS = 10

// No <meta refresh> for the 10 s return without JavaScript: a timed redirect the reader cannot stop
// fails WCAG 2.2.1; with JavaScript the countdown has 'Quedarme aquí', without it the link back is there.
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
  const names = new Map(bill.lines.map((line) => [line.id, line.name]))
  // Shown its answer, the phone's payment is done: the next one it is shown is a new payment.
  const seen = payment ? await attemptSeen(request, bill.sessionId, payment.transactionId) : null
  return data(
    {
      ...dinerHeader(bill),
      payment: payment && {
        transactionId: payment.transactionId,
        customerName: payment.customerName,
        paymentMethod: payment.paymentMethod,
        paymentType: payment.paymentType,
        totalCents: payment.amountCents + payment.taxCents + payment.tipCents,
        baseCents: payment.amountCents,
        tipCents: payment.tipCents,
        createdAt: payment.createdAt,
        items: paidLinesOf(payment).map((item) => ({ name: names.get(item.itemId) ?? '', quantity: item.quantity })),
        // Only the payment this phone made (its link names it) leads to its receipt: not whichever was paid last.
        receiptUrl: own?.receiptToken ? receiptPath(bill.sessionId, own.receiptToken) : null,
      },
    },
    seen ? { headers: { 'Set-Cookie': seen } } : undefined,
  )
}

export default function Confirmation() {
  const data = useLoaderData<typeof loader>()
  const { t, money, locale } = useI18n()
  const navigate = useNavigate()
  const [secondsLeft, setSecondsLeft] = useState<number | null>(data.payment ? RETURN_AFTER_SECONDS : null)
  const billUrl = customerPath.bill(data.sessionId)
  const hydrated = useHydrated()

  useEffect(() => {
    if (secondsLeft === null) return
    if (secondsLeft <= 0) {
      navigate(billUrl)
      return
    }
    const timer = setTimeout(() => setSecondsLeft(secondsLeft - 1), 1000)
    return () => clearTimeout(timer)
  }, [secondsLeft, billUrl, navigate])

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
                payment.paymentType === 'full'
                  ? t('customer.confirmation.fullBill')
                  : payment.paymentType === 'split'
                    ? t('customer.confirmation.splitShare')
                    : payment.items.map((item) => `${item.quantity}× ${item.name}`).join(', ')
              }
            />
            <Row label={t('customer.confirmation.date')} value={formatDateTime(payment.createdAt, locale)} />
            <Row label={t('customer.confirmation.transaction')} value={payment.transactionId} mono />
          </dl>
          {/* The countdown needs JavaScript; without it the diner goes back with the link below. */}
          {secondsLeft !== null && hydrated ? (
            <div className="flex flex-col items-center gap-2 text-center">
              <p className="text-stone-600 dark:text-stone-400" data-testid="countdown">
                {t('customer.confirmation.returning', { count: secondsLeft })}
              </p>
              <button type="button" onClick={() => setSecondsLeft(null)} className={buttonClass.secondary}>
                {t('customer.confirmation.stay')}
              </button>
            </div>
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
