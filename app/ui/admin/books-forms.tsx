import { getFormProps, getInputProps, type FieldMetadata } from '@conform-to/react'
import { unitsLeft } from '~/domain/bill'
import { Form, Link } from '@remix-run/react'
import type { InputHTMLAttributes, Key, ReactNode } from 'react'
import { cashTenderedChoices } from '~/domain/cash-tendered'
import { decimalPesos } from '~/domain/money'
import { TERMINAL_FUNDINGS, type TerminalFunding } from '~/domain/receipt'
import {
  adjustmentSchema,
  closeBillSchema,
  recordPaymentSchema,
  refundOutsideSchema,
  refundSchema,
} from '~/domain/schemas/books'
import { staffReceiptEmailSchema } from '~/domain/schemas/receipts'
import { chargeFor, ratePercentLabel } from '~/domain/tax'
import { buttonClass } from '~/ui/button'
import { ErrorList, type ListOfErrors } from '~/ui/forms'
import { HiddenFields } from '~/ui/hidden-fields'
import { useI18n } from '~/ui/i18n'
import { useLastResult, useSchemaForm } from '~/ui/use-schema-form'
import type { TableIntent } from '~/domain/schemas/table-forms'

/*
 * The staff's forms on a bill (record a payment, void or comp, refund,
 * close), on the one form contract: the action parses the form's schema and,
 * refused or invalid, answers the same page with the errors under their
 * fields (the object's refusal above the button) and what was typed kept;
 * with JavaScript the same schema is checked before anything is sent.
 */

/** The staff forms' text inputs. */
const inputClass =
  'min-h-11 rounded-xl border border-stone-300 dark:border-stone-600 bg-white dark:bg-stone-950 px-3 py-2 font-normal aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-400'

type InputProps = InputHTMLAttributes<HTMLInputElement> & { key?: Key | null }

/** A labelled input of the staff forms, its errors under it, and an optional line after it. */
function LabeledInput({
  label,
  errors,
  after,
  className = '',
  testId,
  inputProps,
}: {
  label: string
  errors?: ListOfErrors
  after?: ReactNode
  className?: string
  testId?: string
  inputProps: InputProps
}) {
  const { key: _key, ...input } = inputProps
  const errorId = errors?.some(Boolean) && input.id ? `${input.id}-error` : undefined
  return (
    <label className={`grid gap-1 text-sm font-semibold ${className}`}>
      {label}
      <input aria-describedby={errorId} data-testid={testId} {...input} className={inputClass} />
      <ErrorList id={errorId} errors={errors} />
      {after}
    </label>
  )
}

/** How many units of each line (`units.<lineId>`), as typed: kept after a refusal, each with its errors. */
function UnitsFields({
  legend,
  lines,
  units,
  allErrors,
}: {
  legend: string
  lines: { id: string; name: string; max: number }[]
  units: FieldMetadata<unknown>
  allErrors: Record<string, string[]>
}) {
  const typed = (units.initialValue ?? {}) as Record<string, string | undefined>
  return (
    <fieldset className="grid gap-1 sm:col-span-2">
      <legend className="text-sm font-semibold">{legend}</legend>
      {lines.map((line) => {
        const errors = allErrors[`${units.name}.${line.id}`]
        return (
          <label key={line.id} className="grid gap-1">
            <span className="flex items-center justify-between gap-2">
              <span>{line.name}</span>
              <input
                name={`${units.name}.${line.id}`}
                type="number"
                min={0}
                max={line.max}
                placeholder="0"
                defaultValue={typed[line.id]}
                aria-invalid={errors ? true : undefined}
                className={`${inputClass} w-20`}
              />
            </span>
            <ErrorList errors={errors} />
          </label>
        )
      })}
      <ErrorList errors={units.errors} />
    </fieldset>
  )
}

/**
 * The table's first job: the rest of the bill taken in one tap, in cash
 * (exactly, or with the nearest round sums a diner hands over, so the change
 * is worked out) or on the terminal. Each tap is a form of its own, so it
 * works without JavaScript; they share the visit's transaction id, so two
 * taps record one payment.
 */
