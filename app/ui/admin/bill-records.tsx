import { GUEST } from '~/domain/diners'
import { folioText } from '~/domain/receipt'
import { paidWhatLabel } from '~/domain/payment-words'
import type { RefundFailure } from '~/domain/refunds'
import { ReceiptEmailForm, RefundOutsideForm, VoidPaymentForm } from '~/ui/admin/record-forms'
import { RefundForm } from '~/ui/admin/refund-form'
import { Panel } from '~/ui/admin/panel'
import { useI18n } from '~/ui/i18n'
import { useClock } from '~/ui/clock'
import { useLastResult } from '~/ui/use-schema-form'
import type { StaffPayment } from '~/server/tables/table-details.server'

interface HistoryEntry {
  id: string
  kind: 'void' | 'comp' | 'refund' | 'payment-void' | 'rating'
  text: string
  /** A rating's stars (its amount means nothing). */
  stars?: number
  amountCents: number
  reason: string
  staff: string
  createdAt: number
  /** A refund that gave nothing back: why, and whether staff gave it back outside Mesa since. */
  failed?: { failure: RefundFailure; settled: boolean }
  /** A refund staff gave back outside Mesa for a failed one: from the drawer, or another way. */
  outside?: 'cash' | 'other'
}

/** Names as staff read them: a payment without one is stored as GUEST, said in their language. */
export function useStaffNames() {
  const { t } = useI18n()
  return (names: string) =>
    names
      .split(', ')
      .map((name) => (name === GUEST ? t('admin.details.guest') : name))
      .join(', ')
}

const DISPUTE_STATUSES = ['needs_response', 'under_review', 'won', 'lost'] as const
/** A dispute's status in words; Stripe's rarer ones (warnings, already refunded) read as under review. */
const disputeStatusKey = (status: string) =>
  `admin.books.disputeStatus.${(DISPUTE_STATUSES as readonly string[]).includes(status) ? (status as (typeof DISPUTE_STATUSES)[number]) : 'under_review'}` as const

