import { decimalPesos } from '~/domain/money'
import { Form } from '@remix-run/react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { ratePercentLabel, taxAddedTo } from '~/domain/tax'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'

/** The staff forms' text inputs. */
export const inputClass =
  'rounded-xl border border-stone-300 dark:border-stone-600 bg-white dark:bg-stone-950 px-3 py-2 font-normal'

/** A labelled text input of the staff forms, with an optional line under it. */
export function LabeledInput({
  label,
  after,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string
  after?: ReactNode
}) {
  return (
    <label className={`grid gap-1 text-sm font-semibold ${className}`}>
      {label}
      <input {...input} className={inputClass} />
      {after}
    </label>
  )
}

/** Records money taken at the table: the whole rest, an amount, or units of lines; cash or the terminal; the tip; the cash handed over. */
export function RecordPaymentForm({
  sessionId,
  transactionId,
  remaining,
  tax,
  lines,
  staff,
}: {
  sessionId: string
  transactionId: string
  remaining: number
  tax: { taxRateBps: number; taxIncludedInPrice: boolean }
  lines: { id: string; name: string; quantity: number; paidQuantity: number }[]
  staff: string
}) {
  const { t, money } = useI18n()
  const open = lines.filter((line) => line.quantity > line.paidQuantity)
  return (
    <details className="rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900" data-testid="record-payment">
      <summary className="cursor-pointer font-bold">{t('admin.books.recordTitle')}</summary>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="record-payment" />
        <input type="hidden" name="sessionId" value={sessionId} />
        <input type="hidden" name="transactionId" value={transactionId} />
        <fieldset className="grid gap-1 sm:col-span-2">
          <legend className="text-sm font-semibold">{t('admin.books.mode')}</legend>
          {(['full', 'amount', 'items'] as const).map((mode) => (
            <label key={mode} className="flex items-center gap-2">
              <input type="radio" name="mode" value={mode} defaultChecked={mode === 'full'} />
              {t(
                mode === 'full'
                  ? 'admin.books.modeFull'
                  : mode === 'amount'
                    ? 'admin.books.modeAmount'
                    : 'admin.books.modeItems',
              )}
            </label>
          ))}
        </fieldset>
        <LabeledInput
          label={t('admin.books.amount')}
          name="amount"
          inputMode="decimal"
          defaultValue={decimalPesos(remaining)}
          data-testid="record-amount"
          after={
            tax.taxIncludedInPrice ? null : (
              <span className="font-normal text-amber-900 dark:text-amber-100" data-testid="record-tax-on-top">
                {t('admin.books.taxOnTop', {
                  rate: ratePercentLabel(tax.taxRateBps),
                  total: money(remaining + taxAddedTo(remaining, tax)),
                })}
              </span>
            )
          }
        />
        <LabeledInput label={t('admin.books.tip')} name="tip" inputMode="decimal" placeholder="0.00" />
        {open.length > 0 ? (
          <fieldset className="grid gap-1 sm:col-span-2">
            <legend className="text-sm font-semibold">{t('admin.books.units')}</legend>
            {open.map((line) => (
              <label key={line.id} className="flex items-center justify-between gap-2">
                <span>{line.name}</span>
                <input
                  name={`units.${line.id}`}
                  type="number"
                  min={0}
                  max={line.quantity - line.paidQuantity}
                  placeholder="0"
                  className={`${inputClass} w-20`}
                />
              </label>
            ))}
          </fieldset>
        ) : null}
        <fieldset className="grid gap-1">
          <legend className="text-sm font-semibold">{t('admin.books.method')}</legend>
          {(['cash', 'terminal'] as const).map((method) => (
            <label key={method} className="flex items-center gap-2">
              <input type="radio" name="method" value={method} defaultChecked={method === 'cash'} />
              {t(`admin.details.methods.${method}`)}
            </label>
          ))}
        </fieldset>
        <LabeledInput
          label={t('admin.books.cashReceived')}
          name="cashReceived"
          inputMode="decimal"
          data-testid="record-cash-received"
        />
        <StaffField staff={staff} />
        <button type="submit" className={`${buttonClass.primary} sm:col-span-2`} data-testid="record-submit">
          {t('admin.books.record')}
        </button>
      </Form>
    </details>
  )
}

/**
 * A staff write on one line or payment, folded until asked for (works
 * without JavaScript): the bill, what it names (`fields`), its own inputs,
 * who does it, and its button.
 */
function StaffAction({
  intent,
  summary,
  fields,
  submitLabel,
  staff,
  testId,
  children,
}: {
  intent: string
  summary: string
  fields: Record<string, string>
  submitLabel: string
  staff: string
  testId: string
  children: ReactNode
}) {
  return (
    <details className="text-sm" data-testid={testId}>
      <summary className="cursor-pointer text-stone-600 dark:text-stone-400">{summary}</summary>
      <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-2">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <StaffField staff={staff} />
        <button type="submit" className={`${buttonClass.secondary} sm:col-span-2`}>
          {submitLabel}
        </button>
      </Form>
    </details>
  )
}

/** Voids or comps unpaid units of one line, with why. */
export function AdjustForm({
  sessionId,
  lineId,
  unpaid,
  staff,
}: {
  sessionId: string
  lineId: string
  unpaid: number
  staff: string
}) {
  const { t } = useI18n()
  return (
    <StaffAction
      intent="adjust"
      summary={t('admin.books.adjust')}
      fields={{ sessionId, lineId }}
      submitLabel={t('admin.books.apply')}
      staff={staff}
      testId="adjust"
    >
      <select name="kind" aria-label={t('admin.books.kind')} className={`${inputClass} sm:col-span-2`}>
        <option value="void">{t('admin.books.void')}</option>
        <option value="comp">{t('admin.books.comp')}</option>
      </select>
      <LabeledInput
        label={t('admin.books.quantity')}
        name="quantity"
        type="number"
        min={1}
        max={unpaid}
        defaultValue={1}
      />
      <LabeledInput label={t('admin.books.reason')} name="reason" required maxLength={200} />
    </StaffAction>
  )
}

/** Gives back a payment, whole or part: its units (a payment of items), an amount, the tip. */
export function RefundForm({
  sessionId,
  paymentId,
  items,
  staff,
}: {
  sessionId: string
  paymentId: string
  items: { itemId: string; name: string; quantity: number }[]
  staff: string
}) {
  const { t } = useI18n()
  return (
    <StaffAction
      intent="refund"
      summary={t('admin.books.refund')}
      fields={{ sessionId, paymentId }}
      submitLabel={t('admin.books.refund')}
      staff={staff}
      testId="refund"
    >
      {items.map((item) => (
        <label key={item.itemId} className="flex items-center justify-between gap-2 sm:col-span-2">
          <span>{item.name}</span>
          <input
            name={`units.${item.itemId}`}
            type="number"
            min={0}
            max={item.quantity}
            placeholder="0"
            className={`${inputClass} w-20`}
          />
        </label>
      ))}
      <LabeledInput label={t('admin.books.refundAmount')} name="amount" inputMode="decimal" />
      <LabeledInput label={t('admin.books.refundTip')} name="tip" inputMode="decimal" placeholder="0.00" />
      <LabeledInput label={t('admin.books.reason')} name="reason" required maxLength={200} />
    </StaffAction>
  )
}

export function StaffField({ staff }: { staff: string }) {
  const { t } = useI18n()
  return <LabeledInput label={t('admin.books.staff')} name="staff" required maxLength={60} defaultValue={staff} />
}
