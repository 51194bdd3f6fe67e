import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { parseWithZod } from '@conform-to/zod/v4'
import { waiterCallSchema } from '~/domain/schemas/alerts'
import { callWaiter } from '~/server/alerts/waiter-calls.server'
import { WaiterCallReasons, WaiterCallStatus } from '~/ui/customer/waiter-call'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { lineRemaining, paidPercent } from '~/domain/bill'
import { sumCents } from '~/domain/money'
import { selectionParams } from '~/domain/checkout'
import { addOrder } from '~/server/bills/bill-writes.server'
import { payableBill } from '~/server/bills/bill-reads.server'
import { clientBill, loadBill } from '~/server/bills/diner-bill.server'
import { getLanguage } from '~/server/http/i18n.server'
import { linesOrderedHere } from '~/server/bills/ordered-here.server'
import { demoDiners } from '~/server/demo/demo-data.server'
import { isDemoSession } from '~/server/table-session/stub.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { limitText } from '~/server/bills/write-result.server'
import { noteBrowsing } from '~/server/tables/browsing.server'
import { takesPayments } from '~/server/payments/provider.server'
import { pageTitle } from '~/ui/page-title'
import { buttonClass } from '~/ui/button'
import { customerPath } from '~/domain/customer-paths'
import { BillLine } from '~/ui/customer/bill-line'
import { DemoPanel } from '~/ui/customer/demo-panel'
import { OrderProgressList } from '~/ui/customer/order-progress'
import { SheetOption } from '~/ui/customer/sheet-option'
import { CustomerShell } from '~/ui/customer/shell'
import { CardIcon, DivideIcon, PeopleIcon, ReceiptIcon } from '~/ui/icons'
import { useI18n } from '~/ui/i18n'
import { useShownPrice } from '~/ui/customer/shown-price'
import { Sheet } from '~/ui/sheet'
import { useLiveBill } from '~/ui/use-live'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageTitle(args, (t) => ({ page: t('customer.bill.title'), ...args.data?.bill }))

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  noteBrowsing(context, bill)
  const orderedHere = new Set(await linesOrderedHere(request, bill.sessionId))
  return {
    bill: clientBill(bill, await getLanguage(request)),
    // What is left of the lines this phone ordered, less what someone is paying now: "Pagar lo mío".
    mineCents: sumCents(
      payableBill(bill)
        .lines.filter((line) => orderedHere.has(line.id))
        .map(lineRemaining),
    ),
    isDemo: isDemoSession(bill.sessionId),
    // Without a way to pay here (no card account, or it was disconnected), the bill says to pay the server.
    paysHere: takesPayments(context.cloudflare.env, bill.sessionId, bill),
  }
}

/** The demo panel: three sample diners with their orders, through the same path as a cart order. */
export async function action({ params, context, request }: ActionFunctionArgs) {
  const bill = await loadBill(context, params.sessionId)
  const back = customerPath.bill(bill.sessionId)
  const form = await request.formData()
  if (form.get('intent') === 'call') return callTheWaiter(request, context, bill.sessionId, form)
  if (form.get('intent') !== 'demo' || !isDemoSession(bill.sessionId))
    return redirectWithToast(back, {
      title: 'customer.demo.errorTitle',
      description: 'customer.demo.errorText',
      variant: 'destructive',
    })
  const result = await addOrder(
    context.cloudflare.env,
    {
      tableId: bill.tableId,
      sessionId: bill.sessionId,
      items: demoDiners.flatMap((diner) =>
        diner.items.map(({ priceCents, ...item }) => ({
          ...item,
          price: priceCents,
          description: null,
          descriptionEn: null,
          note: null,
          customerName: diner.customerName,
        })),
      ),
    },
    { staff: null, address: context.clientAddress },
  )
  if (!result.ok) {
    const description = result.limit ? await limitText(request, result.limit, result.code) : 'customer.demo.errorText'
    return redirectWithToast(back, { title: 'customer.demo.errorTitle', description, variant: 'destructive' })
  }
  return redirectWithToast(back, { title: 'customer.demo.successTitle', description: 'customer.demo.successText' })
}

