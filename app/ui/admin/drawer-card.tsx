import { Form, useActionData } from '@remix-run/react'
import { decimalPesos } from '~/domain/money'
import { drawerDifference, expectedInDrawer, MXN_DENOMINATIONS } from '~/domain/drawer'
import type { DrawerIntent } from '~/domain/schemas/drawer'
import type { Drawer } from '~/server/books/drawer.server'
import { buttonClass } from '../button'
import { ErrorList, Field, StatusButton, useIsPending } from '../forms'
import { useClock } from '../clock'
import { useI18n } from '../i18n'

/** The last answer of a drawer form (conform's reply): what was wrong, by field. */
interface Answer {
  initialValue?: Record<string, unknown> | null
  error?: Record<string, string[] | null> | null
  formErrors?: string[]
}

/**
 * The day's drawer, first on the cash-out so a phone shows it without
 * scrolling: what it should hold (the fondo plus the cash taken less the
 * cash given back), what was counted, and the difference, with who counted
 * and their note; then the forms to set the fondo and to count, note by note
 * or as a total. Plain forms: they work without JavaScript.
 */
export function DrawerCard({
  drawer,
  cashInCents,
  cashOutCents,
  counts,
}: {
  drawer: Drawer
  cashInCents: number
  cashOutCents: number
  /** Whether this member may set the fondo and count. */
  counts: boolean
}) {
  const { t, money } = useI18n()
  const clock = useClock()
  const answer = useActionData<Answer>()
  const mine = (intent: string) => (answer?.initialValue?.intent === intent ? answer : undefined)
  const figures = { floatCents: drawer.floatCents, cashInCents, cashOutCents }
  const expected = expectedInDrawer(figures)
  const difference = drawer.count ? drawerDifference({ ...figures, countedCents: drawer.count.countedCents }) : null
  const savingFloat = useIsPending({ intent: 'float' })
  const savingCount = useIsPending({ intent: 'count' })
  return (
    <section
      aria-labelledby="drawer-title"
      className="grid gap-4 rounded-3xl bg-white p-5 shadow-sm dark:bg-stone-900 print:p-0 print:shadow-none"
      data-testid="drawer"
    >
      <h2 id="drawer-title" className="text-lg font-bold">
        {t('admin.cashOut.count.title')}
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl bg-emerald-800 p-4 text-white dark:bg-emerald-900 print:bg-white print:text-stone-900">
          <p className="text-sm font-semibold text-emerald-50 print:text-stone-900">
            {t('admin.cashOut.count.expected')}
          </p>
          <p className="text-2xl font-bold tabular-nums" data-testid="drawer-expected">
            {money(expected)}
          </p>
        </div>
        <div
          className={`rounded-2xl p-4 ${difference === null ? 'bg-stone-100 dark:bg-stone-800' : difference === 0 ? 'bg-emerald-50 text-emerald-950 dark:bg-emerald-950/60 dark:text-emerald-100' : 'bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-200'}`}
        >
          <p className="text-sm font-semibold">{t('admin.cashOut.count.difference')}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="drawer-difference">
            {difference === null ? '—' : `${difference > 0 ? '+' : ''}${money(difference)}`}
          </p>
          <p className="text-sm">
            {difference === null
              ? t('admin.cashOut.count.notCounted')
              : difference === 0
                ? t('admin.cashOut.count.exact')
                : difference < 0
                  ? t('admin.cashOut.count.short')
                  : t('admin.cashOut.count.over')}
          </p>
        </div>
      </div>
      <dl className="grid gap-1 text-sm">
        <Row label={t('admin.cashOut.count.float')} value={money(drawer.floatCents)} testId="drawer-float" />
        <Row label={t('admin.cashOut.count.cashIn')} value={money(cashInCents)} />
        <Row label={t('admin.cashOut.count.cashOut')} value={money(cashOutCents === 0 ? 0 : -cashOutCents)} />
        {drawer.count ? (
          <>
            <Row
              label={t('admin.cashOut.count.counted')}
              value={money(drawer.count.countedCents)}
              testId="drawer-counted"
            />
            <p className="text-stone-600 dark:text-stone-400" data-testid="drawer-counted-by">
              {t('admin.cashOut.count.countedBy', {
                name: drawer.count.by,
                at: clock.dateTime(drawer.count.at),
              })}
              {drawer.count.note ? ` · “${drawer.count.note}”` : ''}
            </p>
          </>
        ) : null}
      </dl>
      {counts ? (
        <div className="grid gap-4 border-t border-stone-200 pt-4 md:grid-cols-2 dark:border-stone-700 print:hidden">
          <Form method="post" className="grid content-start gap-3" data-testid="drawer-float-form">
            <input type="hidden" name="intent" value={'float' satisfies DrawerIntent} />
            <ErrorList errors={mine('float')?.error?.['']} alert />
            <Field
              label={t('admin.cashOut.count.floatLabel')}
              hint={t('admin.cashOut.count.floatHint')}
              errors={mine('float')?.error?.floatAmount}
              inputProps={{
                name: 'floatAmount',
                inputMode: 'decimal',
                defaultValue: decimalPesos(drawer.floatCents),
                required: true,
              }}
            />
            <StatusButton pending={savingFloat} className={buttonClass.secondary}>
              {t('admin.cashOut.count.saveFloat')}
            </StatusButton>
          </Form>
          <Form method="post" className="grid content-start gap-3" data-testid="drawer-count-form">
            <input type="hidden" name="intent" value={'count' satisfies DrawerIntent} />
            <ErrorList errors={mine('count')?.error?.['']} alert />
            <Field
              label={t('admin.cashOut.count.countedLabel')}
              errors={mine('count')?.error?.countedAmount}
              inputProps={{ name: 'countedAmount', inputMode: 'decimal', placeholder: '0.00' }}
            />
            <details className="rounded-xl border border-stone-200 p-3 dark:border-stone-700">
              <summary className="min-h-11 cursor-pointer content-center font-semibold">
                {t('admin.cashOut.count.byDenomination')}
              </summary>
              <div className="mt-2 grid grid-cols-2 gap-2">
                {MXN_DENOMINATIONS.map((value) => (
                  <Field
                    key={value}
                    label={t('admin.cashOut.count.denomination', { value: money(value) })}
                    errors={mine('count')?.error?.[`d${value}`]}
                    inputProps={{ name: `d${value}`, type: 'number', inputMode: 'numeric', min: 0, step: 1 }}
                  />
                ))}
              </div>
            </details>
            <Field
              label={t('admin.cashOut.count.note')}
              errors={mine('count')?.error?.note}
              inputProps={{ name: 'note', maxLength: 300 }}
            />
            <StatusButton pending={savingCount} className={buttonClass.primary}>
              {t('admin.cashOut.count.save')}
            </StatusButton>
          </Form>
        </div>
      ) : null}
    </section>
  )
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}