export function QuickCharge({
  sessionId,
  transactionId,
  remaining,
  tax,
}: {
  sessionId: string
  transactionId: string
  remaining: number
  tax: { taxRateBps: number; taxIncludedInPrice: boolean }
}) {
  const { t, money } = useI18n()
  const due = chargeFor(remaining, tax)
  const charge = (
    method: 'cash' | 'terminal',
    cents: number,
    label: string,
    primary: boolean,
    cardFunding: TerminalFunding | null = null,
  ) => (
    <Form method="post" key={`${method}-${cardFunding ?? ''}-${cents}`} preventScrollReset>
      {/* The rest as shown (amount) and what it is charged as (due): a bill that moved meanwhile is refused rather than charged more. */}
      <HiddenFields
        value={{
          intent: 'record-payment' satisfies TableIntent,
          sessionId,
          transactionId,
          mode: 'full',
          quick: '1',
          amount: decimalPesos(remaining),
          due: decimalPesos(due),
          method,
          cardFunding,
          cashReceived: method === 'cash' ? decimalPesos(cents) : null,
        }}
      />
      <button
        type="submit"
        className={`${primary ? buttonClass.primary : buttonClass.secondary} w-full tabular-nums`}
        data-testid={cardFunding ? `charge-terminal-${cardFunding}-${cents}` : `charge-${method}-${cents}`}
      >
        {label}
      </button>
    </Form>
  )
  const [exact, ...rounded] = cashTenderedChoices(due)
  return (
    <section
      id="charge"
      aria-labelledby="charge-title"
      className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900"
      data-testid="quick-charge"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="charge-title" className="text-xl font-bold">
          {t('admin.books.charge')}
        </h2>
        <p className="text-lg font-semibold tabular-nums">{t('admin.books.chargeDue', { amount: money(due) })}</p>
      </div>
      <p className="text-sm font-semibold">{t('admin.books.cashQuick')}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {exact ? charge('cash', exact, t('admin.books.cashExact', { amount: money(exact) }), true) : null}
        {rounded.map((cents) => charge('cash', cents, money(cents), false))}
      </div>
      {/* The card's funding decides the CFDI's forma de pago (credit 04, debit 28): asked in the same tap. */}
      <p className="text-sm font-semibold">{t('admin.books.terminalQuick')}</p>
      <div className="grid grid-cols-2 gap-2 sm:max-w-md">
        {TERMINAL_FUNDINGS.map((funding) =>
          charge('terminal', due, t(`admin.books.terminalFunding.${funding}`, { amount: money(due) }), false, funding),
        )}
      </div>
    </section>
  )
}

/** Crédito o débito, for money taken on the terminal: a field of its own, so the form works without JavaScript. */
function CardFundingField({ field }: { field: FieldMetadata<TerminalFunding | null | undefined> }) {
  const { t } = useI18n()
  return (
    <fieldset className="grid gap-1" data-testid="card-funding">
      <legend className="text-sm font-semibold">{t('admin.books.cardFunding')}</legend>
      <div className="flex flex-wrap gap-4">
        {TERMINAL_FUNDINGS.map((funding) => (
          <label key={funding} className="flex min-h-11 items-center gap-2">
            <input type="radio" name={field.name} value={funding} defaultChecked={field.initialValue === funding} />
            {t(`admin.books.cardFundings.${funding}`)}
          </label>
        ))}
      </div>
      <ErrorList errors={field.errors} />
    </fieldset>
  )
}

/** The change to hand back after a cash payment, large, until the waiter says it is done. */
export function ChangeOwed({ cents, doneTo }: { cents: number; doneTo: string }) {
  const { t, money } = useI18n()
  return (
    <section
      role="status"
      aria-labelledby="change-title"
      className="grid justify-items-center gap-2 rounded-2xl border-2 border-emerald-800 bg-emerald-50 p-6 text-center dark:border-emerald-400 dark:bg-emerald-950"
      data-testid="change-owed"
    >
      <p className="text-stone-700 dark:text-stone-300">{t('admin.books.changeLead')}</p>
      <h2 id="change-title" className="text-xl font-bold">
        {t('admin.books.change')}
      </h2>
      <p className="text-5xl font-bold tabular-nums" data-testid="change-amount">
        {money(cents)}
      </p>
      <Link
        to={doneTo}
        replace
        preventScrollReset
        className={`${buttonClass.primary} mt-2 w-full max-w-xs`}
        data-testid="change-done"
      >
        {t('admin.books.changeDone')}
      </Link>
    </section>
  )
}

