import { Form, Link } from '@remix-run/react'
import { shiftDay, type PeriodField, type PeriodQuery } from '~/domain/cash-out-period'
import { buttonClass } from '../button'
import { Field } from '../forms'
import { useI18n } from '../i18n'

const linkClass =
  'inline-flex min-h-11 items-center whitespace-nowrap font-semibold text-emerald-800 dark:text-emerald-400 underline-offset-4 hover:underline'

/**
 * The cash-out's two ways to choose a period, plain GET forms so they work
 * before any JavaScript: a business day (with the days either side a link
 * away), or a shift between two moments of the restaurant's clock, folded
 * away until it is the period shown or has something to say.
 */
export function CashOutPeriodForm({
  values,
  errors,
  day,
  today,
  shift,
}: {
  values: PeriodQuery
  errors: Partial<Record<PeriodField, string[]>>
  /** The business day shown, or today's when none could be read. */
  day: string
  today: string
  /** Whether a shift is shown or was asked for. */
  shift: boolean
}) {
  const { t } = useI18n()
  return (
    <section
      aria-labelledby="cash-out-period-title"
      className="rounded-3xl bg-white p-5 shadow-sm dark:bg-stone-900 print:hidden"
    >
      <h2 id="cash-out-period-title" className="mb-3 text-lg font-bold">
        {t('admin.cashOut.period.title')}
      </h2>
      <div className="grid gap-x-8 gap-y-4 md:grid-cols-2">
        <Form method="get" className="grid content-start gap-3" data-testid="cash-out-day-form">
          <Field
            key={values.day ?? ''}
            label={t('admin.cashOut.period.day')}
            errors={errors.day}
            inputProps={{ name: 'day', type: 'date', defaultValue: values.day ?? '', required: true }}
          />
          <button type="submit" className={buttonClass.secondary}>
            {t('admin.cashOut.period.showDay')}
          </button>
          <nav aria-label={t('admin.cashOut.period.otherDays')} className="flex justify-between gap-2 text-sm">
            <Link to={`?day=${shiftDay(day, -1)}`} className={linkClass} data-testid="cash-out-previous-day">
              <span aria-hidden="true">←</span>&nbsp;{t('admin.cashOut.period.previous')}
            </Link>
            <Link to={`?day=${today}`} className={linkClass}>
              {t('admin.cashOut.period.today')}
            </Link>
            <Link to={`?day=${shiftDay(day, 1)}`} className={linkClass}>
              {t('admin.cashOut.period.next')}&nbsp;<span aria-hidden="true">→</span>
            </Link>
          </nav>
        </Form>
        <details open={shift} className="group self-start">
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-emerald-800 dark:text-emerald-400">
            <span aria-hidden="true" className="transition group-open:rotate-90">
              ▸
            </span>
            {t('admin.cashOut.period.chooseShift')}
          </summary>
          <Form method="get" className="mt-2 grid gap-3" data-testid="cash-out-shift-form">
            <Field
              key={values.from ?? ''}
              label={t('admin.cashOut.period.from')}
              errors={errors.from}
              inputProps={{ name: 'from', type: 'datetime-local', defaultValue: values.from ?? '', required: true }}
            />
            <Field
              key={values.to ?? ''}
              label={t('admin.cashOut.period.to')}
              errors={errors.to}
              inputProps={{ name: 'to', type: 'datetime-local', defaultValue: values.to ?? '', required: true }}
            />
            <button type="submit" className={buttonClass.secondary}>
              {t('admin.cashOut.period.showShift')}
            </button>
            <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.cashOut.period.shiftHint')}</p>
          </Form>
        </details>
      </div>
    </section>
  )
}
