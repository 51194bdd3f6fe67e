import type { FieldMetadata, getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { InputHTMLAttributes, Key, ReactNode } from 'react'
import { TERMINAL_FUNDINGS, type TerminalFunding } from '~/domain/receipt'
import { buttonClass } from '~/ui/button'
import { ErrorList, type ListOfErrors } from '~/ui/forms'
import { useI18n } from '~/ui/i18n'
import type { TableIntent } from '~/domain/schemas/table-forms'

/*
 * The staff's forms on a bill (record a payment, void or comp, refund,
 * close), on the one form contract: the action parses the form's schema and,
 * refused or invalid, answers the same page with the errors under their
 * fields (the object's refusal above the button) and what was typed kept;
 * with JavaScript the same schema is checked before anything is sent.
 */

/** The staff forms' text inputs. */
export const inputClass =
  'min-h-11 rounded-xl border border-stone-300 dark:border-stone-600 bg-white dark:bg-stone-950 px-3 py-2 font-normal aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-400'

type InputProps = InputHTMLAttributes<HTMLInputElement> & { key?: Key | null }

/** A labelled input of the staff forms, its errors under it, and an optional line after it. */
export function LabeledInput({
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
export function UnitsFields({
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

/** Crédito o débito, for money taken on the terminal: a field of its own, so the form works without JavaScript. */
export function CardFundingField({ field }: { field: FieldMetadata<TerminalFunding | null | undefined> }) {
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

/**
 * A staff write on one line or payment, folded until asked for (works
 * without JavaScript) and open again when it comes back refused: the bill,
 * what it names (`fields`), its own inputs, and its button.
 */
export function StaffAction({
  intent,
  summary,
  hidden,
  submitLabel,
  testId,
  open,
  formProps,
  errors,
  before,
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
  /** Shown above the form, inside the same disclosure (a refund's confirmation). */
  before?: ReactNode
  children: ReactNode
}) {
  return (
    <details className="text-sm" data-testid={testId} open={open || undefined}>
      <summary className="cursor-pointer text-stone-600 dark:text-stone-400">{summary}</summary>
      {before ? <div className="mt-2">{before}</div> : null}
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
