import { getFormProps, getInputProps } from '@conform-to/react'
import { adjustmentSchema, refundOutsideSchema, voidPaymentSchema } from '~/domain/schemas/books'
import type { StaffPayment } from '~/server/tables/table-details.server'
import { useClock } from '~/ui/clock'
import { staffReceiptEmailSchema } from '~/domain/schemas/receipts'
import { ErrorList } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { useLastResult, useSchemaForm } from '~/ui/use-schema-form'
import { inputClass, LabeledInput, StaffAction } from './staff-fields'

/* What staff do to a bill's records: a line voided or comped, a receipt sent again, a failed refund given back outside Mesa (refund-form.tsx refunds a payment; staff-fields.tsx has the forms' contract). */

/** Voids or comps unpaid units of one line, with why; a comp only for those whose role allows it (`comp`). */
export function AdjustForm({
  sessionId,
  lineId,
  unpaid,
  comp,
}: {
  sessionId: string
  lineId: string
  unpaid: number
  comp: boolean
}) {
  const { t } = useI18n()
  const lastResult = useLastResult('adjust', { field: 'lineId', id: lineId })
  const [form, fields] = useSchemaForm(adjustmentSchema, {
    id: `adjust-${lineId}`,
    lastResult,
    defaultValue: { kind: 'void', quantity: '1' },
  })
  return (
    <StaffAction
      intent="adjust"
      summary={t(comp ? 'admin.books.adjust' : 'admin.books.adjustVoid')}
      hidden={comp ? { sessionId, lineId } : { sessionId, lineId, [fields.kind.name]: 'void' }}
      submitLabel={t('admin.books.apply')}
      testId="adjust"
      open={Boolean(lastResult)}
      formProps={getFormProps(form)}
      errors={form.errors}
    >
      {comp ? (
        <select
          name={fields.kind.name}
          defaultValue={fields.kind.initialValue}
          aria-label={t('admin.books.kind')}
          className={`${inputClass} sm:col-span-2`}
        >
          <option value="void">{t('admin.books.void')}</option>
          <option value="comp">{t('admin.books.comp')}</option>
        </select>
      ) : null}
      <LabeledInput
        label={t('admin.books.quantity')}
        errors={fields.quantity.errors}
        inputProps={{ ...getInputProps(fields.quantity, { type: 'number' }), min: 1, max: unpaid }}
      />
      <LabeledInput
        label={t('admin.books.reason')}
        errors={fields.reason.errors}
        inputProps={getInputProps(fields.reason, { type: 'text' })}
      />
    </StaffAction>
  )
}

/**
 * Undoes a payment the member recorded by mistake, with why: open to them
 * for minutes after recording it (until `until`); a terminal payment is
 * said not to be reversed on the terminal by it.
 */
export function VoidPaymentForm({
  sessionId,
  payment,
  until,
}: {
  sessionId: string
  payment: Pick<StaffPayment, 'id' | 'method' | 'amountCents' | 'tipCents'>
  /** When its window ends; null once it has (a refused void shown again). */
  until: number | null
}) {
  const { t, money } = useI18n()
  const clock = useClock()
  const lastResult = useLastResult('void-payment', { field: 'paymentId', id: payment.id })
  const [form, fields] = useSchemaForm(voidPaymentSchema, { id: `void-payment-${payment.id}`, lastResult })
  return (
    <StaffAction
      intent="void-payment"
      summary={t('admin.books.voidPayment.summary')}
      hidden={{ sessionId, paymentId: payment.id }}
      submitLabel={t('admin.books.voidPayment.submit', { amount: money(payment.amountCents + payment.tipCents) })}
      testId="void-payment"
      open={Boolean(lastResult)}
      formProps={getFormProps(form)}
      errors={form.errors}
    >
      {until === null ? null : (
        <p className="text-stone-700 sm:col-span-2 dark:text-stone-300">
          {t('admin.books.voidPayment.hint', { until: clock.time(until) })}
        </p>
      )}
      {payment.method === 'terminal' ? (
        <p className="font-semibold text-amber-800 sm:col-span-2 dark:text-amber-200" data-testid="void-terminal">
          {t('admin.books.voidPayment.terminal')}
        </p>
      ) : null}
      <LabeledInput
        label={t('admin.books.reason')}
        errors={fields.reason.errors}
        inputProps={getInputProps(fields.reason, { type: 'text' })}
      />
    </StaffAction>
  )
}

/** Sends a payment's receipt to the address a diner gives a waiter. */
export function ReceiptEmailForm({ sessionId, paymentId }: { sessionId: string; paymentId: string }) {
  const { t } = useI18n()
  const lastResult = useLastResult('receipt-email', { field: 'paymentId', id: paymentId })
  const [form, fields] = useSchemaForm(staffReceiptEmailSchema, { id: `receipt-email-${paymentId}`, lastResult })
  return (
    <StaffAction
      intent="receipt-email"
      summary={t('admin.books.receiptEmail')}
      hidden={{ sessionId, paymentId }}
      submitLabel={t('receipt.email.send')}
      testId="receipt-email"
      open={Boolean(lastResult)}
      formProps={getFormProps(form)}
      errors={form.errors}
    >
      <LabeledInput
        label={t('receipt.email.label')}
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
      />
    </StaffAction>
  )
}

/** Records a failed refund as given back outside Mesa: from the drawer, or another way. */
export function RefundOutsideForm({ sessionId, refundId }: { sessionId: string; refundId: string }) {
  const { t } = useI18n()
  const lastResult = useLastResult('refund-outside', { field: 'refundId', id: refundId })
  const [form, fields] = useSchemaForm(refundOutsideSchema, { id: `refund-outside-${refundId}`, lastResult })
  return (
    <StaffAction
      intent="refund-outside"
      summary={t('admin.books.outside.summary')}
      hidden={{ sessionId, refundId }}
      submitLabel={t('admin.books.outside.submit')}
      testId="refund-outside"
      open={Boolean(lastResult)}
      formProps={getFormProps(form)}
      errors={form.errors}
    >
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold">{t('admin.books.outside.how')}</legend>
        {(['cash', 'other'] as const).map((way) => (
          <label key={way} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={fields.way.name}
              value={way}
              required
              defaultChecked={fields.way.initialValue === way}
            />
            {t(`admin.books.outside.${way}`)}
          </label>
        ))}
        <ErrorList errors={fields.way.errors} />
      </fieldset>
    </StaffAction>
  )
}
