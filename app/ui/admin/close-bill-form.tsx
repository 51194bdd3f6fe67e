import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { decimalPesos } from '~/domain/money'
import { closeBillSchema } from '~/domain/schemas/books'
import { chargeFor } from '~/domain/tax'
import { ErrorList } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import { useLastResult, useSchemaForm } from '~/ui/use-schema-form'
import type { TableIntent } from '~/domain/schemas/table-forms'
import { LabeledInput, CardFundingField } from './staff-fields'

/**
 * Closes the table's bill. With something still unpaid it asks how that was
 * settled (cash, the terminal, or, for those whose role allows it
 * (`unpaid`), left unpaid with the reason), at the charge staff were shown.
 */
export function CloseBillForm({
  sessionId,
  transactionId,
  remaining,
  tax,
  unpaid,
  actions,
  register,
}: {
  /** The register this device's cash goes into; null: the restaurant's one drawer. */
  register: string | null
  sessionId: string
  transactionId: string
  remaining: number
  tax: { taxRateBps: number; taxIncludedInPrice: boolean }
  unpaid: boolean
  actions: ReactNode
}) {
  const { t, money } = useI18n()
  const lastResult = useLastResult('close')
  const [form, fields] = useSchemaForm(closeBillSchema, { id: 'close', lastResult })
  return (
    // Posted to the dialog's own address, so a refusal comes back with the dialog open and its errors in it.
    <Form method="post" action="?close=1" replace className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={'close' satisfies TableIntent} />
      <input type="hidden" name="sessionId" value={sessionId} />
      {remaining > 0 ? (
        <p
          role="alert"
          className="rounded-xl bg-amber-50 p-3 font-semibold text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
        >
          {t('admin.details.closeConfirm', { amount: money(remaining) })}
        </p>
      ) : (
        <p>{t('admin.details.closeAll')}</p>
      )}
      {remaining > 0 ? (
        <fieldset className="grid gap-2" data-testid="settle">
          <legend className="text-sm font-semibold">{t('admin.books.settledBy')}</legend>
          <input type="hidden" name="settledAmount" value={decimalPesos(remaining)} />
          <input type="hidden" name="transactionId" value={transactionId} />
          {register ? <input type="hidden" name="register" value={register} /> : null}
          {(unpaid ? (['cash', 'terminal', 'unpaid'] as const) : (['cash', 'terminal'] as const)).map((way) => (
            <label key={way} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={fields.settledBy.name}
                value={way}
                required
                defaultChecked={fields.settledBy.initialValue === way}
              />
              {t(`admin.books.settle.${way}`, { amount: money(chargeFor(remaining, tax)) })}
            </label>
          ))}
          <ErrorList errors={fields.settledBy.errors} />
          <CardFundingField field={fields.cardFunding} />
          {unpaid ? (
            <LabeledInput
              label={t('admin.books.unpaidReason')}
              errors={fields.unpaidReason.errors}
              testId="unpaid-reason"
              inputProps={getInputProps(fields.unpaidReason, { type: 'text' })}
            />
          ) : null}
        </fieldset>
      ) : null}
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('admin.details.closeHint')}</p>
      <ErrorList errors={form.errors} alert testId="close-errors" />
      {actions}
    </Form>
  )
}
