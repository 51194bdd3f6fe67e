import { Form, Link } from '@remix-run/react'
import { formatDateTime, formatDay } from '~/domain/format'
import { buttonClass } from '~/ui/button'
import { ErrorList, Field } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { Panel } from './panel'
import type { InvoiceIntent } from '~/domain/schemas/invoices'

interface GlobalSection {
  periodicity: 'day' | 'week' | 'fortnight' | 'month'
  from: string
  to: string
  /** When the SAT wants it: 24 hours after the period closes. */
  deadline: number
  /** Whether it has passed (told by the server: a render must not read the clock). */
  late: boolean
  timeZone: string
  connected: boolean
  summary: { count: number; totalCents: number; ivaCents: number }
  issued: { id: string; fromDay: string; toDay: string; totalCents: number; issuedBy: string }[]
}

interface Answer {
  initialValue?: Record<string, unknown> | null
  error?: Record<string, string[] | null> | null
}

/**
 * The owner's factura global: a period (the last whole one of the
 * restaurant's periodicity unless chosen), what its payments nobody
 * invoiced come to, and, with Facturapi, the button that issues it and the
 * ones issued; without it, the figures an accountant issues it with.
 */
export function GlobalInvoiceSection({ global, answer }: { global: GlobalSection; answer: Answer | undefined }) {
  const { t, money, locale } = useI18n()
  const mine = answer?.initialValue?.intent === 'global' ? answer : undefined
  return (
    <Panel title={t('admin.invoices.global.title')}>
      <div className="grid gap-4" data-testid="global-invoice">
        <p className="text-stone-600 dark:text-stone-400">
          {t('admin.invoices.global.lead', { period: t(`admin.settings.fiscal.periodicities.${global.periodicity}`) })}
        </p>
        <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <Field
            label={t('admin.invoices.global.from')}
            inputProps={{ name: 'from', type: 'date', defaultValue: global.from }}
          />
          <Field
            label={t('admin.invoices.global.to')}
            inputProps={{ name: 'to', type: 'date', defaultValue: global.to }}
          />
          <button type="submit" className={buttonClass.secondary}>
            {t('admin.invoices.global.show')}
          </button>
        </Form>
        <p className="text-lg font-semibold" data-testid="global-summary">
          {t('admin.invoices.global.summary', {
            count: global.summary.count,
            from: formatDay(global.from, locale),
            to: formatDay(global.to, locale),
            total: money(global.summary.totalCents),
            iva: money(global.summary.ivaCents),
          })}
        </p>
        {global.summary.count > 0 ? <Deadline {...global} /> : null}
        {global.connected ? (
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="intent" value={'global' satisfies InvoiceIntent} />
            <input type="hidden" name="from" value={global.from} />
            <input type="hidden" name="to" value={global.to} />
            <ErrorList errors={[...(mine?.error?.[''] ?? []), ...(mine?.error?.to ?? [])]} alert />
            <button type="submit" className={buttonClass.primary} disabled={global.summary.count === 0}>
              {t('admin.invoices.global.issue')}
            </button>
          </Form>
        ) : (
          <p className="rounded-xl bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100">
            {t('admin.invoices.global.byHand')}
          </p>
        )}
        {global.issued.length > 0 ? (
          <ul className="grid gap-2" data-testid="global-invoices">
            {global.issued.map((invoice) => (
              <li
                key={invoice.id}
                className="flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-2 dark:border-stone-800"
              >
                <span>
                  {formatDay(invoice.fromDay, locale)} – {formatDay(invoice.toDay, locale)} ·{' '}
                  {money(invoice.totalCents)} · {invoice.issuedBy}
                </span>
                <span className="flex gap-3">
                  <a
                    href={`/admin/invoices/global/${invoice.id}/pdf`}
                    className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline dark:text-emerald-400"
                  >
                    PDF
                  </a>
                  <a
                    href={`/admin/invoices/global/${invoice.id}/xml`}
                    className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline dark:text-emerald-400"
                  >
                    XML
                  </a>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Panel>
  )
}

/** By when the SAT wants the period's factura global, or that the time has passed. */
function Deadline({ deadline, late, timeZone }: Pick<GlobalSection, 'deadline' | 'late' | 'timeZone'>) {
  const { t, locale } = useI18n()
  const date = formatDateTime(deadline, locale, timeZone)
  return (
    <p
      className={
        late
          ? 'rounded-xl bg-red-50 p-3 font-semibold text-red-900 dark:bg-red-950/60 dark:text-red-100'
          : 'text-stone-700 dark:text-stone-300'
      }
      data-testid="global-deadline"
    >
      {t(late ? 'admin.invoices.global.late' : 'admin.invoices.global.deadline', { date })}
    </p>
  )
}

/** On the owner's dashboard: the last period's factura global the SAT waits for, by when, and the way to it. */
export function GlobalInvoiceDue({
  due,
}: {
  due: { from: string; to: string; count: number; deadline: number; late: boolean; timeZone: string }
}) {
  const { t, locale } = useI18n()
  const date = formatDateTime(due.deadline, locale, due.timeZone)
  return (
    <p
      role="status"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-2xl p-4 ${
        due.late
          ? 'bg-red-50 text-red-950 dark:bg-red-950/60 dark:text-red-50'
          : 'bg-amber-50 text-amber-950 dark:bg-amber-950/60 dark:text-amber-50'
      }`}
      data-testid="global-due"
    >
      <span>
        {t(due.late ? 'admin.invoices.global.dueLate' : 'admin.invoices.global.due', {
          count: due.count,
          from: formatDay(due.from, locale),
          to: formatDay(due.to, locale),
          date,
        })}
      </span>
      <Link to={`/admin/invoices?from=${due.from}&to=${due.to}`} className={buttonClass.secondary}>
        {t('admin.invoices.global.open')}
      </Link>
    </p>
  )
}
