import { formatMoney } from '~/domain/money'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { Link, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { charged, lineSettled, unitsLeft } from '~/domain/bill'
import { changeFrom } from '~/domain/cash-tendered'
import { livePath } from '~/domain/live'
import { can } from '~/domain/permissions'
import { signatureOf } from '~/domain/signature'
import { TABLE_FORMS } from '~/domain/schemas/table-forms'
import {
  adjustLine,
  recordStaffPayment,
  settleAndClose,
  settleRefundOutside,
  voidPayment,
} from '~/server/bills/bill-writes.server'
import { voidableBy } from '~/domain/refunds'
import { readTableDetails } from '~/server/tables/table-details.server'
import { invalidForm, refundThroughForm, refundOutsideAnswer, refusedForm } from '~/server/tables/staff-table.server'
import { demand, ownTable, requireStaffForm, requireStaffTable, type PageAccess } from '~/server/auth/guard.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { CloseBillForm } from '~/ui/admin/close-bill-form'
import { ChangeOwed, QuickCharge, RecordPaymentForm } from '~/ui/admin/payment-forms'
import { AdjustForm } from '~/ui/admin/record-forms'
import { LinePaid } from '~/ui/admin/bill-lines'
import { HistoryPanel, PaymentsPanel, useStaffNames } from '~/ui/admin/bill-records'
import { UrlDialog } from '~/ui/admin/dialog'
import { Panel } from '~/ui/admin/panel'
import { PreviousBills } from '~/ui/admin/previous-bills'
import { tableLabel } from '~/ui/admin/restaurant'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { ErrorList, FormActions } from '~/ui/forms'
import { useKeyAfterSuccess, useUnansweredRefusal } from '~/ui/use-schema-form'
import { useI18n } from '~/ui/i18n'
import { useClock } from '~/ui/clock'
import { staffTitle } from '~/ui/page-title'
import { useLiveSocket } from '~/ui/use-live'
import { alertOf } from '~/domain/alerts'
import { followChoice, setFollowing } from '~/server/alerts/alert-reads.server'
import { answerCall } from '~/server/alerts/waiter-calls.server'
import { getDb } from '~/server/db/client.server'
import { chooseDeviceRegister, deviceDrawer, drawerOfForm, registersOf } from '~/server/books/registers.server'
import { registersInUse } from '~/domain/registers'
import { resendReceipt } from '~/server/receipts/staff-receipts.server'
import { CallWaiting, FollowTable } from '~/ui/admin/table-alerts'

/** The page follows the restaurant live itself (the staff area's own socket stands down). */
export const handle = { live: true }

export const meta: MetaFunction<typeof loader> = (args) =>
  staffTitle(args, (t) => (args.data ? tableLabel(t, args.data.table) : ''))

/** Seeing the table is every member's; each form asks for its own permission (TABLE_FORMS). */
export const access: PageAccess = { view: 'tables.view', intents: TABLE_FORMS.permissions }

/** The cash payment just recorded (the action's redirect names it), whose change the page shows until dismissed. */
const PAID = 'paid'
const changeOwed = (payments: (Parameters<typeof changeFrom>[0] & { id: string })[], id: string | null) => {
  const payment = id ? payments.find((each) => each.id === id) : undefined
  return payment ? changeFrom(payment) : null
}

export async function loader(args: LoaderFunctionArgs) {
  const { table, person, role } = await requireStaffTable(args.context, args.request, args.params.id, access.view)
  const env = args.context.cloudflare.env
  const [details, chosen, named] = await Promise.all([
    readTableDetails(env, table, { previous: can(role, 'books.view') }),
    followChoice(getDb(env.DB), person.id, table.id),
    registersOf(env, table.restaurantId),
  ])
  if (!details) throw data(null, { status: 404 })
  return {
    table: {
      id: table.id,
      tableNumber: table.tableNumber,
      tableName: table.tableName,
      capacity: table.capacity,
      shortCode: table.shortCode,
    },
    details,
    // Whose name what is recorded here goes under.
    signer: signatureOf(person).name,
    // The payments this member recorded minutes ago and may still undo themselves, and until when.
    voidable: can(role, 'payments.void') ? voidableBy(details.payments, person.id, Date.now()) : {},
    // The registers cash may go into, and the one this device's does.
    cash: { registers: registersInUse(named), drawer: await deviceDrawer(args.request, named) },
    // The person's own choice, else what their role follows.
    following: chosen ?? can(role, 'alerts.all-tables'),
    role,
    // Made once per visit, so a double submit records the payment once.
    transactionId: `staff_${crypto.randomUUID()}`,
    // Worked out from the payment as the bill keeps it, never from what the address says.
    change: changeOwed(details.payments, new URL(args.request.url).searchParams.get(PAID)),
  }
}

/**
 * Every staff write on the table's bill, one form each, told apart by
 * `intent`; each goes through the bill's object. A refused or invalid form
 * comes back with its errors and what was typed; a done one goes back to the
 * page with a toast.
 */
export async function action(args: ActionFunctionArgs) {
  const formData = await args.request.formData()
  const principal = await requireStaffForm(args.context, args.request, access, formData)
  const { table } = await ownTable(args.context, principal, args.params.id)
  // Every write is signed by who is signed in; nothing the form says names anyone.
  const by = signatureOf(principal.person)
  const env = args.context.cloudflare.env
  const here = `/admin/tables/${table.id}`
  const submission = parseWithZod(formData, { schema: TABLE_FORMS.schema })
  if (submission.status !== 'success') return invalidForm(submission)
  const sent = submission.value
  // Cash goes into a register in use (the device's when the form names none); a form naming another is refused.
  const drawerOf = async (method: string | undefined, register: string | null) => {
    if (method !== 'cash') return null
    return drawerOfForm(args.request, await registersOf(env, principal.restaurant.id), register)
  }
  switch (sent.intent) {
    case 'choose-register': {
      const chosen = await drawerOf('cash', sent.register)
      if (chosen === false) return invalidForm(submission, 'admin.books.errors.register')
      return redirectWithToast(
        here,
        { title: 'admin.books.registerChosen' },
        { headers: { 'Set-Cookie': await chooseDeviceRegister(sent.register) } },
      )
    }
    case 'record-payment': {
      const register = await drawerOf(sent.method, sent.register)
      if (register === false) return invalidForm(submission, 'admin.books.errors.register')
      const result = await recordStaffPayment(env, table.id, { ...sent, register }, by)
      if (!result.ok) return refusedForm(submission, result.code)
      // With cash handed over, the change, shown large on the page until the waiter is done with it.
      if (sent.cashReceived !== null) return redirect(`${here}?${PAID}=${result.payment.id}`)
      return redirectWithToast(here, {
        title: 'admin.books.recorded',
        description: formatMoney(charged(result.payment)),
      })
    }
    case 'adjust': {
      if (sent.kind === 'comp') await demand(principal, args.request, 'page', 'lines.comp')
      const result = await adjustLine(env, table.id, sent, by)
      if (!result.ok) return refusedForm(submission, result.code)
      return redirectWithToast(here, { title: sent.kind === 'void' ? 'admin.books.voided' : 'admin.books.comped' })
    }
    case 'void-payment': {
      const result = await voidPayment(env, table.id, sent, by)
      if (!result.ok) return refusedForm(submission, result.code)
      return redirectWithToast(here, { title: 'admin.books.voidPayment.done' })
    }
    case 'refund':
      return refundThroughForm(env, { tableId: table.id, here, by }, submission, sent)
    case 'receipt-email':
      return resendReceipt(env, args.request, submission, sent, { here, table })
    case 'refund-outside':
      return refundOutsideAnswer(here, submission, await settleRefundOutside(env, table.id, sent, by))
    case 'follow':
      await setFollowing(getDb(env.DB), principal.person.id, table.id, sent.following)
      return redirectWithToast(here, { title: 'admin.alerts.followSaved' })
    case 'answer-call': {
      const answered = await answerCall(env, principal.restaurant.id, sent, by)
      return redirectWithToast(
        here,
        answered.ok ? { title: 'admin.alerts.answered' } : { title: 'admin.alerts.callGone', variant: 'destructive' },
      )
    }
    case 'close': {
      if (sent.settledBy === 'unpaid' || sent.unpaidReason)
        await demand(principal, args.request, 'page', 'bills.close-unpaid')
      const register = await drawerOf(sent.settledBy, sent.register)
      if (register === false) return invalidForm(submission, 'admin.books.errors.register')
      const result = await settleAndClose(env, table.id, { ...sent, register }, by)
      // The bill was closed meanwhile: the dialog would now name the next party's bill, so it closes and says so.
      if (!result.ok && result.code === 'CLOSED')
        return redirectWithToast(here, { title: 'admin.details.alreadyClosed', variant: 'destructive' })
      if (!result.ok) return refusedForm(submission, result.code)
      return redirectWithToast(here, { title: 'admin.details.closed' })
    }
  }
}

export default function TableDetails() {
  const { table, details, signer, role, transactionId, change, following, voidable, cash } =
    useLoaderData<typeof loader>()
  const { t, money } = useI18n()
  const clock = useClock()
  const [searchParams] = useSearchParams()
  const closing = useNavigation().state === 'submitting'
  const { totals } = details
  // Orders and payments on this table show as they happen.
  useLiveSocket(
    livePath.restaurant,
    (event, revalidate) => {
      // The table's own changes, and what rings the bell elsewhere.
      if (event.tableId === table.id || alertOf(event) || event.change === 'call-answered') revalidate()
    },
    { catchUp: true },
  )
  const named = useStaffNames()
  const paymentFormKey = useKeyAfterSuccess('record-payment')
  // A refusal whose form left the page (its line paid, its payment gone, nothing left to pay) is said at the top.
  const unanswered = useUnansweredRefusal((sent) => {
    if (sent.intent === 'adjust')
      return details.lines.some((line) => line.id === sent.lineId && line.quantity > line.paidQuantity)
    if (sent.intent === 'refund') return details.payments.some((payment) => payment.id === sent.paymentId)
    if (sent.intent === 'record-payment') return totals.remaining > 0 && !sent.quick
    // The register chooser keeps no answer of its own.
    if (sent.intent === 'choose-register') return false
    return true
  })

  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo="/admin/dashboard" backLabel={t('admin.details.back')} />
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">{tableLabel(t, table)}</h1>
            <p className="font-semibold" data-testid="table-details-code">
              {t('admin.tables.code', { code: table.shortCode })}
              {table.capacity ? ` · ${t('admin.tables.capacity', { count: table.capacity })}` : null}
            </p>
            {details.seatedAt ? (
              <p className="text-stone-600 dark:text-stone-400" data-testid="seated-at">
                {t('admin.tables.seatedAt', { time: clock.time(details.seatedAt) })}
              </p>
            ) : null}
            <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="signed-as">
              {t('admin.books.signedAs', { name: signer })}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {/* The table's two jobs first, in reach of a thumb: take an order, take the money. */}
            <Link to={`/admin/tables/${table.id}/order`} className={buttonClass.primary} data-testid="staff-order">
              {t('admin.books.order')}
            </Link>
            {totals.remaining > 0 && can(role, 'payments.record') ? (
              <a href="#charge" className={buttonClass.primary} data-testid="go-charge">
                {t('admin.books.charge')}
              </a>
            ) : null}
            <FollowTable following={following} />
          </div>
        </div>
        <nav aria-label={t('admin.details.tableLinks')} className="-mt-3 flex flex-wrap gap-x-4 text-sm">
          <Link to={`/admin/dashboard?qr=${table.id}`} className="inline-flex min-h-11 items-center underline">
            {t('admin.tables.viewQr')}
          </Link>
          {can(role, 'tables.manage') ? (
            <>
              <Link to={`/admin/dashboard?edit=${table.id}`} className="inline-flex min-h-11 items-center underline">
                {t('admin.tables.edit')}
              </Link>
              <Link to={`/admin/dashboard?archive=${table.id}`} className="inline-flex min-h-11 items-center underline">
                {t('admin.tables.archive')}
              </Link>
            </>
          ) : null}
        </nav>

        {details.call ? <CallWaiting call={details.call} sessionId={details.sessionId} /> : null}

        <ErrorList errors={unanswered} alert testId="page-errors" />

        <dl className="grid grid-cols-3 gap-3" data-testid="bill-totals">
          {(
            [
              ['total', totals.total],
              ['paid', totals.paid],
              ['remaining', totals.remaining],
            ] as const
          ).map(([key, cents]) => (
            <div key={key} className="rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
              <dt className="text-sm text-stone-600 dark:text-stone-400">{t(`admin.details.${key}`)}</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid={`bill-${key}`}>
                {money(cents)}
              </dd>
              {key === 'paid' && totals.refunded > 0 ? (
                <dd className="text-sm text-stone-600 dark:text-stone-400" data-testid="bill-refunded">
                  {t('admin.details.paidAfterRefunds', { amount: money(totals.refunded) })}
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
        <p className="-mt-4 text-sm text-stone-600 dark:text-stone-400">{t('admin.details.totalsNote')}</p>

        {change !== null ? <ChangeOwed cents={change} doneTo={`/admin/tables/${table.id}`} /> : null}

        {totals.remaining > 0 ? (
          <>
            <QuickCharge
              sessionId={details.sessionId}
              transactionId={transactionId}
              remaining={totals.remaining}
              tax={details.tax}
              cash={cash}
            />
            {/* Made again once a payment went through: nothing typed is left to send twice. */}
            <RecordPaymentForm
              key={paymentFormKey}
              sessionId={details.sessionId}
              transactionId={transactionId}
              remaining={totals.remaining}
              tax={details.tax}
              lines={details.lines}
              register={cash.drawer}
            />
          </>
        ) : null}

        <div>
          <Link to="?close=1" preventScrollReset className={buttonClass.secondary} data-testid="close-bill">
            {t('admin.details.close')}
          </Link>
        </div>

        <div className="grid gap-6 lg:grid-cols-2">
          <Panel
            title={t('admin.details.items')}
            empty={details.lines.length === 0 ? t('admin.details.noItems') : null}
          >
            <ul className="divide-y divide-stone-100 dark:divide-stone-800" data-testid="bill-lines">
              {details.lines.map((line) => {
                const settled = lineSettled(line)
                return (
                  <li key={line.id} className="grid gap-1 py-2">
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-semibold">
                          {line.quantity}× {line.name}
                        </p>
                        {line.description ? (
                          <p className="text-sm text-stone-700 dark:text-stone-300">{line.description}</p>
                        ) : null}
                        {line.note ? (
                          <p className="text-sm text-stone-700 italic dark:text-stone-300">“{line.note}”</p>
                        ) : null}
                        <p className="text-sm text-stone-600 dark:text-stone-400">
                          {t('admin.details.orderedBy', {
                            name: line.customerName ? named(line.customerName) : (line.addedBy ?? named('Guest')),
                          })}
                        </p>
                        <LinePaid line={line} />
                      </div>
                      <p
                        className={`shrink-0 tabular-nums ${settled && !line.comped ? 'text-stone-500 line-through dark:text-stone-400' : 'font-semibold'}`}
                      >
                        {line.comped ? t('admin.books.onTheHouse') : money(line.priceCents)}
                      </p>
                    </div>
                    {line.quantity > line.paidQuantity ? (
                      <AdjustForm
                        sessionId={details.sessionId}
                        lineId={line.id}
                        unpaid={unitsLeft(line)}
                        comp={can(role, 'lines.comp')}
                      />
                    ) : null}
                  </li>
                )
              })}
            </ul>
          </Panel>

          <PaymentsPanel
            payments={details.payments}
            sessionId={details.sessionId}
            refunds={can(role, 'refunds.issue')}
            tax={details.tax}
            voidable={voidable}
          />
        </div>

        <HistoryPanel history={details.history} sessionId={details.sessionId} refunds={can(role, 'refunds.issue')} />

        {details.previous ? <PreviousBills tableId={table.id} bills={details.previous} /> : null}
      </main>

      <UrlDialog
        open={searchParams.has('close')}
        closeTo="?"
        title={t('admin.details.closeTitle', { number: table.tableNumber })}
      >
        <CloseBillForm
          sessionId={details.sessionId}
          transactionId={transactionId}
          remaining={totals.remaining}
          tax={details.tax}
          unpaid={can(role, 'bills.close-unpaid')}
          register={cash.drawer}
          actions={
            <FormActions cancelTo="?" cancelLabel={t('admin.details.cancel')} pending={closing} danger keepPlace>
              {t('admin.details.close')}
            </FormActions>
          }
        />
      </UrlDialog>
    </div>
  )
}