/** A bill's payments, each with what was refunded of it and, for those whose role allows it (`refunds`), the form to refund more. */
export function PaymentsPanel({
  payments,
  sessionId,
  refunds,
  tax,
  voidable = {},
}: {
  payments: StaffPayment[]
  sessionId: string
  refunds: boolean
  /** The bill's tax: a refund's confirmation says the IVA it gives back. */
  tax: { taxRateBps: number; taxIncludedInPrice: boolean }
  /** Payments the member may still undo (their own mis-taps), with when that ends. */
  voidable?: Record<string, number>
}) {
  const { t, money } = useI18n()
  const clock = useClock()
  const named = useStaffNames()
  // A refused void comes back to its payment, to say why, even once it is no longer the member's to void.
  const voidAnswer = useLastResult('void-payment')
  return (
    <Panel title={t('admin.details.payments')} empty={payments.length === 0 ? t('admin.details.noPayments') : null}>
      <ul className="divide-y divide-stone-100 dark:divide-stone-800" data-testid="bill-payments">
        {payments.map((payment) => (
          <li key={payment.id} className="grid gap-0.5 py-2">
            <div className="flex justify-between gap-3">
              <p className="font-semibold" data-testid="payment-payer">
                {/* Money staff took at the table names no diner: it says so rather than "Invitado". */}
                {payment.recordedBy && payment.customerName === GUEST
                  ? t('admin.details.takenAtTable')
                  : named(payment.customerName)}
              </p>
              <p className="font-semibold tabular-nums">{money(payment.amountCents)}</p>
            </div>
            <p className="text-sm text-stone-600 dark:text-stone-400">
              {t(`admin.details.methods.${payment.method}`)} · {paidWhatLabel(payment.paid, t)}
              {payment.tipCents > 0 ? ` · ${t('admin.details.tip', { amount: money(payment.tipCents) })}` : ''}
            </p>
            {payment.items.length > 0 ? (
              <p className="text-sm text-stone-600 dark:text-stone-400">
                {payment.items.map((item) => `${item.quantity}× ${item.name}`).join(', ')}
              </p>
            ) : null}
            <p className="text-xs text-stone-500 dark:text-stone-400" data-testid="payment-reference">
              {[
                t('admin.details.reference', { reference: payment.reference }),
                payment.folio === null ? null : t('admin.details.folio', { folio: folioText(payment.folio) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <p className="text-xs text-stone-500 dark:text-stone-400">
              {clock.dateTime(payment.createdAt)}
              {payment.recordedBy ? ` · ${t('admin.books.staff')}: ${payment.recordedBy}` : ''}
            </p>
            {payment.refundedCents > 0 ? (
              <p className="text-sm font-semibold text-red-800 dark:text-red-300">
                {t('admin.books.refundedAmount', { amount: money(payment.refundedCents) })}
              </p>
            ) : null}
            {payment.dispute ? (
              <p className="text-sm font-semibold text-red-800 dark:text-red-300" data-testid="payment-dispute">
                {t('admin.books.dispute', {
                  amount: money(payment.dispute.amountCents),
                  status: t(disputeStatusKey(payment.dispute.status)),
                })}
                {payment.dispute.dueBy && payment.dispute.status === 'needs_response'
                  ? ` · ${t('admin.books.disputeDue', { date: clock.dateTime(payment.dispute.dueBy) })}`
                  : ''}
              </p>
            ) : null}
            {payment.fiscal ? <FiscalDocuments fiscal={payment.fiscal} /> : null}
            {payment.receiptUrl ? (
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <a
                  href={payment.receiptUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex min-h-11 items-center text-sm font-semibold text-emerald-800 underline dark:text-emerald-400"
                  data-testid="payment-receipt"
                >
                  {t('admin.books.receipt')}
                </a>
                <ReceiptEmailForm sessionId={sessionId} paymentId={payment.id} />
              </div>
            ) : null}
            {voidable[payment.id] || voidAnswer?.initialValue?.paymentId === payment.id ? (
              <VoidPaymentForm sessionId={sessionId} payment={payment} until={voidable[payment.id] ?? null} />
            ) : null}
            {refunds ? (
              <RefundForm
                sessionId={sessionId}
                paymentId={payment.id}
                refundable={payment.refundable}
                items={payment.type === 'item'}
                fiscal={payment.fiscal}
                tax={tax}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </Panel>
  )
}

/**
 * Who changed a bill, when and why: voids, comps and refunds, failed ones
 * too, with why and, for those whose role gives refunds (`refunds`), a way
 * to record one as given back outside Mesa.
 */
export function HistoryPanel({
  history,
  sessionId,
  refunds,
}: {
  history: HistoryEntry[]
  sessionId: string
  refunds: boolean
}) {
  const { t, money } = useI18n()
  const clock = useClock()
  const named = useStaffNames()
  if (history.length === 0) return null
  return (
    <Panel title={t('admin.books.history')} empty={null}>
      <ul className="divide-y divide-stone-100 dark:divide-stone-800" data-testid="bill-history">
        {history.map((entry) => (
          <li key={entry.id} className="grid gap-0.5 py-2 text-sm">
            <div className="flex justify-between gap-3">
              <p className={`font-semibold ${entry.failed ? 'text-red-800 dark:text-red-300' : ''}`}>
                {entry.failed ? t('admin.books.refundNotGiven') : t(`admin.books.historyKinds.${entry.kind}`)}{' '}
                {entry.text}
              </p>
              {entry.stars ? (
                <p
                  className="text-amber-600 dark:text-amber-400"
                  aria-label={t('admin.books.stars', { count: entry.stars })}
                >
                  {'★'.repeat(entry.stars)}
                  <span className="text-stone-300 dark:text-stone-600">{'★'.repeat(5 - entry.stars)}</span>
                </p>
              ) : (
                <p className={`tabular-nums ${entry.failed ? 'line-through' : ''}`}>{money(entry.amountCents)}</p>
              )}
            </div>
            <p className="text-stone-600 dark:text-stone-400">
              {[entry.reason, named(entry.staff), clock.dateTime(entry.createdAt)].filter(Boolean).join(' · ')}
            </p>
            {entry.outside ? (
              <p className="text-stone-600 dark:text-stone-400">{t(`admin.books.outside.done.${entry.outside}`)}</p>
            ) : null}
            {entry.failed ? (
              <p className="text-red-800 dark:text-red-300" data-testid="refund-failure">
                {t(`admin.books.refundFailures.${entry.failed.failure}`)}
                {entry.failed.settled ? ` ${t('admin.books.outside.settled')}` : ''}
              </p>
            ) : null}
            {entry.failed && !entry.failed.settled && refunds ? (
              <RefundOutsideForm sessionId={sessionId} refundId={entry.id} />
            ) : null}
          </li>
        ))}
      </ul>
    </Panel>
  )
}

/** A payment's factura and the egresos its refunds issued after it, each with where it stands. */
function FiscalDocuments({ fiscal }: { fiscal: NonNullable<StaffPayment['fiscal']> }) {
  const { t, money } = useI18n()
  return (
    <ul className="grid gap-0.5 text-sm" data-testid="payment-fiscal">
      {fiscal.factura ? (
        <li>{t(`admin.books.fiscal.factura.${fiscal.factura.status}`, { name: fiscal.factura.legalName })}</li>
      ) : null}
      {fiscal.replaced.map((replaced, index) => (
        <li key={index}>
          {t(`admin.books.fiscal.replaced.${replaced.cancellation ?? 'asking'}`, { name: replaced.legalName })}
        </li>
      ))}
      {fiscal.egresos.map((egreso, index) => (
        <li key={index} className={egreso.status === 'failed' ? 'font-semibold text-red-800 dark:text-red-300' : ''}>
          {t(
            egreso.cancellation
              ? `admin.books.fiscal.cancellation.${egreso.cancellation}`
              : `admin.books.fiscal.${egreso.kind}.${egreso.status}`,
            {
              amount: money(egreso.cents),
              uuid: egreso.uuid ?? '',
              error: egreso.error ?? '',
            },
          )}
        </li>
      ))}
    </ul>
  )
}
