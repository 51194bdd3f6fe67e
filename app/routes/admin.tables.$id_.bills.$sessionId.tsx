import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { closedBillOutcome } from '~/domain/bill'
import { formatDateTime } from '~/domain/format'
import { DEFAULT_LANGUAGE, LOCALE_OF } from '~/locales'
import { can } from '~/domain/permissions'
import { CLOSED_BILL_FORMS } from '~/domain/schemas/table-forms'
import { signatureOf } from '~/domain/signature'
import { settleRefundOutside } from '~/server/bills/bill-writes.server'
import { resendReceipt } from '~/server/receipts/staff-receipts.server'
import { invalidForm, refundThroughForm, refundOutsideAnswer, refusedForm } from '~/server/tables/staff-table.server'
import { ownTable, requireStaff, requireStaffForm, type PageAccess, type Principal } from '~/server/auth/guard.server'
import { readClosedBillDetails } from '~/server/tables/table-details.server'
import { ConsumedPanel } from '~/ui/admin/bill-lines'
import { HistoryPanel, PaymentsPanel } from '~/ui/admin/bill-records'
import { tableLabel } from '~/ui/admin/restaurant'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { useI18n } from '~/ui/i18n'
import { useClock } from '~/ui/clock'
import { rootDataOf, staffTimeZone, staffTitle } from '~/ui/page-title'

export const meta: MetaFunction<typeof loader> = (args) => {
  const locale = LOCALE_OF[rootDataOf(args.matches)?.language ?? DEFAULT_LANGUAGE]
  return staffTitle(args, (t) =>
    args.data
      ? `${tableLabel(t, args.data.table)} · ${t('admin.details.closedAt', { date: formatDateTime(args.data.bill.closedAt, locale, staffTimeZone(args.matches)) })}`
      : '',
  )
}

/** A closed bill is the books' (its totals and tips): a waiter works the open bill on the table's page. */
export const access: PageAccess = { view: 'books.view', intents: CLOSED_BILL_FORMS.permissions }

async function loadClosedBill(args: LoaderFunctionArgs, principal: Principal) {
  const { table } = await ownTable(args.context, principal, args.params.id)
  // Another table's bill, or one still open, answers like an unknown one.
  const bill = await readClosedBillDetails(args.context.cloudflare.env, table, args.params.sessionId ?? '')
  if (!bill) throw data(null, { status: 404 })
  return { table, bill }
}

export async function loader(args: LoaderFunctionArgs) {
  const principal = await requireStaff(args.context, args.request, 'page', access.view)
  const { table, bill } = await loadClosedBill(args, principal)
  return {
    table: { id: table.id, tableNumber: table.tableNumber, tableName: table.tableName },
    bill,
    role: principal.role,
  }
}

/**
 * A refund of one of the closed bill's payments (the money goes back; its
 * units stay as they were), or a failed one recorded as given back outside Mesa.
 */
export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData()
  const principal = await requireStaffForm(args.context, args.request, access, form)
  const { table, bill } = await loadClosedBill(args, principal)
  const here = `/admin/tables/${table.id}/bills/${bill.sessionId}`
  const env = args.context.cloudflare.env
  const by = signatureOf(principal.person)
  const submission = parseWithZod(form, { schema: CLOSED_BILL_FORMS.schema })
  if (submission.status !== 'success') return invalidForm(submission)
  const sent = submission.value
  if (sent.intent === 'receipt-email') return resendReceipt(env, args.request, submission, sent, { here, table })
  if (sent.sessionId !== bill.sessionId) return refusedForm(submission, 'CLOSED')
  if (sent.intent === 'refund-outside')
    return refundOutsideAnswer(here, submission, await settleRefundOutside(env, table.id, sent, by))
  return refundThroughForm(env, { tableId: table.id, here, by }, submission, sent)
}

/** A bill closed on the table: its payments, to refund one after the table moved on, and what happened to it. */
export default function ClosedBill() {
  const { table, bill, role } = useLoaderData<typeof loader>()
  const { t, money } = useI18n()
  const clock = useClock()
  const outcome = closedBillOutcome(bill.totals)
  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo={`/admin/tables/${table.id}`} backLabel={t('admin.books.orderBack')} />
      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-6">
        <div>
          <h1 className="text-2xl font-bold">{tableLabel(t, table)}</h1>
          <p className="text-stone-600 dark:text-stone-400">
            {t('admin.details.closedAt', { date: clock.dateTime(bill.closedAt) })}
          </p>
          <p className="font-semibold tabular-nums" data-testid="closed-bill-paid">
            {outcome.paid
              ? outcome.refundedCents > 0
                ? t('admin.details.closedRefunded', { amount: money(outcome.refundedCents) })
                : t('admin.details.closedPaid')
              : t('admin.details.closedPartly', { paid: money(outcome.paidCents), total: money(bill.totals.total) })}
          </p>
          {bill.settlement && (bill.settlement.unpaidCents > 0 || bill.settlement.staff) ? (
            <p className="text-stone-600 dark:text-stone-400" data-testid="closed-by">
              {bill.settlement.unpaidCents > 0
                ? t('admin.books.leftUnpaid', {
                    amount: money(bill.settlement.unpaidCents),
                    reason: bill.settlement.reason ?? '',
                    staff: bill.settlement.staff,
                  })
                : t('admin.details.closedBy', { name: bill.settlement.staff })}
            </p>
          ) : null}
        </div>
        <ConsumedPanel lines={bill.lines} />
        <PaymentsPanel
          payments={bill.payments}
          sessionId={bill.sessionId}
          refunds={can(role, 'refunds.issue')}
          tax={bill.tax}
        />
        <HistoryPanel history={bill.history} sessionId={bill.sessionId} refunds={can(role, 'refunds.issue')} />
      </main>
    </div>
  )
}
