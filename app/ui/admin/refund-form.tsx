import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, useActionData } from '@remix-run/react'
import { refundFiscalEffect, type PaymentFiscal } from '~/domain/fiscal'
import { decimalPesos } from '~/domain/money'
import { refundSchema } from '~/domain/schemas/books'
import type { TableIntent } from '~/domain/schemas/table-forms'
import { taxBreakdown } from '~/domain/tax'
import type { RefundPreview } from '~/server/tables/staff-table.server'
import { buttonClass } from '~/ui/button'
import { useI18n } from '~/ui/i18n'
import { useLastResult, useSchemaForm } from '~/ui/use-schema-form'
import { LabeledInput, StaffAction, UnitsFields } from './staff-fields'

/** What a payment can still give back, as the bill's records say. */
interface Refundable {
  amountCents: number
  tipCents: number
  units: { itemId: string; name: string; quantity: number }[]
}

/**
 * Gives back a payment, whole or part: units it paid (a payment of items),
 * or an amount of its bill part, and of its tip, up to what is left of each
 * (shown). Sending it shows first what it would give back (the bill part
 * with its IVA, the tip, the units) and what it changes on paper; a second
 * button with the amount on it sends the money. Plain forms: without
 * JavaScript the preview is a page of its own.
 */
export function RefundForm({
  sessionId,
  paymentId,
  refundable,
  items,
  fiscal,
  tax,
}: {
  sessionId: string
  paymentId: string
  refundable: Refundable
  /** Whether it paid items: then units can be given back. */
  items: boolean
  fiscal: PaymentFiscal | null
  tax: { taxRateBps: number; taxIncludedInPrice: boolean }
}) {
  const { t, money } = useI18n()
  const lastResult = useLastResult('refund', { field: 'paymentId', id: paymentId })
  const [form, fields] = useSchemaForm(refundSchema, { id: `refund-${paymentId}`, lastResult })
  const answer = useActionData<{ refundPreview?: RefundPreview }>()
  const preview = answer?.refundPreview?.paymentId === paymentId ? answer.refundPreview : null
  const names = new Map(refundable.units.map((unit) => [unit.itemId, unit.name]))
  const units = items ? refundable.units : []
  return (
    <StaffAction
      intent="refund"
      summary={t('admin.books.refund')}
      hidden={{ sessionId, paymentId }}
      submitLabel={t('admin.books.refundReview')}
      testId="refund"
      open={Boolean(lastResult)}
      formProps={getFormProps(form)}
      errors={form.errors}
      before={
        preview ? (
          <RefundConfirmation
            preview={preview}
            sent={{ sessionId, paymentId, reason: String(lastResult?.initialValue?.reason ?? '') }}
            names={names}
            fiscal={fiscal}
            tax={tax}
          />
        ) : null
      }
    >
      <p className="text-stone-700 sm:col-span-2 dark:text-stone-300" data-testid="refund-max">
        {t('admin.books.refundMax', { amount: money(refundable.amountCents), tip: money(refundable.tipCents) })}
      </p>
      {units.length > 0 ? (
        <UnitsFields
          legend={t('admin.books.units')}
          lines={units.map((unit) => ({ id: unit.itemId, name: unit.name, max: unit.quantity }))}
          units={fields.units}
          allErrors={form.allErrors}
        />
      ) : null}
      <LabeledInput
        label={t(units.length > 0 ? 'admin.books.refundAmount' : 'admin.books.refundAmountOnly')}
        errors={fields.amount.errors}
        inputProps={{ ...getInputProps(fields.amount, { type: 'text' }), inputMode: 'decimal' }}
      />
      <LabeledInput
        label={t('admin.books.refundTip')}
        errors={fields.tip.errors}
        inputProps={{ ...getInputProps(fields.tip, { type: 'text' }), inputMode: 'decimal', placeholder: '0.00' }}
      />
      <LabeledInput
        label={t('admin.books.reason')}
        errors={fields.reason.errors}
        inputProps={getInputProps(fields.reason, { type: 'text' })}
      />
    </StaffAction>
  )
}

/** What the refund would give back and change on paper, with the button that sends it. */
function RefundConfirmation({
  preview,
  sent,
  names,
  fiscal,
  tax,
}: {
  preview: RefundPreview
  sent: { sessionId: string; paymentId: string; reason: string }
  names: Map<string, string>
  fiscal: PaymentFiscal | null
  tax: { taxRateBps: number; taxIncludedInPrice: boolean }
}) {
  const { t, money } = useI18n()
  // IVA on top was charged apart; IVA in the prices is inside the bill part.
  const iva = preview.taxCents > 0 ? preview.taxCents : taxBreakdown(preview.amountCents, tax).tax
  const effect = refundFiscalEffect(fiscal)
  return (
    <div
      role="status"
      className="grid gap-2 rounded-xl border-2 border-red-700 p-3 sm:col-span-2 dark:border-red-400"
      data-testid="refund-preview"
    >
      <p className="font-semibold">{t('admin.books.refundPreview.title', { amount: money(preview.totalCents) })}</p>
      <ul className="grid gap-0.5">
        {preview.units.map((unit) => (
          <li key={unit.itemId}>
            {unit.quantity}× {names.get(unit.itemId) ?? ''}
          </li>
        ))}
        <li data-testid="refund-preview-bill">
          {t(preview.taxCents > 0 ? 'admin.books.refundPreview.billTaxOnTop' : 'admin.books.refundPreview.bill', {
            amount: money(preview.amountCents + preview.taxCents),
            iva: money(iva),
          })}
        </li>
        <li data-testid="refund-preview-tip">
          {t('admin.books.refundPreview.tip', { amount: money(preview.tipCents) })}
        </li>
      </ul>
      <p className="text-stone-700 dark:text-stone-300" data-testid="refund-preview-fiscal">
        {effect === 'egreso'
          ? t('admin.books.refundPreview.egreso', { name: fiscal?.factura?.legalName ?? '' })
          : t('admin.books.refundPreview.receipt')}
      </p>
      <Form method="post" className="grid">
        <input type="hidden" name="intent" value={'refund' satisfies TableIntent} />
        <input type="hidden" name="sessionId" value={sent.sessionId} />
        <input type="hidden" name="paymentId" value={sent.paymentId} />
        {preview.units.map((unit) => (
          <input key={unit.itemId} type="hidden" name={`units.${unit.itemId}`} value={unit.quantity} />
        ))}
        <input type="hidden" name="amount" value={decimalPesos(preview.amountCents)} />
        <input type="hidden" name="tip" value={decimalPesos(preview.tipCents)} />
        <input type="hidden" name="reason" value={sent.reason} />
        <input type="hidden" name="confirmedTotal" value={decimalPesos(preview.totalCents)} />
        <button type="submit" className={buttonClass.danger} data-testid="refund-confirm">
          {t('admin.books.refundConfirm', { amount: money(preview.totalCents) })}
        </button>
      </Form>
    </div>
  )
}