/** Records money taken at the table: the whole rest, an amount, or units of lines; cash or the terminal; the tip; the cash handed over. */
export function RecordPaymentForm({
  sessionId,
  transactionId,
  remaining,
  tax,
  lines,
}: {
  sessionId: string
  transactionId: string
  remaining: number
  tax: { taxRateBps: number; taxIncludedInPrice: boolean }
  lines: { id: string; name: string; quantity: number; paidQuantity: number }[]
}) {
  const { t, money } = useI18n()
  const answered = useLastResult('record-payment')
  // A one-tap charge's refusal is the page's to say, not this form's.
  const lastResult = answered?.initialValue?.quick ? null : answered
  const [form, fields] = useSchemaForm(recordPaymentSchema, {
    id: 'record-payment',
    lastResult,
    defaultValue: { mode: 'full', amount: decimalPesos(remaining), method: 'cash' },
  })
  const open = lines.filter((line) => unitsLeft(line) > 0)
  const mode = fields.mode.initialValue ?? 'full'
  const method = fields.method.initialValue ?? 'cash'
  return (
    <details
      className="rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900"
      data-testid="record-payment"
      open={lastResult ? true : undefined}
    >
      <summary className="cursor-pointer font-bold">{t('admin.books.recordTitle')}</summary>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={'record-payment' satisfies TableIntent} />
        <input type="hidden" name="sessionId" value={sessionId} />
        <input type="hidden" name="transactionId" value={transactionId} />
        <input type="hidden" name="due" value={decimalPesos(chargeFor(remaining, tax))} />
        <fieldset className="grid gap-1 sm:col-span-2">
          <legend className="text-sm font-semibold">{t('admin.books.mode')}</legend>
          {(['full', 'amount', 'items'] as const).map((each) => (
            <label key={each} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={fields.mode.name} value={each} defaultChecked={each === mode} />
              {t(
                each === 'full'
                  ? 'admin.books.modeFull'
                  : each === 'amount'
                    ? 'admin.books.modeAmount'
                    : 'admin.books.modeItems',
              )}
            </label>
          ))}
        </fieldset>
        <LabeledInput
          label={t('admin.books.amount')}
          errors={fields.amount.errors}
          testId="record-amount"
          inputProps={{ ...getInputProps(fields.amount, { type: 'text' }), inputMode: 'decimal' }}
          after={
            tax.taxIncludedInPrice ? null : (
              <span className="font-normal text-amber-900 dark:text-amber-100" data-testid="record-tax-on-top">
                {t('admin.books.taxOnTop', {
                  rate: ratePercentLabel(tax.taxRateBps),
                  total: money(chargeFor(remaining, tax)),
                })}
              </span>
            )
          }
        />
        <LabeledInput
          label={t('admin.books.tip')}
          errors={fields.tip.errors}
          inputProps={{ ...getInputProps(fields.tip, { type: 'text' }), inputMode: 'decimal', placeholder: '0.00' }}
        />
        {open.length > 0 ? (
          <UnitsFields
            legend={t('admin.books.units')}
            lines={open.map((line) => ({ id: line.id, name: line.name, max: unitsLeft(line) }))}
            units={fields.units}
            allErrors={form.allErrors}
          />
        ) : null}
        <fieldset className="grid gap-1">
          <legend className="text-sm font-semibold">{t('admin.books.method')}</legend>
          {(['cash', 'terminal'] as const).map((each) => (
            <label key={each} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={fields.method.name} value={each} defaultChecked={each === method} />
              {t(`admin.details.methods.${each}`)}
            </label>
          ))}
          <ErrorList errors={fields.method.errors} />
        </fieldset>
        <LabeledInput
          label={t('admin.books.cashReceived')}
          errors={fields.cashReceived.errors}
          testId="record-cash-received"
          inputProps={{ ...getInputProps(fields.cashReceived, { type: 'text' }), inputMode: 'decimal' }}
        />
        <CardFundingField field={fields.cardFunding} />
        <div className="sm:col-span-2">
          <ErrorList errors={form.errors} alert testId="record-payment-errors" />
        </div>
        <button type="submit" className={`${buttonClass.primary} sm:col-span-2`} data-testid="record-submit">
          {t('admin.books.record')}
        </button>
      </Form>
    </details>
  )
}

/**
 * A staff write on one line or payment, folded until asked for (works
 * without JavaScript) and open again when it comes back refused: the bill,
 * what it names (`fields`), its own inputs, and its button.
 */
function StaffAction({
  intent,
  summary,
  hidden,
  submitLabel,
  testId,
  open,
  formProps,
  errors,
  children,
}: {
  intent: TableIntent
  summary: string
  hidden: Record<string, string>
  submitLabel: string
  testId: string
  open: boolean
  formProps: ReturnType<typeof getFormProps>
  errors: ListOfErrors
  children: ReactNode
}) {
  return (
    <details className="text-sm" data-testid={testId} open={open || undefined}>
      <summary className="cursor-pointer text-stone-600 dark:text-stone-400">{summary}</summary>
      <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-2" {...formProps}>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className="sm:col-span-2">
          <ErrorList errors={errors} alert testId={`${testId}-errors`} />
        </div>
        <button type="submit" className={`${buttonClass.secondary} sm:col-span-2`}>
          {submitLabel}
        </button>
      </Form>
    </details>
  )
}

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

/** Gives back a payment, whole or part: its units (a payment of items), an amount, the tip. */
export function RefundForm({
  sessionId,
  paymentId,
  items,
}: {
  sessionId: string
  paymentId: string
  items: { itemId: string; name: string; quantity: number }[]
}) {
  const { t } = useI18n()
  const lastResult = useLastResult('refund', { field: 'paymentId', id: paymentId })
  const [form, fields] = useSchemaForm(refundSchema, { id: `refund-${paymentId}`, lastResult })
  return (
    <StaffAction
      intent="refund"
      summary={t('admin.books.refund')}
      hidden={{ sessionId, paymentId }}
      submitLabel={t('admin.books.refund')}
      testId="refund"
      open={Boolean(lastResult)}
      formProps={getFormProps(form)}
      errors={form.errors}
    >
      {items.length > 0 ? (
        <UnitsFields
          legend={t('admin.books.units')}
          lines={items.map((item) => ({ id: item.itemId, name: item.name, max: item.quantity }))}
          units={fields.units}
          allErrors={form.allErrors}
        />
      ) : null}
      <LabeledInput
        label={t('admin.books.refundAmount')}
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
}: {
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
