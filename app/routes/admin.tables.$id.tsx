import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { formatDateTime } from '~/domain/format'
import { livePath } from '~/domain/live'
import { closeBillSchema } from '~/domain/schemas/tables'
import { requireStaffPage } from '~/server/auth/session.server'
import { closeBill } from '~/server/bill-writes.server'
import { getDb } from '~/server/db/client.server'
import { readTableDetails } from '~/server/table-details.server'
import { findOwnTable } from '~/server/tables.server'
import { redirectWithToast } from '~/server/toast.server'
import { UrlDialog } from '~/ui/admin/dialog'
import { Panel } from '~/ui/admin/panel'
import { tableLabel } from '~/ui/admin/restaurant'
import { AdminTopBar } from '~/ui/admin/top-bar'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import { useLiveSocket } from '~/ui/use-live'

export const meta: MetaFunction = () => [{ title: 'Mesa · Staff Dashboard' }]

async function loadOwnTable({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireStaffPage(context, request)
  const db = getDb(context.cloudflare.env.DB)
  // Another owner's table answers exactly like an unknown one.
  const table = await findOwnTable(db, user.id, params.id ?? '')
  if (!table) throw data(null, { status: 404 })
  return { db, table }
}

export async function loader(args: LoaderFunctionArgs) {
  const { table } = await loadOwnTable(args)
  const details = await readTableDetails(args.context.cloudflare.env, table)
  if (!details) throw data(null, { status: 404 })
  return { table: { id: table.id, tableNumber: table.tableNumber, tableName: table.tableName, capacity: table.capacity, shortCode: table.shortCode }, details }
}

export async function action(args: ActionFunctionArgs) {
  const { table } = await loadOwnTable(args)
  const here = `/admin/tables/${table.id}`
  const submission = parseWithZod(await args.request.formData(), { schema: closeBillSchema })
  if (submission.status !== 'success') return data({ message: 'admin.errors.formError' }, { status: 400 })
  const result = await closeBill(args.context.cloudflare.env, table.id, submission.value.sessionId)
  if (result.ok) return redirectWithToast(here, { title: 'admin.details.closed' })
  if (result.code === 'CLOSED') return redirectWithToast(here, { title: 'admin.details.alreadyClosed', variant: 'destructive' })
  if (result.code === 'LEDGER_UNAVAILABLE') return redirectWithToast(here, { title: 'admin.details.closeLater', variant: 'destructive' })
  throw data(null, { status: result.status })
}

export default function TableDetails() {
  const { table, details } = useLoaderData<typeof loader>()
  const { t, money, locale } = useI18n()
  const [searchParams] = useSearchParams()
  const closing = useNavigation().state === 'submitting'
  const { totals } = details
  // Orders and payments on this table show as they happen.
  useLiveSocket(livePath.restaurant, (event, revalidate) => {
    if (event.tableId === table.id) revalidate()
  })
  // Payments without a name are stored as 'Guest'; staff read it in their language.
  const named = (names: string) =>
    names
      .split(', ')
      .map((name) => (name === 'Guest' ? t('admin.details.guest') : name))
      .join(', ')

  return (
    <div className="min-h-dvh">
      <AdminTopBar backTo="/admin/dashboard" backLabel={t('admin.details.back')} />
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">{tableLabel(t, table)}</h1>
            <p className="font-semibold" data-testid="table-details-code">
              {t('admin.tables.code', { code: table.shortCode })}
            </p>
            {details.openedAt ? <p className="text-stone-600">{t('admin.details.openedAt', { date: formatDateTime(details.openedAt, locale) })}</p> : null}
            <p className="break-all text-xs text-stone-600">{t('admin.tables.session', { id: details.sessionId })}</p>
          </div>
          <Link to="?close=1" preventScrollReset className={buttonClass.danger} data-testid="close-bill">
            {t('admin.details.close')}
          </Link>
        </div>

        <dl className="grid grid-cols-3 gap-3" data-testid="bill-totals">
          {(
            [
              ['total', totals.total],
              ['paid', totals.paid],
              ['remaining', totals.remaining],
            ] as const
          ).map(([key, cents]) => (
            <div key={key} className="rounded-2xl bg-white p-4 shadow-sm">
              <dt className="text-sm text-stone-600">{t(`admin.details.${key}`)}</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid={`bill-${key}`}>
                {money(cents)}
              </dd>
            </div>
          ))}
        </dl>

        <div className="grid gap-6 lg:grid-cols-2">
          <Panel title={t('admin.details.items')} empty={details.lines.length === 0 ? t('admin.details.noItems') : null}>
            <ul className="divide-y divide-stone-100" data-testid="bill-lines">
              {details.lines.map((line) => {
                const settled = line.paidQuantity >= line.quantity
                return (
                  <li key={line.id} className="flex items-start justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <p className="font-semibold">
                        {line.quantity}× {line.name}
                      </p>
                      {line.description ? <p className="text-sm text-stone-700">{line.description}</p> : null}
                      <p className="text-sm text-stone-600">{t('admin.details.orderedBy', { name: named(line.customerName ?? 'Guest') })}</p>
                      {line.paidQuantity > 0 ? (
                        <p className={`text-sm ${settled ? 'text-emerald-800' : 'text-amber-800'}`}>
                          {settled ? t('admin.details.paid') : t('admin.details.paidUnits', { paid: line.paidQuantity, quantity: line.quantity })}
                          {line.paidBy ? ` · ${t('admin.details.paidBy', { name: named(line.paidBy) })}` : ''}
                        </p>
                      ) : null}
                    </div>
                    <p className={`tabular-nums ${settled ? 'text-stone-500 line-through' : 'font-semibold'}`}>{money(line.priceCents)}</p>
                  </li>
                )
              })}
            </ul>
          </Panel>

          <Panel title={t('admin.details.payments')} empty={details.payments.length === 0 ? t('admin.details.noPayments') : null}>
            <ul className="divide-y divide-stone-100" data-testid="bill-payments">
              {details.payments.map((payment) => (
                <li key={payment.id} className="grid gap-0.5 py-2">
                  <div className="flex justify-between gap-3">
                    <p className="font-semibold">{named(payment.customerName)}</p>
                    <p className="font-semibold tabular-nums">{money(payment.amountCents)}</p>
                  </div>
                  <p className="text-sm text-stone-600">
                    {t(`admin.details.methods.${payment.method}`)} · {t(`admin.details.types.${payment.type}`)}
                    {payment.type === 'split' && payment.splitCount ? ` (${t('admin.details.share', { shares: payment.splitShares ?? 1, count: payment.splitCount })})` : ''}
                    {payment.tipCents > 0 ? ` · ${t('admin.details.tip', { amount: money(payment.tipCents) })}` : ''}
                  </p>
                  {payment.items.length > 0 ? <p className="text-sm text-stone-600">{payment.items.map((item) => `${item.quantity}× ${item.name}`).join(', ')}</p> : null}
                  <p className="text-xs text-stone-500">{formatDateTime(payment.createdAt, locale)}</p>
                </li>
              ))}
            </ul>
          </Panel>
        </div>

        <Panel title={t('admin.details.previous')} empty={details.previous.length === 0 ? t('admin.details.noPrevious') : null}>
          <ul className="divide-y divide-stone-100" data-testid="previous-bills">
            {details.previous.map((bill) => (
              <li key={bill.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                <span>{t('admin.details.closedAt', { date: formatDateTime(bill.closedAt, locale) })}</span>
                <span className="tabular-nums">{t('admin.details.previousLine', { count: bill.payments, amount: money(bill.paidCents), tip: money(bill.tipCents) })}</span>
              </li>
            ))}
          </ul>
        </Panel>
      </main>

      <UrlDialog open={searchParams.has('close')} closeTo="?" title={t('admin.details.closeTitle', { number: table.tableNumber })}>
        <Form method="post" replace className="grid gap-4">
          <input type="hidden" name="sessionId" value={details.sessionId} />
          {totals.remaining > 0 ? (
            <p role="alert" className="rounded-xl bg-amber-50 p-3 font-semibold text-amber-900">
              {t('admin.details.closeConfirm', { amount: money(totals.remaining) })}
            </p>
          ) : (
            <p>{t('admin.details.closeAll')}</p>
          )}
          <p className="text-sm text-stone-600">{t('admin.details.closeHint')}</p>
          <div className="flex justify-end gap-2">
            <Link to="?" replace className={buttonClass.secondary}>
              {t('admin.details.cancel')}
            </Link>
            <button type="submit" className={buttonClass.danger} disabled={closing}>
              {t('admin.details.close')}
            </button>
          </div>
        </Form>
      </UrlDialog>
    </div>
  )
}
