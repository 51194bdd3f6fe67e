import { Link, useFormAction, useNavigation } from '@remix-run/react'
import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type Key, type SelectHTMLAttributes } from 'react'
import { buttonClass } from './button'
import { useI18n } from './i18n'

/*
 * The pieces every form is drawn with. They take plain props (conform's
 * getInputProps() output on staff and public pages, hand-written ones on the
 * diner's), so a diner page can use them without shipping conform to the phone.
 * Errors are translation keys, as the shared schemas report them.
 */

export type ListOfErrors = (string | null | undefined)[] | null | undefined

const control =
  'min-h-12 w-full rounded-xl border border-stone-300 bg-white px-4 text-base aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-400 dark:border-stone-600 dark:bg-stone-950'

/** A form's or a field's errors in the page's language; `alert` draws the box a whole form's refusal is shown in. */
export function ErrorList({
  id,
  errors,
  alert = false,
  testId,
}: {
  id?: string
  errors?: ListOfErrors
  alert?: boolean
  testId?: string
}) {
  const { t } = useI18n()
  const shown = [...new Set(errors?.filter((error): error is string => Boolean(error)))]
  if (shown.length === 0) return null
  const items = shown.map((error) => <li key={error}>{t.message(error)}</li>)
  // An alert is its own region: role="alert" on the list itself would take away its list role and leave its items orphaned.
  return alert ? (
    <div
      id={id}
      role="alert"
      className="rounded-xl bg-red-50 p-3 text-red-900 dark:bg-red-950/60 dark:text-red-200"
      data-testid={testId}
    >
      <ul className="grid gap-1">{items}</ul>
    </div>
  ) : (
    <ul id={id} className="grid gap-1 text-sm font-medium text-red-800 dark:text-red-300" data-testid={testId}>
      {items}
    </ul>
  )
}

/** The id the field's control gets (conform's, when it gave one) and the id its errors are announced by. */
function useIds(given: string | undefined, errors: ListOfErrors) {
  const fallback = useId()
  const id = given ?? fallback
  const invalid = Boolean(errors?.some(Boolean))
  return { id, errorId: invalid ? `${id}-error` : undefined }
}

type ControlProps<Attributes> = Attributes & { key?: Key | null }

/** Under a field: its hint until it has errors, then its errors (the hint is not needed beside them). */
function HintOrErrors({ hint, errorId, errors }: { hint?: string; errorId?: string; errors?: ListOfErrors }) {
  return (
    <>
      {hint && !errorId ? <p className="text-sm text-stone-600 dark:text-stone-400">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </>
  )
}

/** A labelled input with its errors under it. */
export function Field({
  label,
  hint,
  errors,
  inputProps,
}: {
  label: string
  hint?: string
  errors?: ListOfErrors
  inputProps: ControlProps<InputHTMLAttributes<HTMLInputElement>>
}) {
  const { key: _key, ...input } = inputProps
  const { id, errorId } = useIds(input.id, errors)
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={control}
        {...input}
      />
      <HintOrErrors hint={hint} errorId={errorId} errors={errors} />
    </div>
  )
}

interface Option {
  value: string
  label: string
}

const optionOf = (option: Option) => (
  <option key={option.value} value={option.value}>
    {option.label}
  </option>
)

export function SelectField({
  label,
  hint,
  errors,
  options,
  selectProps,
}: {
  label: string
  hint?: string
  errors?: ListOfErrors
  /** The choices, or groups of them under their own labels. */
  options: Option[] | { label: string; options: Option[] }[]
  selectProps: ControlProps<SelectHTMLAttributes<HTMLSelectElement>>
}) {
  const { key: _key, ...select } = selectProps
  const { id, errorId } = useIds(select.id, errors)
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={control}
        {...select}
      >
        {options.map((option) =>
          'options' in option ? (
            <optgroup key={option.label} label={option.label}>
              {option.options.map(optionOf)}
            </optgroup>
          ) : (
            optionOf(option)
          ),
        )}
      </select>
      <HintOrErrors hint={hint} errorId={errorId} errors={errors} />
    </div>
  )
}

/** A labelled checkbox; the label is the whole target, so it is easy to hit on a phone. */
export function CheckboxField({
  label,
  errors,
  inputProps,
}: {
  label: string
  errors?: ListOfErrors
  inputProps: ControlProps<InputHTMLAttributes<HTMLInputElement>>
}) {
  const { key: _key, ...input } = inputProps
  const { id, errorId } = useIds(input.id, errors)
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="flex min-h-11 items-start gap-3">
        <input
          id={id}
          type="checkbox"
          value="on"
          className="mt-1 size-5 shrink-0 accent-emerald-700"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          {...input}
        />
        <span>{label}</span>
      </label>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/**
 * Whether this page's form is being sent: by default any post to the page's
 * own action, or only the one whose `intent` is given (pages with several forms).
 */
export function useIsPending({ intent, formAction }: { intent?: string; formAction?: string } = {}) {
  const navigation = useNavigation()
  const ownAction = useFormAction()
  if (navigation.state !== 'submitting' || navigation.formMethod === 'GET') return false
  const sameAction = (formAction ?? ownAction).split('?')[0] === navigation.formAction?.split('?')[0]
  return sameAction && (intent === undefined || navigation.formData?.get('intent') === intent)
}

/** A submit button that says it is working while its form is sent, and cannot be sent twice meanwhile. */
export function StatusButton({
  pending,
  pendingText,
  children,
  className,
  disabled,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean; pendingText?: string }) {
  return (
    <button
      type="submit"
      className={className}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      {...button}
    >
      {pending ? (
        <>
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
          {pendingText ?? children}
        </>
      ) : (
        children
      )}
    </button>
  )
}

/**
 * A dialog form's last row: the way out without saving (a link, so it works
 * without JavaScript) and the button that sends the form. `keepPlace` leaves
 * the page where it was scrolled and out of the history, for dialogs opened
 * from deep in a long list.
 */
export function FormActions({
  cancelTo,
  cancelLabel,
  pending,
  danger = false,
  keepPlace = false,
  children,
}: {
  cancelTo: string
  cancelLabel: string
  pending: boolean
  danger?: boolean
  keepPlace?: boolean
  children: React.ReactNode
}) {
  return (
    <div className="flex justify-end gap-2">
      <Link to={cancelTo} replace={keepPlace} preventScrollReset={keepPlace} className={buttonClass.secondary}>
        {cancelLabel}
      </Link>
      <StatusButton pending={pending} className={danger ? buttonClass.danger : buttonClass.primary}>
        {children}
      </StatusButton>
    </div>
  )
}