/** "Llamar al mesero": the table's followers hear of it at once; the bill then shows it was received, and who came. */
async function callTheWaiter(request: Request, context: AppLoadContext, sessionId: string, form: FormData) {
  const back = customerPath.bill(sessionId)
  const submission = parseWithZod(form, { schema: waiterCallSchema })
  if (submission.status !== 'success')
    return redirectWithToast(`${back}?sheet=call`, { title: 'customer.call.reasonRequired', variant: 'destructive' })
  const called = await callWaiter(context.cloudflare.env, sessionId, submission.value.reason, context.clientAddress)
  if (!called.ok) {
    const description = called.limit ? await limitText(request, called.limit, called.code) : undefined
    return redirectWithToast(back, { title: 'customer.call.failed', description, variant: 'destructive' })
  }
  return redirectWithToast(back, { title: called.existing ? 'customer.call.again' : 'customer.call.sent' })
}

export default function Bill() {
  const { bill, isDemo, paysHere, mineCents } = useLoaderData<typeof loader>()
  const { t } = useI18n()
  // Every amount with its IVA, as a diner must be shown it (the payment adds what the prices leave out).
  const price = useShownPrice(bill.tax)
  const [searchParams] = useSearchParams()
  const sheet = searchParams.get('sheet')
  const { total, paid, remaining } = bill.totals
  // What a new payment can pay: the rest, less what someone is paying right now.
  const payable = bill.payableCents
  // Something to pay, and a way to pay it here; otherwise the bill says to pay the server.
  const canPay = payable > 0 && paysHere
  const percent = paidPercent(bill.totals)
  const sid = bill.sessionId
  // Another diner's order or payment shows at once; a closed bill leads on to the table's next one.
  useLiveBill(sid)

  return (
    <CustomerShell
      restaurantName={bill.restaurantName}
      tableNumber={bill.tableNumber}
      bottomBar={
        <nav className="fixed inset-x-0 bottom-0 z-10 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-stone-700 dark:bg-stone-900/95">
          <div className="mx-auto flex max-w-xl gap-3 p-3">
            <Link to={customerPath.menu(sid)} className={`${buttonClass.secondary} flex-1 px-3!`}>
              {t('customer.bill.menu')}
            </Link>
            {canPay ? (
              <>
                {/* Splitting skips straight to its two ways; paying it all goes straight to the tip (issue 8: four taps to pay). */}
                <Link
                  to="?sheet=split"
                  preventScrollReset
                  className={`${buttonClass.secondary} flex-1 px-3!`}
                  data-testid="split-button"
                >
                  {t('customer.bill.split')}
                </Link>
                <Link
                  to={customerPath.tip(sid, selectionParams({ mode: 'full' }))}
                  className={`${buttonClass.primary} flex-[2] px-3!`}
                  data-testid="pay-button"
                >
                  {t('customer.bill.payAll', { amount: price(payable) })}
                </Link>
              </>
            ) : null}
          </div>
        </nav>
      }
    >
      <section
        aria-labelledby="left-to-pay"
        className="rounded-3xl bg-emerald-800 p-5 text-white shadow-sm dark:bg-emerald-900"
      >
        <h2 id="left-to-pay" className="text-sm font-medium text-emerald-100">
          {t('customer.bill.leftToPay')}
        </h2>
        <p className="mt-1 text-4xl font-bold tabular-nums" data-testid="left-to-pay">
          {price(remaining)}
        </p>
        <div
          className="mt-4 h-2 overflow-hidden rounded-full bg-emerald-950/40"
          role="progressbar"
          aria-label={t('customer.bill.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div
            className="h-full rounded-full bg-white transition-[width] dark:bg-stone-900"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="mt-2 text-sm text-emerald-50" data-testid="paid-message">
          {paid > 0 ? t('customer.bill.percentPaid', { percent }) : t('customer.bill.noPayments')}
        </p>
        {payable > 0 && !paysHere ? (
          <p
            className="mt-3 rounded-xl bg-emerald-950/40 px-3 py-2 font-semibold"
            role="status"
            data-testid="pay-server"
          >
            {t('customer.bill.payServer')}
          </p>
        ) : null}
        {bill.paying ? (
          <p
            className="mt-3 rounded-xl bg-emerald-950/40 px-3 py-2 text-sm font-semibold"
            role="status"
            data-testid="paying-now"
          >
            {bill.paying.units > 0
              ? t('customer.bill.payingItems', {
                  name: bill.paying.payer ?? t('customer.bill.someone'),
                  count: bill.paying.units,
                })
              : t('customer.bill.payingAmount', {
                  name: bill.paying.payer ?? t('customer.bill.someone'),
                  amount: price(bill.paying.cents),
                })}
          </p>
        ) : null}
      </section>

      {total > 0 && remaining === 0 ? (
        <p
          className="mt-4 rounded-2xl bg-emerald-50 p-4 text-center font-semibold text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200"
          role="status"
        >
          {t('customer.bill.allPaid')}
        </p>
      ) : null}

      <WaiterCallStatus call={bill.call} billPaid={total > 0 && remaining === 0} timeZone={bill.timeZone} />

      <OrderProgressList orders={bill.orders} timeZone={bill.timeZone} />

      <section aria-labelledby="items-heading" className="mt-6">
        <h2 id="items-heading" className="mb-2 text-lg font-bold">
          {t('customer.bill.items')}
        </h2>
        {bill.lines.length === 0 ? (
          <p className="rounded-2xl bg-white p-4 text-stone-600 dark:bg-stone-900 dark:text-stone-400">
            {t('customer.bill.emptyBill')}
          </p>
        ) : (
          <ul
            className="divide-y divide-stone-200 overflow-hidden rounded-2xl bg-white shadow-sm dark:divide-stone-700 dark:bg-stone-900"
            data-testid="bill-lines"
          >
            {bill.lines.map((line) => (
              <BillLine key={line.id} line={line} tax={bill.tax} />
            ))}
          </ul>
        )}
        <dl className="mt-4 space-y-1 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
          <div className="flex justify-between">
            <dt className="text-stone-600 dark:text-stone-400">{t('customer.bill.total')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="bill-total">
              {price(total)}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-stone-600 dark:text-stone-400">{t('customer.bill.paidSoFar')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="paid-so-far">
              {price(paid)}
            </dd>
          </div>
        </dl>
      </section>

      {canPay && mineCents > 0 ? (
        // What this phone ordered, ticked already: the shortest way to pay for your own dishes.
        <Link to={customerPath.payItems(sid)} className={`${buttonClass.primary} mt-4 w-full`} data-testid="pay-mine">
          {t('customer.bill.payMine', { amount: price(mineCents) })}
        </Link>
      ) : null}
      <Link to={customerPath.menu(sid)} className={`${buttonClass.secondary} mt-4 w-full`}>
        {t('customer.bill.viewMenu')}
      </Link>
      {canPay ? (
        <Link to="?sheet=pay" preventScrollReset className={`${buttonClass.primary} mt-3 w-full`}>
          {t('customer.bill.payOrSplit')}
        </Link>
      ) : null}

      {isDemo ? <DemoPanel /> : null}

      <Sheet open={sheet === 'call'} closeTo={customerPath.bill(sid)} title={t('customer.call.title')}>
        <WaiterCallReasons />
      </Sheet>

      <Sheet
        open={canPay && (sheet === 'pay' || sheet === 'split')}
        closeTo={customerPath.bill(sid)}
        title={t('customer.sheet.title')}
      >
        {sheet === 'split' ? (
          <div className="grid gap-3">
            <SheetOption
              to={customerPath.payItems(sid)}
              icon={<ReceiptIcon />}
              title={t('customer.sheet.payItems')}
              hint={t('customer.sheet.payItemsHint')}
            />
            <SheetOption
              to={customerPath.split(sid)}
              icon={<DivideIcon />}
              title={t('customer.sheet.divideEqually')}
              hint={t('customer.sheet.divideEquallyHint')}
            />
          </div>
        ) : (
          <div className="grid gap-3">
            <SheetOption
              to="?sheet=split"
              replace
              icon={<PeopleIcon />}
              title={t('customer.sheet.splitBill')}
              hint={t('customer.sheet.splitHint')}
            />
            <SheetOption
              to={customerPath.tip(sid, selectionParams({ mode: 'full' }))}
              icon={<CardIcon />}
              title={t('customer.sheet.payFull')}
              hint={t('customer.sheet.payFullHint', { amount: price(payable) })}
            />
          </div>
        )}
      </Sheet>
    </CustomerShell>
  )
}
